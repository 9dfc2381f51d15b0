import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { advertisersEndpoints, clientTagEndpoints } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import type { AppContext } from '../../context.js';
import { auditActorOf } from '../audit/index.js';
import { listPostbackLog, type AdvertiserTokens } from '../conversions/index.js';
import type { ClickBuffer } from '../click/index.js';
import { advertiserWithCounts, listAdvertisers } from './advertisers.repository.js';
import {
  ADVERTISER_NOT_FOUND,
  advertiserDetail,
  advertiserSummary,
  changeAdvertiser,
  changeProduct,
  createAdvertiser,
  createProduct,
  rotateToken,
} from './advertisers.service.js';
import { tagSetupOf } from './tag-setup.js';
import { runTestPostback } from './test-postback.js';

/** What the advertisers' screens use of the tracking engine: the click buffer (test postbacks) and the token list. */
export type AdvertiserTracking = { buffer: ClickBuffer; tokens: AdvertiserTokens };

/**
 * Advertisers, their products, postback tokens and postback log, for admins (decision 041): the token is what an
 * advertiser's server must be given, and lets its holder create paid conversions. Every write is audited; a change
 * of token or of enabled reaches /postback at once (the token list is reloaded).
 */
export const advertisersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; tracking: AdvertiserTracking }> = async (
  app,
  { ctx, tracking },
) => {
  const admin = app.requireStaff(['ROLE_ADMIN']);
  const context = (request: Parameters<typeof auditActorOf>[0]) => ({ actor: auditActorOf(request), now: ctx.now() });
  const detail = (id: number) => advertiserDetail(ctx.db, id, { publicUrl: ctx.config.publicUrl, now: ctx.now() });

  app.route({
    ...routeOf(advertisersEndpoints.list),
    onRequest: admin,
    handler: async () => {
      const rows = await listAdvertisers(ctx.db);
      return ok(rows.map(advertiserSummary), { total: rows.length });
    },
  });

  app.route({
    ...routeOf(advertisersEndpoints.create),
    onRequest: admin,
    handler: async (request) => {
      const id = await createAdvertiser(ctx.db, request.body, context(request));
      tracking.tokens.invalidate();
      return ok(await detail(id), { message: 'The advertiser was created.' });
    },
  });

  app.route({
    ...routeOf(advertisersEndpoints.get),
    onRequest: admin,
    handler: async (request) => ok(await detail(request.params.id)),
  });

  app.route({
    ...routeOf(advertisersEndpoints.update),
    onRequest: admin,
    handler: async (request) => {
      await changeAdvertiser(ctx.db, request.params.id, request.body, context(request));
      return ok(await detail(request.params.id), { message: 'The advertiser was saved.' });
    },
  });

  app.route({
    ...routeOf(advertisersEndpoints.rotateToken),
    onRequest: admin,
    handler: async (request) => {
      await rotateToken(ctx.db, request.params.id, request.body.graceHours, context(request));
      tracking.tokens.invalidate();
      request.log.warn({ advertiserId: request.params.id }, 'advertiser security token rotated');
      return ok(await detail(request.params.id), { message: 'A new security token was issued.' });
    },
  });

  app.route({
    ...routeOf(advertisersEndpoints.postbacks),
    onRequest: admin,
    handler: async (request) => {
      if (!(await advertiserWithCounts(ctx.db, request.params.id))) throw notFound(ADVERTISER_NOT_FOUND);
      const { list, total } = await listPostbackLog(ctx.db, request.params.id, request.query);
      return ok(list, { total });
    },
  });

  app.route({
    ...routeOf(clientTagEndpoints.setup),
    onRequest: admin,
    handler: async (request) => ok(await tagSetupOf(ctx.db, request.params.id, ctx.config.publicUrl)),
  });

  app.route({
    ...routeOf(advertisersEndpoints.testPostback),
    onRequest: admin,
    handler: async (request) =>
      ok(await runTestPostback({ db: ctx.db, buffer: tracking.buffer }, request.params.id, request.body, { ip: request.ip, now: ctx.now() })), // prettier-ignore
  });

  app.route({
    ...routeOf(advertisersEndpoints.createProduct),
    onRequest: admin,
    handler: async (request) =>
      ok(await createProduct(ctx.db, request.params.id, request.body, context(request)), {
        message: 'The product was created.',
      }),
  });

  app.route({
    ...routeOf(advertisersEndpoints.updateProduct),
    onRequest: admin,
    handler: async (request) =>
      ok(await changeProduct(ctx.db, request.params.id, request.body, context(request)), {
        message: 'The product was saved.',
      }),
  });
};
