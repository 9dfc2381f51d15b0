import { isoTime } from '../../db/bulk.js';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  COUNTS,
  ensureConvertedWeeks,
  lockConvertedWeeks,
  rebuildConvertedWeeks,
  upsertGoalRollups,
  upsertRollups,
  type FlaggedKey,
  type FlaggedRow,
  type KnownTrafficPairs,
  type TrafficPair,
  type GoalRollupRow,
  type RollupCounts,
  type RollupRow,
} from './rollups.repository.js';

export type { RollupCounts } from './rollups.repository.js';

/**
 * The rollup accumulator (decisions 015, 021): clicks and conversions of a batch summed per key in memory, then
 * written by rollups.repository.ts in the writer's transaction.
 */

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
  /** The visitor's country; null (not placed) is '' in the key. */
  country?: string | null | undefined;
  /** The offer landing page the click was sent to (decision 117); null or absent: the offer's own URL (0 in the key). */
  landingPageId?: number | null | undefined;
  /** A conversion's goal code (decision 113): its counts go to the goal grain too. Clicks have none. */
  goal?: string | null | undefined;
};

export const emptyCounts = (): RollupCounts => ({
  clicks: 0,
  conversions: 0,
  pending: 0,
  rejected: 0,
  payout: 0,
  pendingPayout: 0,
  revenue: 0,
  pendingRevenue: 0,
});

function addTo(
  rows: Map<string, RollupRow>,
  time: string,
  key: Omit<RollupKey, 'hour'>,
  counts: Partial<RollupCounts>,
) {
  const row = rowOf(rows, time, key);
  for (const [name] of COUNTS) {
    const value = counts[name];
    if (value) row[name] += value;
  }
}

/** The row of `key` at `time` in `rows`, added with zero counts when it is not there yet. */
function rowOf(rows: Map<string, RollupRow>, time: string, key: Omit<RollupKey, 'hour'>): RollupRow {
  // Missing sub-ids and trackers are '' in the key (decision 015). A template, not an array join: this runs
  // once per click of every batch.
  const { partnerId, offerId, currency } = key;
  const subid = key.subid ?? '';
  const tc1 = key.tc1 ?? '';
  const tc2 = key.tc2 ?? '';
  const tc3 = key.tc3 ?? '';
  const tc4 = key.tc4 ?? '';
  const country = key.country ?? '';
  const landingPageId = key.landingPageId ?? 0;
  const id = `${partnerId}\u0000${time}\u0000${offerId}\u0000${currency}\u0000${subid}\u0000${tc1}\u0000${tc2}\u0000${tc3}\u0000${tc4}\u0000${country}\u0000${landingPageId}`;
  let row = rows.get(id);
  if (!row) {
    row = { partnerId, time, offerId, currency, subid, tc1, tc2, tc3, tc4, country, landingPageId, ...emptyCounts() };
    rows.set(id, row);
  }
  return row;
}

/** The same for the goal grain (decision 113): the key with the goal. Conversions only, so no hot path. */
function addToGoal(
  rows: Map<string, GoalRollupRow>,
  time: string,
  goal: string,
  key: Omit<RollupKey, 'hour' | 'goal'>,
  counts: Partial<RollupCounts>,
) {
  const keyOf = {
    partnerId: key.partnerId,
    time,
    offerId: key.offerId,
    goal,
    currency: key.currency,
    subid: key.subid ?? '',
    tc1: key.tc1 ?? '',
    tc2: key.tc2 ?? '',
    tc3: key.tc3 ?? '',
    tc4: key.tc4 ?? '',
    country: key.country ?? '',
    landingPageId: key.landingPageId ?? 0,
  };
  const id = Object.values(keyOf).join('\u0000');
  let row = rows.get(id);
  if (!row) {
    row = { ...keyOf, ...emptyCounts() };
    rows.set(id, row);
  }
  for (const [name] of COUNTS) {
    const value = counts[name];
    if (value) row[name] += value;
  }
}

/** Whether two clicks fall in one `stats_hourly` row (their hour aside): `rowOf`'s key, compared field by field. */
function sameClickKey(a: Omit<RollupKey, 'hour' | 'goal'>, b: Omit<RollupKey, 'hour' | 'goal'>): boolean {
  return (
    a.partnerId === b.partnerId &&
    a.offerId === b.offerId &&
    a.currency === b.currency &&
    (a.subid ?? '') === (b.subid ?? '') &&
    (a.tc1 ?? '') === (b.tc1 ?? '') &&
    (a.tc2 ?? '') === (b.tc2 ?? '') &&
    (a.tc3 ?? '') === (b.tc3 ?? '') &&
    (a.tc4 ?? '') === (b.tc4 ?? '') &&
    (a.country ?? '') === (b.country ?? '') &&
    (a.landingPageId ?? 0) === (b.landingPageId ?? 0)
  );
}

/** Sums rows that share a key in memory first, so that a batch upserts each rollup row once. */
export class RollupAccumulator {
  private readonly rows = new Map<string, RollupRow>();
  /** Conversions' counts per goal as well (decision 113); empty for a click batch. */
  private readonly goals = new Map<string, GoalRollupRow>();
  /** Each hour's ISO text, made once per batch rather than once per click. */
  private readonly hours = new Map<number, string>();
  /**
   * The last click counted (`addClickAt`), its hour and its row: a click with the same key counts into that row without
   * its key's text being made (decision 152). A batch's clicks come in runs of one link's.
   */
  private lastClick: Omit<RollupKey, 'hour' | 'goal'> | null = null;
  private lastClickHour = Number.NaN;
  private lastClickRow: RollupRow | null = null;

