import { isRecoveryCode } from '@portal/contracts';
import type { AppContext } from '../../context.js';
import { AppError, badRequest, tooManyRequests } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
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

/**
 * The sign-in, sign-out and password rules (decisions 003, 030): the routes parse and answer, this file decides and
 * opens the transactions, auth.repository.ts runs the SQL (decision 068).
 */
const INCORRECT = 'Incorrect username or password.';
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

/** Who signs in, from where: the request's address and browser, kept on the session. */
export type SignInOrigin = { ip: string; userAgent?: string };

export type SignedIn = { twoFactorRequired: false; userId: number; token: string; expiresAt: Date };
export type CodeSent = {
  twoFactorRequired: true;
  userId: number;
  challenge: string;
  phone: string;
  expiresAt: Date;
};

const startSession = (ctx: AppContext, userId: number, origin: SignInOrigin) =>
  repo.createSession(ctx.db, userId, ctx.now(), {
    ip: origin.ip,
    ...(origin.userAgent !== undefined ? { userAgent: origin.userAgent } : {}),
  });

/** The first sign-in step: a session, or, for a user with two-factor sign-in, a code sent and its challenge. */
export async function signIn(
  ctx: AppContext,
  input: { username: string; password: string },
  origin: SignInOrigin,
): Promise<SignedIn | CodeSent> {
  const { db, config, sms } = ctx;
  const now = ctx.now();
  const account = input.username.trim().toLowerCase();
  await assertSignInAllowed(db, config, account, origin.ip, now);
  const user = await repo.findUserByEmail(db, account);
  const valid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !valid || !user.enabled) {
    await recordFailure(db, account, origin.ip, now);
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
    return {
      twoFactorRequired: true,
      userId: user.id,
      challenge: issued.challenge,
      phone,
      expiresAt: issued.expiresAt,
    };
  }
  await clearAccountFailures(db, account);
  const session = await startSession(ctx, user.id, origin);
  return { twoFactorRequired: false, userId: user.id, ...session };
}

/** The second sign-in step: the SMS code (or a recovery code) that answers the first step's challenge. */
export async function signInWithCode(
  ctx: AppContext,
  input: { challenge: string; code: string },
  origin: SignInOrigin,
): Promise<SignedIn> {
  const { db, config, mailer } = ctx;
  const now = ctx.now();
  const { ip } = origin;
  await assertSignInAllowed(db, config, null, ip, now);
  const target = await db.transaction(async (tx) => {
    const row = await codeByChallenge(tx, input.challenge);
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
    const row = await codeByChallenge(tx, input.challenge);
    if (!row) return 'none' as const;
    if (!isRecoveryCode(input.code)) return checkCode(tx, row, input.code, now);
    const recovery = await checkRecoveryCode(tx, row, input.code, now);
    if (recovery.check === 'ok') {
      await notifyTwoFactorChange(tx, mailer, {
        to: target.email,
        timezone: target.timezone,
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
  const session = await startSession(ctx, target.id, origin);
  if (isRecoveryCode(input.code)) void ctx.mailer.drain().catch(() => undefined);
  return { twoFactorRequired: false, userId: target.id, ...session };
}

export const signOut = (ctx: AppContext, sessionId: number) => repo.deleteSession(ctx.db, sessionId);

/**
 * Mails a reset link to an enabled user, at most MAX_RESET_MAILS_PER_HOUR an hour; says nothing of whether the
 * address exists (the route answers the same either way).
 */
export async function sendPasswordLink(ctx: AppContext, email: string): Promise<void> {
  const { db, config, mailer } = ctx;
  const now = ctx.now();
  const user = await repo.findUserByEmail(db, email);
  if (!user?.enabled) return;
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

export async function isResetKeyValid(ctx: AppContext, key: string): Promise<boolean> {
  return (await repo.findValidResetKey(ctx.db, key, ctx.now())) !== null;
}

/** Spends a reset key on a new password: every session and API key of the user is revoked, its failures cleared. */
export async function resetPassword(ctx: AppContext, input: { key: string; password: string }): Promise<void> {
  const now = ctx.now();
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const key = await repo.findValidResetKey(tx, input.key, now, true);
    if (!key) throw badRequest(INVALID_KEY, { key: INVALID_KEY });
    await repo.consumeResetKey(tx, key.id, now);
    await repo.setPassword(tx, key.userId, passwordHash, now);
    await repo.revokeSessions(tx, key.userId);
    await repo.revokeApiKeysOf(tx, key.userId, now);
    const user = await repo.passwordHashOf(tx, key.userId);
    if (user) await clearAccountFailures(tx, user.email.toLowerCase());
  });
}

/**
 * A signed-in user's new password, after the current one is proved: the other sessions end, and the API keys too
 * unless the user keeps them (decision 030).
 */
export async function changePassword(
  ctx: AppContext,
  user: { userId: number; sessionId: number; ip: string },
  input: { currentPassword: string; password: string; revokeApiKeys?: boolean | undefined },
): Promise<void> {
  const now = ctx.now();
  await verifyCurrentPassword(ctx.db, ctx.config, {
    userId: user.userId,
    password: input.currentPassword,
    ip: user.ip,
    now,
    field: 'currentPassword',
    message: 'The current password is incorrect.',
  });
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await repo.setPassword(tx, user.userId, passwordHash, now);
    await repo.revokeSessions(tx, user.userId, user.sessionId);
    if (input.revokeApiKeys) await repo.revokeApiKeysOf(tx, user.userId, now);
  });
}
