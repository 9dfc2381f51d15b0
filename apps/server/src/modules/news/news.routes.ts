import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newsEndpoints } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/reply.js';
import type { AppContext } from '../../context.js';
import { listPublishedNews } from './news.repository.js';

export const newsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({
    ...routeOf(newsEndpoints.list),
    // A portal call: partner users only, like the rest of the partner-facing API.
    preHandler: app.requireAuth(['ROLE_PARTNER']),
    handler: async (request) => {
      const { page, count, sort, order, groups } = request.query;
      const { list, total } = await listPublishedNews(ctx.db, ctx.now(), {
        page,
        count,
        sort,
        order,
        groups: groups ?? [],
      });
      return ok(list, { total });
    },
  });
};
