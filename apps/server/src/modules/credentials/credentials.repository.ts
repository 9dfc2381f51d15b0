import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { authFailures, users } from '../../db/schema.js';

/** The failures of one account or IP since `since`: how many, the oldest and the newest. */
export async function failureStats(db: DbOrTx, scope: 'account' | 'ip', key: string, since: Date) {
  const rows = await db
    .select({
      n: count(),
      oldest: sql<string | Date | null>`min(${authFailures.createdAt})`,
      newest: sql<string | Date | null>`max(${authFailures.createdAt})`,
    })
    .from(authFailures)
    .where(and(eq(authFailures.scope, scope), eq(authFailures.key, key), gt(authFailures.createdAt, since)));
  const row = rows[0];
  return {
    count: Number(row?.n ?? 0),
    oldest: row?.oldest ? new Date(row.oldest) : null,
    newest: row?.newest ? new Date(row.newest) : null,
  };
}

export async function recordFailure(db: DbOrTx, account: string, ip: string, now: Date) {
  await db.insert(authFailures).values([
    { scope: 'account', key: account, createdAt: now },
    { scope: 'ip', key: ip, createdAt: now },
  ]);
}

/** A failed second step whose challenge names nobody still counts against the IP. */
export async function recordIpFailure(db: DbOrTx, ip: string, now: Date) {
  await db.insert(authFailures).values({ scope: 'ip', key: ip, createdAt: now });
}

export async function clearAccountFailures(db: DbOrTx, account: string) {
  await db.delete(authFailures).where(and(eq(authFailures.scope, 'account'), eq(authFailures.key, account)));
}

/** A user's e-mail and password hash, for a proof of identity. */
export async function passwordOf(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
}

/** Every enabled user of a partner: who hears about a change of its bank details. */
export async function partnerUserEmails(
  db: DbOrTx,
  partnerId: number,
): Promise<{ email: string; timezone: string | null }[]> {
  return db
    .select({ email: users.email, timezone: users.timezone })
    .from(users)
    .where(and(eq(users.partnerId, partnerId), eq(users.enabled, true)))
    .orderBy(users.id);
}
