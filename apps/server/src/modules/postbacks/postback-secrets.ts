import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { partnerPostbackSecrets } from '../../db/schema.js';

export type PostbackSecret = { secret: string; rotatedAt: Date };

/** 32 random bytes, base64url (43 characters): the key of a partner's X-Signature HMAC (decision 019). */
function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

async function read(db: DbOrTx, partnerId: number): Promise<PostbackSecret | undefined> {
  const [row] = await db
    .select({ secret: partnerPostbackSecrets.secret, rotatedAt: partnerPostbackSecrets.rotatedAt })
    .from(partnerPostbackSecrets)
    .where(eq(partnerPostbackSecrets.partnerId, partnerId));
  return row;
}

/**
 * The partner's postback secret, created on first use. Two first uses at once agree: the insert does nothing on
 * conflict and both read the one row back.
 */
export async function postbackSecretOf(db: DbOrTx, partnerId: number, now?: Date): Promise<PostbackSecret> {
  const existing = await read(db, partnerId);
  if (existing) return existing;
  await db
    .insert(partnerPostbackSecrets)
    .values({ partnerId, secret: newSecret(), ...(now ? { rotatedAt: now } : {}) })
    .onConflictDoNothing();
  const created = await read(db, partnerId);
  if (!created) throw new Error(`no postback secret for partner ${partnerId}`);
  return created;
}

/** Replaces the partner's secret: deliveries signed from now on use the new one; the old one stops verifying. */
export async function rotatePostbackSecret(db: DbOrTx, partnerId: number, now: Date): Promise<PostbackSecret> {
  const secret = newSecret();
  const [row] = await db
    .insert(partnerPostbackSecrets)
    .values({ partnerId, secret, rotatedAt: now })
    .onConflictDoUpdate({ target: partnerPostbackSecrets.partnerId, set: { secret, rotatedAt: now } })
    .returning({ secret: partnerPostbackSecrets.secret, rotatedAt: partnerPostbackSecrets.rotatedAt });
  if (!row) throw new Error(`postback secret not rotated for partner ${partnerId}`);
  return row;
}
