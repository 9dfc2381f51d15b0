import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conversionChangesEndpoints } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { routeOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/reply.js';
import { staffScopeOf } from '../access/index.js';
import { auditActorOf } from '../audit/index.js';
import type { AppContext } from '../../context.js';
import {
  addConversion,
  adjustConversion,
  approveConversion,
  conversionHistory,
  reverseConversion,
  type ChangeActor,
} from './conversion-changes.js';

/** Admins and finance change every conversion; team and account managers those of their partners (decision 069). */
const WRITERS = ['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER', 'ROLE_FINANCE'] as const;

const staffActor = (request: FastifyRequest): ChangeActor => ({
  source: 'staff',
  audit: auditActorOf(request),
  scope: staffScopeOf(request),
});

/** Conversions changed after the fact by staff (decision 069). */
export const conversionChangesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guard = app.requireStaff([...WRITERS]);

  app.route({
    ...routeOf(conversionChangesEndpoints.reverse),
    onRequest: guard,
    handler: async (request) =>
      ok(await reverseConversion(ctx.db, request.params.id, request.body, staffActor(request), ctx.now())),
  });

  app.route({
    ...routeOf(conversionChangesEndpoints.adjust),
    onRequest: guard,
    handler: async (request) =>
      ok(await adjustConversion(ctx.db, request.params.id, request.body, staffActor(request), ctx.now())),
  });

  app.route({
    ...routeOf(conversionChangesEndpoints.approve),
    onRequest: guard,
    handler: async (request) =>
      ok(await approveConversion(ctx.db, request.params.id, request.body, staffActor(request), ctx.now())),
  });

  app.route({
    ...routeOf(conversionChangesEndpoints.add),
    onRequest: guard,
    handler: async (request) => ok(await addConversion(ctx.db, request.body, staffActor(request), ctx.now())),
  });

  app.route({
    ...routeOf(conversionChangesEndpoints.history),
    onRequest: guard,
    handler: async (request) => ok(await conversionHistory(ctx.db, request.params.id, staffScopeOf(request))),
  });
};
