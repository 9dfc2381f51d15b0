import { createHmac, randomInt } from 'node:crypto';
import {
  maskPhone,
  PRODUCT_NAME,
  RECOVERY_CODE_ALPHABET,
  normalizeRecoveryCode,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_CODE_LENGTH,
  TWO_FACTOR_CODE_TTL_MINUTES,
  TWO_FACTOR_MAX_ATTEMPTS,
  type TwoFactorStatus,
} from '@portal/contracts';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, conflict, tooManyRequests, unauthorized } from '../../lib/errors.js';
import { toIso } from '../../lib/reply.js';
import { loadOrCreateSecret } from '../../lib/secrets.js';
import { enqueueSms } from '../../lib/sms.js';
import { equalDigests, randomToken, sha256 } from '../../lib/tokens.js';
import { notifyTwoFactorChange, verifyCurrentPassword } from '../credentials/index.js';
import * as repo from './two-factor.repository.js';
import type { CodeRow } from './two-factor.repository.js';

/**
 * One-time SMS codes, shared by the enrolment (modules/two-factor) and the second sign-in step
 * (modules/auth). A six-digit code has only a million values, so a plain SHA-256 of it could be
 * reversed from a leaked table in a blink: codes are kept as an HMAC under a server secret that
 * lives in `app_secrets`, bound to the user and the purpose.
 */
export type CodePurpose = 'enrol' | 'login' | 'recovery';

/** How many codes a user may ask for, per purpose, in a window; beyond it the answer is 429. */
export const CODE_SEND_LIMITS: Record<Exclude<CodePurpose, 'recovery'>, { max: number; windowMs: number }> = {
  enrol: { max: 5, windowMs: 60 * 60 * 1000 },
  login: { max: 5, windowMs: 15 * 60 * 1000 },
};

function hashCode(key: Buffer, userId: number, purpose: CodePurpose, code: string): string {
  return createHmac('sha256', key).update(`${userId}:${purpose}:${code}`).digest('hex');
}

function generateCode(): string {
  return String(randomInt(0, 10 ** TWO_FACTOR_CODE_LENGTH)).padStart(TWO_FACTOR_CODE_LENGTH, '0');
}

/** Codes asked for in the purpose's window, and the seconds until the oldest leaves it. */
export async function recentCodeCount(
  db: DbOrTx,
  userId: number,
  purpose: Exclude<CodePurpose, 'recovery'>,
  now: Date,
) {
  const { windowMs } = CODE_SEND_LIMITS[purpose];
  const since = new Date(now.getTime() - windowMs);
  return repo.codeCountSince(db, userId, purpose, since);
}

const smsText = (purpose: Exclude<CodePurpose, 'recovery'>, code: string) =>
  purpose === 'enrol'
    ? `${PRODUCT_NAME}: your verification code is ${code}. It expires in ${TWO_FACTOR_CODE_TTL_MINUTES} minutes.`
    : `${PRODUCT_NAME}: your sign-in code is ${code}. It expires in ${TWO_FACTOR_CODE_TTL_MINUTES} minutes. If you did not try to sign in, change your password.`;

/**
 * Issues a new code (earlier unused codes of the same purpose stop working) and queues its SMS,
 * in the caller's transaction. A login code also answers a challenge token that names it.
 */
export async function issueCode(
  tx: DbOrTx,
  options: { userId: number; purpose: Exclude<CodePurpose, 'recovery'>; phone: string; now: Date },
): Promise<{ expiresAt: Date; challenge: string | null }> {
  const { userId, purpose, phone, now } = options;
  const key = await loadOrCreateSecret(tx, 'two-factor-code-key');
  const code = generateCode();
  const challenge = purpose === 'login' ? randomToken() : null;
  const expiresAt = new Date(now.getTime() + TWO_FACTOR_CODE_TTL_MINUTES * 60 * 1000);
  await repo.voidUnusedCodes(tx, userId, now, purpose);
  await repo.insertCodes(tx, [
    {
      userId,
      purpose,
      phone,
      codeHash: hashCode(key, userId, purpose, code),
      challengeHash: challenge ? hashChallenge(challenge) : null,
      expiresAt,
      createdAt: now,
    },
  ]);
  await enqueueSms(tx, { to: phone, text: smsText(purpose, code), kind: `two-factor-${purpose}` });
  return { expiresAt, challenge };
}

/** Challenges are 256-bit random tokens: a plain SHA-256 is enough, as for sessions. */
export function hashChallenge(challenge: string): string {
  return sha256(challenge);
}

export type { CodeRow };

/** The login code a challenge names, used or not, locked for the check. */
export const codeByChallenge = (tx: DbOrTx, challenge: string): Promise<CodeRow | null> =>
  repo.loginCodeByChallengeHash(tx, hashChallenge(challenge));

