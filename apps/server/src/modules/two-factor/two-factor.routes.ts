import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TwoFactorConfirmBodySchema,
  TwoFactorDisableBodySchema,
  TwoFactorPendingSchema,
  TwoFactorStartBodySchema,
  TwoFactorStatusSchema,
  envelope,
  errorResponses,
  maskPhone,
  toE164,
} from '@portal/contracts';
import { badRequest, conflict, tooManyRequests, unauthorized } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { ok } from '../../lib/reply.js';
import { authOf } from '../../plugins/auth.js';
import type { AppContext } from '../../shared/context.js';
import {
  CODE_SEND_LIMITS,
  checkCode,
  issueCode,
  pendingCode,
  recentCodeCount,
  voidCodes,
  type CodeCheck,
} from '../../shared/two-factor.js';
import * as repo from './two-factor.repository.js';

const CODE_ERRORS: Record<Exclude<CodeCheck, 'ok'> | 'none', string> = {
  none: 'No verification code is pending. Please click VERIFY to receive a new one.',
  used: 'No verification code is pending. Please click VERIFY to receive a new one.',
  expired: 'The code has expired. Please click VERIFY to receive a new one.',
  wrong: 'The code is incorrect.',
  exhausted: 'Too many incorrect codes. Please click VERIFY to receive a new one.',
};

/** Enrolment of a phone for two-factor sign-in, and turning it off (password required). */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, sms } = ctx;

  app.post(
    '/account/two-factor/start',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags: ['account'],
        summary: 'Send a six-digit verification code by SMS to the phone to enrol',
        body: TwoFactorStartBodySchema,
        response: { 200: envelope(TwoFactorPendingSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = authOf(request);
      const now = ctx.now();
      const user = await repo.twoFactorUser(db, userId);
      if (!user) throw unauthorized();
      if (repo.statusOf(user).enabled) {
        throw conflict('Two-factor authentication is already enabled. Disable it first to change the phone number.');
      }
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
  );

  app.post(
    '/account/two-factor/confirm',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags: ['account'],
        summary: 'Confirm the phone with the code it received; every later sign-in asks for a code',
        body: TwoFactorConfirmBodySchema,
        response: { 200: envelope(TwoFactorStatusSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = authOf(request);
      const now = ctx.now();
      // The attempt count must survive a wrong code, so the transaction commits before any error.
      const outcome = await db.transaction(async (tx) => {
        const row = await pendingCode(tx, userId, 'enrol');
        if (!row) return 'none' as const;
        const check = await checkCode(tx, row, request.body.code, now);
        if (check === 'ok') await repo.enableTwoFactor(tx, userId, row.phone, now);
        return check;
      });
      if (outcome !== 'ok') throw badRequest(CODE_ERRORS[outcome], { code: CODE_ERRORS[outcome] });
      const user = await repo.twoFactorUser(db, userId);
      if (!user) throw unauthorized();
      request.log.info({ userId }, 'two-factor enabled');
      return ok(repo.statusOf(user), { message: 'Two-factor authentication is enabled.' });
    },
  );

  app.post(
    '/account/two-factor/disable',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags: ['account'],
        summary: 'Turn two-factor authentication off; needs the password',
        body: TwoFactorDisableBodySchema,
        response: { 200: envelope(TwoFactorStatusSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = authOf(request);
      const now = ctx.now();
      const user = await repo.twoFactorUser(db, userId);
      if (!user) throw unauthorized();
      if (!(await verifyPassword(user.passwordHash, request.body.password))) {
        throw badRequest('The password is incorrect.', { password: 'The password is incorrect.' });
      }
      if (!repo.statusOf(user).enabled) throw conflict('Two-factor authentication is not enabled.');
      await db.transaction(async (tx) => {
        await repo.disableTwoFactor(tx, userId, now);
        await voidCodes(tx, userId, now);
      });
      request.log.info({ userId }, 'two-factor disabled');
      return ok(repo.statusOf({ twoFactorPhone: null, twoFactorEnabledAt: null }), {
        message: 'Two-factor authentication is disabled.',
      });
    },
  );
};
