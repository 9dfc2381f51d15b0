import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { passwordResetKeys } from '../../db/schema.js';
import { randomToken, sha256 } from '../../lib/tokens.js';

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

/** The address of the spec's /password-reset screen for a key, from PUBLIC_URL (never from a request). */
export function passwordKeyLink(publicUrl: string, key: string): string {
  return `${publicUrl}/password-reset?key=${encodeURIComponent(key)}`;
}
