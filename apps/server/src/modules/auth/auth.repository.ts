import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { RESET_KEY_TTL_MINUTES, SESSION_TTL_DAYS } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { apiKeys, partners, passwordResetKeys, sessions, users } from '../../db/schema.js';
import { randomToken, sha256 } from '../../lib/tokens.js';

export async function findUserByEmail(db: DbOrTx, email: string) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstname: users.firstname,
      passwordHash: users.passwordHash,
      enabled: users.enabled,
      partnerId: users.partnerId,
      partnerStatus: partners.status,
      twoFactorPhone: users.twoFactorPhone,
      twoFactorEnabledAt: users.twoFactorEnabledAt,
    })
    .from(users)
    .leftJoin(partners, eq(partners.id, users.partnerId))
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserById(db: DbOrTx, userId: number) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      enabled: users.enabled,
      partnerId: users.partnerId,
      timezone: users.timezone,
      partnerStatus: partners.status,
    })
    .from(users)
    .leftJoin(partners, eq(partners.id, users.partnerId))
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

export async function createSession(db: DbOrTx, userId: number, now: Date, meta: { ip?: string; userAgent?: string }) {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_DAYS * 24 * 3600 * 1000);
  await db.insert(sessions).values({
    userId,
    tokenHash: sha256(token),
    expiresAt,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    createdAt: now,
  });
  await db.update(users).set({ loggedAt: now }).where(eq(users.id, userId));
  return { token, expiresAt };
}

/**
 * A read-only session of a partner's user for a staff member (decision 039): short-lived, every write refused by the
 * auth plugin, ended with the staff member's access. The partner's `loggedAt` is left alone: the partner did not sign in.
 */
export async function createViewSession(
  db: DbOrTx,
  userId: number,
  viewedById: number,
  now: Date,
  ttlMs: number,
  meta: { ip?: string; userAgent?: string },
) {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + ttlMs);
  await db.insert(sessions).values({
    userId,
    tokenHash: sha256(token),
    expiresAt,
    readOnly: true,
    viewedById,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    createdAt: now,
  });
  return { token, expiresAt };
}

export async function deleteSession(db: DbOrTx, sessionId: number) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Revokes every session of a user, or every one but the current. */
export async function revokeSessions(db: DbOrTx, userId: number, exceptSessionId?: number) {
  await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    );
}

/**
 * Revokes the reporting API keys a user created (a key acts as its creator, decision 013): on a
 * password reset, and on a change unless the user keeps them (decision 030). Answers how many.
 */
export async function revokeApiKeysOf(db: DbOrTx, userId: number, now: Date): Promise<number> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.createdById, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length;
}

/**
 * Issues a single-use key that lets its holder choose the user's password at /password-reset (a lost password, or
 * the first password of an approved partner); earlier unused keys of the user stop working. Only its hash is kept.
 */
export async function issuePasswordKey(db: DbOrTx, userId: number, now: Date, ttlMs: number): Promise<string> {
  const key = randomToken();
  await db
    .update(passwordResetKeys)
    .set({ usedAt: now })
    .where(and(eq(passwordResetKeys.userId, userId), isNull(passwordResetKeys.usedAt)));
  await db.insert(passwordResetKeys).values({
    userId,
    keyHash: sha256(key),
    expiresAt: new Date(now.getTime() + ttlMs),
    createdAt: now,
  });
  return key;
}

/** Issues a single-use reset key valid for one hour; earlier unused keys of the user stop working. */
export const createResetKey = (db: DbOrTx, userId: number, now: Date) =>
  issuePasswordKey(db, userId, now, RESET_KEY_TTL_MINUTES * 60 * 1000);

export async function countRecentResetKeys(db: DbOrTx, userId: number, now: Date) {
  const rows = await db
    .select({ n: count() })
    .from(passwordResetKeys)
    .where(
      and(eq(passwordResetKeys.userId, userId), gt(passwordResetKeys.createdAt, new Date(now.getTime() - 3600 * 1000))),
    );
  return Number(rows[0]?.n ?? 0);
}

export async function findValidResetKey(db: DbOrTx, key: string, now: Date, lock = false) {
  const query = db
    .select({ id: passwordResetKeys.id, userId: passwordResetKeys.userId })
    .from(passwordResetKeys)
    .where(
      and(
        eq(passwordResetKeys.keyHash, sha256(key)),
        isNull(passwordResetKeys.usedAt),
        gt(passwordResetKeys.expiresAt, now),
      ),
    )
    .limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export async function consumeResetKey(db: DbOrTx, id: number, now: Date) {
  await db.update(passwordResetKeys).set({ usedAt: now }).where(eq(passwordResetKeys.id, id));
}

export async function setPassword(db: DbOrTx, userId: number, passwordHash: string, now: Date) {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

export async function passwordHashOf(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ hash: users.passwordHash, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}
