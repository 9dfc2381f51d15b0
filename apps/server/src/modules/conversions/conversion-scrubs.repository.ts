import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { advertisers, conversions, conversionScrubs, partners } from '../../db/schema.js';
import type { StaffScope } from '../access/index.js';
import { changeableBy } from './conversion-changes.repository.js';

/** The SQL of advertisers' scrub files (decision 069); the rules stay in conversion-scrubs.ts. */

export type ScrubRow = typeof conversionScrubs.$inferSelect & { advertiserName: string | null };

/** A conversion a scrub line names, with what the preview shows of it. */
export type ScrubMatch = {
  id: number;
  transactionId: string;
  status: string;
  partnerId: number | null;
  partnerName: string | null;
  currency: string;
  payout: number;
  revenue: number;
};

/** Keys per query: well below PostgreSQL's 65,535 bind parameters. */
const BATCH = 5000;

/**
 * The advertiser's conversions under these transaction ids that the staff member may change (others' do not exist for
 * it), by transaction id. `lock`: FOR UPDATE, in id order, so a concurrent change waits rather than deadlocks.
 */
export async function conversionsByTransactionIds(
  db: DbOrTx,
  advertiserId: number,
  transactionIds: string[],
  scope: StaffScope,
  lock = false,
): Promise<Map<string, ScrubMatch>> {
  const found = new Map<string, ScrubMatch>();
  for (let start = 0; start < transactionIds.length; start += BATCH) {
    const keys = transactionIds.slice(start, start + BATCH).map((id) => `tx:${id}`);
    const query = db
      .select({
        id: conversions.id,
        dedupeKey: conversions.dedupeKey,
        status: conversions.status,
        partnerId: conversions.partnerId,
        partnerName: partners.companyName,
        currency: conversions.currency,
        payout: conversions.payout,
        revenue: conversions.revenue,
      })
      .from(conversions)
      .leftJoin(partners, eq(partners.id, conversions.partnerId))
      .where(and(eq(conversions.advertiserId, advertiserId), inArray(conversions.dedupeKey, keys), changeableBy(scope)))
      .orderBy(asc(conversions.id));
    const rows = lock ? await query.for('update', { of: conversions }) : await query;
    for (const { dedupeKey, ...row } of rows) {
      const transactionId = dedupeKey.slice(3);
      found.set(transactionId, { ...row, transactionId });
    }
  }
  return found;
}

export async function advertiserExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: advertisers.id }).from(advertisers).where(eq(advertisers.id, id));
  return row !== undefined;
}

/** Every advertiser's id and name, by name. */
export async function advertiserNames(db: DbOrTx): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: advertisers.id, name: advertisers.name })
    .from(advertisers)
    .orderBy(asc(advertisers.name), asc(advertisers.id));
}

export async function insertScrub(db: DbOrTx, values: typeof conversionScrubs.$inferInsert): Promise<number> {
  const [row] = await db.insert(conversionScrubs).values(values).returning({ id: conversionScrubs.id });
  return row!.id;
}

/** Admins and finance see every scrub; a team manager its team's; an account manager those it uploaded. */
function visibleTo(scope: StaffScope) {
  if (scope.reach === 'all' || scope.billing) return sql`true`;
  if (scope.reach === 'team' && scope.managerIds.length > 0) {
    return inArray(conversionScrubs.createdById, [...new Set([scope.userId, ...scope.managerIds])]);
  }
  return eq(conversionScrubs.createdById, scope.userId);
}

const scrubColumns = { scrub: conversionScrubs, advertiserName: advertisers.name };

/** One scrub the staff member may see; `lock`: FOR UPDATE (its apply), so two applies run one after the other. */
export async function scrubById(db: DbOrTx, id: number, scope: StaffScope, lock = false): Promise<ScrubRow | null> {
  const query = db
    .select(scrubColumns)
    .from(conversionScrubs)
    .leftJoin(advertisers, eq(advertisers.id, conversionScrubs.advertiserId))
    .where(and(eq(conversionScrubs.id, id), visibleTo(scope)));
  const [row] = lock ? await query.for('update', { of: conversionScrubs }) : await query;
  return row ? { ...row.scrub, advertiserName: row.advertiserName } : null;
}

export async function listScrubs(
  db: DbOrTx,
  scope: StaffScope,
  page: { page: number; count: number },
): Promise<{ rows: ScrubRow[]; total: number }> {
  const rows = await db
    .select(scrubColumns)
    .from(conversionScrubs)
    .leftJoin(advertisers, eq(advertisers.id, conversionScrubs.advertiserId))
    .where(visibleTo(scope))
    .orderBy(desc(conversionScrubs.createdAt), desc(conversionScrubs.id))
    .limit(page.count)
    .offset((page.page - 1) * page.count);
  const [total] = await db.select({ n: count() }).from(conversionScrubs).where(visibleTo(scope));
  return { rows: rows.map((r) => ({ ...r.scrub, advertiserName: r.advertiserName })), total: total?.n ?? 0 };
}

export async function markScrubApplied(
  db: DbOrTx,
  id: number,
  values: { preview: unknown; appliedById: number | null; appliedAt: Date },
): Promise<void> {
  await db
    .update(conversionScrubs)
    .set({ status: 'applied', ...values })
    .where(eq(conversionScrubs.id, id));
}

export async function markScrubDismissed(db: DbOrTx, id: number): Promise<void> {
  await db.update(conversionScrubs).set({ status: 'dismissed' }).where(eq(conversionScrubs.id, id));
}

/** The files an advertiser sent from its portal (decision 087), newest first. */
export async function listAdvertiserScrubs(
  db: DbOrTx,
  advertiserId: number,
  page: { page: number; count: number },
): Promise<{ rows: ScrubRow[]; total: number }> {
  const mine = and(eq(conversionScrubs.advertiserId, advertiserId), eq(conversionScrubs.source, 'advertiser'));
  const rows = await db
    .select(scrubColumns)
    .from(conversionScrubs)
    .leftJoin(advertisers, eq(advertisers.id, conversionScrubs.advertiserId))
    .where(mine)
    .orderBy(desc(conversionScrubs.createdAt), desc(conversionScrubs.id))
    .limit(page.count)
    .offset((page.page - 1) * page.count);
  const [total] = await db.select({ n: count() }).from(conversionScrubs).where(mine);
  return { rows: rows.map((r) => ({ ...r.scrub, advertiserName: r.advertiserName })), total: total?.n ?? 0 };
}
