import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authEndpoints, isRecoveryCode, maskPhone } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { AppError, badRequest, tooManyRequests } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { ok } from '../../lib/reply.js';
import { authOf } from '../../plugins/auth.js';
import type { AppContext } from '../../context.js';
import {
  assertSignInAllowed,
  clearAccountFailures,
  notifyTwoFactorChange,
  recordFailure,
  recordIpFailure,
  verifyCurrentPassword,
} from '../credentials/index.js';
import {
  CODE_SEND_LIMITS,
  checkCode,
  checkRecoveryCode,
  codeByChallenge,
  issueCode,
  recentCodeCount,
} from '../two-factor/index.js';
import * as repo from './auth.repository.js';
import { passwordKeyLink } from './password-keys.js';

const INCORRECT = 'Incorrect username or password.';
const RESET_LINK_SENT = 'If an account exists for this email, a password reset link has been sent.';
const INVALID_KEY = 'The link is either invalid or has expired.';
const MAX_RESET_MAILS_PER_HOUR = 5;
const NOT_ACTIVE = 'Your partner account is not active. Please contact your account manager.';
const CODE_ERRORS = {
  none: 'This sign-in code is no longer valid. Please sign in again.',
  used: 'This sign-in code is no longer valid. Please sign in again.',
  expired: 'The code has expired. Please sign in again.',
  wrong: 'The code is incorrect.',
  exhausted: 'Too many incorrect codes. Please sign in again.',
} as const;

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config, mailer, sms } = ctx;

  const startSession = async (userId: number, request: { ip: string; headers: Record<string, unknown> }) => {
    const userAgent = request.headers['user-agent'];
    return repo.createSession(db, userId, ctx.now(), {
      ip: request.ip,
      ...(typeof userAgent === 'string' ? { userAgent } : {}),
    });
  };

  app.route({
    ...routeOf(authEndpoints.login),
    handler: async (request) => {
      const now = ctx.now();
      const account = request.body.username.trim().toLowerCase();
      const ip = request.ip;
      await assertSignInAllowed(db, config, account, ip, now);
      const user = await repo.findUserByEmail(db, account);
      const valid = await verifyPassword(user?.passwordHash, request.body.password);
      if (!user || !valid || !user.enabled) {
        await recordFailure(db, account, ip, now);
        throw new AppError(401, INCORRECT);
      }
      if (user.partnerId !== null && user.partnerStatus !== 'active') throw new AppError(403, NOT_ACTIVE);
      const phone = user.twoFactorEnabledAt ? user.twoFactorPhone : null;
      if (phone) {
        // The failures are not cleared yet: wrong codes count against the same limits, and a
        // right password must not reset them (or the code could be guessed five at a time).
        const issued = await db.transaction(async (tx) => {
          if ((await recentCodeCount(tx, user.id, 'login', now)) >= CODE_SEND_LIMITS.login.max) return null;
          return issueCode(tx, { userId: user.id, purpose: 'login', phone, now });
        });
        if (!issued?.challenge) {
          throw tooManyRequests(
            'Too many sign-in codes were requested. Please try again later.',
            CODE_SEND_LIMITS.login.windowMs / 1000,
          );
        }
        void sms.drain().catch(() => undefined);
        request.log.info({ userId: user.id }, 'sign-in code sent');
        return ok({
          twoFactorRequired: true as const,
          challenge: issued.challenge,
          phone: maskPhone(phone),
          codeExpireAt: issued.expiresAt.toISOString(),
        });
      }
      await clearAccountFailures(db, account);
      const session = await startSession(user.id, request);
      request.log.info({ userId: user.id }, 'signed in');
      return ok({ bearer: session.token, expireAt: session.expiresAt.toISOString() });
    },
  });

  app.route({
    ...routeOf(authEndpoints.loginTwoFactor),
    handler: async (request) => {
      const now = ctx.now();
      const ip = request.ip;
      await assertSignInAllowed(db, config, null, ip, now);
      const target = await db.transaction(async (tx) => {
        const row = await codeByChallenge(tx, request.body.challenge);
        return row ? repo.findUserById(tx, row.userId) : null;
      });
      if (!target) {
        await recordIpFailure(db, ip, now);
        throw badRequest(CODE_ERRORS.none, { code: CODE_ERRORS.none });
      }
      const account = target.email.toLowerCase();
      await assertSignInAllowed(db, config, account, ip, now);
      // Committed before any error is thrown, so a wrong code's attempt is never rolled back.
      const outcome = await db.transaction(async (tx) => {
        const row = await codeByChallenge(tx, request.body.challenge);
        if (!row) return 'none' as const;
        if (!isRecoveryCode(request.body.code)) return checkCode(tx, row, request.body.code, now);
        const recovery = await checkRecoveryCode(tx, row, request.body.code, now);
        if (recovery.check === 'ok') {
          await notifyTwoFactorChange(tx, mailer, {
            to: target.email,
            change: 'recovery-code-used',
            recoveryCodesLeft: recovery.remaining,
            at: now,
          });
        }
        return recovery.check;
      });
      if (outcome !== 'ok') {
        if (outcome === 'wrong' || outcome === 'exhausted') await recordFailure(db, account, ip, now);
        throw badRequest(CODE_ERRORS[outcome], { code: CODE_ERRORS[outcome] });
      }
      if (!target.enabled) throw new AppError(401, INCORRECT);
      if (target.partnerId !== null && target.partnerStatus !== 'active') throw new AppError(403, NOT_ACTIVE);
      await clearAccountFailures(db, account);
      const session = await startSession(target.id, request);
      if (isRecoveryCode(request.body.code)) void mailer.drain().catch(() => undefined);
      request.log.info({ userId: target.id }, 'signed in with a two-factor code');
      return ok({ bearer: session.token, expireAt: session.expiresAt.toISOString() });
    },
  });

  app.route({
    ...routeOf(authEndpoints.logout),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      await repo.deleteSession(db, authOf(request).sessionId);
      return ok(null, { message: 'Signed out.' });
    },
  });

  app.route({
    ...routeOf(authEndpoints.passwordLost),
    handler: async (request) => {
      const now = ctx.now();
      const user = await repo.findUserByEmail(db, request.body.email);
      if (user?.enabled) {
        await db.transaction(async (tx) => {
          if ((await repo.countRecentResetKeys(tx, user.id, now)) >= MAX_RESET_MAILS_PER_HOUR) return;
          const key = await repo.createResetKey(tx, user.id, now);
          // Built from configuration, never from the request's Host header.
          const link = passwordKeyLink(config.publicUrl, key);
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
            ],
          });
        });
        void mailer.drain().catch(() => undefined);
      }
      return ok(null, { message: RESET_LINK_SENT });
    },
  });

  app.route({
    ...routeOf(authEndpoints.checkResetKey),
    handler: async (request) => {
      const found = await repo.findValidResetKey(db, request.params.key, ctx.now());
      return ok({ valid: found !== null });
    },
  });

  app.route({
    ...routeOf(authEndpoints.resetPassword),
    handler: async (request) => {
      const now = ctx.now();
      const passwordHash = await hashPassword(request.body.password);
      await db.transaction(async (tx) => {
        const key = await repo.findValidResetKey(tx, request.body.key, now, true);
        if (!key) throw badRequest(INVALID_KEY, { key: INVALID_KEY });
        await repo.consumeResetKey(tx, key.id, now);
        await repo.setPassword(tx, key.userId, passwordHash, now);
        await repo.revokeSessions(tx, key.userId);
        await repo.revokeApiKeysOf(tx, key.userId, now);
        const user = await repo.passwordHashOf(tx, key.userId);
        if (user) await clearAccountFailures(tx, user.email.toLowerCase());
      });
      return ok(null, { message: 'Your password has been changed successfully.' });
    },
  });

  app.route({
    ...routeOf(authEndpoints.changePassword),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      const auth = authOf(request);
      const now = ctx.now();
      await verifyCurrentPassword(db, config, {
        userId: auth.userId,
        password: request.body.currentPassword,
        ip: request.ip,
        now,
        field: 'currentPassword',
        message: 'The current password is incorrect.',
      });
      const passwordHash = await hashPassword(request.body.password);
      await db.transaction(async (tx) => {
        await repo.setPassword(tx, auth.userId, passwordHash, now);
        await repo.revokeSessions(tx, auth.userId, auth.sessionId);
        if (request.body.revokeApiKeys) await repo.revokeApiKeysOf(tx, auth.userId, now);
      });
      return ok(null, { message: 'Your password has been updated successfully.' });
    },
  });
};
