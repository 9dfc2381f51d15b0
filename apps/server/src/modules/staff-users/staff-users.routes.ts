import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffUserEndpoints } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { conflict } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { UPLOAD_BODY_LIMIT } from '../../lib/uploads.js';
import { authOf } from '../../plugins/auth.js';
import { staffScopeOf } from '../access/index.js';
import type { AppContext } from '../../context.js';
import { auditActorOf } from '../audit/index.js';
import { listStaffUsers, listTeams, securitySettings } from './staff-users.repository.js';
import {
  changeSecuritySettings,
  createStaffUser,
  createTeam,
  updateStaffUser,
  updateTeam,
  type Acting,
} from './staff-users.service.js';

/**
 * Staff users, teams and the network's security settings (decision 037). Admins manage everyone; team
 * managers the account managers of their own team; the rest is refused, and an attempt to give more rights than one
 * has is logged as a security event.
 */
export const staffUsersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const acting = (request: FastifyRequest): Acting => ({
    scope: staffScopeOf(request),
    teamId: authOf(request).teamId ?? null,
    actor: auditActorOf(request),
    sessionId: authOf(request).sessionId,
  });
  const context = (request: FastifyRequest) => ({
    db: ctx.db,
    mailer: ctx.mailer,
    storage: ctx.storage,
    publicUrl: ctx.config.publicUrl,
    now: ctx.now(),
    log: request.log,
    security: (event: Record<string, unknown>, message: string) =>
      app.log.warn({ ...event, reqId: request.id, ip: request.ip }, message),
    config: ctx.config,
    ip: request.ip,
  });

  app.route({
    ...routeOf(staffUserEndpoints.list),
    onRequest: app.requireStaff(['ROLE_TEAM_MANAGER']),
    handler: async (request) => {
      const { scope, teamId } = acting(request);
      const list = await listStaffUsers(ctx.db, scope.reach === 'all' ? 'all' : teamId);
      return ok(list, { total: list.length });
    },
  });

  app.route({
    ...routeOf(staffUserEndpoints.create),
    bodyLimit: UPLOAD_BODY_LIMIT,
    // Any staff member reaches the rule, so that an account manager's attempt is refused and logged by it.
    onRequest: app.requireStaff(),
    handler: async (request) => {
      const user = await createStaffUser(context(request), acting(request), request.body);
      return ok(user, {
        message: `${user.displayName} is invited: an e-mail with a link to choose a password is on its way.`,
      });
    },
  });

  app.route({
    ...routeOf(staffUserEndpoints.update),
    bodyLimit: UPLOAD_BODY_LIMIT,
    onRequest: app.requireStaff(),
    handler: async (request) => {
      const user = await updateStaffUser(context(request), acting(request), request.params.id, request.body);
      return ok(user, { message: 'Saved.' });
    },
  });

  app.route({
    ...routeOf(staffUserEndpoints.teams),
    onRequest: app.requireStaff(),
    handler: async () => {
      const list = await listTeams(ctx.db);
      return ok(list, { total: list.length });
    },
  });

  app.route({
    ...routeOf(staffUserEndpoints.createTeam),
    onRequest: app.requireStaff(['ROLE_ADMIN']),
    handler: async (request) => ok(await createTeam(ctx.db, auditActorOf(request), request.body, ctx.now())),
  });

  app.route({
    ...routeOf(staffUserEndpoints.updateTeam),
    onRequest: app.requireStaff(['ROLE_ADMIN']),
    handler: async (request) =>
      ok(await updateTeam(ctx.db, auditActorOf(request), request.params.id, request.body, ctx.now())),
  });

  app.route({
    ...routeOf(staffUserEndpoints.securitySettings),
    onRequest: app.requireStaff(['ROLE_ADMIN']),
    handler: async () => ok(await securitySettings(ctx.db)),
  });

  app.route({
    ...routeOf(staffUserEndpoints.updateSecuritySettings),
    onRequest: app.requireStaff(['ROLE_ADMIN']),
    handler: async (request) => {
      const before = await securitySettings(ctx.db);
      // Requiring it of others while one cannot pass it oneself would shut the admin out of its own console.
      if (request.body.staffTwoFactorRequired && !authOf(request).twoFactorEnabled) {
        const message = 'Enable two-factor sign-in for yourself before requiring it of all staff.';
        throw conflict(message, { staffTwoFactorRequired: message });
      }
      const actor = { ...auditActorOf(request), actorId: authOf(request).userId };
      return ok(await changeSecuritySettings(ctx.db, actor, before, request.body, ctx.now()));
    },
  });
};
