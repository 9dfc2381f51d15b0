import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ListNewsQuerySchema, NewsSchema, errorResponses, listOf } from '@portal/contracts';
import { ok } from '../../lib/reply.js';
import type { AppContext } from '../../shared/context.js';
import { listPublishedNews } from './news.repository.js';

export const newsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/news',
    {
      // A portal call: partner users only, like the rest of the partner-facing API.
      preHandler: app.requireAuth(['ROLE_PARTNER']),
      schema: {
        tags: ['news'],
        summary: 'Published news, newest first by default; groups=image adds each picture URL',
        querystring: ListNewsQuerySchema,
        response: { 200: listOf(NewsSchema), ...errorResponses },
      },
    },
    async (request) => {
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
  );
};
