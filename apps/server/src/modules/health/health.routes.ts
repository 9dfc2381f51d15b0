import type { FastifyPluginAsync } from 'fastify';
import { ping } from '../../db/client.js';
import type { AppContext } from '../../context.js';
import type { ClickBufferState } from '../click/index.js';

/**
 * `/healthz`: the process is alive (200 even with the database away, so that nothing restarts a server that is
 * keeping clicks in its journal) and says what it knows: the database up or down, the clicks waiting, refused.
 * `/readyz`: 503 while the database is away, so that a load balancer sends API traffic elsewhere (decision 053).
 */
/** Set on SIGTERM when DRAIN_SECONDS > 0: /readyz answers 503 while the server still serves (issue 51). */
export type HealthState = { draining: boolean };

export const healthRoutes: FastifyPluginAsync<{
  ctx: AppContext;
  clicks: () => ClickBufferState;
  state: HealthState;
}> = async (app, { ctx, clicks, state }) => {
  const databaseUp = async () => {
    try {
      await ping(ctx.db);
      return true;
    } catch {
      return false;
    }
  };
  app.get('/healthz', { schema: { hide: true } }, async () => {
    const up = await databaseUp();
    return { status: up ? 'ok' : 'degraded', database: ctx.dbKind, databaseUp: up, clicks: clicks() };
  });
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (state.draining) {
      return reply.code(503).send({ status: 'draining', database: ctx.dbKind, databaseUp: null });
    }
    const up = await databaseUp();
    return reply
      .code(up ? 200 : 503)
      .send({ status: up ? 'ready' : 'unavailable', database: ctx.dbKind, databaseUp: up });
  });
};
