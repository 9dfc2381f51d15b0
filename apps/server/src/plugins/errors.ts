import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_PREFIX, SIGN_IN_LINK_PARAMS, formErrorText, type ApiError } from '@portal/contracts';
import {
  AppError,
  BEARER_CHALLENGE,
  databaseUnavailable,
  isDataException,
  isDatabaseUnavailable,
} from '../lib/errors.js';

function pathOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
}

type ValidationItem = {
  instancePath: string;
  message?: string | undefined;
  keyword: string;
  params: Record<string, unknown>;
};

/** Turns schema validation issues into `{ 'property.path': 'message' }`. */
export function validationErrors(items: ValidationItem[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const item of items) {
    const params = { ...(item.params ?? {}), ...((item.params?.params as object | undefined) ?? {}) } as Record<
      string,
      string | number
    >;
    if (item.keyword === 'unrecognized_keys' && Array.isArray(item.params.keys)) {
      const base = pathOf(item.instancePath);
      for (const key of item.params.keys as string[]) {
        errors[base ? `${base}.${key}` : key] = formErrorText('unknownField');
      }
      continue;
    }
    const key = pathOf(item.instancePath) || '_';
    if (errors[key]) continue;
    const n = params.minimum ?? params.maximum ?? params.n ?? '';
    errors[key] = formErrorText(item.message ?? 'type', { ...params, n });
  }
  return errors;
}

/**
 * The built page a portal address is answered with: /login is the sign-in page of its own (login.html, decision 055)
 * unless it carries a sign-in link, which the app (index.html) takes; every other address is the app's.
 */
export function webPageOf(url: string): 'login.html' | 'index.html' {
  const { pathname, searchParams } = new URL(url, 'http://portal.invalid');
  if (pathname !== '/login') return 'index.html';
  return SIGN_IN_LINK_PARAMS.some((name) => searchParams.has(name)) ? 'index.html' : 'login.html';
}

function errorBody(
  status: number,
  message: string,
  errors: Record<string, string> | null = null,
  data: unknown = null,
): ApiError {
  return { status, message, data, errors };
}

const clientErrors: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The request body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Invalid content length.'],
  FST_ERR_CTP_INVALID_TYPE: [400, 'Invalid content type.'],
};

/** A route's URL as a pattern: each `:name` one path segment (the contracts' parameters are never wider). */
const patternOf = (url: string) =>
  new RegExp(`^${url.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}/?$`);

/**
 * The methods the server answers at a path, by the routes registered (decision 076): a wrong method on a known path is
 * a 405 with `Allow` (RFC 9110 §15.5.6), not a 404. Wildcard routes (the web app's files) are left out: every GET
 * path would match them.
 */
export class AllowedMethods {
  private readonly routes: { pattern: RegExp; methods: string[] }[] = [];

  add(url: string, method: string | string[]): void {
    if (url.includes('*')) return;
    this.routes.push({ pattern: patternOf(url), methods: [method].flat() });
  }

  of(path: string): string[] {
    const methods = new Set<string>();
    for (const route of this.routes) if (route.pattern.test(path)) route.methods.forEach((m) => methods.add(m));
    return [...methods].sort();
  }
}

/**
 * The one error path of the server: typed errors become the spec's error object, validation
 * issues are keyed by property path, and nothing of a 5xx's internals ever leaves the process.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  const allowed = new AllowedMethods();
  app.addHook('onRoute', (route) => allowed.add(route.url, route.method));

  // Every 401 says how to authenticate (RFC 9110 §11.6.1), whichever path answered it.
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 401 && !reply.hasHeader('www-authenticate')) {
      reply.header('www-authenticate', BEARER_CHALLENGE);
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // A 503 asks the client to retry (the database away, a click not written yet): expected, not an error to page on.
      if (error.status === 503) request.log.info({ err: error }, 'service unavailable: retry');
      else if (error.status >= 500) request.log.error({ err: error }, 'application error');
      return reply
        .code(error.status)
        .headers(error.headers)
        .send(errorBody(error.status, error.message, error.errors, error.data));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = validationErrors(error.validation as unknown as ValidationItem[]);
      return reply.code(400).send(errorBody(400, 'The request is invalid.', errors));
    }
    const known = error.code ? clientErrors[error.code] : undefined;
    if (known) return reply.code(known[0]).send(errorBody(known[0], known[1]));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(errorBody(error.statusCode, error.message));
    }
    // A value no schema caught but the database refuses (a NUL character in text …) is the client's error.
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'value refused by the database');
      return reply.code(400).send(errorBody(400, 'The request holds a value that cannot be stored.'));
    }
    // The database away (an outage, a failover): 503 and a retry, never a 500 (decision 053).
    if (isDatabaseUnavailable(error)) {
      request.log.info({ err: error }, 'database unavailable');
      const unavailable = databaseUnavailable();
      return reply.code(503).headers(unavailable.headers).send(errorBody(503, unavailable.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody(500, 'An internal error occurred.'));
  });

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const methods = allowed.of(url);
    if (methods.length > 0 && !methods.includes(request.method)) {
      return reply
        .code(405)
        .header('allow', methods.join(', '))
        .send(errorBody(405, `This address does not take ${request.method}; it takes ${methods.join(', ')}.`));
    }
    // A file that is not there (an old chunk after a deploy, a source map, which is never served) is a 404, not the app.
    const file = url.startsWith('/assets/') || url.endsWith('.map');
    if (file || url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || request.method !== 'GET') {
      return reply.code(404).send(errorBody(404, 'Not found.'));
    }
    // Any other GET is a portal route: the web app decides (unknown paths redirect to /); the sign-in page is a page
    // of its own (decision 055).
    if (typeof reply.sendFile === 'function' && app.hasDecorator('webAppAvailable') && app.webAppAvailable) {
      const page = webPageOf(request.url);
      // The app's page names its screen's files and carries a signed-in reader's first answers (decision 151); the
      // sign-in page does neither.
      if (page === 'index.html') return app.sendAppPage(request, reply);
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile(page);
    }
    return reply.code(404).send(errorBody(404, 'Not found.'));
  });
});
