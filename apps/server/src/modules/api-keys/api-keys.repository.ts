import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { API_KEY_PREFIX, API_KEY_VISIBLE_CHARS, type ApiKey } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { apiKeys } from '../../db/schema.js';
import { toIso } from '../../lib/reply.js';
import { randomToken, sha256 } from '../../lib/tokens.js';

type Row = typeof apiKeys.$inferSelect;

const toDto = (row: Row): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: toIso(row.lastUsedAt),
  revokedAt: toIso(row.revokedAt),
});

export async function listKeys(db: DbOrTx, partnerId: number): Promise<ApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.partnerId, partnerId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toDto);
}

export async function activeKeyCount(db: DbOrTx, partnerId: number): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.partnerId, partnerId), isNull(apiKeys.revokedAt)));
  return Number(rows[0]?.n ?? 0);
}

/** A new key: 'ppk_' and 256 random bits. Only its SHA-256 is stored; the caller shows it once. */
export async function createKey(
  db: DbOrTx,
  options: { partnerId: number; userId: number; name: string; now: Date },
): Promise<ApiKey & { key: string }> {
  const key = `${API_KEY_PREFIX}${randomToken(32)}`;
  const [row] = await db
    .insert(apiKeys)
    .values({
      partnerId: options.partnerId,
      createdById: options.userId,
      name: options.name,
      prefix: key.slice(0, API_KEY_VISIBLE_CHARS),
      keyHash: sha256(key),
      scopes: ['reporting'],
      createdAt: options.now,
    })
    .returning();
  if (!row) throw new Error('api key insert returned nothing');
  return { ...toDto(row), key };
}

/** Revokes a key of the partner (idempotent); null when the partner has no such key. */
export async function revokeKey(db: DbOrTx, partnerId: number, id: number, now: Date): Promise<ApiKey | null> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.partnerId, partnerId)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  if (row.revokedAt) return toDto(row);
  const [updated] = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.partnerId, partnerId)))
    .returning();
  return updated ? toDto(updated) : null;
}
