import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { goalsEndpoints } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/reply.js';
import type { AppContext } from '../../context.js';
import { auditActorOf } from '../audit/index.js';
import { changeGoal, createGoal, staffGoal, staffGoals } from './goals.service.js';

/** The network's goals (decision 078): every staff role reads them (they pick them on offers), admins write them. */
export const goalsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; onGoalsChange: () => void }> = async (
  app,
  { ctx, onGoalsChange },
) => {
  const admin = app.requireStaff(['ROLE_ADMIN']);
  const context = (request: Parameters<typeof auditActorOf>[0]) => ({ actor: auditActorOf(request), now: ctx.now() });

  app.route({
    ...routeOf(goalsEndpoints.list),
    onRequest: app.requireStaff(),
    handler: async () => {
      const list = await staffGoals(ctx.db);
      return ok(list, { total: list.length });
    },
  });

  app.route({
    ...routeOf(goalsEndpoints.create),
    onRequest: admin,
    handler: async (request) => {
      const id = await createGoal(ctx.db, request.body, context(request));
      return ok(await staffGoal(ctx.db, id), { message: 'The goal was created.' });
    },
  });

  app.route({
    ...routeOf(goalsEndpoints.update),
    onRequest: admin,
    handler: async (request) => {
      await changeGoal(ctx.db, request.params.id, request.body, context(request));
      // A renamed or recoded goal reaches the click and postback caches at once.
      onGoalsChange();
      return ok(await staffGoal(ctx.db, request.params.id), { message: 'The goal was saved.' });
    },
  });
};
