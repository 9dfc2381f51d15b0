import type { z } from 'zod';

/**
 * One endpoint, defined once (decision 034): its method, path, inputs and answer. The server registers its route from
 * it (validation, OpenAPI entry, path) and the web calls it through `api.call(endpoint, input)` with the answer's type
 * inferred, so neither side writes a path or an answer type by hand.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint (decision 075), the one table of it: the server's check and the OpenAPI document's
 * `security` both read it.
 * - `public`: anyone, no credentials (sign-in, registration, the signed file link, public images).
 * - `session` (the default): a signed-in session's token, `Authorization: Bearer …`.
 * - `session+key`: a session, or a partner's reporting API key (`Authorization: Bearer ppk_…`, read-only: GET and HEAD).
 */
export type EndpointAuth = 'public' | 'session' | 'session+key';
export const ENDPOINT_AUTHS = ['public', 'session', 'session+key'] as const satisfies readonly EndpointAuth[];

/** An error an endpoint can answer beyond the ones its shape implies (decision 075), with what it means there. */
export type EndpointErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 422 | 429 | 503;

export type EndpointDefinition = {
  method: HttpMethod;
  /** Under the API prefix, with Fastify's `:name` parameters: `/offer/:id`. */
  path: `/${string}`;
  summary: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The 200 answer, usually an `envelope(…)`; with it, the standard error answers are declared too. */
  response?: z.ZodType;
  /** Answers beyond 200 and the standard errors (a 422, a 410 …). */
  extraResponses?: Readonly<Record<number, z.ZodType>>;
  /** A longer text for the OpenAPI entry. */
  description?: string;
  /** Who may call it: `session` when left out (see `EndpointAuth`). */
  auth?: EndpointAuth;
  /** The request media types beyond JSON the body may come in (`multipart/form-data`), for the OpenAPI document. */
  consumes?: readonly string[];
  /**
   * The media types of a 200 answer that is not JSON (a CSV export, a file's bytes), for the OpenAPI document; the
   * `response` is then `z.any()` (decision 075).
   */
  produces?: readonly string[];
  /**
   * The errors the endpoint answers beyond those its shape implies (400 for input, 401/403 for a signed-in caller,
   * 404 for a path parameter, 413/415 for a body), each with what it means here (decision 075).
   */
  errors?: Readonly<Partial<Record<EndpointErrorStatus, string>>>;
};

export function defineEndpoint<const E extends EndpointDefinition>(endpoint: E): E {
  return endpoint;
}

type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** What a caller passes: the path parameters, query and body the endpoint declares, each required when declared. */
export type EndpointInput<E extends EndpointDefinition> = (E['params'] extends z.ZodType
  ? { params: Input<E['params']> }
  : { params?: never }) &
  (E['query'] extends z.ZodType ? { query?: Input<E['query']> } : { query?: never }) &
  (E['body'] extends z.ZodType ? { body: Input<E['body']> } : { body?: never });

/** The whole 200 answer, as the server sends it. */
export type EndpointAnswer<E extends EndpointDefinition> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : never;

/** The answer's `data`, what a caller uses. */
export type EndpointData<E extends EndpointDefinition> =
  EndpointAnswer<E> extends { data: infer D } ? D : EndpointAnswer<E>;

/** The answer's `data` as it travels (before the server's serialisation or the web's date reviving): for fixtures. */
export type EndpointWireData<E extends EndpointDefinition> = E['response'] extends z.ZodType
  ? z.input<E['response']> extends { data: infer D }
    ? D
    : never
  : never;

/** The path with its `:name` parameters filled in, each encoded. */
export function endpointPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
