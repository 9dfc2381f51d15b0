import * as contracts from '@portal/contracts';
import { errorResponses, type ApiKeyScope, type EndpointDefinition } from '@portal/contracts';

type Responses<E extends EndpointDefinition> = E['response'] extends object
  ? { 200: E['response'] } & typeof errorResponses
  : undefined;

type RouteSchema<E extends EndpointDefinition> = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Record<string, string[]>[];
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  response: Responses<E>;
};

/** The OpenAPI security schemes (decision 075): a session's token, and a partner's reporting API key. */
export const SESSION_SCHEME = 'bearer';
export const API_KEY_SCHEME = 'apiKey';

/** Each endpoint's name, `<group><Key>` from its contract (`statisticsEndpoints.daily` → `statisticsDaily`). */
let names: Map<EndpointDefinition, string> | null = null;

function endpointNames(): Map<EndpointDefinition, string> {
  if (names) return names;
  const found = new Map<EndpointDefinition, string>();
  const taken = new Set<string>();
  for (const [exportName, group] of Object.entries(contracts)) {
    if (!exportName.endsWith('Endpoints') || !group || typeof group !== 'object') continue;
    const prefix = exportName.slice(0, -'Endpoints'.length);
    for (const [key, endpoint] of Object.entries(group as Record<string, EndpointDefinition>)) {
      const name = `${prefix}${key[0]!.toUpperCase()}${key.slice(1)}`;
      if (taken.has(name)) throw new Error(`two endpoints are named ${name}`);
      taken.add(name);
      found.set(endpoint, name);
    }
  }
  names = found;
  return found;
}

/** The operationId of an endpoint: stable, from the contract's group and key. */
export function operationIdOf(endpoint: EndpointDefinition): string {
  const name = endpointNames().get(endpoint);
  if (!name)
    throw new Error(`${endpoint.method} ${endpoint.path} is in no exported *Endpoints group of @portal/contracts`);
  return name;
}

/** The endpoint of an operationId, for the OpenAPI document's finishing (lib/openapi.ts). */
export function endpointOf(operationId: string): EndpointDefinition | undefined {
  for (const [endpoint, name] of endpointNames()) if (name === operationId) return endpoint;
  return undefined;
}

/** The OpenAPI `security` of an endpoint, from who may call it (decision 075). */
export function securityOf(endpoint: EndpointDefinition): Record<string, string[]>[] {
  switch (endpoint.auth ?? 'session') {
    case 'public':
      return [];
    case 'session':
      return [{ [SESSION_SCHEME]: [] }];
    case 'session+key':
      return [{ [SESSION_SCHEME]: [] }, { [API_KEY_SCHEME]: [] }];
  }
}

/** The API key scope a route accepts (the auth plugin reads it), from the contract: only `session+key` takes one. */
const apiKeyScopeOf = (endpoint: EndpointDefinition): ApiKeyScope | undefined =>
  endpoint.auth === 'session+key' ? 'reporting' : undefined;

/**
 * A route's method, URL and schema from its contract (decision 034): spread into `app.route({...routeOf(e), handler})`,
 * so the path, the validation and the OpenAPI entry all come from `@portal/contracts`, and the handler's request and
 * answer are typed by the contract's schemas. Whether the route takes a reporting API key comes from the contract's
 * `auth` too (decision 075): a route does not set `config.apiKey` itself.
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
      operationId: operationIdOf(endpoint),
      tags: [...endpoint.tags],
      summary: endpoint.summary,
      description: endpoint.description,
      security: securityOf(endpoint),
      consumes: endpoint.consumes ? [...endpoint.consumes] : undefined,
      params: endpoint.params,
      querystring: endpoint.query,
      body: endpoint.body,
      response,
    }).filter(([, value]) => value !== undefined),
  ) as RouteSchema<E>;
  const apiKey = apiKeyScopeOf(endpoint);
  return { method: endpoint.method, url: endpoint.path, schema, ...(apiKey ? { config: { apiKey } } : {}) };
}