  add(key: RollupKey, counts: Partial<RollupCounts>): void {
    const ms = key.hour.getTime();
    let time = this.hours.get(ms);
    if (time === undefined) {
      time = isoTime(key.hour);
      this.hours.set(ms, time);
    }
    addTo(this.rows, time, key, counts);
    if (key.goal) addToGoal(this.goals, time, key.goal, key, counts);
  }

  /**
   * `add` of a row at the moment `at`, counted in its UTC hour: the click batch's call, once per click, without a
   * copy of the click and a Date per click (decision 120).
   */
  addAt(at: Date, key: Omit<RollupKey, 'hour'>, counts: Partial<RollupCounts>): void {
    const ms = Math.floor(at.getTime() / HOUR_MS) * HOUR_MS;
    let time = this.hours.get(ms);
    if (time === undefined) {
      time = isoTime(new Date(ms));
      this.hours.set(ms, time);
    }
    addTo(this.rows, time, key, counts);
    if (key.goal) addToGoal(this.goals, time, key.goal, key, counts);
  }

  /** `addAt` of one click (the click batch's call, once per click): its row's `clicks` counted, no counts walked. */
  addClickAt(at: Date, key: Omit<RollupKey, 'hour' | 'goal'>): void {
    const ms = Math.floor(at.getTime() / HOUR_MS) * HOUR_MS;
    const last = this.lastClick;
    if (last !== null && ms === this.lastClickHour && sameClickKey(key, last)) {
      this.lastClickRow!.clicks += 1;
      return;
    }
    let time = this.hours.get(ms);
    if (time === undefined) {
      time = isoTime(new Date(ms));
      this.hours.set(ms, time);
    }
    const row = rowOf(this.rows, time, key);
    row.clicks += 1;
    this.lastClick = key;
    this.lastClickHour = ms;
    this.lastClickRow = row;
  }

  /** The rows summed so far per `stats_hourly` key (a click batch sends them as one JSON parameter, decision 128). */
  hourlyRows(): RollupRow[] {
    return [...this.rows.values()];
  }

  get size(): number {
    return this.rows.size;
  }

  /**
   * Adds the rows to `stats_hourly`, then the same counts folded per UTC day to `stats_daily` (decision 021) and to
   * the narrow rollups, on the handle given: in the writer's transaction, so that the tables agree with the raw rows.
   * `known`: the traffic pairs the writer knows are written (decision 125); answers the pairs it sent. `flagged`: the
   * writer's flagged counts (`flaggedRows`), written in the rollups' statement (decision 127).
   */
  async write(db: DbOrTx, known?: KnownTrafficPairs, flagged: FlaggedRow[] = []): Promise<TrafficPair[]> {
    if (this.rows.size === 0 && flagged.length === 0) return [];
    const days = new Map<string, RollupRow>();
    // `time` is an ISO string in UTC: its first ten characters are the UTC date.
    for (const row of this.rows.values()) addTo(days, row.time.slice(0, 10), row, row);
    const pairs = await upsertRollups(db, [...this.rows.values()], [...days.values()], known, flagged);
    if (this.goals.size > 0) {
      const goalDays = new Map<string, GoalRollupRow>();
      for (const row of this.goals.values()) addToGoal(goalDays, row.time.slice(0, 10), row.goal, row, row);
      await upsertGoalRollups(db, [...this.goals.values()], [...goalDays.values()]);
    }
    return pairs;
  }
}

/** The `flagged_hourly` rows of flagged items: one per rule and one `*` per item, summed per hour, offer and partner. */
export function flaggedRows(
  kind: FlaggedKey['kind'],
  items: { createdAt: Date; offerId: number; partnerId: number; landingPageId?: number | null | undefined; rules: readonly string[]; count?: number }[], // prettier-ignore
): FlaggedRow[] {
  const rows = new Map<string, FlaggedRow>();
  // `count`: items that stand for several alike (a click batch's run of one link's flagged clicks, decision 152).
  const count = (
    hourMs: number,
    rule: string,
    offerId: number,
    partnerId: number,
    landingPageId: number,
    n: number,
  ) => {
    const key = `${hourMs}|${rule}|${offerId}|${partnerId}|${landingPageId}`;
    const row = rows.get(key);
    if (row) row.count += n;
    else rows.set(key, { hour: new Date(hourMs), kind, rule, offerId, partnerId, landingPageId, count: n });
  };
  for (const item of items) {
    if (item.rules.length === 0) continue;
    // The hour as a number: a click batch calls this once per flagged click (decision 120).
    const hourMs = Math.floor(item.createdAt.getTime() / HOUR_MS) * HOUR_MS;
    // The click's landing page as the rollups key it (decision 126): 0 for the offer's own URL.
    const page = item.landingPageId ?? 0;
    const n = item.count ?? 1;
    count(hourMs, '*', item.offerId, item.partnerId, page, n);
    for (const rule of item.rules) count(hourMs, rule, item.offerId, item.partnerId, page, n);
  }
  return [...rows.values()];
}

/**
 * The weekly grains in the base currency built for `base` unless they are already (decision 142): at a server's start,
 * after the migration that made them or a change of `BASE_CURRENCY`. One transaction under the rates' lock.
 */
export async function convertedWeeksFor(db: Db, base: string): Promise<boolean> {
  return db.transaction((tx) => ensureConvertedWeeks(tx, base));
}

/**
 * The weekly grains in the base currency built again for `base` (decision 142), whatever they hold: after a rolling
 * deploy across migration 0047, an earlier build's writers of money wrote the daily grains alone.
 */
export async function rebuildConvertedWeeksFor(db: Db, base: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockConvertedWeeks(tx);
    await rebuildConvertedWeeks(tx, base);
  });
}
