import { and, asc, count, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sessions, twoFactorCodes, users } from '../../db/schema.js';

export type CodeRow = typeof twoFactorCodes.$inferSelect;
export type NewCode = typeof twoFactorCodes.$inferInsert;

export async function twoFactorUser(db: DbOrTx, userId: number) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      timezone: users.timezone,
      twoFactorPhone: users.twoFactorPhone,
      twoFactorEnabledAt: users.twoFactorEnabledAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

export async function enableTwoFactor(db: DbOrTx, userId: number, phone: string, now: Date) {
  await db
    .update(users)
    .set({ twoFactorPhone: phone, twoFactorEnabledAt: now, updatedAt: now })
    .where(eq(users.id, userId));
}

export async function disableTwoFactor(db: DbOrTx, userId: number, now: Date) {
  await db
    .update(users)
    .set({ twoFactorPhone: null, twoFactorEnabledAt: null, updatedAt: now })
    .where(eq(users.id, userId));
}

/** Signs out every session of the user but the current one (enrolment, phone change). */
export async function revokeOtherSessions(db: DbOrTx, userId: number, currentSessionId: number) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)));
}

/** How many codes of a purpose the user asked for since `since`. */
export async function codeCountSince(db: DbOrTx, userId: number, purpose: string, since: Date): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(twoFactorCodes)
    .where(
      and(eq(twoFactorCodes.userId, userId), eq(twoFactorCodes.purpose, purpose), gt(twoFactorCodes.createdAt, since)),
    );
  return Number(rows[0]?.n ?? 0);
}

/** Marks the user's unused codes used: of one purpose, or of every purpose without one. */
export async function voidUnusedCodes(db: DbOrTx, userId: number, now: Date, purpose?: string): Promise<void> {
  await db
    .update(twoFactorCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(twoFactorCodes.userId, userId),
        ...(purpose === undefined ? [] : [eq(twoFactorCodes.purpose, purpose)]),
        isNull(twoFactorCodes.usedAt),
      ),
    );
}

export async function insertCodes(db: DbOrTx, codes: NewCode[]): Promise<void> {
  await db.insert(twoFactorCodes).values(codes);
}

/** The user's newest unused code of a purpose, locked for the check. */
export async function pendingCode(tx: DbOrTx, userId: number, purpose: string): Promise<CodeRow | null> {
  const rows = await tx
    .select()
    .from(twoFactorCodes)
    .where(and(eq(twoFactorCodes.userId, userId), eq(twoFactorCodes.purpose, purpose), isNull(twoFactorCodes.usedAt)))
    .orderBy(desc(twoFactorCodes.id))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

/** The login code whose challenge has this hash, used or not, locked for the check. */
export async function loginCodeByChallengeHash(tx: DbOrTx, challengeHash: string): Promise<CodeRow | null> {
  const rows = await tx
    .select()
    .from(twoFactorCodes)
    .where(and(eq(twoFactorCodes.challengeHash, challengeHash), eq(twoFactorCodes.purpose, 'login')))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

export async function markCodeUsed(tx: DbOrTx, id: number, now: Date): Promise<void> {
  await tx.update(twoFactorCodes).set({ usedAt: now }).where(eq(twoFactorCodes.id, id));
}

/** Writes a code's count of wrong attempts; the last one allowed also spends it. */
export async function setCodeAttempts(tx: DbOrTx, id: number, attempts: number, spentAt: Date | null): Promise<void> {
  await tx
    .update(twoFactorCodes)
    .set({ attempts, ...(spentAt ? { usedAt: spentAt } : {}) })
    .where(eq(twoFactorCodes.id, id));
}

/** The user's unused recovery codes, oldest first, locked for the check. */
export async function unusedRecoveryCodes(tx: DbOrTx, userId: number) {
  return tx
    .select({ id: twoFactorCodes.id, codeHash: twoFactorCodes.codeHash })
    .from(twoFactorCodes)
    .where(
      and(eq(twoFactorCodes.userId, userId), eq(twoFactorCodes.purpose, 'recovery'), isNull(twoFactorCodes.usedAt)),
    )
    .orderBy(asc(twoFactorCodes.id))
    .for('update');
}