export type CodeCheck = 'ok' | 'wrong' | 'exhausted' | 'expired' | 'used';

/**
 * Checks a code against its locked row and records the outcome: a right code is spent, a wrong
 * one counts, and the fifth wrong one kills the code. Call it inside the transaction that
 * locked the row, and throw only after that transaction commits (or the count is lost).
 */
export async function checkCode(tx: DbOrTx, row: CodeRow, code: string, now: Date): Promise<CodeCheck> {
  if (row.attempts >= TWO_FACTOR_MAX_ATTEMPTS) return 'exhausted';
  if (row.usedAt) return 'used';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  const key = await loadOrCreateSecret(tx, 'two-factor-code-key');
  const expected = Buffer.from(row.codeHash, 'hex');
  const actual = Buffer.from(hashCode(key, row.userId, row.purpose as CodePurpose, code.trim()), 'hex');
  if (equalDigests(expected, actual)) {
    await repo.markCodeUsed(tx, row.id, now);
    return 'ok';
  }
  const attempts = row.attempts + 1;
  await repo.setCodeAttempts(tx, row.id, attempts, attempts >= TWO_FACTOR_MAX_ATTEMPTS ? now : null);
  return attempts >= TWO_FACTOR_MAX_ATTEMPTS ? 'exhausted' : 'wrong';
}

/** Voids every unused code of a user (2FA disabled, password changed). */
export const voidCodes = (tx: DbOrTx, userId: number, now: Date): Promise<void> =>
  repo.voidUnusedCodes(tx, userId, now);

/** Recovery codes do not expire; they die when used, replaced by a new enrolment, or when 2FA is turned off. */
const RECOVERY_NEVER_EXPIRES = new Date('9999-12-31T00:00:00Z');

function generateRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_CODE_ALPHABET[randomInt(0, RECOVERY_CODE_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * A fresh set of one-time recovery codes for the user (decision 030), in the caller's
 * transaction: earlier unused ones stop working. They live beside the SMS codes, with purpose
 * 'recovery', keyed the same way (an HMAC under the server secret), and are answered once.
 */
export async function issueRecoveryCodes(tx: DbOrTx, userId: number, phone: string, now: Date): Promise<string[]> {
  const key = await loadOrCreateSecret(tx, 'two-factor-code-key');
  await repo.voidUnusedCodes(tx, userId, now, 'recovery');
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
  await repo.insertCodes(
    tx,
    codes.map((code) => ({
      userId,
      purpose: 'recovery',
      phone,
      codeHash: hashCode(key, userId, 'recovery', normalizeRecoveryCode(code)),
      expiresAt: RECOVERY_NEVER_EXPIRES,
      createdAt: now,
    })),
  );
  return codes;
}

/**
 * The second sign-in step with a recovery code instead of the SMS code: the challenge's row is
 * checked as for a code (dead, used, expired), a matching unused recovery code of the user is
 * spent along with the challenge, and a wrong one counts as a wrong attempt of the challenge.
 * Same transaction rules as `checkCode`.
 */
export async function checkRecoveryCode(
  tx: DbOrTx,
  challengeRow: CodeRow,
  code: string,
  now: Date,
): Promise<{ check: CodeCheck; remaining: number }> {
  if (challengeRow.attempts >= TWO_FACTOR_MAX_ATTEMPTS) return { check: 'exhausted', remaining: 0 };
  if (challengeRow.usedAt) return { check: 'used', remaining: 0 };
  if (challengeRow.expiresAt.getTime() <= now.getTime()) return { check: 'expired', remaining: 0 };
  const key = await loadOrCreateSecret(tx, 'two-factor-code-key');
  const actual = Buffer.from(hashCode(key, challengeRow.userId, 'recovery', normalizeRecoveryCode(code)), 'hex');
  const unused = await repo.unusedRecoveryCodes(tx, challengeRow.userId);
  const match = unused.find((row) => {
    const expected = Buffer.from(row.codeHash, 'hex');
    return equalDigests(expected, actual);
  });
  if (match) {
    await repo.markCodeUsed(tx, match.id, now);
    await repo.markCodeUsed(tx, challengeRow.id, now);
    return { check: 'ok', remaining: unused.length - 1 };
  }
  const attempts = challengeRow.attempts + 1;
  await repo.setCodeAttempts(tx, challengeRow.id, attempts, attempts >= TWO_FACTOR_MAX_ATTEMPTS ? now : null);
  return { check: attempts >= TWO_FACTOR_MAX_ATTEMPTS ? 'exhausted' : 'wrong', remaining: unused.length };
}

const ENROL_CODE_ERRORS: Record<Exclude<CodeCheck, 'ok'> | 'none', string> = {
  none: 'No verification code is pending. Please click VERIFY to receive a new one.',
  used: 'No verification code is pending. Please click VERIFY to receive a new one.',
  expired: 'The code has expired. Please click VERIFY to receive a new one.',
  wrong: 'The code is incorrect.',
  exhausted: 'Too many incorrect codes. Please click VERIFY to receive a new one.',
};

const WRONG_PASSWORD = 'The password is incorrect.';

export function statusOf(user: { twoFactorPhone: string | null; twoFactorEnabledAt: Date | null }): TwoFactorStatus {
  const enabled = user.twoFactorPhone !== null && user.twoFactorEnabledAt !== null;
  return {
    enabled,
    phone: enabled && user.twoFactorPhone ? maskPhone(user.twoFactorPhone) : null,
    enabledAt: enabled ? toIso(user.twoFactorEnabledAt) : null,
  };
}

/** Who asks for a change of the second factor: the signed-in user, its session, and where it asks from. */
export type Requester = { userId: number; sessionId: number; ip: string };

/**
 * The first enrolment step (or a phone change): the current password proved (a wrong one counts as a failed sign-in),
 * then a code sent to the new phone, at most CODE_SEND_LIMITS.enrol an hour.
 */
export async function startEnrolment(
  ctx: AppContext,
  requester: Requester,
  input: { password: string; phone: string },
): Promise<{ phone: string; expiresAt: Date }> {
  const { db, config, sms } = ctx;
  const { userId } = requester;
  const now = ctx.now();
  await verifyCurrentPassword(db, config, {
    userId,
    password: input.password,
    ip: requester.ip,
    now,
    field: 'password',
    message: WRONG_PASSWORD,
  });
  const { phone } = input;
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
  return { phone, expiresAt: issued.expiresAt };
}

/**
 * The second enrolment step: the code sent to the phone turns two-factor sign-in on (or moves it to the new phone),
 * signs out the other sessions, issues recovery codes and mails the account (decision 030).
 */
export async function confirmEnrolment(ctx: AppContext, requester: Requester, code: string) {
  const { db, mailer } = ctx;
  const { userId, sessionId } = requester;
  const now = ctx.now();
  // The attempt count must survive a wrong code, so the transaction commits before any error.
  const outcome = await db.transaction(async (tx) => {
    const row = await repo.pendingCode(tx, userId, 'enrol');
    if (!row) return { check: 'none' as const };
    const check = await checkCode(tx, row, code, now);
    if (check !== 'ok') return { check };
    const before = await repo.twoFactorUser(tx, userId);
    if (!before) return { check: 'none' as const };
    const wasEnabled = statusOf(before).enabled;
    await repo.enableTwoFactor(tx, userId, row.phone, now);
    // Whoever held a session before the enrolment must prove the second factor again.
    await repo.revokeOtherSessions(tx, userId, sessionId);
    const recoveryCodes = await issueRecoveryCodes(tx, userId, row.phone, now);
    await notifyTwoFactorChange(tx, mailer, {
      to: before.email,
      timezone: before.timezone,
      change: wasEnabled ? 'phone-changed' : 'enabled',
      phone: maskPhone(row.phone),
      at: now,
    });
    return { check: 'ok' as const, recoveryCodes, wasEnabled };
  });
  if (outcome.check !== 'ok') {
    throw badRequest(ENROL_CODE_ERRORS[outcome.check], { code: ENROL_CODE_ERRORS[outcome.check] });
  }
  void mailer.drain().catch(() => undefined);
  const user = await repo.twoFactorUser(db, userId);
  if (!user) throw unauthorized();
  return { status: statusOf(user), recoveryCodes: outcome.recoveryCodes, wasEnabled: outcome.wasEnabled };
}

/** Turns two-factor sign-in off, after the current password: every pending and recovery code dies, the account is told. */
export async function disableTwoFactor(
  ctx: AppContext,
  requester: Requester,
  password: string,
): Promise<TwoFactorStatus> {
  const { db, config, mailer } = ctx;
  const { userId } = requester;
  const now = ctx.now();
  await verifyCurrentPassword(db, config, {
    userId,
    password,
    ip: requester.ip,
    now,
    field: 'password',
    message: WRONG_PASSWORD,
  });
  const user = await repo.twoFactorUser(db, userId);
  if (!user) throw unauthorized();
  if (!statusOf(user).enabled) throw conflict('Two-factor authentication is not enabled.');
  await db.transaction(async (tx) => {
    await repo.disableTwoFactor(tx, userId, now);
    // Pending SMS codes and the recovery codes alike.
    await voidCodes(tx, userId, now);
    await notifyTwoFactorChange(tx, mailer, { to: user.email, timezone: user.timezone, change: 'disabled', at: now });
  });
  void mailer.drain().catch(() => undefined);
  return statusOf({ twoFactorPhone: null, twoFactorEnabledAt: null });
}
