import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { maskPhone, toE164, twoFactorEndpoints } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { badRequest, conflict, tooManyRequests, unauthorized } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { authOf } from '../../plugins/auth.js';
import type { AppContext } from '../../context.js';
import { notifyTwoFactorChange, verifyCurrentPassword } from '../credentials/index.js';
import {
  CODE_SEND_LIMITS,
  checkCode,
  issueCode,
  issueRecoveryCodes,
  pendingCode,
  recentCodeCount,
  voidCodes,
  type CodeCheck,
} from './two-factor.service.js';
import * as repo from './two-factor.repository.js';

const CODE_ERRORS: Record<Exclude<CodeCheck, 'ok'> | 'none', string> = {
  none: 'No verification code is pending. Please click VERIFY to receive a new one.',
  used: 'No verification code is pending. Please click VERIFY to receive a new one.',
  expired: 'The code has expired. Please click VERIFY to receive a new one.',
  wrong: 'The code is incorrect.',
  exhausted: 'Too many incorrect codes. Please click VERIFY to receive a new one.',
};

const WRONG_PASSWORD = 'The password is incorrect.';

/**
 * Enrolment of a phone for two-factor sign-in, changing it, and turning it off: each needs the
 * current password (a wrong one counts as a failed sign-in) and e-mails the account (decision 030).
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, sms, mailer, config } = ctx;

  app.route({
    ...routeOf(twoFactorEndpoints.start),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      const { userId } = authOf(request);
      const now = ctx.now();
      await verifyCurrentPassword(db, config, {
        userId,
        password: request.body.password,
        ip: request.ip,
        now,
        field: 'password',
        message: WRONG_PASSWORD,
      });
      const phone = toE164(request.body.countryCode, request.body.phoneNumber);
      const issued = await db.transaction(async (tx) => {
        const limit = CODE_SEND_LIMITS.enrol;
        if ((await recentCodeCount(tx, userId, 'enrol', now)) >= limit.max) return null;
        return issueCode(tx, { userId, purpose: 'enrol', phone, now });
      });
      if (!issued) {
        throw tooManyRequests(
          'Too many verification codes were requested. Please try again later.',
          CODE_SEND_LIMITS.enrol.windowMs / 1000,
        );
      }
      void sms.drain().catch(() => undefined);
      const masked = maskPhone(phone);
      return ok(
        { phone: masked, codeExpireAt: issued.expiresAt.toISOString() },
        { message: `A verification code has been sent to ${masked}.` },
      );
    },
  });

  app.route({
    ...routeOf(twoFactorEndpoints.confirm),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      const { userId, sessionId } = authOf(request);
      const now = ctx.now();
      // The attempt count must survive a wrong code, so the transaction commits before any error.
      const outcome = await db.transaction(async (tx) => {
        const row = await pendingCode(tx, userId, 'enrol');
        if (!row) return { check: 'none' as const };
        const check = await checkCode(tx, row, request.body.code, now);
        if (check !== 'ok') return { check };
        const before = await repo.twoFactorUser(tx, userId);
        if (!before) return { check: 'none' as const };
        const wasEnabled = repo.statusOf(before).enabled;
        await repo.enableTwoFactor(tx, userId, row.phone, now);
        // Whoever held a session before the enrolment must prove the second factor again.
        await repo.revokeOtherSessions(tx, userId, sessionId);
        const recoveryCodes = await issueRecoveryCodes(tx, userId, row.phone, now);
        await notifyTwoFactorChange(tx, mailer, {
          to: before.email,
          change: wasEnabled ? 'phone-changed' : 'enabled',
          phone: maskPhone(row.phone),
          at: now,
        });
        return { check: 'ok' as const, recoveryCodes, wasEnabled };
      });
      if (outcome.check !== 'ok') {
        throw badRequest(CODE_ERRORS[outcome.check], { code: CODE_ERRORS[outcome.check] });
      }
      void mailer.drain().catch(() => undefined);
      const user = await repo.twoFactorUser(db, userId);
      if (!user) throw unauthorized();
      request.log.info({ userId }, outcome.wasEnabled ? 'two-factor phone changed' : 'two-factor enabled');
      return ok(
        { ...repo.statusOf(user), recoveryCodes: outcome.recoveryCodes },
        {
          message: outcome.wasEnabled
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
      const { userId } = authOf(request);
      const now = ctx.now();
      await verifyCurrentPassword(db, config, {
        userId,
        password: request.body.password,
        ip: request.ip,
        now,
        field: 'password',
        message: WRONG_PASSWORD,
      });
      const user = await repo.twoFactorUser(db, userId);
      if (!user) throw unauthorized();
      if (!repo.statusOf(user).enabled) throw conflict('Two-factor authentication is not enabled.');
      await db.transaction(async (tx) => {
        await repo.disableTwoFactor(tx, userId, now);
        // Pending SMS codes and the recovery codes alike.
        await voidCodes(tx, userId, now);
        await notifyTwoFactorChange(tx, mailer, { to: user.email, change: 'disabled', at: now });
      });
      void mailer.drain().catch(() => undefined);
      request.log.info({ userId }, 'two-factor disabled');
      return ok(repo.statusOf({ twoFactorPhone: null, twoFactorEnabledAt: null }), {
        message: 'Two-factor authentication is disabled.',
      });
    },
  });
};
