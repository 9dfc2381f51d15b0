import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangePasswordBodySchema,
  CheckKeyResultSchema,
  LoginBodySchema,
  LoginResultSchema,
  MessageSchema,
  PasswordLostBodySchema,
  PasswordResetBodySchema,
  ResetKeyParamsSchema,
  envelope,
  errorResponses,
} from '@portal/contracts';
import { AppError, badRequest, tooManyRequests } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { ok } from '../../lib/reply.js';
import { authOf } from '../../plugins/auth.js';
import type { AppContext } from '../../shared/context.js';
import * as repo from './auth.repository.js';

const INCORRECT = 'Incorrect username or password.';
const RESET_LINK_SENT = 'If an account exists for this email, a password reset link has been sent.';
const INVALID_KEY = 'The link is either invalid or has expired.';
const MAX_RESET_MAILS_PER_HOUR = 5;

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config, mailer } = ctx;

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in; answers an opaque bearer token and its absolute expiry',
        body: LoginBodySchema,
        response: { 200: envelope(LoginResultSchema), ...errorResponses },
      },
    },
    async (request) => {
      const now = ctx.now();
      const account = request.body.username.trim().toLowerCase();
      const ip = request.ip;
      for (const [scope, key, limit] of [
        ['account', account, config.loginMaxFailuresPerAccount],
        ['ip', ip, config.loginMaxFailuresPerIp],
      ] as const) {
        const failures = await repo.recentFailures(db, scope, key, now);
        if (failures.count >= limit) {
          const minutes = Math.ceil(failures.retryAfterSeconds / 60);
          throw tooManyRequests(
            `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes > 1 ? 's' : ''}.`,
            failures.retryAfterSeconds,
          );
        }
      }
      const user = await repo.findUserByEmail(db, account);
      const valid = await verifyPassword(user?.passwordHash, request.body.password);
      if (!user || !valid || !user.enabled) {
        await repo.recordFailure(db, account, ip, now);
        throw new AppError(401, INCORRECT);
      }
      if (user.partnerId !== null && user.partnerStatus !== 'active') {
        throw new AppError(403, 'Your partner account is not active. Please contact your account manager.');
      }
      await repo.clearAccountFailures(db, account);
      const session = await repo.createSession(db, user.id, now, {
        ip,
        ...(request.headers['user-agent'] ? { userAgent: request.headers['user-agent'] } : {}),
      });
      request.log.info({ userId: user.id }, 'signed in');
      return ok({ bearer: session.token, expireAt: session.expiresAt.toISOString() });
    },
  );

  app.post(
    '/logout',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags: ['auth'],
        summary: 'Revoke the current session',
        response: { 200: MessageSchema, ...errorResponses },
      },
    },
    async (request) => {
      await repo.deleteSession(db, authOf(request).sessionId);
      return ok(null, { message: 'Signed out.' });
    },
  );

  app.post(
    '/password/lost',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a password reset link; the answer is the same for known and unknown e-mails',
        body: PasswordLostBodySchema,
        response: { 200: MessageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const now = ctx.now();
      const user = await repo.findUserByEmail(db, request.body.email);
      if (user?.enabled) {
        await db.transaction(async (tx) => {
          if ((await repo.countRecentResetKeys(tx, user.id, now)) >= MAX_RESET_MAILS_PER_HOUR) return;
          const key = await repo.createResetKey(tx, user.id, now);
          // Built from configuration, never from the request's Host header.
          const link = `${config.publicUrl}/password-reset?key=${encodeURIComponent(key)}`;
          await mailer.enqueue(tx, {
            to: user.email,
            kind: 'password-reset',
            subject: 'Reset your password',
            text: [
              `Hello ${user.firstname},`,
              '',
              'Someone asked to reset the password of your partner portal account.',
              'Open this link within one hour to choose a new password:',
              '',
              link,
              '',
              'If you did not ask for this, ignore this e-mail: your password stays as it is.',
            ].join('\n'),
          });
        });
        void mailer.drain().catch(() => undefined);
      }
      return ok(null, { message: RESET_LINK_SENT });
    },
  );

  app.get(
    '/password/check-key/:key',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether a reset key can still be used',
        params: ResetKeyParamsSchema,
        response: { 200: envelope(CheckKeyResultSchema), ...errorResponses },
      },
    },
    async (request) => {
      const found = await repo.findValidResetKey(db, request.params.key, ctx.now());
      return ok({ valid: found !== null });
    },
  );

  app.post(
    '/password/reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Choose a new password with a reset key; revokes every session of the user',
        body: PasswordResetBodySchema,
        response: { 200: MessageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const now = ctx.now();
      const passwordHash = await hashPassword(request.body.password);
      await db.transaction(async (tx) => {
        const key = await repo.findValidResetKey(tx, request.body.key, now, true);
        if (!key) throw badRequest(INVALID_KEY, { key: INVALID_KEY });
        await repo.consumeResetKey(tx, key.id, now);
        await repo.setPassword(tx, key.userId, passwordHash, now);
        await repo.revokeSessions(tx, key.userId);
        const user = await repo.passwordHashOf(tx, key.userId);
        if (user) await repo.clearAccountFailures(tx, user.email.toLowerCase());
      });
      return ok(null, { message: 'Your password has been changed successfully.' });
    },
  );

  app.post(
    '/account/change-password',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags: ['account'],
        summary: 'Change the password; every other session is revoked',
        body: ChangePasswordBodySchema,
        response: { 200: MessageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const current = await repo.passwordHashOf(db, auth.userId);
      if (!(await verifyPassword(current?.hash, request.body.currentPassword))) {
        throw badRequest('The current password is incorrect.', {
          currentPassword: 'The current password is incorrect.',
        });
      }
      const passwordHash = await hashPassword(request.body.password);
      await db.transaction(async (tx) => {
        await repo.setPassword(tx, auth.userId, passwordHash, ctx.now());
        await repo.revokeSessions(tx, auth.userId, auth.sessionId);
      });
      return ok(null, { message: 'Your password has been updated successfully.' });
    },
  );
};
