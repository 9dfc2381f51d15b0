import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffEndpoints } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/reply.js';
import { staffScopeOf } from '../../plugins/auth.js';
import { auditActorOf } from '../audit/index.js';
import type { AppContext } from '../../context.js';
import { changePartnerStatus, partnerStatusHistory } from './partner-status.js';
import { listStaffApplications, listStaffDocuments, listStaffPartners, staffHome } from './staff.repository.js';
import { viewAsPartner } from './view-as.js';

/**
 * The back-office's partners: staff list them (an account manager sees only its own) and move them through their
 * statuses, approving a registration, declining, suspending, reinstating or closing (decision 026).
 */
export const staffRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({
    ...routeOf(staffEndpoints.home),
    preHandler: app.requireStaff(),
    handler: async (request) => ok(await staffHome(ctx.db, staffScopeOf(request))),
  });

  app.route({
    ...routeOf(staffEndpoints.applications),
    preHandler: app.requireStaff(['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER']),
    handler: async (request) => {
      const { list, total } = await listStaffApplications(ctx.db, staffScopeOf(request), request.query);
      return ok(list, { total });
    },
  });

  app.route({
    ...routeOf(staffEndpoints.documents),
    preHandler: app.requireStaff(['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER']),
    handler: async (request) => {
      const { list, total } = await listStaffDocuments(ctx.db, staffScopeOf(request), request.query);
      return ok(list, { total });
    },
  });

  app.route({
    ...routeOf(staffEndpoints.viewAsPartner),
    preHandler: app.requireStaff(['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER']),
    handler: async (request) => {
      const userAgent = request.headers['user-agent'];
      return ok(
        await viewAsPartner(ctx.db, staffScopeOf(request), request.params.id, {
          now: ctx.now(),
          publicUrl: ctx.config.publicUrl,
          actor: auditActorOf(request),
          ip: request.ip,
          ...(userAgent ? { userAgent } : {}),
        }),
      );
    },
  });

  app.route({
    ...routeOf(staffEndpoints.listPartners),
    preHandler: app.requireStaff(['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER']),
    handler: async (request) => {
      const list = await listStaffPartners(ctx.db, staffScopeOf(request), request.query.status);
      return ok(list, { total: list.length });
    },
  });

  app.route({
    ...routeOf(staffEndpoints.changePartnerStatus),
    preHandler: app.requireStaff(['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER']),
    handler: async (request) => {
      const scope = staffScopeOf(request);
      const partner = await changePartnerStatus(ctx.db, scope, request.params.id, request.body, {
        mailer: ctx.mailer,
        publicUrl: ctx.config.publicUrl,
        now: ctx.now(),
        actor: auditActorOf(request),
      });
      request.log.info({ partnerId: partner.id, status: partner.status, by: scope.userId }, 'partner status changed');
      return ok(partner);
    },
  });

  app.route({
    ...routeOf(staffEndpoints.partnerStatusHistory),
    preHandler: app.requireStaff(['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER']),
    handler: async (request) => {
      const list = await partnerStatusHistory(ctx.db, staffScopeOf(request), request.params.id);
      return ok(list, { total: list.length });
    },
  });
};
