import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  CLICK_PATH,
  ClickQuerySchema,
  POSTBACK_PATH,
  PostbackParamsSchema,
  PostbackPartialSchema,
  PostbackResultSchema,
  formErrorText,
  type ClickRejectionReason,
} from '@portal/contracts';
import { badRequest, forbidden, unauthorized } from '../../lib/errors.js';
import type { AppContext } from '../../shared/context.js';
import { ClickBuffer } from './click-buffer.js';
import { ClickContextCache } from './click-lookup.js';
import { CLICK_REJECTION_MESSAGES, decideClick, landingUrl, newClickId } from './click.js';
import { AdvertiserTokens, recordPostback } from './postback.js';
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
  const { buffer, contexts, tokens } = tracking;

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
      const refuse = (reason: ClickRejectionReason, status: 400 | 403 | 404, offerId = 0, partnerId = 0) => {
        buffer.reject({ hour: hourOf(now), reason, offerId, partnerId });
        return reply.code(status).send(errorBody(status, CLICK_REJECTION_MESSAGES[reason]));
      };
      if (request.validationError) return refuse('invalid_request', 400);
      const query = request.query;
      const context = await contexts.get(query.offer_id, query.aff_id);
      const decision = decideClick(context);
      if (!decision.ok) return refuse(decision.reason, decision.status, context.offer?.id, context.partner?.id);
      const clickId = newClickId(now);
      buffer.push({
        clickId,
        offerId: query.offer_id,
        partnerId: query.aff_id,
        currency: decision.offer.currency,
        subid: query.subid || null,
        tc1: query.tc1 || null,
        tc2: query.tc2 || null,
        tc3: query.tc3 || null,
        tc4: query.tc4 || null,
        ip: request.ip || null,
        userAgent: header(request.headers['user-agent']),
        referrer: header(request.headers.referer),
        createdAt: now,
      });
      return reply.redirect(landingUrl(decision.offer.defaultUrl, query, clickId), 302);
    },
  );

  async function postback(fields: Record<string, unknown>) {
    const parsed = PostbackParamsSchema.safeParse(fields);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.') || '_';
        errors[key] ??= formErrorText(issue.message, { n: 'maximum' in issue ? Number(issue.maximum) : '' });
      }
      throw badRequest('The postback is invalid.', errors);
    }
    const params = parsed.data;
    if (!params.token) throw unauthorized('A security token is required.');
    const advertiserId = await tokens.advertiserOf(params.token);
    if (advertiserId === null) throw forbidden('The security token is not valid.');
    return recordPostback(ctx.db, buffer, advertiserId, params, ctx.now());
  }

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
