import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger } from 'fastify';
import { parse as parseQuery } from 'fast-querystring';
import {
  CLICK_ATTRIBUTION_DAYS,
  CLICK_PATH,
  ClickQuerySchema,
  LANDING_NOT_RECORDED,
  tagCookieName,
} from '@portal/contracts';
import { SECURITY_HEADERS } from '../../lib/security-headers.js';
import type { ClickBuffer } from './click-buffer.js';
import type { ClickContextCache } from './click-lookup.js';
import type { CountryLookup } from './geo.js';
import { CLICK_REJECTION_MESSAGES, CLICK_UNAVAILABLE_MESSAGE, trackClick, type ClickOutcome } from './click.js';
import { isDatabaseUnavailable } from '../../lib/errors.js';
import { hourOf } from '../rollups/index.js';
import { readClickQuery } from './click-query.js';

/** A request handler on node's own request and response: the server calls it for GET /click (decision 022). */
export type ClickHandler = (request: IncomingMessage, response: ServerResponse) => void;

export type ClickHandlerOptions = {
  now: () => Date;
  /** As TRUST_PROXY: the client's address from X-Forwarded-For, as Fastify's `request.ip` reads it. */
  trustProxy: boolean;
  logger: FastifyBaseLogger;
  /** The visitor's country from its address (geo.ts). */
  countryOf: CountryLookup;
  /** Told each answer (the metrics' counters, issue 51): a redirect, or a refusal and its reason. */
  onAnswer?: ((reason: string | null) => void) | undefined;
};

const HEADER_MAX_LENGTH = 1024;
const CLICK_COOKIE_ATTRIBUTES = `Max-Age=${CLICK_ATTRIBUTION_DAYS * 86_400}; Path=/; HttpOnly; Secure; SameSite=None`;
const header = (value: string | string[] | undefined) =>
  typeof value === 'string' && value ? value.slice(0, HEADER_MAX_LENGTH) : null;

const trustEveryHop = () => true;

/**
 * A redirect's fixed headers as a flat name, value list: of the security headers (decision 031) only the one a bodiless
 * 302 can act on (decision 152). `Referrer-Policy` on a redirect sets the policy of the request that follows it, so the
 * offer's landing page gets no referrer from the tracking domain; `X-Content-Type-Options`, `X-Frame-Options` and the
 * `Content-Security-Policy` govern a body, a document or a frame, and a redirect has none of them: the browser checks
 * framing against the answer it renders (the landing page's), never a redirect's. The error answers, which have a
 * body, keep all four.
 */
const REDIRECT_HEADERS: readonly string[] = [
  'referrer-policy',
  SECURITY_HEADERS['referrer-policy'],
  'cache-control',
  'no-store',
];
/**
 * The two lists a redirect hands to `writeHead`, made once and their last values set per answer (decision 125): node
 * reads the list during the call and keeps nothing of it, and the handler runs one answer at a time.
 */
const redirectHeaders = [...REDIRECT_HEADERS, 'location', ''];
const clickRedirectHeaders = [...REDIRECT_HEADERS, 'location', '', 'set-cookie', ''];
const LOCATION_AT = REDIRECT_HEADERS.length + 1;
const COOKIE_AT = REDIRECT_HEADERS.length + 3;

/** Whether a request is GET or HEAD /click (with or without a query), the one path the fast path takes. */
export function isClickRequest(request: IncomingMessage): boolean {
  const url = request.url ?? '';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    url.startsWith(CLICK_PATH) &&
    (url.length === CLICK_PATH.length || url.charCodeAt(CLICK_PATH.length) === 63) // '?'
  );
}

/**
 * GET /click on node's request and response, without the web framework's per-request machinery (routing, hooks,
 * a child logger, reply serialisation): the redirect is the network's hottest path. The same function serves the
 * Fastify route (hijacked), so `app.inject` and a real socket run the same code. A plainly valid query is read in one
 * pass (`readClickQuery`); any other is parsed as Fastify parses it (fast-querystring) and checked with the contract's
 * schema, which decides every refusal.
 */
