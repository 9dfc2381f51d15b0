import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { rejectedClicksHourly, statsHourly } from '../../db/schema.js';

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

  async write(db: DbOrTx): Promise<void> {
    if (this.rows.size === 0) return;
    const values = [...this.rows.values()].map((row) => ({
      ...row,
      subid: row.subid ?? '',
      tc1: row.tc1 ?? '',
      tc2: row.tc2 ?? '',
      tc3: row.tc3 ?? '',
      tc4: row.tc4 ?? '',
    }));
    const added = (column: AnyPgColumn, name: string) => sql`${column} + excluded.${sql.identifier(name)}`;
    await db
      .insert(statsHourly)
      .values(values)
      .onConflictDoUpdate({
        target: [
          statsHourly.partnerId,
          statsHourly.hour,
          statsHourly.offerId,
          statsHourly.currency,
          statsHourly.subid,
          statsHourly.tc1,
          statsHourly.tc2,
          statsHourly.tc3,
          statsHourly.tc4,
        ],
        set: {
          clicks: added(statsHourly.clicks, 'clicks'),
          conversions: added(statsHourly.conversions, 'conversions'),
          pending: added(statsHourly.pending, 'pending'),
          rejected: added(statsHourly.rejected, 'rejected'),
          payout: added(statsHourly.payout, 'payout'),
          pendingPayout: added(statsHourly.pendingPayout, 'pending_payout'),
        },
      });
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

/** '+05:00' → 300; '-03:00' → -180 (decision 012: whole-hour fixed offsets). */
export function offsetMinutes(offset: string | null | undefined): number {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

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
  const minutes = offsetMinutes(tzOffset);
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
