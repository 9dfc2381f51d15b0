import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/client.js';
import {
  insertPostbackSecret,
  postbackSecretRow,
  upsertPostbackSecret,
  type PostbackSecret,
} from './postbacks.repository.js';

export type { PostbackSecret } from './postbacks.repository.js';

/** 32 random bytes, base64url (43 characters): the key of a partner's X-Signature HMAC (decision 019). */
function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The partner's postback secret, created on first use. Two first uses at once agree: the insert does nothing on
 * conflict and both read the one row back.
 */
export async function postbackSecretOf(db: DbOrTx, partnerId: number, now?: Date): Promise<PostbackSecret> {
  const existing = await postbackSecretRow(db, partnerId);
  if (existing) return existing;
  await insertPostbackSecret(db, partnerId, newSecret(), now);
  const created = await postbackSecretRow(db, partnerId);
  if (!created) throw new Error(`no postback secret for partner ${partnerId}`);
  return created;
}

/** Replaces the partner's secret: deliveries signed from now on use the new one; the old one stops verifying. */
export async function rotatePostbackSecret(db: DbOrTx, partnerId: number, now: Date): Promise<PostbackSecret> {
  const row = await upsertPostbackSecret(db, partnerId, newSecret(), now);
  if (!row) throw new Error(`postback secret not rotated for partner ${partnerId}`);
  return row;
}
