import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { apiKeys, partners, sessions, users } from '../db/schema.js';

/**
 * The auth plugin's queries (decision 068): the session and the API key a bearer names. Plugins sit below the
 * modules (decision 065), so these live beside the plugin rather than in modules/auth; they take the token's hash,
 * never the token.
 */

/** The unexpired session with this token hash, its user and the user's partner status. */
export async function sessionByTokenHash(db: Db, tokenHash: string, now: Date) {
  const rows = await db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      partnerId: users.partnerId,
      advertiserId: users.advertiserId,
      roles: users.roles,
      email: users.email,
      enabled: users.enabled,
      teamId: users.teamId,
      twoFactorEnabledAt: users.twoFactorEnabledAt,
      partnerStatus: partners.status,
      readOnly: sessions.readOnly,
      viewedById: sessions.viewedById,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(partners, eq(partners.id, users.partnerId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  return rows[0] ?? null;
}

/** The staff member who opened a view-as session: its name, and whether it may still sign in. */
export async function viewerOf(db: Db, userId: number) {
  const [staff] = await db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, enabled: users.enabled })
    .from(users)
    .where(eq(users.id, userId));
  return staff ?? null;
}

/** The API key with this hash, its partner's status and the user who created it. */
export async function apiKeyByHash(db: Db, keyHash: string) {
  const rows = await db
    .select({
      id: apiKeys.id,
      partnerId: apiKeys.partnerId,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      userId: users.id,
      userPartnerId: users.partnerId,
      email: users.email,
      enabled: users.enabled,
      partnerStatus: partners.status,
    })
    .from(apiKeys)
    .innerJoin(partners, eq(partners.id, apiKeys.partnerId))
    .innerJoin(users, eq(users.id, apiKeys.createdById))
    .where(eq(apiKeys.keyHash, keyHash))
    .limit(1);
  return rows[0] ?? null;
}

/** Stamps a key's last use, unless another request stamped it after `staleBefore` (one write a minute at most). */
export async function touchApiKey(db: Db, id: number, now: Date, staleBefore: Date) {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))));
}
