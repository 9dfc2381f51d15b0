import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema, POSTBACK_PATH, PostbackPartialSchema, PostbackResultSchema } from '@portal/contracts';
import { AppError, tooManyRequests } from '../../lib/errors.js';
import type { SlidingWindowLimiter } from '../../lib/rate-limit.js';
import type { AppContext } from '../../context.js';
import type { ClickBuffer } from '../click/index.js';
import { acceptPostback, type AdvertiserTokens } from './postback.js';
import { insertPostbackLog, type NewPostbackLog } from './conversions.repository.js';

/** The fields as logged: strings only, each at most 300 characters, the token reduced to its last four. */
export function loggedParams(fields: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields).slice(0, 20)) {
    if (typeof value !== 'string') continue;
    out[key.slice(0, 64)] = key === 'token' ? `…${value.slice(-4)}` : value.slice(0, 300);
  }
  return out;
}

/** The parts of the tracking engine the advertisers' postbacks use (src/tracking.ts builds them, decision 015). */
export type PostbackEngine = {
  buffer: ClickBuffer;
  tokens: AdvertiserTokens;
  /** Postbacks with a wrong token per client IP over the last minute (decision 029). */
  badTokens: SlidingWindowLimiter;
};

/** GET|POST /postback, at the root of the server: advertisers' servers report conversions. */
export const postbackRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; tracking: PostbackEngine }> = async (
  app,
  { ctx, tracking },
) => {
  const { buffer, tokens, badTokens } = tracking;

  // Advertisers' servers often post forms; the rest of the API stays JSON only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
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
    if (wait > 0) throw tooManyRequests('Too many postbacks with a wrong security token. Please wait.', wait);
    try {
      const result = await acceptPostback({ db: ctx.db, buffer, tokens }, fields, now);
      await log(ip, fields, now, {
        outcome: 'recorded',
        status: result.status,
        reason: result.reason,
        conversionId: result.conversionId,
        duplicate: result.duplicate,
      });
      return result;
    } catch (error) {
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
    description:
      'Records a conversion for `click_id` and `goal` (`amount` in major units, at most two decimals; `transaction_id` makes it idempotent). The advertiser also changes its own conversion, named by its `transaction_id` (click and goal then optional): `status=reversed` (or `refunded`, `chargeback`, `rejected`) reverses it, with `reason` kept as the note the partner reads (a reason naming refund, chargeback, fraud, duplicate_sale, test_order or other is that code); `status=adjusted` with an `amount` below the original lowers payout and revenue in proportion (a partial refund). A transaction id never sent answers `rejected`/`unknown_transaction` with `conversionId` null; a repeated change answers `duplicate: true` (decision 069).',
    response: {
      200: PostbackResultSchema,
      400: ApiErrorSchema,
      401: ApiErrorSchema,
      403: ApiErrorSchema,
      429: ApiErrorSchema,
      503: ApiErrorSchema,
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
