import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { networkSettingsEndpoints } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/reply.js';
import { authOf } from '../../plugins/auth.js';
import { auditActorOf } from '../audit/index.js';
import type { AppContext } from '../../context.js';
import { trafficSettings } from './network-settings.repository.js';
import { changeTrafficSettings } from './network-settings.service.js';

/** The network's traffic settings (decision 105): read by staff, set by admins, audited. */
export const networkSettingsRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  /** A new fallback reaches this process's /click at once (other processes within the context cache's TTL). */
  onChange?: () => void;
}> = async (app, { ctx, onChange }) => {
  const { db } = ctx;

  app.route({
    ...routeOf(networkSettingsEndpoints.traffic),
    onRequest: app.requireStaff(),
    handler: async () => ok(await trafficSettings(db)),
  });

  app.route({
    ...routeOf(networkSettingsEndpoints.updateTraffic),
    onRequest: app.requireStaff(['ROLE_ADMIN']),
    handler: async (request) => {
      const actor = auditActorOf(request);
      const userId = authOf(request).userId;
      const settings = await changeTrafficSettings(db, actor, userId, request.body, ctx.now());
      onChange?.();
      return ok(settings, { message: 'The traffic settings were saved.' });
    },
  });
};
