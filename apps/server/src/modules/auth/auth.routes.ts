import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { authEndpoints, maskPhone } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/reply.js';
import { authOf } from '../../plugins/auth.js';
import type { AppContext } from '../../context.js';
import * as service from './auth.service.js';

const RESET_LINK_SENT = 'If an account exists for this email, a password reset link has been sent.';

/** The request's address and browser, kept on the session it opens. */
function originOf(request: FastifyRequest): service.SignInOrigin {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, ...(typeof userAgent === 'string' ? { userAgent } : {}) };
}

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({
    ...routeOf(authEndpoints.login),
    handler: async (request) => {
      const outcome = await service.signIn(ctx, request.body, originOf(request));
      if (outcome.twoFactorRequired) {
        request.log.info({ userId: outcome.userId }, 'sign-in code sent');
        return ok({
          twoFactorRequired: true as const,
          challenge: outcome.challenge,
          phone: maskPhone(outcome.phone),
          codeExpireAt: outcome.expiresAt.toISOString(),
        });
      }
      request.log.info({ userId: outcome.userId }, 'signed in');
      return ok({ bearer: outcome.token, expireAt: outcome.expiresAt.toISOString() });
    },
  });

  app.route({
    ...routeOf(authEndpoints.loginTwoFactor),
    handler: async (request) => {
      const session = await service.signInWithCode(ctx, request.body, originOf(request));
      request.log.info({ userId: session.userId }, 'signed in with a two-factor code');
      return ok({ bearer: session.token, expireAt: session.expiresAt.toISOString() });
    },
  });

  app.route({
    ...routeOf(authEndpoints.logout),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      await service.signOut(ctx, authOf(request).sessionId);
      return ok(null, { message: 'Signed out.' });
    },
  });

  app.route({
    ...routeOf(authEndpoints.passwordLost),
    handler: async (request) => {
      await service.sendPasswordLink(ctx, request.body.email);
      return ok(null, { message: RESET_LINK_SENT });
    },
  });

  app.route({
    ...routeOf(authEndpoints.checkResetKey),
    handler: async (request) => ok({ valid: await service.isResetKeyValid(ctx, request.params.key) }),
  });

  app.route({
    ...routeOf(authEndpoints.resetPassword),
    handler: async (request) => {
      await service.resetPassword(ctx, request.body);
      return ok(null, { message: 'Your password has been changed successfully.' });
    },
  });

  app.route({
    ...routeOf(authEndpoints.changePassword),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      const { userId, sessionId } = authOf(request);
      await service.changePassword(ctx, { userId, sessionId, ip: request.ip }, request.body);
      return ok(null, { message: 'Your password has been updated successfully.' });
    },
  });
};
