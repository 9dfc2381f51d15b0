import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { advertisersEndpoints } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { ok, toIso } from '../../lib/reply.js';
import type { AppContext } from '../../context.js';
import { listAdvertisers } from './advertisers.repository.js';

/** Advertisers and their postback tokens, for admins: the token is what an advertiser's server must be given. */
export const advertisersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({
    ...routeOf(advertisersEndpoints.list),
    preHandler: app.requireAuth(['ROLE_ADMIN']),
    handler: async () => {
      const rows = await listAdvertisers(ctx.db);
      return ok(
        rows.map((row) => ({ ...row, createdAt: toIso(row.createdAt) ?? '' })),
        { total: rows.length },
      );
    },
  });
};
