import { MAX_ACTIVE_API_KEYS } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import * as repo from './api-keys.repository.js';

/**
 * A new reporting key, at most MAX_ACTIVE_API_KEYS active per partner (409 past it): counted and created in one
 * transaction, so that two creations at once cannot both pass the count.
 */
export async function createApiKey(db: Db, key: { partnerId: number; userId: number; name: string; now: Date }) {
  const created = await db.transaction(async (tx) => {
    if ((await repo.activeKeyCount(tx, key.partnerId)) >= MAX_ACTIVE_API_KEYS) return null;
    return repo.createKey(tx, key);
  });
  if (!created) {
    throw conflict(`You already have ${MAX_ACTIVE_API_KEYS} active API keys. Revoke one before creating another.`);
  }
  return created;
}
