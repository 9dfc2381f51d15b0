import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { POSTBACK_SAMPLE_VALUES, POSTBACK_TIMEOUT_MS, expandPostbackUrl, postbacksEndpoints } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { AppError, conflict, notFound, tooManyRequests } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { partnerIdOf } from '../../plugins/auth.js';
import type { AppContext } from '../../context.js';
import { postbackSecretOf, rotatePostbackSecret } from './postback-secrets.js';
import * as repo from './postbacks.repository.js';
import { createPartnerPostback, POSTBACK_NOT_FOUND, updatePartnerPostback } from './postbacks.service.js';

/** The Test action: at most this many per partner and window (each one is an outgoing request). */
const TEST_LIMIT = { max: 10, windowMs: 60_000 };

/**
 * A partner's own postbacks (decision 019): list, create, edit, delete, statistics, Test, manual
 * re-send, and the signing secret. Sessions only, never API keys (decision 013); another partner's postback or
 * delivery answers 404, as if it did not exist.
 */
export const postbacksRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.route({
    ...routeOf(postbacksEndpoints.list),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      const list = await repo.listPostbacks(db, partnerIdOf(request), request.query.groups);
      return ok(list, { total: list.length });
    },
  });

  app.route({
    ...routeOf(postbacksEndpoints.get),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      const postback = await repo.findPostback(db, partnerIdOf(request), request.params.id);
      if (!postback) throw notFound(POSTBACK_NOT_FOUND);
      return ok(postback);
    },
  });

  app.route({
    ...routeOf(postbacksEndpoints.create),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      const partnerId = partnerIdOf(request);
      const postback = await createPartnerPostback(db, partnerId, request.body, ctx.now());
      request.log.info({ postbackId: postback.id, partnerId }, 'postback created');
      return ok(postback, { message: 'The postback has been created.' });
    },
  });

  app.route({
    ...routeOf(postbacksEndpoints.update),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      const partnerId = partnerIdOf(request);
      const { id } = request.params;
      const postback = await updatePartnerPostback(db, partnerId, id, request.body, ctx.now());
      request.log.info({ postbackId: id, partnerId }, 'postback updated');
      return ok(postback, { message: 'The postback has been saved.' });
    },
  });

  app.route({
    ...routeOf(postbacksEndpoints.delete),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      const partnerId = partnerIdOf(request);
      if (!(await repo.deletePostback(db, partnerId, request.params.id))) throw notFound(POSTBACK_NOT_FOUND);
      request.log.info({ postbackId: request.params.id, partnerId }, 'postback deleted');
      return ok(null, { message: 'The postback has been deleted.' });
    },
  });

  app.route({
    ...routeOf(postbacksEndpoints.stats),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      const postback = await repo.findPostbackRow(db, partnerIdOf(request), request.params.id);
      if (!postback) throw notFound(POSTBACK_NOT_FOUND);
      const stats = await repo.postbackStats(db, postback.id, request.query.page, request.query.count);
      return ok(stats, { total: stats.attemptsTotal });
    },
  });

  app.route({
    ...routeOf(postbacksEndpoints.test),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      const partnerId = partnerIdOf(request);
      const postback = await repo.findPostbackRow(db, partnerId, request.params.id);
      if (!postback) throw notFound(POSTBACK_NOT_FOUND);
      const now = ctx.now();
      const recent = await repo.testDeliveriesSince(db, partnerId, new Date(now.getTime() - TEST_LIMIT.windowMs));
      if (recent >= TEST_LIMIT.max) {
        throw tooManyRequests('Too many tests in a short time. Please wait a minute.', TEST_LIMIT.windowMs / 1000);
      }
      const url = expandPostbackUrl(postback.url, POSTBACK_SAMPLE_VALUES);
      // Due only after the attempt's timeout, so the worker leaves it to this request.
      const deliveryPk = await repo.createTestDelivery(db, postback, url, now, POSTBACK_TIMEOUT_MS * 3);
      // Through the worker, so the attempt has its settings (loopback policy, timeout) and is recorded like its own.
      const attempt = await app.postbackWorker.attempt(deliveryPk);
      const dto = await repo.attemptById(db, attempt);
      if (!dto) throw new AppError(500, 'The test attempt was not recorded.');
      request.log.info({ postbackId: postback.id, partnerId, success: dto.success }, 'postback tested');
      return ok(dto, {
        message: dto.success ? 'The test postback was delivered.' : 'The test postback was not delivered.',
      });
    },
  });

  app.route({
    ...routeOf(postbacksEndpoints.resendDelivery),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      const partnerId = partnerIdOf(request);
      const outcome = await repo.resendDelivery(db, partnerId, request.params.deliveryId, ctx.now());
      if (outcome === 'not_found') throw notFound('Delivery not found.');
      if (outcome === 'succeeded') throw conflict('This delivery has already succeeded.');
      request.log.info({ deliveryId: request.params.deliveryId, partnerId }, 'postback delivery re-sent');
      return ok(null, {
        message:
          outcome === 'queued'
            ? 'The delivery will be sent again shortly.'
            : 'The delivery will be sent again once the postback is enabled.',
      });
    },
  });

  app.route({
    ...routeOf(postbacksEndpoints.secret),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      const secret = await postbackSecretOf(db, partnerIdOf(request), ctx.now());
      return ok({ secret: secret.secret, rotatedAt: secret.rotatedAt.toISOString() });
    },
  });

  app.route({
    ...routeOf(postbacksEndpoints.rotateSecret),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      const partnerId = partnerIdOf(request);
      const secret = await rotatePostbackSecret(db, partnerId, ctx.now());
      request.log.info({ partnerId }, 'postback secret rotated');
      return ok(
        { secret: secret.secret, rotatedAt: secret.rotatedAt.toISOString() },
        { message: 'A new signing secret has been created. Update your tracker.' },
      );
    },
  });
};
