import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  POSTBACK_DESCRIPTION,
  POSTBACK_PATH,
  PostbackPartialSchema,
  PostbackQuerySchema,
  PostbackResultSchema,
} from '@portal/contracts';
import { AppError, isDatabaseUnavailable, tooManyRequests } from '../../lib/errors.js';
import type { SlidingWindowLimiter } from '../../lib/rate-limit.js';
import type { AppContext } from '../../context.js';
import type { ClickBuffer } from '../click/index.js';
import { acceptPostback, loggedParams, mergedPostbackFields, type AdvertiserTokens } from './postback.js';
import type { CountryOf } from './conversion-screen.js';
import { insertPostbackLog, type NewPostbackLog } from './conversions.repository.js';

/** The parts of the tracking engine the advertisers' postbacks use (src/tracking.ts builds them, decision 015). */
export type PostbackEngine = {
  buffer: ClickBuffer;
  tokens: AdvertiserTokens;
  /** Postbacks with a wrong token per client IP over the last minute (decision 029). */
  badTokens: SlidingWindowLimiter;
  /** Places the visitor's address at conversion (the postback's `ip`) in a country (decision 101). */
  countryOf?: CountryOf;
};

/** GET|POST /postback, at the root of the server: advertisers' servers report conversions. */
export const postbackRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; tracking: PostbackEngine }> = async (
  app,
  { ctx, tracking },
) => {
  const { buffer, tokens, badTokens, countryOf } = tracking;

  // Advertisers' servers often post forms; the rest of the API stays JSON only. A field sent twice keeps both values,
  // so that it is refused as repeated rather than one value silently winning (decision 077).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const fields = new Map<string, string | string[]>();
    for (const [name, value] of new URLSearchParams(body as string)) {
      const before = fields.get(name);
      fields.set(name, before === undefined ? value : [before, value].flat());
    }
    done(null, Object.fromEntries(fields));
  });

  /**
   * The advertiser's log of what it sent (decision 041). A token that is no advertiser's is not logged (anyone may send
   * those); a rotated-out one is, as `wrong_token`. Logging never fails the postback.
   */
  const log = async (
    ip: string,
    fields: Record<string, unknown>,
    now: Date,
    entry: Omit<NewPostbackLog, 'advertiserId' | 'params' | 'ip' | 'createdAt'>,
  ) => {
    try {
      const token = typeof fields.token === 'string' ? fields.token : null;
      const match = token ? await tokens.match(token, now) : null;
      if (!match) return;
      if (match.expired && entry.outcome !== 'wrong_token') return;
      await insertPostbackLog(ctx.db, {
        ...entry,
        advertiserId: match.advertiserId,
        params: loggedParams(fields),
        ip,
        createdAt: now,
      });
    } catch (error) {
      app.log.error({ err: error }, 'postback log not written');
    }
  };

  // An address that sent too many wrong tokens is answered 429 before any token is looked up (decision 029).
  const postback = async (ip: string, fields: Record<string, unknown>) => {
    const now = ctx.now();
    const wait = badTokens.retryAfterSeconds(ip, now);
    const counted = (outcome: string) => ctx.metrics.postbacks.inc({ outcome });
    if (wait > 0) counted('throttled');
    if (wait > 0) throw tooManyRequests('Too many postbacks with a wrong security token. Please wait.', wait);
    try {
      const result = await acceptPostback(
        { db: ctx.db, buffer, tokens, screen: ctx.config.conversionRules, ...(countryOf ? { countryOf } : {}) },
        fields,
        now,
      );
      counted(result.duplicate ? 'duplicate' : result.status);
      await log(ip, fields, now, {
        outcome: 'recorded',
        status: result.status,
        reason: result.reason,
        conversionId: result.conversionId,
        duplicate: result.duplicate,
      });
      return result;
    } catch (error) {
      counted(
        error instanceof AppError && error.status === 403
          ? 'wrong_token'
          : error instanceof AppError && error.status === 400
            ? 'invalid'
            : isDatabaseUnavailable(error) || (error instanceof AppError && error.status === 503)
              ? 'unavailable'
              : 'error',
      );
      if (error instanceof AppError && error.status === 403) {
        // acceptPostback answers 403 for one thing only: a token that is no advertiser's, or no longer.
        badTokens.hit(ip, now);
        await log(ip, fields, now, { outcome: 'wrong_token', reason: 'The security token is no longer valid.' });
      } else if (error instanceof AppError && error.status === 400) {
        const errors = Object.entries(error.errors ?? {}).map(([field, message]) => `${field}: ${message}`);
        await log(ip, fields, now, { outcome: 'invalid', reason: errors.join('; ') || error.message });
      }
      throw error;
    }
  };

  const postbackSchema = {
    tags: ['tracking'],
    security: [],
    description: POSTBACK_DESCRIPTION,
    response: {
      200: PostbackResultSchema,
      400: ApiErrorSchema,
      401: ApiErrorSchema,
      403: ApiErrorSchema,
      429: ApiErrorSchema,
      503: ApiErrorSchema,
    },
  };

  // The schemas document the fields; acceptPostback judges them (attachValidation), so that every refusal, a repeated
  // parameter included, answers the postback's own words and lands in the advertiser's log (decision 077).
  app.get(
    POSTBACK_PATH,
    {
      // A HEAD (a link checker) must not record a conversion, as Fastify's implicit HEAD route would: its own, below.
      exposeHeadRoute: false,
      attachValidation: true,
      schema: {
        ...postbackSchema,
        operationId: 'trackingPostbackGet',
        summary: 'An advertiser reports a conversion (idempotent per transaction id)',
        querystring: PostbackQuerySchema,
      },
    },
    async (request) => postback(request.ip, request.query),
  );

  // HEAD answers where GET does (decision 076), and records, counts and logs nothing: the address is there.
  app.head(
    POSTBACK_PATH,
    {
      schema: {
        tags: ['tracking'],
        security: [],
        operationId: 'trackingPostbackHead',
        summary: 'The postback address answers; nothing is recorded',
        description:
          'For link checkers: 200 and no body, whatever the query; no conversion is recorded, logged or counted.',
      },
    },
    async (_request, reply) => reply.code(200).type('application/json; charset=utf-8').send(),
  );

  app.post(
    POSTBACK_PATH,
    {
      attachValidation: true,
      schema: {
        ...postbackSchema,
        operationId: 'trackingPostbackPost',
        summary: 'The same postback, its fields in the query, a form or a JSON body',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        querystring: PostbackQuerySchema,
        body: PostbackPartialSchema.optional(),
      },
    },
    async (request) => postback(request.ip, mergedPostbackFields(request.query, request.body)),
  );
};
