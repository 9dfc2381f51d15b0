import type { FastifyPluginAsync } from 'fastify';
import { ping } from '../../db/client.js';
import type { AppContext } from '../../context.js';

export const healthRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await ping(ctx.db);
      return { status: 'ok', database: ctx.dbKind };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: ctx.dbKind });
    }
  });
};
