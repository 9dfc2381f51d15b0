import { createHmac, randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, gt, isNull } from 'drizzle-orm';
import {
  PRODUCT_NAME,
  RECOVERY_CODE_ALPHABET,
  normalizeRecoveryCode,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_CODE_LENGTH,
  TWO_FACTOR_CODE_TTL_MINUTES,
  TWO_FACTOR_MAX_ATTEMPTS,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { twoFactorCodes } from '../../db/schema.js';
import { loadOrCreateSecret } from '../../lib/secrets.js';
import { enqueueSms } from '../../lib/sms.js';
import { equalDigests, randomToken, sha256 } from '../../lib/tokens.js';

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
  const rows = await db
    .select({ n: count() })
    .from(twoFactorCodes)
    .where(
      and(eq(twoFactorCodes.userId, userId), eq(twoFactorCodes.purpose, purpose), gt(twoFactorCodes.createdAt, since)),
    );
  return Number(rows[0]?.n ?? 0);
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
  if (equalDigests(expected, actual)) {
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
  await tx
    .update(twoFactorCodes)
    .set({ usedAt: now })
    .where(
      and(eq(twoFactorCodes.userId, userId), eq(twoFactorCodes.purpose, 'recovery'), isNull(twoFactorCodes.usedAt)),
    );
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
  await tx.insert(twoFactorCodes).values(
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
  const unused = await tx
    .select({ id: twoFactorCodes.id, codeHash: twoFactorCodes.codeHash })
    .from(twoFactorCodes)
    .where(
      and(
        eq(twoFactorCodes.userId, challengeRow.userId),
        eq(twoFactorCodes.purpose, 'recovery'),
        isNull(twoFactorCodes.usedAt),
      ),
    )
    .orderBy(asc(twoFactorCodes.id))
    .for('update');
  const match = unused.find((row) => {
    const expected = Buffer.from(row.codeHash, 'hex');
    return equalDigests(expected, actual);
  });
  if (match) {
    await tx.update(twoFactorCodes).set({ usedAt: now }).where(eq(twoFactorCodes.id, match.id));
    await tx.update(twoFactorCodes).set({ usedAt: now }).where(eq(twoFactorCodes.id, challengeRow.id));
    return { check: 'ok', remaining: unused.length - 1 };
  }
  const attempts = challengeRow.attempts + 1;
  await tx
    .update(twoFactorCodes)
    .set({ attempts, ...(attempts >= TWO_FACTOR_MAX_ATTEMPTS ? { usedAt: now } : {}) })
    .where(eq(twoFactorCodes.id, challengeRow.id));
  return { check: attempts >= TWO_FACTOR_MAX_ATTEMPTS ? 'exhausted' : 'wrong', remaining: unused.length };
}
