import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setupEndpoints } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/reply.js';
import type { AppContext } from '../../context.js';
import { createFirstAdmin, isSetupKeyValid } from './first-admin.service.js';

/**
 * The first-run setup of an install with no admin (decision 028): the link printed at start opens `/setup`, which
 * names the first administrator, then goes on to the spec's /password-reset screen with the answered key.
 */
export const setupRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({
    ...routeOf(setupEndpoints.checkKey),
    handler: async (request) => ok({ valid: await isSetupKeyValid(ctx.db, request.params.key, ctx.now()) }),
  });

  app.route({
    ...routeOf(setupEndpoints.createFirstAdmin),
    handler: async (request) => {
      const { userId, passwordKey } = await createFirstAdmin(ctx.db, request.body, ctx.now());
      request.log.info({ userId }, 'first administrator created through the setup link');
      return ok({ passwordKey }, { message: 'The administrator account has been created. Choose its password.' });
    },
  });
};
