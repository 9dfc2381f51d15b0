import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEndpoints } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/reply.js';
import { staffScopeOf } from '../access/index.js';
import type { AppContext } from '../../context.js';
import { listAuditActors, listAuditLog } from './audit.repository.js';

/** The audit log (decision 036): admins read every entry, team and account managers their partners'. */
export const auditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({
    ...routeOf(auditEndpoints.auditLog),
    onRequest: app.requireStaff(['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER']),
    handler: async (request) => {
      const { list, total } = await listAuditLog(ctx.db, staffScopeOf(request), request.query);
      return ok(list, { total });
    },
  });
  app.route({
    ...routeOf(auditEndpoints.auditActors),
    onRequest: app.requireStaff(['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER']),
    handler: async (request) => ok(await listAuditActors(ctx.db, staffScopeOf(request))),
  });
};
