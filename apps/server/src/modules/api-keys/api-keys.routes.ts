import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeysEndpoints } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { authOf, partnerIdOf } from '../../plugins/auth.js';
import type { AppContext } from '../../context.js';
import * as repo from './api-keys.repository.js';
import { createApiKey } from './api-keys.service.js';

/**
 * A partner's read-only reporting keys. Managing them takes a signed-in session: a key can
 * never create or revoke keys (plugins/auth.ts accepts keys only on routes that opt in).
 */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.route({
    ...routeOf(apiKeysEndpoints.list),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      const list = await repo.listKeys(db, partnerIdOf(request));
      return ok(list, { total: list.length });
    },
  });

  app.route({
    ...routeOf(apiKeysEndpoints.create),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      const partnerId = partnerIdOf(request);
      const created = await createApiKey(db, {
        partnerId,
        userId: authOf(request).userId,
        name: request.body.name,
        now: ctx.now(),
      });
      request.log.info({ apiKeyId: created.id, partnerId }, 'api key created');
      return ok(created, { message: 'Your API key has been created. Copy it now: it will not be shown again.' });
    },
  });

  app.route({
    ...routeOf(apiKeysEndpoints.revoke),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      const partnerId = partnerIdOf(request);
      const revoked = await repo.revokeKey(db, partnerId, request.params.id, ctx.now());
      if (!revoked) throw notFound('API key not found.');
      request.log.info({ apiKeyId: revoked.id, partnerId }, 'api key revoked');
      return ok(revoked, { message: 'The API key has been revoked.' });
    },
  });
};
