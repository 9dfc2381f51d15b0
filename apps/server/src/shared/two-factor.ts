import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import {
  PRODUCT_NAME,
  TWO_FACTOR_CODE_LENGTH,
  TWO_FACTOR_CODE_TTL_MINUTES,
  TWO_FACTOR_MAX_ATTEMPTS,
} from '@portal/contracts';
import type { DbOrTx } from '../db/client.js';
import { twoFactorCodes } from '../db/schema.js';
import { loadOrCreateSecret } from '../lib/secrets.js';
import { enqueueSms } from '../lib/sms.js';
import { randomToken, sha256 } from '../lib/tokens.js';

/**
 * One-time SMS codes, shared by the enrolment (modules/two-factor) and the second sign-in step
 * (modules/auth). A six-digit code has only a million values, so a plain SHA-256 of it could be
 * reversed from a leaked table in a blink: codes are kept as an HMAC under a server secret that
 * lives in `app_secrets`, bound to the user and the purpose.
 */
export type CodePurpose = 'enrol' | 'login';

/** How many codes a user may ask for, per purpose, in a window; beyond it the answer is 429. */
export const CODE_SEND_LIMITS: Record<CodePurpose, { max: number; windowMs: number }> = {
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
export async function recentCodeCount(db: DbOrTx, userId: number, purpose: CodePurpose, now: Date) {
  const { windowMs } = CODE_SEND_LIMITS[purpose];
  const since = new Date(now.getTime() - windowMs);
  const rows = await db
    .select({ n: count() })
    .from(twoFactorCodes)
    .where(
      and(eq(twoFactorCodes.userId, userId), eq(twoFactorCodes.purpose, purpose), gt(twoFactorCodes.createdAt, since)),
    );
  return Number(rows[0]?.n ?? 0);
}

const smsText = (purpose: CodePurpose, code: string) =>
  purpose === 'enrol'
    ? `${PRODUCT_NAME}: your verification code is ${code}. It expires in ${TWO_FACTOR_CODE_TTL_MINUTES} minutes.`
    : `${PRODUCT_NAME}: your sign-in code is ${code}. It expires in ${TWO_FACTOR_CODE_TTL_MINUTES} minutes. If you did not try to sign in, change your password.`;

/**
 * Issues a new code (earlier unused codes of the same purpose stop working) and queues its SMS,
 * in the caller's transaction. A login code also answers a challenge token that names it.
 */
export async function issueCode(
  tx: DbOrTx,
  options: { userId: number; purpose: CodePurpose; phone: string; now: Date },
): Promise<{ expiresAt: Date; challenge: string | null }> {
  const { userId, purpose, phone, now } = options;
  const key = await loadOrCreateSecret(tx, 'two-factor-code-key');
  const code = generateCode();
  const challenge = purpose === 'login' ? randomToken() : null;
  const expiresAt = new Date(now.getTime() + TWO_FACTOR_CODE_TTL_MINUTES * 60 * 1000);
  await tx
    .update(twoFactorCodes)
    .set({ usedAt: now })
    .where(and(eq(twoFactorCodes.userId, userId), eq(twoFactorCodes.purpose, purpose), isNull(twoFactorCodes.usedAt)));
  await tx.insert(twoFactorCodes).values({
    userId,
    purpose,
    phone,
    codeHash: hashCode(key, userId, purpose, code),
    challengeHash: challenge ? hashChallenge(challenge) : null,
    expiresAt,
    createdAt: now,
  });
  await enqueueSms(tx, { to: phone, text: smsText(purpose, code), kind: `two-factor-${purpose}` });
  return { expiresAt, challenge };
}

/** Challenges are 256-bit random tokens: a plain SHA-256 is enough, as for sessions. */
export function hashChallenge(challenge: string): string {
  return sha256(challenge);
}

export type CodeRow = typeof twoFactorCodes.$inferSelect;

/** The user's newest unused code of a purpose, locked for the check. */
export async function pendingCode(tx: DbOrTx, userId: number, purpose: CodePurpose): Promise<CodeRow | null> {
  const rows = await tx
    .select()
    .from(twoFactorCodes)
    .where(and(eq(twoFactorCodes.userId, userId), eq(twoFactorCodes.purpose, purpose), isNull(twoFactorCodes.usedAt)))
    .orderBy(desc(twoFactorCodes.id))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

/** The login code a challenge names, used or not, locked for the check. */
export async function codeByChallenge(tx: DbOrTx, challenge: string): Promise<CodeRow | null> {
  const rows = await tx
    .select()
    .from(twoFactorCodes)
    .where(and(eq(twoFactorCodes.challengeHash, hashChallenge(challenge)), eq(twoFactorCodes.purpose, 'login')))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

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
  if (expected.length === actual.length && timingSafeEqual(expected, actual)) {
    await tx.update(twoFactorCodes).set({ usedAt: now }).where(eq(twoFactorCodes.id, row.id));
    return 'ok';
  }
  const attempts = row.attempts + 1;
  await tx
    .update(twoFactorCodes)
    .set({ attempts, ...(attempts >= TWO_FACTOR_MAX_ATTEMPTS ? { usedAt: now } : {}) })
    .where(eq(twoFactorCodes.id, row.id));
  return attempts >= TWO_FACTOR_MAX_ATTEMPTS ? 'exhausted' : 'wrong';
}

/** Voids every unused code of a user (2FA disabled, password changed). */
export async function voidCodes(tx: DbOrTx, userId: number, now: Date): Promise<void> {
  await tx
    .update(twoFactorCodes)
    .set({ usedAt: now })
    .where(and(eq(twoFactorCodes.userId, userId), isNull(twoFactorCodes.usedAt)));
}
