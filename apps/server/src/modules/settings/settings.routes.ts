import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingsEndpoints } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { unauthorized } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { authOf } from '../../plugins/auth.js';
import type { AppContext } from '../../context.js';
import * as repo from './settings.repository.js';

/** The account screen's time zone and preferences, for the signed-in user (staff included). */
export const settingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  const answer = async (userId: number, message?: string) => {
    const settings = await repo.accountSettings(db, userId);
    if (!settings) throw unauthorized();
    return ok(settings, message ? { message } : {});
  };

  app.route({
    ...routeOf(settingsEndpoints.get),
    onRequest: app.requireAuth(),
    handler: async (request) => answer(authOf(request).userId),
  });

  app.route({
    ...routeOf(settingsEndpoints.setTimezone),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      const { userId } = authOf(request);
      await repo.setTimezone(db, userId, request.body.timezone, ctx.now());
      return answer(userId, 'Your timezone has been saved.');
    },
  });

  app.route({
    ...routeOf(settingsEndpoints.setPreferences),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      const { userId } = authOf(request);
      await repo.setPreferences(db, userId, request.body, ctx.now());
      return answer(userId, 'Your preferences have been saved.');
    },
  });
};
