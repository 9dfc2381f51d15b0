import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { capsEndpoints, partnerCapsEndpoints, staffNotificationsEndpoints } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { ok, toIso } from '../../lib/reply.js';
import { partnerIdOf } from '../../plugins/auth.js';
import { staffScopeOf } from '../access/index.js';
import { auditActorOf } from '../audit/index.js';
import type { AppContext } from '../../context.js';
import { capAlerts, listCaps, replaceCaps } from './caps.service.js';
import { staffNotificationsOf } from './caps.repository.js';
import { partnerCapWarnings } from './cap-partner-alerts.js';

/** Offer caps (decision 045): read by every staff member, set by managers within reach; the alerts they raise. */
export const capsRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  /** A change of caps reaches this process's /click at once (other processes within the context cache's TTL). */
  onCapsChange?: () => void;
}> = async (app, { ctx, onCapsChange }) => {
  const { db } = ctx;

  app.route({
    ...routeOf(capsEndpoints.list),
    onRequest: app.requireStaff(),
    handler: async (request) => {
      const list = await listCaps(db, request.params.id, staffScopeOf(request), ctx.now());
      return ok(list, { total: list.length });
    },
  });

  app.route({
    ...routeOf(capsEndpoints.replace),
    onRequest: app.requireStaff(['ROLE_ADMIN', 'ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER']),
    handler: async (request) => {
      const list = await replaceCaps(db, request.params.id, request.body, {
        actor: auditActorOf(request),
        now: ctx.now(),
        scope: staffScopeOf(request),
      });
      onCapsChange?.();
      return ok(list, { total: list.length, message: 'The caps were saved.' });
    },
  });

  app.route({
    ...routeOf(capsEndpoints.alerts),
    onRequest: app.requireStaff(),
    handler: async (request) => {
      const list = await capAlerts(db, staffScopeOf(request), ctx.now());
      return ok(list, { total: list.length });
    },
  });

  app.route({
    ...routeOf(staffNotificationsEndpoints.list),
    onRequest: app.requireStaff(),
    handler: async (request) => {
      const rows = await staffNotificationsOf(db, staffScopeOf(request).userId);
      const list = rows.map((r) => ({ ...r, readAt: toIso(r.readAt), createdAt: toIso(r.createdAt) ?? '' }));
      return ok(list, { total: list.length });
    },
  });

  // The partner's dashboard warning (decision 105): the caps it is under at 80 % or more in their current period.
  app.route({
    ...routeOf(partnerCapsEndpoints.warnings),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      const list = await partnerCapWarnings(db, partnerIdOf(request), ctx.now());
      return ok(list, { total: list.length });
    },
  });
};
