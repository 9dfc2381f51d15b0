import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountSettingsSchema,
  PreferencesSchema,
  TimezoneBodySchema,
  envelope,
  errorResponses,
} from '@portal/contracts';
import { unauthorized } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { authOf } from '../../plugins/auth.js';
import type { AppContext } from '../../shared/context.js';
import * as repo from './settings.repository.js';

/** The account screen's time zone and preferences, for the signed-in user (staff included). */
export const settingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  const answer = async (userId: number, message?: string) => {
    const settings = await repo.accountSettings(db, userId);
    if (!settings) throw unauthorized();
    return ok(settings, message ? { message } : {});
  };

  app.get(
    '/account/settings',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags: ['account'],
        summary: 'Time zone, notification preferences and two-factor state of the signed-in user',
        response: { 200: envelope(AccountSettingsSchema), ...errorResponses },
      },
    },
    async (request) => answer(authOf(request).userId),
  );

  app.put(
    '/account/timezone',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags: ['account'],
        summary: 'Set the display time zone of reports and the dashboard (a whole-hour GMT offset)',
        body: TimezoneBodySchema,
        response: { 200: envelope(AccountSettingsSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = authOf(request);
      await repo.setTimezone(db, userId, request.body.timezone, ctx.now());
      return answer(userId, 'Your timezone has been saved.');
    },
  );

  app.put(
    '/account/preferences',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags: ['account'],
        summary: 'Set the newsletter and notification preferences (all five at once)',
        body: PreferencesSchema,
        response: { 200: envelope(AccountSettingsSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = authOf(request);
      await repo.setPreferences(db, userId, request.body, ctx.now());
      return answer(userId, 'Your preferences have been saved.');
    },
  );
};
