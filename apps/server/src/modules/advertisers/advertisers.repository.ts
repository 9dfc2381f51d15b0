import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { advertisers } from '../../db/schema.js';

export async function listAdvertisers(db: DbOrTx) {
  return db
    .select({
      id: advertisers.id,
      name: advertisers.name,
      enabled: advertisers.enabled,
      securityToken: advertisers.securityToken,
      createdAt: advertisers.createdAt,
    })
    .from(advertisers)
    .orderBy(asc(advertisers.name));
}
