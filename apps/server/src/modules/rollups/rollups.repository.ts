import { and, eq, getTableName, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import { offsetToMinutes } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import {
  partnerOfferTraffic,
  rejectedClicksHourly,
  flaggedHourly,
  statsDaily,
  statsGoalDaily,
  statsGoalOfferDaily,
  statsGoalHourly,
  statsHourly,
  statsNetworkDaily,
  statsNetworkHourly,
  statsOfferDaily,
  statsOfferHourly,
  statsPartnerDaily,
  statsPairDaily,
  statsPairWeekly,
  statsPartnerWeekly,
  statsOfferWeekly,
  statsLandingDaily,
  statsLandingWeekly,
  statsLandingWeeklyFx,
  statsPartnerHourly,
  statsPartnerWeeklyFx,
  statsOfferWeeklyFx,
  statsPairWeeklyFx,
  statsFxBase,
  fxRates,
} from '../../db/schema.js';
import { rowsOf, unnestRows, type BulkColumn } from '../../db/bulk.js';

export type RollupCounts = {
  clicks: number;
  conversions: number;
  pending: number;
  rejected: number;
  payout: number;
  pendingPayout: number;
  /** Advertiser revenue of approved and pending conversions (decision 046): staff reports only. */
  revenue: number;
  pendingRevenue: number;
};

/** Each count as `RollupCounts` names it and as both rollup tables store it. */
export const COUNTS = [
  ['clicks', 'clicks'],
  ['conversions', 'conversions'],
  ['pending', 'pending'],
  ['rejected', 'rejected'],
  ['payout', 'payout'],
  ['pendingPayout', 'pending_payout'],
  ['revenue', 'revenue'],
  ['pendingRevenue', 'pending_revenue'],
] as const;

/** A rollup row as written: `time` is the hour (ISO) or the UTC date, missing sub-ids, trackers and country are ''. */
export type RollupRow = RollupCounts & {
  partnerId: number;
  time: string;
  offerId: number;
  currency: string;
  subid: string;
  tc1: string;
  tc2: string;
  tc3: string;
  tc4: string;
  country: string;
  /** The landing page (decision 117): 0 for the offer's own URL. */
  landingPageId: number;
};

/**
 * Rows in one order on every server: two servers' batches upserting overlapping rollup rows in different orders
 * deadlocked (found by deploy/local-cluster.sh check, decision 096); in key order their row locks queue instead.
 */
const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const rowKey = (r: RollupRow) =>
  [r.partnerId, r.time, r.offerId, r.currency, r.subid, r.tc1, r.tc2, r.tc3, r.tc4, r.country, r.landingPageId].join('\u0000'); // prettier-ignore

/** The upsert adding rows to one rollup table (`clicks = clicks + excluded.clicks` …), in key order. */
function upsert(
  table: typeof statsHourly | typeof statsDaily,
  time: [column: string, type: string],
  given: RollupRow[],
): SQL {
  // prettier-ignore
  const rows = given
    .map((row) => [rowKey(row), row] as const)
    .sort((a, b) => byKey(a[0], b[0]))
    .map(([, row]) => row);
  const column = (name: string, type: string, value: (row: RollupRow) => unknown): BulkColumn => [
    name,
    type,
    rows.map(value),
  ];
  const key = ['partner_id', time[0], 'offer_id', 'currency', 'subid', 'tc1', 'tc2', 'tc3', 'tc4', 'country', 'landing_page_id']; // prettier-ignore
  const target = getTableName(table);
  return sql`insert into ${table} ${unnestRows([
    column('partner_id', 'int', (r) => r.partnerId),
    column(...time, (r) => r.time),
    column('offer_id', 'int', (r) => r.offerId),
    column('currency', 'text', (r) => r.currency),
    column('subid', 'text', (r) => r.subid),
    column('tc1', 'text', (r) => r.tc1),
    column('tc2', 'text', (r) => r.tc2),
    column('tc3', 'text', (r) => r.tc3),
    column('tc4', 'text', (r) => r.tc4),
    column('country', 'text', (r) => r.country),
    column('landing_page_id', 'int', (r) => r.landingPageId),
    ...COUNTS.map(([count, name]) => column(name, 'bigint', (r) => r[count])),
  ])}
    on conflict (${sql.raw(key.join(', '))}) do update set ${sql.raw(
      COUNTS.map(([, name]) => `"${name}" = ${target}."${name}" + excluded."${name}"`).join(', '),
    )}`;
}

/** A narrow rollup: its table, its time column and the key columns after the time (decisions 046, 049). */
type Narrow = {
  table: AnyPgTable;
  time: [column: string, type: string];
  key: readonly ('partner_id' | 'offer_id' | 'currency' | 'country' | 'landing_page_id')[];
};

const NARROW: readonly Narrow[] = [
  { table: statsNetworkHourly, time: ['hour', 'timestamptz'], key: ['partner_id', 'offer_id', 'currency', 'country', 'landing_page_id'] }, // prettier-ignore
  { table: statsNetworkDaily, time: ['day', 'date'], key: ['partner_id', 'offer_id', 'currency', 'country', 'landing_page_id'] }, // prettier-ignore
  { table: statsPartnerHourly, time: ['hour', 'timestamptz'], key: ['partner_id', 'currency'] },
  { table: statsPartnerDaily, time: ['day', 'date'], key: ['partner_id', 'currency'] },
  { table: statsOfferHourly, time: ['hour', 'timestamptz'], key: ['offer_id', 'currency'] },
  { table: statsOfferDaily, time: ['day', 'date'], key: ['offer_id', 'currency'] },
  // The pair grain (decision 123): partner × offer per UTC day, without country or landing page.
  { table: statsPairDaily, time: ['day', 'date'], key: ['partner_id', 'offer_id', 'currency'] },
  // The landing grain (decision 126): offer × landing page per UTC day, without partner or country.
  { table: statsLandingDaily, time: ['day', 'date'], key: ['offer_id', 'landing_page_id', 'currency'] },
  // The weekly grains (decision 136): the partner, offer and pair grains per UTC week, keyed by its Monday.
  { table: statsPartnerWeekly, time: ['week', 'date'], key: ['partner_id', 'currency'] },
  { table: statsOfferWeekly, time: ['week', 'date'], key: ['offer_id', 'currency'] },
  { table: statsPairWeekly, time: ['week', 'date'], key: ['partner_id', 'offer_id', 'currency'] },
  // The landing grain per UTC week (decision 150).
  { table: statsLandingWeekly, time: ['week', 'date'], key: ['offer_id', 'landing_page_id', 'currency'] },
];

const DAY_MS = 86_400_000;
/** The Monday (yyyy-MM-dd) of a UTC date's week: the key of the weekly grains (decision 136). */
export const mondayOf = (day: string): string => {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return new Date(ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY_MS).toISOString().slice(0, 10);
};

/** A row's time in a narrow rollup's time column: the hour as it is, else its UTC date or that date's Monday. */
const timeIn = (column: string, hour: string) =>
  column === 'hour' ? hour : column === 'week' ? mondayOf(hour.slice(0, 10)) : hour.slice(0, 10);

const KEY_VALUE = {
  partner_id: ['int', (r: RollupRow) => r.partnerId],
  offer_id: ['int', (r: RollupRow) => r.offerId],
  currency: ['text', (r: RollupRow) => r.currency],
  country: ['text', (r: RollupRow) => r.country ?? ''],
  landing_page_id: ['int', (r: RollupRow) => r.landingPageId],
} as const;

/**
 * The (partner, offer) pairs a writer knows `partner_offer_traffic` holds already (decision 125): the click buffer's,
 * filled after each commit, so that its batches leave those pairs out. The table is never deleted from, so a pair
 * once committed stays; a new process starts empty and writes each pair once more (`on conflict do nothing`).
 */
export class KnownTrafficPairs {
  private readonly pairs = new Set<string>();

  constructor(private readonly max = 100_000) {}

  has(partnerId: number, offerId: number): boolean {
    return this.pairs.has(`${partnerId}:${offerId}`);
  }

  /**
   * The distinct pairs of these rows this writer does not know yet, in key order: what a batch sends (decision 128).
   * Runs of one pair (most of a batch, often) cost a comparison per row.
   */
  unknownOf(rows: readonly TrafficPair[]): TrafficPair[] {
    const found = new Map<string, TrafficPair>();
    let lastPartner = -1;
    let lastOffer = -1;
    for (const { partnerId, offerId } of rows) {
      if (partnerId === lastPartner && offerId === lastOffer) continue;
      lastPartner = partnerId;
      lastOffer = offerId;
      const key = `${partnerId}:${offerId}`;
      if (!this.pairs.has(key) && !found.has(key)) found.set(key, { partnerId, offerId });
    }
    return [...found.values()].sort((a, b) => a.partnerId - b.partnerId || a.offerId - b.offerId);
  }

  /** Pairs now committed. Past `max` the set starts over (junk cannot grow it without bound: ids are checked first). */
  add(written: readonly TrafficPair[]): void {
    if (this.pairs.size + written.length > this.max) this.pairs.clear();
    for (const pair of written) this.pairs.add(`${pair.partnerId}:${pair.offerId}`);
  }
}

export type TrafficPair = { partnerId: number; offerId: number };

/**
 * The same rows folded into every narrow rollup: per (hour or UTC day, partner, offer, currency, country) for the
 * network tables (decision 046), per (hour or day, partner, currency) and (hour or day, offer, currency) for the
 * grains (decision 049), per (UTC day, partner, offer, currency) for the pair grain (decision 123), per (UTC day,
 * offer, landing page, currency) for the landing grain (decision 126), per UTC week for the weekly grains (decisions
 * 136, 150): one upsert per table and the pairs' insert, each
 * a CTE of `upsertRollups`' one statement.
 */
function narrowUpserts(
  rows: RollupRow[],
  known?: KnownTrafficPairs,
): { inserts: SQL[]; pairsInsert: SQL | null; pairs: TrafficPair[] } {
  const inserts = NARROW.map(({ table, time, key }) => {
    const folded = new Map<string, RollupRow>();
    for (const row of rows) {
      // `time` is an ISO string in UTC: its first ten characters are the UTC date.
      const at = timeIn(time[0], row.time);
      const id = `${at}\u0000${key.map((k) => KEY_VALUE[k][1](row)).join('\u0000')}`;
      const sum = folded.get(id);
      if (!sum) folded.set(id, { ...row, time: at });
      else for (const [name] of COUNTS) sum[name] += row[name];
    }
    const list = [...folded.entries()].sort((a, b) => byKey(a[0], b[0])).map(([, row]) => row);
    const column = (name: string, type: string, value: (row: RollupRow) => unknown): BulkColumn => [name, type, list.map(value)]; // prettier-ignore
    const target = getTableName(table);
    return sql`insert into ${table} ${unnestRows([
      column(...time, (r) => r.time),
      ...key.map((k) => column(k, KEY_VALUE[k][0], KEY_VALUE[k][1])),
      ...COUNTS.map(([count, name]) => column(name, 'bigint', (r) => r[count])),
    ])}
    on conflict (${sql.raw([time[0], ...key].join(', '))}) do update set ${sql.raw(
      COUNTS.map(([, name]) => `"${name}" = ${target}."${name}" + excluded."${name}"`).join(', '),
    )}`;
  });
  // The (partner, offer) pairs with traffic (decision 117): a pair already there is left as it is, and a pair the
  // writer knows is there already is not sent at all (decision 125).
  const pairs: TrafficPair[] = [...new Map(rows.map((r) => [`${r.partnerId}\u0000${r.offerId}`, r] as const))]
    .filter(([, r]) => !known?.has(r.partnerId, r.offerId))
    .sort((a, b) => a[1].partnerId - b[1].partnerId || a[1].offerId - b[1].offerId)
    .map(([, r]) => ({ partnerId: r.partnerId, offerId: r.offerId }));
  const pairsInsert =
    pairs.length > 0
      ? sql`insert into ${partnerOfferTraffic} ${unnestRows([
          ['partner_id', 'int', pairs.map((r) => r.partnerId)],
          ['offer_id', 'int', pairs.map((r) => r.offerId)],
        ])} on conflict do nothing`
      : null;
  return { inserts, pairsInsert, pairs };
}

/**
 * The click batch's rollups as fixed SQL (decision 128): one `insert … select … on conflict` per rollup table, each
 * reading `source`, a relation of a batch's clicks already summed per `stats_hourly` key (`partner_id`, `hour`,
 * `offer_id`, `currency`, `subid`, `tc1`…`tc4`, `country`, `landing_page_id`, `clicks`), folded by PostgreSQL into the
 * daily table and the narrow ones, rows in key order (two servers' batches queue instead of deadlocking, decision
 * 096). Made once: the writer sends the same text for every batch. Answers the statements in the order they are to
 * run (the partner's hourly and daily rollups, then `NARROW`'s order), each `returning 1` so that the writer can run
 * them in that order.
 */
export function clickRollupStatements(source: string): string[] {
  const subIds = ['offer_id', 'currency', 'subid', 'tc1', 'tc2', 'tc3', 'tc4', 'country', 'landing_page_id'];
  const grains: { table: string; key: readonly string[] }[] = [
    { table: getTableName(statsHourly), key: ['partner_id', 'hour', ...subIds] },
    { table: getTableName(statsDaily), key: ['partner_id', 'day', ...subIds] },
    ...NARROW.map(({ table, time, key }) => ({ table: getTableName(table), key: [time[0], ...key] })),
  ];
  return grains.map(({ table, key }) => {
    const columns = key.join(', ');
    const values = key.map((column) =>
      column === 'day'
        ? `(hour at time zone 'UTC')::date as day`
        : column === 'week'
          ? `date_trunc('week', hour at time zone 'UTC')::date as week`
          : column,
    );
    // `stats_hourly`'s rows are the source's own; every other grain sums them per its key.
    const rows =
      table === getTableName(statsHourly)
        ? `select ${columns}, clicks from ${source}`
        : `select ${values.join(', ')}, sum(clicks) as clicks from ${source} group by ${key.map((_, i) => i + 1).join(', ')}`; // prettier-ignore
    return `insert into ${table} (${columns}, clicks) ${rows} order by ${key.map((_, i) => i + 1).join(', ')}
      on conflict (${columns}) do update set clicks = ${table}.clicks + excluded.clicks returning 1`;
  });
}

/**
 * Flagged counts as fixed SQL (decision 128): `rows` a JSON array of `flaggedRows`' rows, in key order.
 */
export function flaggedStatement(rows: string): string {
  const table = getTableName(flaggedHourly);
  return `insert into ${table} (hour, kind, rule, offer_id, partner_id, landing_page_id, count)
      select x.hour, x.kind, x.rule, x."offerId", x."partnerId", x."landingPageId", x.count
      from json_to_recordset(${rows})
        as x(hour timestamptz, kind text, rule text, "offerId" int, "partnerId" int, "landingPageId" int, count bigint)
      order by 1, 2, 3, 4, 5, 6
      on conflict (hour, kind, rule, offer_id, partner_id, landing_page_id) do update set count = ${table}.count + excluded.count
      returning 1`;
}

/**
 * A batch's hourly rollup rows (`RollupAccumulator.hourlyRows`, a JSON array in `rows`) as the relation
 * `clickRollupStatements` reads (decision 128).
 */
export function hourlyRowsOf(rows: string): string {
  return `select x."partnerId" as partner_id, x.time as hour, x."offerId" as offer_id, x.currency, x.subid, x.tc1, x.tc2,
        x.tc3, x.tc4, x.country, x."landingPageId" as landing_page_id, x.clicks
      from json_to_recordset(${rows}) as x("partnerId" int, time timestamptz, "offerId" int, currency text, subid text,
        tc1 text, tc2 text, tc3 text, tc4 text, country text, "landingPageId" int, clicks bigint)`;
}

/** Refused-traffic counts as fixed SQL (decision 128): `rows` a JSON array of `RejectedKey & { count }`, in key order. */
export function rejectedStatement(rows: string): string {
  const table = getTableName(rejectedClicksHourly);
  return `insert into ${table} (hour, reason, offer_id, partner_id, landing_page_id, count)
      select x.hour, x.reason, x."offerId", x."partnerId", x."landingPageId", x.count
      from json_to_recordset(${rows})
        as x(hour timestamptz, reason text, "offerId" int, "partnerId" int, "landingPageId" int, count bigint)
      order by 1, 2, 3, 4, 5
      on conflict (hour, reason, offer_id, partner_id, landing_page_id) do update set count = ${table}.count + excluded.count
      returning 1`;
}

/** The (partner, offer) pairs with traffic as fixed SQL (decision 128): `rows` a JSON array of `TrafficPair`. */
export function trafficPairsStatement(rows: string): string {
  return `insert into ${getTableName(partnerOfferTraffic)} (partner_id, offer_id)
      select x."partnerId", x."offerId" from json_to_recordset(${rows}) as x("partnerId" int, "offerId" int)
      order by 1, 2 on conflict do nothing returning 1`;
}

/** A goal grain row (decision 113): a rollup row and the conversion's goal code. */
export type GoalRollupRow = RollupRow & { goal: string };

/**
 * Adds conversions' counts to the goal grain (decision 113), hourly and per UTC day, in one statement, rows in key
 * order as the others (two servers' writes queue instead of deadlocking).
 */
export async function upsertGoalRollups(db: DbOrTx, hourly: GoalRollupRow[], daily: GoalRollupRow[]): Promise<void> {
  const key = (r: GoalRollupRow) => [r.time, r.partnerId, r.offerId, r.goal, r.currency, r.country, r.subid, r.tc1, r.tc2, r.tc3, r.tc4, r.landingPageId].join('\u0000'); // prettier-ignore
  const insert = (
    table: typeof statsGoalHourly | typeof statsGoalDaily,
    time: [string, string],
    given: GoalRollupRow[],
  ) => {
    const rows = [...given].sort((a, b) => byKey(key(a), key(b)));
    const column = (name: string, type: string, value: (row: GoalRollupRow) => unknown): BulkColumn => [name, type, rows.map(value)]; // prettier-ignore
    const names = [
      time[0],
      'partner_id',
      'offer_id',
      'goal',
      'currency',
      'country',
      'subid',
      'tc1',
      'tc2',
      'tc3',
      'tc4',
      'landing_page_id',
    ];
    const target = getTableName(table);
    return sql`insert into ${table} ${unnestRows([
      column(...time, (r) => r.time),
      column('partner_id', 'int', (r) => r.partnerId),
      column('offer_id', 'int', (r) => r.offerId),
      column('goal', 'text', (r) => r.goal),
      column('currency', 'text', (r) => r.currency),
      column('country', 'text', (r) => r.country),
      column('subid', 'text', (r) => r.subid),
      column('tc1', 'text', (r) => r.tc1),
      column('tc2', 'text', (r) => r.tc2),
      column('tc3', 'text', (r) => r.tc3),
      column('tc4', 'text', (r) => r.tc4),
      column('landing_page_id', 'int', (r) => r.landingPageId),
      ...COUNTS.map(([count, name]) => column(name, 'bigint', (r) => r[count])),
    ])}
    on conflict (${sql.raw(names.join(', '))}) do update set ${sql.raw(
      COUNTS.map(([, name]) => `"${name}" = ${target}."${name}" + excluded."${name}"`).join(', '),
    )}`;
  };
  await db.execute(
    sql`with g0 as (${insert(statsGoalHourly, ['hour', 'timestamptz'], hourly)}), g1 as (${insert(statsGoalDaily, ['day', 'date'], daily)}) ${goalOfferInsert(daily)}`,
  );
}

/**
 * The goal grain's days folded per (UTC day, offer, goal, currency) into `stats_goal_offer_daily` (decision 141), in
 * key order: the same counts as the goal grain's, so the two stay equal.
 */
function goalOfferInsert(daily: GoalRollupRow[]): SQL {
  const folded = new Map<string, GoalRollupRow>();
  for (const row of daily) {
    const id = [row.time, row.offerId, row.goal, row.currency].join('\u0000');
    const sum = folded.get(id);
    if (!sum) folded.set(id, { ...row });
    else for (const [name] of COUNTS) sum[name] += row[name];
  }
  const rows = [...folded.entries()].sort((a, b) => byKey(a[0], b[0])).map(([, row]) => row);
  const column = (name: string, type: string, value: (row: GoalRollupRow) => unknown): BulkColumn => [name, type, rows.map(value)]; // prettier-ignore
  const target = getTableName(statsGoalOfferDaily);
  return sql`insert into ${statsGoalOfferDaily} ${unnestRows([
    column('day', 'date', (r) => r.time),
    column('offer_id', 'int', (r) => r.offerId),
    column('goal', 'text', (r) => r.goal),
    column('currency', 'text', (r) => r.currency),
    ...COUNTS.map(([count, name]) => column(name, 'bigint', (r) => r[count])),
  ])}
    on conflict (day, offer_id, goal, currency) do update set ${sql.raw(
      COUNTS.map(([, name]) => `"${name}" = ${target}."${name}" + excluded."${name}"`).join(', '),
    )}`;
}

/**
 * Adds the hourly rows to `stats_hourly`, the same counts folded per UTC day to `stats_daily` (decision 021), to
 * every narrow rollup, and the flagged counts to `flagged_hourly` (decision 109), on the handle given: in the writer's
 * transaction, so that every table agrees with the raw rows. One statement, each upsert a data-modifying CTE (decision
 * 127): every writer of the hour (each server's click batches, each postback) updates the same rows, whose locks are
 * held until its commit, so they are taken in one round trip just before it, in one order on every writer (the same
 * statement; each table's rows in key order). Answers the traffic pairs it sent (those `known` did not hold), for the
 * writer to add once committed.
 */
export async function upsertRollups(
  db: DbOrTx,
  hourly: RollupRow[],
  daily: RollupRow[],
  known?: KnownTrafficPairs,
  flagged: FlaggedRow[] = [],
): Promise<TrafficPair[]> {
  const { inserts, pairsInsert, pairs } = narrowUpserts(hourly, known);
  // The click batch's order (decision 128): the pairs, the rollups (hourly, daily, `NARROW`'s), the flagged counts.
  const statements = [
    ...(pairsInsert ? [pairsInsert] : []),
    upsert(statsHourly, ['hour', 'timestamptz'], hourly),
    upsert(statsDaily, ['day', 'date'], daily),
    ...inserts,
    ...(flagged.length > 0 ? [flaggedUpsert(flagged)] : []),
  ];
  // The main query reads every upsert, in order: a data-modifying CTE the main query does not read runs at its end,
  // the last-listed first (PostgreSQL shuts them down in reverse), which took the rows in the click batch's opposite
  // order and deadlocked with it in the cluster check.
  const ctes = sql.join(
    statements.map((statement, i) => sql`${sql.raw(`u${i}`)} as (${statement} returning 1)`),
    sql`, `,
  );
  const reads = sql.raw(statements.map((_, i) => `(select count(*) from u${i})::int as u${i}`).join(', '));
  // Money changed (decision 142): its weeks in the base currency are taken again from the daily grains, at the rates
  // as they stand once no change of a rate is under way (the lock shared, taken in this statement; the next one reads
  // the rates afresh). A writer of the same week and key waited here already, on the weekly grain's row.
  const touched = moneyWeeks(hourly);
  const lock = touched
    ? sql`, pg_advisory_xact_lock_shared(${sql.raw(String(FX_WEEKS_LOCK))})::text as fx_lock`
    : sql``;
  await db.execute(sql`with ${ctes} select ${reads}${lock}`);
  if (touched) await db.execute(convertedWeeksStatement({ touched }));
  return pairs;
}

/**
 * The lock between the writers of money and the changes of a rate (decision 142): a rate's change holds it alone while
 * it writes the rates and takes their weeks again; the writers of money share it from before they read the rates
 * until they commit. So each reads the other's committed rows.
 */
const FX_WEEKS_LOCK = 727_142;

/** Each weekly grain in the base currency, the daily grain it is taken from, and its key after the week. */
const WEEKLY_FX = [
  { table: statsPartnerWeeklyFx, daily: statsPartnerDaily, key: ['partner_id', 'currency'] },
  { table: statsOfferWeeklyFx, daily: statsOfferDaily, key: ['offer_id', 'currency'] },
  { table: statsPairWeeklyFx, daily: statsPairDaily, key: ['partner_id', 'offer_id', 'currency'] },
  // The weekly landing grain's (decision 150).
  { table: statsLandingWeeklyFx, daily: statsLandingDaily, key: ['offer_id', 'landing_page_id', 'currency'] },
] as const;

/** The weeks and keys of each weekly grain whose money these rows change, or null when none does. */
function moneyWeeks(rows: RollupRow[]): Map<string, RollupRow>[] | null {
  const money = rows.filter((r) => r.revenue !== 0 || r.payout !== 0 || r.pendingRevenue !== 0 || r.pendingPayout !== 0); // prettier-ignore
  if (money.length === 0) return null;
  return WEEKLY_FX.map(({ key }) => {
    const found = new Map<string, RollupRow>();
    for (const row of money) {
      const at = mondayOf(row.time.slice(0, 10));
      const id = `${at}\u0000${key.map((k) => KEY_VALUE[k][1](row)).join('\u0000')}`;
      if (!found.has(id)) found.set(id, { ...row, time: at });
    }
    return new Map([...found.entries()].sort((a, b) => byKey(a[0], b[0])));
  });
}

const AMOUNT_NAMES = ['revenue', 'payout', 'pending_revenue', 'pending_payout'] as const;
const ONE = '1000000000000000000';

/**
 * The weekly grains in the base currency taken again from the daily grains and the rates (decision 142), whole rows:
 * for the weeks and keys money was written to (`touched`), for the weeks of [from, to) (a rate's change; `to` null:
 * every later week), or every week (`all`, after the rows were deleted). Each day's factor is read as the report's
 * factor table reads it (`FxConverter.factorTable`): the day's own rate of the base and the currency, else the last
 * before it, q = floor(base × 10^18 / currency) and exact when nothing was cut off; the base itself 10^18. A day
 * without a rate adds nothing: its bit in `money_days` makes the report answer 409. Nothing is written before the
 * base is set (`stats_fx_base`). One statement, each table's rows in key order.
 */
function convertedWeeksStatement(
  which: { touched: Map<string, RollupRow>[] } | { from: string; to: string | null } | { all: true },
): SQL {
  const parts = WEEKLY_FX.map(({ table, daily, key }, i) => {
    const d = sql.raw(getTableName(daily));
    const keys = key.map((k) => `d.${k}`).join(', ');
    let rows: SQL;
    if ('touched' in which) {
      const list = [...which.touched[i]!.values()];
      if (list.length === 0) return null;
      rows = sql`select date_trunc('week', d.day::timestamp)::date as week, d.day, ${sql.raw(keys)}, ${sql.raw(AMOUNT_NAMES.map((a) => `d.${a}`).join(', '))}
        from ${d} d join unnest(${sql.join([sql`${sql.param(list.map((r) => r.time))}::date[]`, ...key.map((k) => sql`${sql.param(list.map((r) => KEY_VALUE[k][1](r) as unknown))}::${sql.raw(KEY_VALUE[k][0])}[]`)], sql`, `)}) as t(week, ${sql.raw(key.join(', '))})
          on ${sql.raw(key.map((k) => `d.${k} = t.${k}`).join(' and '))} and d.day >= t.week and d.day < t.week + 7`; // prettier-ignore
    } else {
      const where = 'from' in which ? sql`where d.day >= ${which.from}::date${which.to ? sql` and d.day < ${which.to}::date` : sql``}` : sql``; // prettier-ignore
      rows = sql`select date_trunc('week', d.day::timestamp)::date as week, d.day, ${sql.raw(keys)}, ${sql.raw(AMOUNT_NAMES.map((a) => `d.${a}`).join(', '))}
        from ${d} d ${where}`; // prettier-ignore
    }
    const rate = (currency: string) =>
      `(select r.rate from ${getTableName(fxRates)} r where r.currency = ${currency}::bpchar and r.day <= x.day order by r.day desc limit 1)`;
    const factors = sql.raw(`select x.currency, x.day,
        case when x.currency = b.base then ${ONE}::numeric else div(z.rb * ${ONE}, z.rc) end as q,
        x.currency = b.base or mod(z.rb * ${ONE}, z.rc) = 0 as exact
      from (select distinct currency, day from r${i}) x cross join b
      cross join lateral (select case when b.base = 'EUR' then 1::numeric else ${rate('b.base')} end as rb,
        case when x.currency = 'EUR' then 1::numeric else ${rate('x.currency')} end as rc) z`);
    const money = AMOUNT_NAMES.map((a) => `r.${a} <> 0`).join(' or ');
    const sums = AMOUNT_NAMES.flatMap((a) => [
      `coalesce(sum(case when r.${a} <> 0 then r.${a}::numeric * f.q + case when r.${a} < 0 and not f.exact then r.${a} else 0 end end), 0)`,
      `coalesce(sum(abs(r.${a})) filter (where not f.exact), 0)`,
    ]);
    const columns = AMOUNT_NAMES.flatMap((a) => [`fx_${a}`, `fx_${a}_inexact`]);
    const rkeys = key.map((k) => `r.${k}`).join(', ');
    const target = getTableName(table);
    const insert = sql.raw(`insert into ${target} (week, ${key.join(', ')}, ${columns.join(', ')}, money_days)
      select r.week, ${rkeys}, ${sums.join(', ')},
        coalesce(bit_or(1 << (r.day - r.week)) filter (where ${money}), 0)::smallint
      from r${i} r join f${i} f on f.currency = r.currency and f.day = r.day
      group by r.week, ${rkeys} order by r.week, ${rkeys}
      on conflict (week, ${key.join(', ')}) do update set ${[...columns, 'money_days'].map((c) => `${c} = excluded.${c}`).join(', ')}
      returning 1`);
    return sql`${sql.raw(`r${i}`)} as (${rows}), ${sql.raw(`f${i}`)} as materialized (${factors}), ${sql.raw(`i${i}`)} as (${insert})`;
  }).flatMap((p, i) => (p ? [[p, i] as const] : []));
  const ctes = sql.join(
    parts.map(([p]) => p),
    sql`, `,
  );
  const reads = sql.raw(parts.map(([, i]) => `(select count(*) from i${i})::int as i${i}`).join(', '));
  return sql`with b as (select base from ${statsFxBase} where id = 1), ${ctes} select ${reads}`;
}

/** Waits for the writers of money under way, then keeps them waiting until commit: a rate's change (decision 142). */
export async function lockConvertedWeeks(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(FX_WEEKS_LOCK))})::text as fx_lock`);
}

/**
 * The weeks in the base currency of the days [from, to) taken again (`to` null: every later day), after a rate of
 * those days changed (decision 142), under `lockConvertedWeeks`. Whole weeks: from the Monday of `from`.
 */
export async function refreshConvertedWeeks(db: DbOrTx, from: string, to: string | null): Promise<void> {
  const end = to === null ? null : mondayOf(new Date(Date.parse(`${to}T00:00:00Z`) + 6 * DAY_MS).toISOString().slice(0, 10)); // prettier-ignore
  await db.execute(convertedWeeksStatement({ from: mondayOf(from), to: end }));
}

/**
 * The weekly grains in the base currency built for `base` when they are not (decision 142): after the migration that
 * made them, or when `BASE_CURRENCY` changed. Under the lock, in one transaction: every row deleted and taken again.
 * Answers whether it built them.
 */
export async function ensureConvertedWeeks(db: DbOrTx, base: string): Promise<boolean> {
  // A database never migrated (the OpenAPI document's app) has nothing to build.
  const made = rowsOf<{ made: boolean }>(
    await db.execute(sql`select to_regclass('stats_fx_base') is not null as made`),
  );
  if (!made[0]?.made) return false;
  const stored = rowsOf<{ base: string }>(await db.execute(sql`select base from ${statsFxBase}`));
  if (stored[0]?.base === base) return false;
  await lockConvertedWeeks(db);
  const again = rowsOf<{ base: string }>(await db.execute(sql`select base from ${statsFxBase}`));
  if (again[0]?.base === base) return false;
  await rebuildConvertedWeeks(db, base);
  return true;
}

/** Every row of the weekly grains in the base currency deleted and taken again for `base` (decision 142). */
export async function rebuildConvertedWeeks(db: DbOrTx, base: string): Promise<void> {
  for (const { table } of WEEKLY_FX) await db.execute(sql`delete from ${table}`);
  await db.execute(sql`insert into ${statsFxBase} (id, base) values (1, ${base}) on conflict (id) do update set base = excluded.base`); // prettier-ignore
  await db.execute(convertedWeeksStatement({ all: true }));
}

/**
 * Each folded grain, its time column, the grain it folds with that time's expression on it, and its other keys: the
 * weekly grains per Monday of their daily grains (decision 136), the goal grain per offer of the goal grain's days
 * (decision 141).
 */
const FOLDED = [
  [
    statsPartnerWeekly,
    'week',
    statsPartnerDaily,
    `date_trunc('week', day::timestamp)::date`,
    ['partner_id', 'currency'],
  ],
  [statsOfferWeekly, 'week', statsOfferDaily, `date_trunc('week', day::timestamp)::date`, ['offer_id', 'currency']],
  [statsPairWeekly, 'week', statsPairDaily, `date_trunc('week', day::timestamp)::date`, ['partner_id', 'offer_id', 'currency']], // prettier-ignore
  [statsLandingWeekly, 'week', statsLandingDaily, `date_trunc('week', day::timestamp)::date`, ['offer_id', 'landing_page_id', 'currency']], // prettier-ignore
  [statsGoalOfferDaily, 'day', statsGoalDaily, 'day', ['offer_id', 'goal', 'currency']],
] as const;

/**
 * The folded grains (`FOLDED`) made equal to the grains they fold again (decisions 136, 141), after a server of a build
 * without them wrote the finer grains alone (a rolling deploy across migration 0045, 0046 or 0048). Each row's difference is
 * added to it, so that a writer of this build (it adds to both grains in one statement) can run meanwhile: the
 * statement reads both grains in one snapshot, and each upsert adds to the row as it stands. One statement per grain,
 * rows in key order as every writer takes them. Answers the rows changed per folded table; a second run changes none.
 */
export async function refoldWeeklyGrains(db: DbOrTx): Promise<Record<string, number>> {
  const changed: Record<string, number> = {};
  for (const [folded, time, fine, fold, keys] of FOLDED) {
    const name = getTableName(folded);
    const key = keys.join(', ');
    const counts = COUNTS.map(([, column]) => column);
    const sums = counts.map((c) => `sum(${c})::bigint as ${c}`).join(', ');
    const difference = counts.map((c) => `f.${c} - coalesce(w.${c}, 0)`).join(', ');
    const differs = `(${counts.map((c) => `f.${c}`).join(', ')}) is distinct from (${counts.map((c) => `w.${c}`).join(', ')})`; // prettier-ignore
    const add = counts.map((c) => `${c} = ${name}.${c} + excluded.${c}`).join(', ');
    const result = await db.execute(
      sql.raw(`insert into ${name} (${time}, ${key}, ${counts.join(', ')})
        select f.${time}, ${keys.map((k) => `f.${k}`).join(', ')}, ${difference}
        from (select ${fold} as ${time}, ${key}, ${sums}
              from ${getTableName(fine)} group by 1, ${keys.map((_, i) => i + 2).join(', ')}) f
        left join ${name} w using (${time}, ${key})
        where ${differs}
        order by f.${time}, ${keys.map((k) => `f.${k}`).join(', ')}
        on conflict (${time}, ${key}) do update set ${add}
        returning 1`),
    );
    changed[name] = rowsOf(result).length;
  }
  return changed;
}

/** `landingPageId` (decision 126): the page `lp` named when it is the offer's, 0 without `lp`, -1 otherwise. */
export type RejectedKey = { hour: Date; reason: string; offerId: number; partnerId: number; landingPageId: number };

/** One count of `flagged_hourly` (decision 109): a rule's clicks or conversions in an hour, on an offer, of a partner. */
export type FlaggedKey = { hour: Date; kind: 'click' | 'conversion'; rule: string; offerId: number; partnerId: number; landingPageId: number }; // prettier-ignore

export type FlaggedRow = FlaggedKey & { count: number };

/**
 * The upsert adding flagged counts (decision 109), in key order: written with the rollups, last (decision 127). Its
 * rows are few and hot (one per rule, offer and partner in the hour, hit by every batch of every server), so the
 * cluster check's row-lock waits were on them when they were upserted before the rollups and held across them.
 */
function flaggedUpsert(given: FlaggedRow[]): SQL {
  const key = (r: FlaggedRow) => `${r.hour.toISOString()}\u0000${r.kind}\u0000${r.rule}\u0000${r.offerId}\u0000${r.partnerId}\u0000${r.landingPageId}`; // prettier-ignore
  const rows = [...given].sort((a, b) => byKey(key(a), key(b)));
  return sql`insert into ${flaggedHourly} ${unnestRows([
    ['hour', 'timestamptz', rows.map((r) => r.hour.toISOString())],
    ['kind', 'text', rows.map((r) => r.kind)],
    ['rule', 'text', rows.map((r) => r.rule)],
    ['offer_id', 'int', rows.map((r) => r.offerId)],
    ['partner_id', 'int', rows.map((r) => r.partnerId)],
    ['landing_page_id', 'int', rows.map((r) => r.landingPageId)],
    ['count', 'bigint', rows.map((r) => r.count)],
  ])} on conflict (hour, kind, rule, offer_id, partner_id, landing_page_id) do update set count = ${flaggedHourly}.count + excluded.count`;
}

export type StatsFilters = {
  offerId?: number | undefined;
  subid?: string | undefined;
  tc1?: string | undefined;
  tc2?: string | undefined;
  tc3?: string | undefined;
  tc4?: string | undefined;
};

/** A partner's daily figures: no advertiser revenue (decision 046: never in a partner's answer). */
export type DailyStatsRow = { day: string; currency: string } & Omit<RollupCounts, 'revenue' | 'pendingRevenue'>;

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
