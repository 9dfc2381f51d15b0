import { errorResponses, type EndpointDefinition } from '@portal/contracts';

type Responses<E extends EndpointDefinition> = E['response'] extends object
  ? { 200: E['response'] } & typeof errorResponses
  : undefined;

type RouteSchema<E extends EndpointDefinition> = {
  tags: string[];
  summary: string;
  description?: string;
  security?: [];
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  response: Responses<E>;
};

/**
 * A route's method, URL and schema from its contract (decision 034): spread into `app.route({...routeOf(e), handler})`,
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
  // Only the parts the contract declares: a key set to undefined makes Fastify warn at start (FSTWRN001) that the
  // schema "is missing", once per route and part.
  const schema = Object.fromEntries(
    Object.entries({
      tags: [...endpoint.tags],
      summary: endpoint.summary,
      description: endpoint.description,
      security: endpoint.security ? [...endpoint.security] : undefined,
      consumes: endpoint.consumes ? [...endpoint.consumes] : undefined,
      params: endpoint.params,
      querystring: endpoint.query,
      body: endpoint.body,
      response,
    }).filter(([, value]) => value !== undefined),
  ) as RouteSchema<E>;
  return { method: endpoint.method, url: endpoint.path, schema };
}
