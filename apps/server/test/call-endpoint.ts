/**
 * Server tests call the API through its contracts (STYLE.md, convention 8): the URL is built from the endpoint's path
 * and the answer is typed from its response schema, so a contract change breaks the tests at compile time instead of
 * at run time. Literal URLs stay only in the tests that are about a URL itself (the fuzzer, /click, /postback).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  API_PREFIX,
  endpointPath,
  type ApiError,
  type EndpointAnswer,
  type EndpointDefinition,
  type EndpointInput,
} from '@portal/contracts';

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** What a call sends: the contract's params, query and body, and any header a test needs beside the identity. */
export type CallInput<E extends EndpointDefinition> = EndpointInput<E> & {
  headers?: Record<string, string>;
  /** The client's address, for tests of rate limits and recorded IPs. */
  remoteAddress?: string;
};

/** A 2xx answer: the contract's answer wrapper, or the raw text for an endpoint that answers a file. */
export type CallAnswer<E extends EndpointDefinition> = E['response'] extends object ? EndpointAnswer<E> : string;

type Common = { status: number; headers: LightMyRequestResponse['headers']; raw: LightMyRequestResponse };
export type CallSuccess<E extends EndpointDefinition> = Common & { ok: true; body: CallAnswer<E> };
export type CallFailure = Common & { ok: false; body: ApiError };
export type CallResult<E extends EndpointDefinition> = CallSuccess<E> | CallFailure;

/**
 * A bearer token (a session's or an API key's), or null for an anonymous call.
 */
export type Identity = string | null;

/** The query string, in the web client's encoding: arrays as repeated parameters, undefined and null left out. */
export function queryString(query: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The URL of one call: the API prefix, the contract's path with its parameters filled in, the query string. */
export function endpointUrl<E extends EndpointDefinition>(endpoint: E, input: EndpointInput<E>): string {
  const params = input.params as Record<string, unknown> | undefined;
  const query = input.query as Record<string, QueryValue> | undefined;
  return `${API_PREFIX}${endpointPath(endpoint.path, params)}${queryString(query)}`;
}

function parseBody(raw: LightMyRequestResponse): unknown {
  const type = String(raw.headers['content-type'] ?? '');
  if (!type.includes('json')) return raw.body;
  return raw.body ? raw.json() : null;
}

/** Calls one endpoint as a client would, through `app.inject`, and answers its status and typed body. */
export async function callEndpoint<const E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  input: CallInput<E>,
  identity: Identity,
): Promise<CallResult<E>> {
  const headers: Record<string, string> = { ...input.headers };
  if (identity !== null) headers.authorization = `Bearer ${identity}`;
  const raw = await app.inject({
    method: endpoint.method,
    url: endpointUrl(endpoint, input),
    headers,
    ...(input.body !== undefined ? { payload: input.body as object } : {}),
    ...(input.remoteAddress ? { remoteAddress: input.remoteAddress } : {}),
  });
  const common = { status: raw.statusCode, headers: raw.headers, raw };
  const body = parseBody(raw);
  return raw.statusCode >= 200 && raw.statusCode < 300
    ? { ...common, ok: true, body: body as CallAnswer<E> }
    : { ...common, ok: false, body: body as ApiError };
}

/**
 * An input the contract refuses, sent on purpose to prove the server refuses it too (an unknown field, a wrong type).
 * Typed `never` so it fits any input; the name says at the call that the input is meant to be bad.
 */
export const invalid = (value: unknown): never => value as never;

/** Any call's result, for the assertions below (a list of calls to several endpoints has one of these types). */
type AnyResult = { ok: boolean; status: number; raw: LightMyRequestResponse; body: unknown };

/** Asserts the call answered `status` (200 unless said), showing the body when not, and narrows to the typed answer. */
export function expectOk<R extends AnyResult>(res: R, status = 200): asserts res is Extract<R, { ok: true }> {
  expect(res.status, res.raw.body).toBe(status);
}

/** The typed answer of a call that must succeed with `status` (200 unless said). */
export function okBody<R extends AnyResult>(res: R, status = 200): Extract<R, { ok: true }>['body'] {
  expectOk(res, status);
  return res.body;
}

/** Asserts the call answered the spec's error object with `status`, and narrows to it. */
export function expectError<R extends AnyResult>(res: R, status: number): asserts res is Extract<R, { ok: false }> {
  expect(res.status, res.raw.body).toBe(status);
  const body = res.body as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['data', 'errors', 'message', 'status']);
  expect(body.status).toBe(status);
  expect(typeof body.message).toBe('string');
}

/** The error object of a call that must fail with `status`. */
export function errorBody<R extends AnyResult>(res: R, status: number): ApiError {
  expectError(res, status);
  return res.body as ApiError;
}
