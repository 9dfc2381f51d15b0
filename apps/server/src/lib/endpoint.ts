import { errorResponses, type EndpointDefinition } from '@portal/contracts';

type Responses<E extends EndpointDefinition> = E['response'] extends object
  ? { 200: E['response'] } & typeof errorResponses
  : undefined;

/**
 * A route's method, URL and schema from its contract (decision 032): spread into `app.route({...routeOf(e), handler})`,
 * so the path, the validation and the OpenAPI entry all come from `@portal/contracts`, and the handler's request and
 * answer are typed by the contract's schemas.
 */
export function routeOf<const E extends EndpointDefinition>(endpoint: E) {
  const response =
    endpoint.response || endpoint.extraResponses
      ? {
          ...(endpoint.response ? { 200: endpoint.response, ...errorResponses } : {}),
          ...endpoint.extraResponses,
        }
      : undefined;
  return {
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      tags: [...endpoint.tags],
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      ...(endpoint.security ? { security: [...endpoint.security] } : {}),
      params: endpoint.params as E['params'],
      querystring: endpoint.query as E['query'],
      body: endpoint.body as E['body'],
      response: response as Responses<E>,
    },
  };
}
