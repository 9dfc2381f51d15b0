import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  CLICK_PATH,
  ClickQuerySchema,
  POSTBACK_PATH,
  PostbackPartialSchema,
  PostbackResultSchema,
} from '@portal/contracts';
import { AppError, tooManyRequests } from '../../lib/errors.js';
import { SlidingWindowLimiter } from '../../lib/rate-limit.js';
import type { AppContext } from '../../shared/context.js';
import { ClickBuffer } from './click-buffer.js';
import { ClickContextCache } from './click-lookup.js';
import { createClickHandler, type ClickHandler } from './click-handler.js';
import { AdvertiserTokens, acceptPostback } from './postback.js';

/** The in-memory parts of the tracking engine, one per process (decision 015). */
export type TrackingEngine = {
  buffer: ClickBuffer;
  contexts: ClickContextCache;
  tokens: AdvertiserTokens;
  /** Postbacks with a wrong token per client IP over the last minute (decision 029). */
  badTokens: SlidingWindowLimiter;
  /** GET /click on node's request and response: the server's fast path and the route below (decision 022). */
  handleClick: ClickHandler;
};

export function createTracking(ctx: AppContext, logger: FastifyBaseLogger, flushIntervalMs = 100): TrackingEngine {
  const buffer = new ClickBuffer(ctx.db, { logger, intervalMs: flushIntervalMs });
  const contexts = new ClickContextCache(ctx.db, () => Date.now());
  return {
    buffer,
    contexts,
    tokens: new AdvertiserTokens(ctx.db),
    badTokens: new SlidingWindowLimiter({ max: ctx.config.postbackMaxBadTokensPerIp, windowMs: 60_000 }),
    handleClick: createClickHandler({ buffer, contexts }, { now: ctx.now, trustProxy: ctx.config.trustProxy, logger }),
  };
}

/** GET /click and GET|POST /postback, at the root of the server: partners' traffic and advertisers' servers. */
export const trackingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; tracking: TrackingEngine }> = async (
  app,
  { ctx, tracking },
) => {
  const { buffer, tokens, badTokens } = tracking;

  // Advertisers' servers often post forms; the rest of the API stays JSON only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // Served by the server's fast path (app.ts) on a real socket; this route documents it and serves what reaches
  // the router (app.inject, '/click/'), through the very same handler.
  app.get(
    CLICK_PATH,
    {
      attachValidation: true,
      schema: {
        tags: ['tracking'],
        summary: 'Records a click and redirects to the offer; refused traffic is counted, never redirected',
        security: [],
        querystring: ClickQuerySchema,
        response: { 400: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    (request, reply) => {
      reply.hijack();
      tracking.handleClick(request.raw, reply.raw);
    },
  );

  // An address that sent too many wrong tokens is answered 429 before any token is looked up (decision 029).
  const postback = async (ip: string, fields: Record<string, unknown>) => {
    const now = ctx.now();
    const wait = badTokens.retryAfterSeconds(ip, now);
    if (wait > 0) throw tooManyRequests('Too many postbacks with a wrong security token. Please wait.', wait);
    try {
      return await acceptPostback({ db: ctx.db, buffer, tokens }, fields, now);
    } catch (error) {
      // acceptPostback answers 403 for one thing only: a token that is no enabled advertiser's.
      if (error instanceof AppError && error.status === 403) badTokens.hit(ip, now);
      throw error;
    }
  };

  const postbackSchema = {
    tags: ['tracking'],
    security: [],
    response: {
      200: PostbackResultSchema,
      400: ApiErrorSchema,
      401: ApiErrorSchema,
      403: ApiErrorSchema,
      429: ApiErrorSchema,
    },
  };

  app.get(
    POSTBACK_PATH,
    {
      // A HEAD (a link checker) must not record a conversion, as Fastify's implicit HEAD route would.
      exposeHeadRoute: false,
      schema: {
        ...postbackSchema,
        summary: 'An advertiser reports a conversion (idempotent per transaction id)',
        querystring: PostbackPartialSchema,
      },
    },
    async (request) => postback(request.ip, request.query),
  );

  app.post(
    POSTBACK_PATH,
    {
      schema: {
        ...postbackSchema,
        summary: 'The same postback, its fields in the query, a form or a JSON body',
        querystring: PostbackPartialSchema,
        body: PostbackPartialSchema.optional(),
      },
    },
    async (request) => postback(request.ip, { ...request.query, ...(request.body ?? {}) }),
  );
};