export function createClickHandler(
  engine: { contexts: ClickContextCache; buffer: ClickBuffer },
  options: ClickHandlerOptions,
): ClickHandler {
  const { buffer } = engine;
  const told = options.onAnswer ?? (() => undefined);
  const clientIp = options.trustProxy
    ? (request: IncomingMessage) => {
        const addresses = proxyAddr.all(request, trustEveryHop);
        return addresses[addresses.length - 1] ?? null;
      }
    : (request: IncomingMessage) => request.socket.remoteAddress ?? null;

  const sendError = (response: ServerResponse, status: number, message: string) => {
    const body = JSON.stringify({ status, message, data: null, errors: null });
    response.writeHead(status, {
      ...SECURITY_HEADERS,
      'cache-control': 'no-store',
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  };

  const send = (response: ServerResponse, outcome: ClickOutcome, offerId: number) => {
    told(outcome.ok ? null : outcome.reason);
    if (!outcome.ok && !outcome.location) {
      const message =
        outcome.reason === 'unavailable' ? CLICK_UNAVAILABLE_MESSAGE : CLICK_REJECTION_MESSAGES[outcome.reason];
      return sendError(response, outcome.status, message);
    }
    // No Content-Length: node ends an empty chunked body in the same write, measurably cheaper per redirect. The
    // headers as node's flat name, value list: no object copied per redirect (decision 120).
    const location = outcome.location ?? '';
    // The image and iframe pixels' fallback when the thank-you page cannot name the click (decision 085): a cookie on
    // the tracking domain for the attribution window, third-party there, so blocked by many browsers.
    if (outcome.ok && outcome.clickId) {
      // Sent once the click's journal line is written, at the end of this turn (decision 132): a redirect is the
      // click's acknowledgment, and a kill -9 before the write would lose a click already acknowledged.
      const cookie = `${tagCookieName(offerId)}=${outcome.clickId}; ${CLICK_COOKIE_ATTRIBUTES}`;
      buffer.afterJournal(() => {
        try {
          clickRedirectHeaders[LOCATION_AT] = location;
          clickRedirectHeaders[COOKIE_AT] = cookie;
          response.writeHead(302, clickRedirectHeaders);
          response.end();
        } catch (error) {
          fail(response, error);
        }
      });
      return;
    }
    redirectHeaders[LOCATION_AT] = location;
    response.writeHead(302, redirectHeaders);
    response.end();
  };

  const fail = (response: ServerResponse, error: unknown) => {
    // The database away and this link's context not cached: the visitor may retry (decision 053).
    if (isDatabaseUnavailable(error)) {
      told('unavailable');
      if (!response.headersSent) sendError(response, 503, CLICK_UNAVAILABLE_MESSAGE);
      return;
    }
    // As the error handler does for any route: logged, and a 500 without the internals.
    options.logger.error({ err: error }, 'click not tracked');
    told('error');
    if (!response.headersSent) sendError(response, 500, 'Internal Server Error');
    else response.destroy();
  };

  /**
   * The clicks of one millisecond share one `Date` (decision 143): a buffered click keeps its time until its batch is
   * written, and one object per millisecond is less for the garbage collector to copy than one per click. Nothing in
   * the server changes a `Date` it is given.
   */
  let lastNow: Date | null = null;
  return (request, response) => {
    try {
      let now = options.now();
      if (lastNow !== null && lastNow.getTime() === now.getTime()) now = lastNow;
      else lastNow = now;
      const url = request.url ?? '';
      const mark = url.indexOf('?');
      // A plainly valid query read in one pass (decision 125); any other by the general parser and the contract.
      let query = mark === -1 ? null : readClickQuery(url, mark + 1);
      // HEAD (link checkers, previews) gets GET's answer, but records and counts nothing.
      const visiting = request.method !== 'HEAD';
      if (query === null) {
        const parsed = ClickQuerySchema.safeParse(mark === -1 ? {} : parseQuery(url.slice(mark + 1)));
        if (!parsed.success) {
          if (visiting) buffer.reject({ hour: hourOf(now), reason: 'invalid_request', offerId: 0, partnerId: 0, landingPageId: LANDING_NOT_RECORDED }); // prettier-ignore
          told('invalid_request');
          return sendError(response, 400, CLICK_REJECTION_MESSAGES.invalid_request);
        }
        query = parsed.data;
      }
      const offerId = query.offer_id;
      let visitor = null;
      if (visiting) {
        const ip = clientIp(request);
        visitor = {
          ip,
          country: options.countryOf(ip),
          userAgent: header(request.headers['user-agent']),
          referrer: header(request.headers.referer),
        };
      }
      const outcome = trackClick(engine, query, visitor, now);
      if (outcome instanceof Promise) {
        outcome.then(
          (result) => send(response, result, offerId),
          (error: unknown) => fail(response, error),
        );
      } else send(response, outcome, offerId);
    } catch (error) {
      fail(response, error);
    }
  };
}
