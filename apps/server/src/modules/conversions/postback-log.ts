import { and, count, desc, eq, inArray, lt } from 'drizzle-orm';
import type { PostbackLogEntry, PostbackLogOutcome } from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { OutboxWorker } from '../../lib/outbox-worker.js';
import { advertiserPostbacks } from '../../db/schema.js';
import { toIso } from '../../lib/reply.js';

/** Every postback an advertiser sent and what became of it (decision 041): written by /postback, read by staff. */

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

/** Deletes the log's entries older than `before`, a batch at a time; answers how many went. */
export async function prunePostbackLog(db: DbOrTx, before: Date, batch = 10_000): Promise<number> {
  const old = db
    .select({ id: advertiserPostbacks.id })
    .from(advertiserPostbacks)
    .where(lt(advertiserPostbacks.createdAt, before))
    .limit(batch);
  const gone = await db
    .delete(advertiserPostbacks)
    .where(inArray(advertiserPostbacks.id, old))
    .returning({ id: advertiserPostbacks.id });
  return gone.length;
}

/**
 * The postback log is for debugging an integration, not an archive (the conversions are): entries older than the
 * retention (POSTBACK_LOG_RETENTION_DAYS, decision 044) are deleted every hour, in batches so that no round holds
 * locks for long. Shares the outbox workers' timer and single flight.
 */
export class PostbackLogPruner extends OutboxWorker {
  constructor(
    private readonly db: Db,
    private readonly retentionDays: number,
    private readonly now: () => Date,
  ) {
    super();
  }

  protected async sendDue(): Promise<number> {
    const before = new Date(this.now().getTime() - this.retentionDays * 86_400_000);
    let total = 0;
    for (let round = 0; round < 100; round += 1) {
      const gone = await prunePostbackLog(this.db, before);
      total += gone;
      if (gone < 10_000) break;
    }
    return total;
  }
}
