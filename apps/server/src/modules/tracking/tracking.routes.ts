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
import type { AppContext } from '../../shared/context.js';
import { ClickBuffer } from './click-buffer.js';
import { ClickContextCache } from './click-lookup.js';
import { CLICK_REJECTION_MESSAGES, trackClick } from './click.js';
import { AdvertiserTokens, acceptPostback } from './postback.js';
import { hourOf } from './rollups.js';

/** The in-memory parts of the tracking engine, one per process (decision 015). */
export type TrackingEngine = {
  buffer: ClickBuffer;
  contexts: ClickContextCache;
  tokens: AdvertiserTokens;
};

export function createTracking(ctx: AppContext, logger: FastifyBaseLogger, flushIntervalMs = 100): TrackingEngine {
  return {
    buffer: new ClickBuffer(ctx.db, { logger, intervalMs: flushIntervalMs }),
    contexts: new ClickContextCache(ctx.db, () => Date.now()),
    tokens: new AdvertiserTokens(ctx.db),
  };
}

const HEADER_MAX_LENGTH = 1024;
const header = (value: string | string[] | undefined) =>
  typeof value === 'string' && value ? value.slice(0, HEADER_MAX_LENGTH) : null;

const errorBody = (status: number, message: string, errors: Record<string, string> | null = null) => ({
  status,
  message,
  data: null,
  errors,
});

/** GET /click and GET|POST /postback, at the root of the server: partners' traffic and advertisers' servers. */
export const trackingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; tracking: TrackingEngine }> = async (
  app,
  { ctx, tracking },
) => {
  const { buffer, tokens } = tracking;

  // Advertisers' servers often post forms; the rest of the API stays JSON only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

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
    async (request, reply) => {
      const now = ctx.now();
      reply.header('cache-control', 'no-store');
      if (request.validationError) {
        buffer.reject({ hour: hourOf(now), reason: 'invalid_request', offerId: 0, partnerId: 0 });
        return reply.code(400).send(errorBody(400, CLICK_REJECTION_MESSAGES.invalid_request));
      }
      const visitor = {
        ip: request.ip || null,
        userAgent: header(request.headers['user-agent']),
        referrer: header(request.headers.referer),
      };
      const outcome = await trackClick(tracking, request.query, visitor, now);
      if (!outcome.ok) {
        return reply.code(outcome.status).send(errorBody(outcome.status, CLICK_REJECTION_MESSAGES[outcome.reason]));
      }
      return reply.redirect(outcome.location, 302);
    },
  );

  const postback = (fields: Record<string, unknown>) =>
    acceptPostback({ db: ctx.db, buffer, tokens }, fields, ctx.now());

  const postbackSchema = {
    tags: ['tracking'],
    security: [],
    response: { 200: PostbackResultSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
  };

  app.get(
    POSTBACK_PATH,
    {
      schema: {
        ...postbackSchema,
        summary: 'An advertiser reports a conversion (idempotent per transaction id)',
        querystring: PostbackPartialSchema,
      },
    },
    async (request) => postback(request.query),
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
    async (request) => postback({ ...request.query, ...(request.body ?? {}) }),
  );
};
