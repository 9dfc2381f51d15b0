import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DUTY_ROLES, ledgerEndpoints } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/reply.js';
import type { AppContext } from '../../context.js';
import { ledgerSummary } from './ledger.js';

/** The books of a Paris month (decision 073): admins and finance only (duty read_ledger). */
export const ledgerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({
    ...routeOf(ledgerEndpoints.summary),
    onRequest: app.requireStaff([...DUTY_ROLES.read_ledger]),
    handler: async (request) => ok(await ledgerSummary(ctx.db, request.query.month)),
  });
};
