import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { offsetToMinutes } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { rejectedClicksHourly, statsHourly } from '../../db/schema.js';
import { isoTime, unnestRows, type BulkColumn } from './bulk.js';

const HOUR_MS = 3_600_000;

/** The UTC hour a moment falls in: the rollup's time key. */
export const hourOf = (date: Date) => new Date(Math.floor(date.getTime() / HOUR_MS) * HOUR_MS);

export type RollupKey = {
  partnerId: number;
  hour: Date;
  offerId: number;
  currency: string;
  subid: string | null;
  tc1: string | null;
  tc2: string | null;
  tc3: string | null;
  tc4: string | null;
};

export type RollupCounts = {
  clicks: number;
  conversions: number;
  pending: number;
  rejected: number;
  payout: number;
  pendingPayout: number;
};

export const emptyCounts = (): RollupCounts => ({
  clicks: 0,
  conversions: 0,
  pending: 0,
  rejected: 0,
  payout: 0,
  pendingPayout: 0,
});

type RollupRow = RollupKey & RollupCounts;

/** Sums rows that share a key in memory first, so that a batch upserts each rollup row once. */
export class RollupAccumulator {
  private readonly rows = new Map<string, RollupRow>();

  add(key: RollupKey, counts: Partial<RollupCounts>): void {
    const id = [
      key.partnerId,
      key.hour.getTime(),
      key.offerId,
      key.currency,
      key.subid ?? '',
      key.tc1 ?? '',
      key.tc2 ?? '',
      key.tc3 ?? '',
      key.tc4 ?? '',
    ].join('\u0000');
    let row = this.rows.get(id);
    if (!row) {
      const { partnerId, hour, offerId, currency, subid, tc1, tc2, tc3, tc4 } = key;
      row = { partnerId, hour, offerId, currency, subid, tc1, tc2, tc3, tc4, ...emptyCounts() };
      this.rows.set(id, row);
    }
    for (const [name, value] of Object.entries(counts) as [keyof RollupCounts, number][]) row[name] += value;
  }

  get size(): number {
    return this.rows.size;
  }

  /** Adds the rows to `stats_hourly` in one upsert (`clicks = clicks + excluded.clicks` …). */
  async write(db: DbOrTx): Promise<void> {
    if (this.rows.size === 0) return;
    const rows = [...this.rows.values()];
    const column = (name: string, type: string, value: (row: RollupRow) => unknown): BulkColumn => [
      name,
      type,
      rows.map(value),
    ];
    const counts = ['clicks', 'conversions', 'pending', 'rejected', 'payout', 'pending_payout'];
    await db.execute(sql`insert into ${statsHourly} ${unnestRows([
      column('partner_id', 'int', (r) => r.partnerId),
      column('hour', 'timestamptz', (r) => isoTime(r.hour)),
      column('offer_id', 'int', (r) => r.offerId),
      column('currency', 'text', (r) => r.currency),
      // Missing sub-ids and trackers are '' in the key (decision 015).
      column('subid', 'text', (r) => r.subid ?? ''),
      column('tc1', 'text', (r) => r.tc1 ?? ''),
      column('tc2', 'text', (r) => r.tc2 ?? ''),
      column('tc3', 'text', (r) => r.tc3 ?? ''),
      column('tc4', 'text', (r) => r.tc4 ?? ''),
      column('clicks', 'bigint', (r) => r.clicks),
      column('conversions', 'bigint', (r) => r.conversions),
      column('pending', 'bigint', (r) => r.pending),
      column('rejected', 'bigint', (r) => r.rejected),
      column('payout', 'bigint', (r) => r.payout),
      column('pending_payout', 'bigint', (r) => r.pendingPayout),
    ])}
      on conflict (partner_id, hour, offer_id, currency, subid, tc1, tc2, tc3, tc4) do update set ${sql.raw(
        counts.map((name) => `"${name}" = stats_hourly."${name}" + excluded."${name}"`).join(', '),
      )}`);
  }
}

export type RejectedKey = { hour: Date; reason: string; offerId: number; partnerId: number };

export async function writeRejected(db: DbOrTx, rows: (RejectedKey & { count: number })[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(rejectedClicksHourly)
    .values(rows)
    .onConflictDoUpdate({
      target: [
        rejectedClicksHourly.hour,
        rejectedClicksHourly.reason,
        rejectedClicksHourly.offerId,
        rejectedClicksHourly.partnerId,
      ],
      set: { count: sql`${rejectedClicksHourly.count} + excluded.count` },
    });
}

export type StatsFilters = {
  offerId?: number | undefined;
  subid?: string | undefined;
  tc1?: string | undefined;
  tc2?: string | undefined;
  tc3?: string | undefined;
  tc4?: string | undefined;
};

export type DailyStatsRow = { day: string; currency: string } & RollupCounts;

/**
 * One partner's daily figures from the hourly rollup, days cut in a fixed offset: `from` and `to` are local
 * dates (yyyy-MM-dd, both included). A local day in a whole-hour offset is exactly 24 UTC hours (decision 015).
 */
export async function dailyStats(
  db: DbOrTx,
  partnerId: number,
  from: string,
  to: string,
  tzOffset: string | null,
  filters: StatsFilters = {},
): Promise<DailyStatsRow[]> {
  const minutes = offsetToMinutes(tzOffset);
  const start = new Date(Date.parse(`${from}T00:00:00Z`) - minutes * 60_000);
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000 - minutes * 60_000);
  const where: SQL[] = [eq(statsHourly.partnerId, partnerId), gte(statsHourly.hour, start), lt(statsHourly.hour, end)];
  if (filters.offerId !== undefined) where.push(eq(statsHourly.offerId, filters.offerId));
  for (const name of ['subid', 'tc1', 'tc2', 'tc3', 'tc4'] as const) {
    const value = filters[name];
    if (value !== undefined) where.push(eq(statsHourly[name], value));
  }
  // A literal, not a parameter: GROUP BY must see the very same expression as the select list.
  const shift = sql.raw(`interval '${Math.trunc(minutes)} minutes'`);
  const day = sql<string>`to_char((${statsHourly.hour} at time zone 'UTC') + ${shift}, 'YYYY-MM-DD')`;
  const total = (column: AnyPgColumn) => sql<number>`sum(${column})`.mapWith(Number);
  return db
    .select({
      day,
      currency: statsHourly.currency,
      clicks: total(statsHourly.clicks),
      conversions: total(statsHourly.conversions),
      pending: total(statsHourly.pending),
      rejected: total(statsHourly.rejected),
      payout: total(statsHourly.payout),
      pendingPayout: total(statsHourly.pendingPayout),
    })
    .from(statsHourly)
    .where(and(...where))
    .groupBy(day, statsHourly.currency)
    .orderBy(day, statsHourly.currency);
}
