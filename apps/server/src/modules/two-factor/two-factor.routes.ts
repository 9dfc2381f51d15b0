import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { maskPhone, toE164, twoFactorEndpoints } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/reply.js';
import { authOf } from '../../plugins/auth.js';
import type { AppContext } from '../../context.js';
import { confirmEnrolment, disableTwoFactor, startEnrolment } from './two-factor.service.js';

/**
 * Enrolment of a phone for two-factor sign-in, changing it, and turning it off: each needs the
 * current password (a wrong one counts as a failed sign-in) and e-mails the account (decision 030).
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({
    ...routeOf(twoFactorEndpoints.start),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      const { userId, sessionId } = authOf(request);
      const phone = toE164(request.body.countryCode, request.body.phoneNumber);
      const sent = await startEnrolment(
        ctx,
        { userId, sessionId, ip: request.ip },
        { password: request.body.password, phone },
      );
      const masked = maskPhone(sent.phone);
      return ok(
        { phone: masked, codeExpireAt: sent.expiresAt.toISOString() },
        { message: `A verification code has been sent to ${masked}.` },
      );
    },
  });

  app.route({
    ...routeOf(twoFactorEndpoints.confirm),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      const { userId, sessionId } = authOf(request);
      const confirmed = await confirmEnrolment(ctx, { userId, sessionId, ip: request.ip }, request.body.code);
      request.log.info({ userId }, confirmed.wasEnabled ? 'two-factor phone changed' : 'two-factor enabled');
      return ok(
        { ...confirmed.status, recoveryCodes: confirmed.recoveryCodes },
        {
          message: confirmed.wasEnabled
            ? 'The two-factor phone number is changed.'
            : 'Two-factor authentication is enabled.',
        },
      );
    },
  });

  app.route({
    ...routeOf(twoFactorEndpoints.disable),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      const { userId, sessionId } = authOf(request);
      const status = await disableTwoFactor(ctx, { userId, sessionId, ip: request.ip }, request.body.password);
      request.log.info({ userId }, 'two-factor disabled');
      return ok(status, { message: 'Two-factor authentication is disabled.' });
    },
  });
};
