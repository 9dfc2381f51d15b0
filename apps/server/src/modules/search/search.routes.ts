import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffSearchEndpoints } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/reply.js';
import { staffScopeOf } from '../access/index.js';
import type { AppContext } from '../../context.js';
import { staffSearch } from './search.js';

/** The staff top bar's search (decision 080): any staff member, each group within its scope. */
export const searchRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({
    ...routeOf(staffSearchEndpoints.search),
    onRequest: app.requireStaff(),
    handler: async (request) => ok(await staffSearch(ctx.db, staffScopeOf(request), request.query.q, ctx.now())),
  });
};
