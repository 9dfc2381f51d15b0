import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckKeyResultSchema,
  FirstAdminBodySchema,
  FirstAdminResultSchema,
  SetupKeyParamsSchema,
  envelope,
  errorResponses,
} from '@portal/contracts';
import { ok } from '../../lib/reply.js';
import type { AppContext } from '../../shared/context.js';
import { createFirstAdmin, isSetupKeyValid } from './first-admin.service.js';

/**
 * The first-run setup of an install with no admin (decision 028): the link printed at start opens `/setup`, which
 * names the first administrator, then goes on to the spec's /password-reset screen with the answered key.
 */
export const setupRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/setup/check-key/:key',
    {
      schema: {
        tags: ['setup'],
        summary: 'Whether a first-admin setup link can still be used',
        params: SetupKeyParamsSchema,
        response: { 200: envelope(CheckKeyResultSchema), ...errorResponses },
      },
    },
    async (request) => ok({ valid: await isSetupKeyValid(ctx.db, request.params.key, ctx.now()) }),
  );

  app.post(
    '/setup/first-admin',
    {
      schema: {
        tags: ['setup'],
        summary: 'Create the first administrator with the setup key; answers the key of its set-password link',
        body: FirstAdminBodySchema,
        response: { 200: envelope(FirstAdminResultSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { userId, passwordKey } = await createFirstAdmin(ctx.db, request.body, ctx.now());
      request.log.info({ userId }, 'first administrator created through the setup link');
      return ok({ passwordKey }, { message: 'The administrator account has been created. Choose its password.' });
    },
  );
};
