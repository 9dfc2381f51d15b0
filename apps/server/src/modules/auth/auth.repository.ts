import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { RESET_KEY_TTL_MINUTES, SESSION_TTL_DAYS } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { authFailures, partners, passwordResetKeys, sessions, users } from '../../db/schema.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import { issuePasswordKey } from '../../shared/password-keys.js';

const FAILURE_WINDOW_MS = 15 * 60 * 1000;

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
      partnerStatus: partners.status,
    })
    .from(users)
    .leftJoin(partners, eq(partners.id, users.partnerId))
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

/** A failed second step whose challenge names nobody still counts against the IP. */
export async function recordIpFailure(db: DbOrTx, ip: string, now: Date) {
  await db.insert(authFailures).values({ scope: 'ip', key: ip, createdAt: now });
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

export async function recentFailures(db: DbOrTx, scope: 'account' | 'ip', key: string, now: Date) {
  const rows = await db
    .select({ n: count(), oldest: sql<string | Date | null>`min(${authFailures.createdAt})` })
    .from(authFailures)
    .where(
      and(
        eq(authFailures.scope, scope),
        eq(authFailures.key, key),
        gt(authFailures.createdAt, new Date(now.getTime() - FAILURE_WINDOW_MS)),
      ),
    );
  const row = rows[0];
  const oldest = row?.oldest ? new Date(row.oldest) : now;
  return {
    count: Number(row?.n ?? 0),
    retryAfterSeconds: Math.max(1, Math.ceil((oldest.getTime() + FAILURE_WINDOW_MS - now.getTime()) / 1000)),
  };
}

export async function recordFailure(db: DbOrTx, account: string, ip: string, now: Date) {
  await db.insert(authFailures).values([
    { scope: 'account', key: account, createdAt: now },
    { scope: 'ip', key: ip, createdAt: now },
  ]);
}

export async function clearAccountFailures(db: DbOrTx, account: string) {
  await db.delete(authFailures).where(and(eq(authFailures.scope, 'account'), eq(authFailures.key, account)));
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
