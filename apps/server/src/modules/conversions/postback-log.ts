import { and, count, desc, eq } from 'drizzle-orm';
import type { PostbackLogEntry, PostbackLogOutcome } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { advertiserPostbacks } from '../../db/schema.js';
import { toIso } from '../../lib/reply.js';

/** Every postback an advertiser sent and what became of it (issue 19): written by /postback, read by staff. */

export type NewPostbackLog = {
  advertiserId: number;
  outcome: PostbackLogOutcome;
  status?: string | null;
  reason?: string | null;
  conversionId?: number | null;
  duplicate?: boolean;
  params: Record<string, string>;
  ip?: string | null;
  createdAt: Date;
};

export async function insertPostbackLog(db: DbOrTx, entry: NewPostbackLog) {
  await db.insert(advertiserPostbacks).values({
    advertiserId: entry.advertiserId,
    outcome: entry.outcome,
    status: entry.status ?? null,
    reason: entry.reason ?? null,
    conversionId: entry.conversionId ?? null,
    duplicate: entry.duplicate ?? false,
    params: entry.params,
    ip: entry.ip ?? null,
    createdAt: entry.createdAt,
  });
}

export async function listPostbackLog(
  db: DbOrTx,
  advertiserId: number,
  query: { page: number; count: number; outcome?: PostbackLogOutcome | undefined },
): Promise<{ list: PostbackLogEntry[]; total: number }> {
  const where = and(
    eq(advertiserPostbacks.advertiserId, advertiserId),
    query.outcome ? eq(advertiserPostbacks.outcome, query.outcome) : undefined,
  );
  const rows = await db
    .select()
    .from(advertiserPostbacks)
    .where(where)
    .orderBy(desc(advertiserPostbacks.createdAt), desc(advertiserPostbacks.id))
    .limit(query.count)
    .offset((query.page - 1) * query.count);
  const [total] = await db.select({ n: count() }).from(advertiserPostbacks).where(where);
  return {
    total: Number(total?.n ?? 0),
    list: rows.map((row) => ({
      id: row.id,
      createdAt: toIso(row.createdAt) ?? '',
      outcome: row.outcome as PostbackLogOutcome,
      status: row.status,
      reason: row.reason,
      conversionId: row.conversionId,
      duplicate: row.duplicate,
      params: row.params as Record<string, string>,
      ip: row.ip,
    })),
  };
}
