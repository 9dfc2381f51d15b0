import { and, eq, getTableColumns, getTableName, gte, inArray, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  LANDING_NOT_RECORDED,
  LANDING_OFFER_URL,
  NETWORK_TIME_BREAKDOWNS,
  NETWORK_TRACKING_KEYS,
  UNKNOWN_COUNTRY_KEY,
  addDays,
  offsetToMinutes,
  type DateRange,
  type MoneyAmount,
  type NetworkBreakdown,
  type NetworkFigures,
  type NetworkLeafRow,
  type NetworkReportQuery,
  type NetworkReportRow,
  type NetworkReportSort,
} from '@portal/contracts';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import {
  advertisers,
  countries,
  goals,
  offerGoals,
  offerLandingPages,
  offers,
  partners,
  products,
  rejectedClicksHourly,
  flaggedHourly,
  statsNetworkDaily,
  statsNetworkHourly,
  statsOfferDaily,
  statsOfferHourly,
  statsPairDaily,
  statsPairWeekly,
  statsPairWeeklyFx,
  statsPartnerWeeklyFx,
  statsOfferWeeklyFx,
  statsPartnerWeekly,
  statsOfferWeekly,
  statsLandingDaily,
  statsLandingWeekly,
  statsLandingWeeklyFx,
  statsDaily,
  statsGoalDaily,
  statsGoalHourly,
  statsGoalOfferDaily,
  statsHourly,
  statsPartnerDaily,
  statsPartnerHourly,
  users,
} from '../../db/schema.js';
import { rowsOf as rowsOfResult } from '../../db/bulk.js';
import { billingReachSql, type StaffScope } from '../access/index.js';
import {
  fxConverterFor,
  fxFactorsFor,
  type FxConverter,
  type FxFactorTable,
  type FxMissingDay,
  type FxPartial,
} from '../fx-rates/index.js';
import { daysOf, type UtcWindow } from '../statistics/index.js';

export const TOTALS_LABEL = 'Totals';
const NO_MANAGER = 'none';
/** The landing breakdown's labels of its keys without a page (decision 117); a deleted page is named by its id. */
const LANDING_OFFER_URL_LABEL = 'Offer URL';
const LANDING_NOT_RECORDED_LABEL = 'Not recorded';
const LANDING_DELETED_LABEL = 'Deleted landing page';

export type NetworkFilters = Omit<NetworkReportQuery, 'startDate' | 'endDate' | 'range' | 'compare' | 'then' | 'page' | 'count' | 'sortName' | 'sortOrder'>; // prettier-ignore

/** The rows' order (decision 153): a figure or the name, then the name and the key in code-unit order. */
export type ReportSort = { name: NetworkReportSort; order: 'asc' | 'desc' };
export const DEFAULT_REPORT_SORT: ReportSort = { name: 'margin', order: 'desc' };
/**
 * One page of a report's first level (decision 153): `count` rows from the `from`-th (0-based) in the sort's order, or
 * the rows of some keys (`keys`: the previous period's rows of a page's keys).
 */
export type ReportPage = { from: number; count: number; keys?: string[] };
/**
 * What one statement answers for a page (decision 153): how many first-level rows every page holds, the page's keys
 * (a key with refused clicks only has no slice) and the Totals' slices per currency.
 */
type PageAnswer = { outerRows: number; keys: Set<string>; totals: Slice[] };
/**
 * A page asked of a read, and its answer when one statement gave it (`sliceQuery`). `refusedKeys`: the first-level keys
 * and names the refusal rollups hold (decision 153's addendum), ranked with the slices' keys as the whole answer has
 * them, null where refusals are not placed.
 */
type PageRead = ReportPage & { sort: ReportSort; trackingOuter: boolean; refusedKeys: SQL | null; answer?: PageAnswer };
/** A report's breakdown and, with `then=`, the one nested in it (decision 106). */
export type Breakdowns = readonly [NetworkBreakdown] | readonly [NetworkBreakdown, NetworkBreakdown];
type TrackingKey = (typeof NETWORK_TRACKING_KEYS)[number];
const COUNTS = ['clicks', 'conversions', 'pending', 'rejected', 'revenue', 'payout', 'pendingRevenue', 'pendingPayout'] as const; // prettier-ignore
type Count = (typeof COUNTS)[number];

/** The amounts a report converts to the base currency (decision 111). */
const AMOUNTS = ['revenue', 'payout', 'pendingRevenue', 'pendingPayout'] as const;
type Amount = (typeof AMOUNTS)[number];

/**
 * An amount's conversion read in SQL (decision 123): its terms (one per UTC day) summed at 10^-18 of a minor unit of
 * the base, the days read at an earlier day's rate, and a currency and day without any rate ('USD 2026-03-02').
 */
type InBase = { partial: Record<Amount, FxPartial>; notes: string[]; unrated: string[] };

/**
 * One group's figures in one currency, as summed from the narrow rollup: per UTC day (`fxDay`) when they are
 * converted in the service, with their conversion (`inBase`) when converted in SQL.
 */
type Slice = { key: string; label: string; key2?: string; label2?: string; currency: string; fxDay?: string; inBase?: InBase } & Record<Count, number>; // prettier-ignore

const isTracking = (breakdown: NetworkBreakdown): breakdown is TrackingKey =>
  (NETWORK_TRACKING_KEYS as readonly string[]).includes(breakdown);
const given = (list: readonly unknown[] | undefined): list is readonly unknown[] => list !== undefined && list.length > 0; // prettier-ignore

/** One narrow rollup as a report reads it: its time column and the keys it holds (decisions 046, 049). */
type View = {
  table: PgTable;
  daily: boolean;
  time: AnyPgColumn;
  partnerId?: AnyPgColumn;
  offerId?: AnyPgColumn;
  country?: AnyPgColumn;
  /** The sub-ID and trackers, in the partner rollup and the goal grain only (decisions 089, 113). */
  tracking?: Record<TrackingKey, AnyPgColumn>;
  /** The goal code, in the goal grain only (decision 113). */
  goal?: AnyPgColumn;
  /** The landing page, in the network rollups, the partner's rollup and the goal grain (decision 117). */
  landing?: AnyPgColumn;
  currency: AnyPgColumn;
} & Record<Count, AnyPgColumn>;

const view = <T extends PgTable & Record<'currency' | Count, AnyPgColumn>>(
  table: T,
  daily: boolean,
  columns: Pick<View, 'time' | 'partnerId' | 'offerId' | 'country' | 'tracking' | 'goal' | 'landing'>,
): View => ({
  table,
  daily,
  ...columns,
  currency: table.currency,
  ...(Object.fromEntries(COUNTS.map((c) => [c, table[c]])) as Record<Count, AnyPgColumn>),
});

/**
 * One read of a report's figures: the reader's scope, the breakdowns, the window, the filters, the viewer's offset,
 * and whether the amounts' days are kept for their conversion to the base currency (decision 111).
 */
type Read = {
  db: DbOrTx;
  scope: StaffScope;
  by: Breakdowns;
  window: UtcWindow;
  filters: NetworkFilters;
  offset: string | null;
  fx: boolean;
  /** The factors of each currency and day: the amounts are converted in SQL, per group and currency (decision 123). */
  factors?: FxFactorTable;
  /** One page of a nested report's first level, answered in the one statement that reads the slices (decision 153). */
  page?: PageRead;
};

/**
 * A grain: a daily table and an hourly one holding its keys (the pair grain's hours: the network rollup's), and for
 * the partner, offer, pair (decision 136) and landing (decision 150) grains a weekly one with the daily table's
 * columns, `week` for `day`.
 */
type Grain = { daily: View; hourly: View; weekly?: PgTable; weeklyFx?: PgTable };

const NETWORK: Grain = {
  daily: view(statsNetworkDaily, true, { time: statsNetworkDaily.day, partnerId: statsNetworkDaily.partnerId, offerId: statsNetworkDaily.offerId, country: statsNetworkDaily.country, landing: statsNetworkDaily.landingPageId }), // prettier-ignore
  hourly: view(statsNetworkHourly, false, { time: statsNetworkHourly.hour, partnerId: statsNetworkHourly.partnerId, offerId: statsNetworkHourly.offerId, country: statsNetworkHourly.country, landing: statsNetworkHourly.landingPageId }), // prettier-ignore
};
const PARTNER: Grain = {
  daily: view(statsPartnerDaily, true, { time: statsPartnerDaily.day, partnerId: statsPartnerDaily.partnerId }),
  hourly: view(statsPartnerHourly, false, { time: statsPartnerHourly.hour, partnerId: statsPartnerHourly.partnerId }),
  weekly: statsPartnerWeekly,
  weeklyFx: statsPartnerWeeklyFx,
};
const OFFER: Grain = {
  daily: view(statsOfferDaily, true, { time: statsOfferDaily.day, offerId: statsOfferDaily.offerId }),
  hourly: view(statsOfferHourly, false, { time: statsOfferHourly.hour, offerId: statsOfferHourly.offerId }),
  weekly: statsOfferWeekly,
  weeklyFx: statsOfferWeeklyFx,
};
/**
 * The pair grain (decision 123): per UTC day, partner, offer and currency. It has no hourly table: the hours at a
 * window's ends, and hour breakdowns, read the network rollup's hours, which hold the same keys and more.
 */
const PAIR: Grain = {
  daily: view(statsPairDaily, true, { time: statsPairDaily.day, partnerId: statsPairDaily.partnerId, offerId: statsPairDaily.offerId }), // prettier-ignore
  hourly: NETWORK.hourly,
  weekly: statsPairWeekly,
  weeklyFx: statsPairWeeklyFx,
};

/**
 * The landing grain (decision 126): per UTC day, offer, landing page and currency. Its hours, as the pair grain's, are
 * the network rollup's; its whole weeks, as the others' (decision 136), its weekly table's (decision 150).
 */
const LANDING: Grain = {
  daily: view(statsLandingDaily, true, { time: statsLandingDaily.day, offerId: statsLandingDaily.offerId, landing: statsLandingDaily.landingPageId }), // prettier-ignore
  hourly: NETWORK.hourly,
  weekly: statsLandingWeekly,
  weeklyFx: statsLandingWeeklyFx,
};

/**
 * The narrowest grain that answers a report (decision 049): the network rollups when it needs the country, or the
 * landing page with a partner; the landing grain (decision 126) for the landing page without a partner; the pair
 * grain (decision 123) when it needs both the partner and the offer; else the offer grain when it needs no partner
 * (not even for the viewer's scope), else the partner grain.
 */
export function grainOf(
  breakdown: NetworkBreakdown | Breakdowns,
  filters: NetworkFilters,
  scope: StaffScope,
): keyof typeof GRAINS {
  const by: readonly NetworkBreakdown[] = typeof breakdown === 'string' ? [breakdown] : breakdown;
  const any = (...names: NetworkBreakdown[]) => by.some((b) => names.includes(b));
  if (by.some(isTracking) || NETWORK_TRACKING_KEYS.some((k) => given(filters[k]))) return 'sub';
  // The country is kept by the network rollups alone.
  if (any('country') || given(filters.country)) return 'network';
  // The goal filter keeps the clicks of the offers paying on its goals (decision 113): an offer condition.
  const offer = any('offer', 'advertiser') || given(filters.offerId) || given(filters.advertiserId) || given(filters.goal); // prettier-ignore
  const partner =
    any('partner', 'manager') ||
    given(filters.partnerId) ||
    given(filters.managerId) ||
    billingReachSql(scope, partners.accountManagerId, partners.status) !== undefined;
  // The landing page (decision 117): with a partner only the network rollups have both (decision 126).
  if (any('landing') || given(filters.landingPageId)) return partner ? 'network' : 'landing';
  if (offer && partner) return 'pair';
  return offer || !partner ? 'offer' : 'partner';
}

/** The partner's own rollup, the one grain holding the sub-ID and trackers (decision 089). */
const trackingOf = (t: typeof statsDaily | typeof statsHourly | typeof statsGoalDaily | typeof statsGoalHourly) => ({ subid: t.subid, tc1: t.tc1, tc2: t.tc2, tc3: t.tc3, tc4: t.tc4 }); // prettier-ignore
const SUB: Grain = {
  daily: view(statsDaily, true, { time: statsDaily.day, partnerId: statsDaily.partnerId, offerId: statsDaily.offerId, country: statsDaily.country, tracking: trackingOf(statsDaily), landing: statsDaily.landingPageId }), // prettier-ignore
  hourly: view(statsHourly, false, { time: statsHourly.hour, partnerId: statsHourly.partnerId, offerId: statsHourly.offerId, country: statsHourly.country, tracking: trackingOf(statsHourly), landing: statsHourly.landingPageId }), // prettier-ignore
};

/** The goal grain (decision 113): conversions per goal with every key the partner's rollup has; no clicks. */
const GOAL: Grain = {
  daily: view(statsGoalDaily, true, { time: statsGoalDaily.day, partnerId: statsGoalDaily.partnerId, offerId: statsGoalDaily.offerId, country: statsGoalDaily.country, tracking: trackingOf(statsGoalDaily), goal: statsGoalDaily.goal, landing: statsGoalDaily.landingPageId }), // prettier-ignore
  hourly: view(statsGoalHourly, false, { time: statsGoalHourly.hour, partnerId: statsGoalHourly.partnerId, offerId: statsGoalHourly.offerId, country: statsGoalHourly.country, tracking: trackingOf(statsGoalHourly), goal: statsGoalHourly.goal, landing: statsGoalHourly.landingPageId }), // prettier-ignore
};

/**
 * The goal grain per offer (decision 141): per UTC day, offer, goal and currency. Its hours, at a window's ends, are
 * the goal grain's, which hold the same keys and more.
 */
const GOAL_OFFER: Grain = {
  daily: view(statsGoalOfferDaily, true, { time: statsGoalOfferDaily.day, offerId: statsGoalOfferDaily.offerId, goal: statsGoalOfferDaily.goal }), // prettier-ignore
  hourly: GOAL.hourly,
};

const GRAINS = { sub: SUB, network: NETWORK, pair: PAIR, landing: LANDING, partner: PARTNER, offer: OFFER, goal: GOAL, goalOffer: GOAL_OFFER } as const; // prettier-ignore

/**
 * A rollup's rows summed per its own keys (and the viewer's day for a day breakdown), before any join. Its columns are
 * named apart (`s_…`): the joined tables have a `currency` and a `country` of their own.
 */
function summed(
  db: DbOrTx,
  table: View,
  where: SQL | undefined,
  time: SQL<string> | null,
  by: Breakdowns,
  fx: boolean,
  factors: FxFactorTable | undefined,
  source: SQL | undefined,
  net = false,
  inWeeks?: WeekFlags,
) {
  // prettier-ignore
  const total = (column: AnyPgColumn, name: string) => sql<number>`sum(${column})`.mapWith(Number).as(name);
  // The UTC day of each row, whose rate converts its amounts (decision 111).
  const utcDay = table.daily ? sql`${table.time}` : sql`(${table.time} at time zone 'UTC')::date`;
  // The partner rollup keeps every sub-ID: only the one broken down by is kept in the groups.
  const trackedKey = by.find(isTracking);
  const tracked = table.tracking && trackedKey ? table.tracking[trackedKey] : undefined;
  const keys = {
    ...(time ? { day: time.as('s_day') } : {}),
    ...(table.partnerId ? { partnerId: sql<number>`${table.partnerId}`.as('s_partner_id') } : {}),
    ...(table.offerId ? { offerId: sql<number>`${table.offerId}`.as('s_offer_id') } : {}),
    ...(table.country && (!table.tracking || by.includes('country')) ? { country: sql<string>`${table.country}`.as('s_country') } : {}), // prettier-ignore
    ...(tracked ? { tracked: sql<string>`${tracked}`.as('s_tracked') } : {}),
    ...(table.landing && by.includes('landing') ? { landing: sql<number>`${table.landing}`.as('s_landing') } : {}),
    currency: sql<string>`${table.currency}`.as('s_currency'),
    // The UTC day each amount is of, for its reference rate (decision 111): only when converting.
    ...(fx ? { fxDay: (table.daily ? sql<string>`to_char(${table.time}, 'YYYY-MM-DD')` : sql<string>`to_char(${table.time} at time zone 'UTC', 'YYYY-MM-DD')`).as('s_fx_day') } : {}), // prettier-ignore
  };
  let query = db
    .select({
      ...keys,
      ...(inWeeks ? weeksInBaseColumns(table, utcDay) : factors ? inBaseColumns(table, utcDay) : {}),
      clicks: total(table.clicks, 's_clicks'),
      conversions: total(table.conversions, 's_conversions'),
      pending: total(table.pending, 's_pending'),
      rejected: total(table.rejected, 's_rejected'),
      revenue: total(table.revenue, 's_revenue'),
      payout: total(table.payout, 's_payout'),
      pendingRevenue: total(table.pendingRevenue, 's_pending_revenue'),
      pendingPayout: total(table.pendingPayout, 's_pending_payout'),
    })
    .from(source ?? table.table)
    .$dynamic();
  // Each row's factor of its currency and UTC day (decision 123), the table of them sent as arrays. Weeks and days read
  // together (decision 145) have their factors joined in their source, the days' rows alone (`weeksInBaseAndDays`).
  if (factors && !inWeeks) {
    query = query.leftJoin(factorRelation(factors), sql`f.currency = ${table.currency} and f.day = ${utcDay}`);
  }
  // A band with an edge day or week read whole, less what lies outside the window (`bandSource`, decision 141): a group
  // read only there is kept when its netted counts are not all zero.
  const kept = net
    ? sql`sum(certain) > 0 or ${sql.join(
        COUNTS.map((c) => sql`sum(${table[c]}) <> 0`),
        sql` or `,
      )}`
    : undefined;
  return query
    .where(where)
    .groupBy(...Object.values(keys))
    .having(kept)
    .as('s');
}

/** The column each amount has in a rollup. */
const AMOUNT_COLUMNS: Record<Amount, string> = { revenue: 'revenue', payout: 'payout', pendingRevenue: 'pending_revenue', pendingPayout: 'pending_payout' }; // prettier-ignore

/**
 * A rollup's amounts converted row by row (decisions 123, 130): each nonzero amount × q, its currency and UTC day's
 * factor in 10^-18 of a minor unit rounded down (one numeric product a row), summed. Where q was cut off (`exact`
 * false), the amount's true term lies within |amount| of the product, above it (below it for a negative amount,
 * whose product is lowered by |amount| to keep the span above): the sum of those |amount| is the span's width. The
 * exact sum of a row's terms lies in [sum, sum + width), so the service decides the rounding as `FxConverter.sum`
 * does (or reads the report again when a half falls in that span). Also the days read at an earlier day's rate and
 * those without any rate, for rows with money.
 */
function inBaseColumns(table: View, utcDay: SQL) {
  const nonzero = sql.join(
    AMOUNTS.map((a) => sql`${table[a]} <> 0`),
    sql` or `,
  );
  const columns: Record<string, SQL.Aliased> = {};
  for (const a of AMOUNTS) {
    columns[`fx_${a}`] = sql`sum(case when ${table[a]} <> 0 then ${table[a]}::numeric * f.q + case when ${table[a]} < 0 and not f.exact then ${table[a]} else 0 end end)`.as(`s_fx_${AMOUNT_COLUMNS[a]}`); // prettier-ignore
    columns[`fx_${a}_inexact`] = sql`sum(abs(${table[a]})) filter (where not f.exact)`.as(`s_fx_${AMOUNT_COLUMNS[a]}_inexact`); // prettier-ignore
  }
  columns.fx_notes = sql`string_agg(f.notes, ',') filter (where f.notes <> '' and (${nonzero}))`.as('s_fx_notes');
  columns.fx_unrated = sql`string_agg(coalesce(f.err, ${table.currency} || ' ' || to_char(${utcDay}, 'YYYY-MM-DD')), ',') filter (where f.q is null and (${nonzero}))`.as('s_fx_unrated'); // prettier-ignore
  return columns;
}

/**
 * The days of each currency and week whose factor an amount would note (an earlier day's rate) or could not find (no
 * rate): bit n for the week's day n, Monday 0 (decision 142), from the report's factor table; one entry per currency
 * and Monday of the whole weeks, joined to the weeks' rows alone (decision 145).
 */
type WeekFlags = { currency: string[]; monday: string[]; flags: number[] };

/**
 * The amounts of whole weeks and edge days converted (decision 142), read through `weeksInBaseAndDays`: a week's row
 * adds the sums of amount × q and their spans its weekly grain in the base currency keeps; a day's row is converted as
 * `inBaseColumns` converts it. The notes: a day's row's, as there; for a week's row, its days with money whose factor
 * is noted or missing, as `currency monday bits` (a currency the factor table lacks has every day missing), which
 * `weekNotes` reads back from the factor table.
 */
function weeksInBaseColumns(table: View, utcDay: SQL) {
  const name = getTableName(table.table);
  const column = (c: string) => sql.raw(`"${name}"."${c}"`);
  const isWeek = column('is_week');
  const nonzero = sql.join(
    AMOUNTS.map((a) => sql`${table[a]} <> 0`),
    sql` or `,
  );
  const columns: Record<string, SQL.Aliased> = {};
  for (const a of AMOUNTS) {
    const c = AMOUNT_COLUMNS[a];
    columns[`fx_${a}`] = sql`sum(case when ${isWeek} then ${column(`fx_${c}`)} when ${table[a]} <> 0 then ${table[a]}::numeric * ${column('f_q')} + case when ${table[a]} < 0 and not ${column('f_exact')} then ${table[a]} else 0 end end)`.as(`s_fx_${c}`); // prettier-ignore
    columns[`fx_${a}_inexact`] = sql`sum(case when ${isWeek} then ${column(`fx_${c}_inexact`)} when not ${column('f_exact')} then abs(${table[a]}) end)`.as(`s_fx_${c}_inexact`); // prettier-ignore
  }
  const hit = sql`(${column('money_days')} & coalesce(${column('f_wflags')}, 127))`;
  columns.fx_notes = sql`string_agg(case when ${isWeek} then case when ${hit} <> 0 then ${table.currency} || ' ' || to_char(${table.time}, 'YYYY-MM-DD') || ' ' || ${hit}::text end when ${column('f_notes')} <> '' and (${nonzero}) then ${column('f_notes')} end, ',')`.as('s_fx_notes'); // prettier-ignore
  columns.fx_unrated = sql`string_agg(coalesce(${column('f_err')}, ${table.currency} || ' ' || to_char(${utcDay}, 'YYYY-MM-DD')), ',') filter (where not ${isWeek} and ${column('f_q')} is null and (${nonzero}))`.as('s_fx_unrated'); // prettier-ignore
  return columns;
}

/** An array's text as PostgreSQL reads it: each element quoted (escaped only when it holds a quote or backslash). */
function textArray(values: readonly (string | null)[]): string {
  let text = '{';
  for (let i = 0; i < values.length; i += 1) {
    const v = values[i]!;
    if (i > 0) text += ',';
    if (v === null) text += 'NULL';
    else if (v.includes('"') || v.includes('\\')) text += `"${v.replace(/["\\]/g, '\\$&')}"`;
    else text += `"${v}"`;
  }
  return `${text}}`;
}

/**
 * A factor table as the relation `f(currency, day, q, exact, notes, err)`, its arrays sent as text (decision 145): the
 * driver's own serialisation of the ~930 entries × 6 arrays of a 30-day report (an escape of each element, two
 * regular expressions): for a table of that size 3.0–6.1 ms against 1.8–2.1 ms so, at load ~20.
 */
function factorRelation(factors: FxFactorTable): SQL {
  const q = `{${factors.q.map((v) => v ?? 'NULL').join(',')}}`;
  const exact = `{${factors.exact.map((v) => (v ? 't' : 'f')).join(',')}}`;
  return sql`unnest(${textArray(factors.currency)}::text[], ${textArray(factors.day)}::date[], ${q}::numeric[], ${exact}::boolean[], ${textArray(factors.notes)}::text[], ${textArray(factors.err)}::text[]) as f(currency, day, q, exact, notes, err)`; // prettier-ignore
}

/**
 * The week flags of `weeksInBaseColumns` for the Mondays [from, to): for each (currency, Monday) entry of a report's
 * factor table, the bits of that week's days whose entry is noted or without a factor.
 */
function weekFlagsOf(factors: FxFactorTable, from: number, to: number): WeekFlags {
  const monday = new Map<string, number>();
  const table: WeekFlags = { currency: [], monday: [], flags: [] };
  for (let i = 0; i < factors.day.length; i += 1) {
    const at = Date.parse(`${factors.day[i]}T00:00:00Z`);
    if (at >= from && at < to && (at - from) % (7 * DAY_MS) === 0) {
      monday.set(`${factors.currency[i]} ${factors.day[i]}`, table.flags.length);
      table.currency.push(factors.currency[i]!);
      table.monday.push(factors.day[i]!);
      table.flags.push(0);
    }
  }
  for (let i = 0; i < factors.day.length; i += 1) {
    if (factors.notes[i] === '' && factors.q[i] !== null) continue;
    const at = Date.parse(`${factors.day[i]}T00:00:00Z`);
    if (at < from || at >= to) continue;
    const start = from + Math.floor((at - from) / (7 * DAY_MS)) * 7 * DAY_MS;
    const m = monday.get(`${factors.currency[i]} ${isoDay(start)}`);
    if (m !== undefined) table.flags[m]! |= 1 << ((at - start) / DAY_MS);
  }
  return table;
}

/**
 * `weeksInBaseColumns`' notes read back as the days' (decision 142): each day of a week with money whose factor is
 * noted gives its notes, one whose factor is missing (or not in the table) its error, as a day read alone would.
 */
function weekNotes(
  listed: string[],
  daysUnrated: string[],
  factors: FxFactorTable,
  at: Map<string, number>,
): { notes: string[]; unrated: string[] } {
  const notes = new Set<string>();
  const unrated = daysUnrated;
  for (const token of listed) {
    const [currency, week, bits] = token.split(' ');
    // A day's note ('USD 2026-03-07') as it is; a week's ('USD 2026-03-09 96') read day by day.
    if (bits === undefined) {
      notes.add(token);
      continue;
    }
    const monday = Date.parse(`${week}T00:00:00Z`);
    for (let n = 0; n < 7; n += 1) {
      if ((Number(bits) & (1 << n)) === 0) continue;
      const day = isoDay(monday + n * DAY_MS);
      const i = at.get(`${currency} ${day}`);
      if (i === undefined || factors.q[i] === null)
        unrated.push(i === undefined ? `${currency} ${day}` : (factors.err[i] ?? `${currency} ${day}`)); // prettier-ignore
      else for (const note of factors.notes[i]!.split(',')) if (note !== '') notes.add(note);
    }
  }
  return { notes: [...notes], unrated };
}

/**
 * One narrow rollup's rows in a time condition and the viewer's scope, grouped by the breakdown and currency: summed
 * first on the rollup's own keys (a few hundred groups for a month of the grains), then joined to partners, offers,
 * advertisers, managers and countries for the scope, the filters and the labels.
 */
async function sliceQuery(
  { db, scope, by, filters, offset, fx, factors, page }: Read,
  table: View,
  time: SQL | undefined,
  source?: SQL,
  net = false,
  inWeeks?: WeekFlags,
): Promise<Slice[]> {
  // A literal, not a parameter: GROUP BY must see the very same expression as the select list. A daily table is read
  // for a day breakdown only in UTC, where its day is the viewer's.
  const format = by.includes('hour') ? 'YYYY-MM-DD HH24:00' : 'YYYY-MM-DD';
  const day =
    !by.includes('day') && !by.includes('hour')
      ? null
      : table.daily
        ? sql<string>`to_char(${table.time}, 'YYYY-MM-DD')`
        : sql<string>`to_char((${table.time} at time zone 'UTC') + ${sql.raw(`interval '${Math.trunc(offsetToMinutes(offset))} minutes'`)}, ${sql.raw(`'${format}'`)})`; // prettier-ignore
  // The rollup's own keys are filtered before the sum; the manager and advertiser on the joined rows after it.
  const s = summed(db, table, and(time, ...filterConditions(db, table, filters)), day, by, fx, factors, source, net, inWeeks); // prettier-ignore
  const at = inWeeks && factors ? new Map(factors.day.map((d, i) => [`${factors.currency[i]} ${d}`, i] as const)) : null; // prettier-ignore
  const outer: (SQL | undefined)[] = filterConditions(db, {
    ...(table.partnerId ? { managerId: partners.accountManagerId } : {}),
    ...(table.offerId ? { advertiserId: products.advertiserId } : {}),
  }, filters); // prettier-ignore
  // Money is finance's too: admins and finance see the whole network, managers their partners' traffic. A filter
  // naming a partner outside the reader's scope finds nothing: the scope stays a condition beside it.
  if (table.partnerId) outer.push(billingReachSql(scope, partners.accountManagerId, partners.status));
  const keyLabel = (breakdown: NetworkBreakdown): [key: SQL<string>, label: SQL<string>] => {
    switch (breakdown) {
      case 'day':
      case 'hour':
      case 'week':
      case 'month':
        return [sql<string>`${s.day!}`, sql<string>`${s.day!}`];
      case 'subid':
      case 'tc1':
      case 'tc2':
      case 'tc3':
      case 'tc4':
        return [sql<string>`${s.tracked!}`, sql<string>`${s.tracked!}`];
      case 'partner':
        return [sql<string>`${partners.id}::text`, sql<string>`${partners.companyName}`];
      case 'offer':
        return [sql<string>`${offers.id}::text`, sql<string>`${offers.name}`];
      case 'advertiser':
        return [sql<string>`${advertisers.id}::text`, sql<string>`${advertisers.name}`];
      case 'manager':
        // Literals, not parameters: GROUP BY must see the very same expression as the select list.
        return [
          sql<string>`coalesce(${partners.accountManagerId}::text, ${sql.raw(`'${NO_MANAGER}'`)})`,
          sql<string>`coalesce(trim(${users.firstname} || ' ' || ${users.lastname}), 'No account manager')`,
        ];
      case 'country':
        return [
          sql<string>`coalesce(nullif(${s.country!}, ''), ${sql.raw(`'${UNKNOWN_COUNTRY_KEY}'`)})`,
          sql<string>`coalesce(${countries.name}, 'Unknown country')`,
        ];
      case 'landing':
        return landingKeyLabel(s.landing!);
    }
  };
  const [key, label] = keyLabel(by[0]);
  // The nested breakdown's key and label (decision 106), grouped on beside the first.
  const [key2, label2] = by[1] ? keyLabel(by[1]) : [null, null];
  // Every column named apart and read as the driver answers it (decision 134): drizzle's mapping of each field cost
  // more node time than the statement's execution for a nested report's 1,600 rows.
  // When each of the rollup's keys is a breakdown, one key to one group (the joins are on primary keys), the sums'
  // rows are the groups: read as they are, without a second aggregate on the labels' text (decision 141), converted
  // or not (decision 145).
  const oneToOne = !fx && !s.country && (!s.partnerId || by.includes('partner')) && (!s.offerId || by.includes('offer')); // prettier-ignore
  // The converted amounts' sums (decision 123), as text: beyond a double's integers.
  const sub = s as unknown as Record<string, SQL.Aliased>;
  const numeric = (column: SQL.Aliased, name: string) =>
    (oneToOne ? sql<string>`coalesce(${column}, 0)::text` : sql<string>`coalesce(sum(${column}), 0)::text`).as(name);
  const listed = (column: SQL.Aliased, name: string) =>
    (oneToOne ? sql<string>`${column}` : sql<string>`string_agg(${column}, ',')`).as(name);
  const inBase: Record<string, SQL.Aliased<string>> = factors
    ? Object.fromEntries([
        ...AMOUNTS.flatMap((a) => [
          [`fx_${a}`, numeric(sub[`fx_${a}`]!, `fx_${a}`)],
          [`fx_${a}_inexact`, numeric(sub[`fx_${a}_inexact`]!, `fx_${a}_inexact`)],
        ]),
        ['fx_notes', listed(sub.fx_notes!, 'fx_notes')],
        ['fx_unrated', listed(sub.fx_unrated!, 'fx_unrated')],
      ])
    : {};
  const sum = (column: SQL.Aliased<number>, name: Count) =>
    oneToOne ? sql`${column}`.as(name) : sql`coalesce(sum(${column}), 0)`.as(name);
  let query = db
    .select({
      key: key.as('key'),
      label: label.as('label'),
      ...(key2 && label2 ? { key2: key2.as('key2'), label2: label2.as('label2') } : {}),
      currency: sql`${s.currency}`.as('currency'),
      ...(s.fxDay ? { fxDay: sql`${s.fxDay}`.as('fx_day') } : {}),
      ...inBase,
      ...(Object.fromEntries(COUNTS.map((c) => [c, sum(s[c], c)])) as Record<Count, SQL.Aliased>),
    })
    .from(s)
    .$dynamic();
  if (s.partnerId) {
    query = query
      .innerJoin(partners, eq(partners.id, s.partnerId))
      .leftJoin(users, eq(users.id, partners.accountManagerId));
  }
  if (s.offerId) {
    query = query
      .innerJoin(offers, eq(offers.id, s.offerId))
      .innerJoin(products, eq(products.id, offers.productId))
      .innerJoin(advertisers, eq(advertisers.id, products.advertiserId));
  }
  if (s.country) query = query.leftJoin(countries, eq(countries.isoCode, s.country));
  if (s.landing) query = query.leftJoin(offerLandingPages, eq(offerLandingPages.id, s.landing));
  const filtered = query.where(and(...outer));
  const grouped = oneToOne
    ? filtered
    : filtered.groupBy(key, label, ...(key2 && label2 ? [key2, label2] : []), s.currency, ...(s.fxDay ? [s.fxDay] : [])); // prettier-ignore
  // A comma-joined list's distinct items; no set made for the usual empty one.
  const list = (v: unknown) => (typeof v === 'string' && v !== '' ? [...new Set(v.split(','))] : []);
  const partial = (r: Record<string, unknown>, a: Amount): FxPartial => ({ total: BigInt(String(r[`fx_${a}`])), inexact: BigInt(String(r[`fx_${a}_inexact`])) }); // prettier-ignore
  // Each slice one literal of one shape (decision 138): no spread of optional parts, no entries list per row.
  const sliceOf = (r: Record<string, unknown>): Slice => ({
    key: String(r.key),
    label: String(r.label),
    key2: key2 ? String(r.key2) : undefined,
    label2: key2 ? String(r.label2) : undefined,
    currency: String(r.currency),
    fxDay: s.fxDay ? String(r.fx_day) : undefined,
    inBase: factors
      ? {
          partial: {
            revenue: partial(r, 'revenue'),
            payout: partial(r, 'payout'),
            pendingRevenue: partial(r, 'pendingRevenue'),
            pendingPayout: partial(r, 'pendingPayout'),
          },
          ...(at ? weekNotes(list(r.fx_notes), list(r.fx_unrated), factors, at) : { notes: list(r.fx_notes), unrated: list(r.fx_unrated) }), // prettier-ignore
        }
      : undefined,
    clicks: Number(r.clicks),
    conversions: Number(r.conversions),
    pending: Number(r.pending),
    rejected: Number(r.rejected),
    revenue: Number(r.revenue),
    payout: Number(r.payout),
    pendingRevenue: Number(r.pendingRevenue),
    pendingPayout: Number(r.pendingPayout),
  });
  // Converted reports are cut from the whole answer (decision 153's addendum): the rounding in SQL cost more than it saved.
  if (!page || !key2 || factors) return rowsOfResult<Record<string, unknown>>(await db.execute(grouped)).map(sliceOf);
  // One page of the first level in the same statement (decision 153): its rows, the Totals per currency and the count.
  const result = rowsOfResult<Record<string, unknown>>(await db.execute(pagedStatement(grouped, page)));
  page.answer = pageAnswerOf(result, page.keys);
  return result.filter((r) => r.part === 'page').map(sliceOf);
}

/** A paged statement's Totals, keys and count (decision 153), read from its rows. */
function pageAnswerOf(result: Record<string, unknown>[], asked: string[] | undefined): PageAnswer {
  const totals: Slice[] = [];
  const keys = new Set(asked);
  let outerRows = 0;
  for (const r of result) {
    if (r.part === 'key') keys.add(String(r.key));
    else if (r.part === 'summary') outerRows = Number(r.o_count);
    else if (r.part === 'total') totals.push({ key: 'total', label: TOTALS_LABEL, currency: String(r.currency), clicks: Number(r.clicks), conversions: Number(r.conversions), pending: Number(r.pending), rejected: Number(r.rejected), revenue: Number(r.revenue), payout: Number(r.payout), pendingRevenue: Number(r.pendingRevenue), pendingPayout: Number(r.pendingPayout) }); // prettier-ignore
  }
  return { outerRows, keys, totals };
}

/** A column of `sliceQuery`'s answer in SQL. */
const quoted = (name: string) => `"${name}"`;

/**
 * A nested report's slices (`grouped`, one row per group and currency) as one page of its first level (decision 153),
 * in one statement: the page's rows (`part` 'page'), its keys ('key'), the Totals per currency over every page
 * ('total'), and one row ('summary') with how many first-level keys there are. The first level is ranked by the sort's
 * figure summed over its rows, then name and key in code-unit order, the keys ranked alone (a few hundred narrow rows,
 * with those of refused clicks only as zeros: rows of the whole answer too) and the page's rows then joined to them.
 */
function pagedStatement(grouped: SQLWrapper, page: PageRead): SQL {
  const columns = ['key', 'label', 'key2', 'label2', 'currency', ...COUNTS];
  const { sort } = page;
  const figure: Record<NetworkReportSort, string> = { margin: '"revenue" - "payout"', advertiserRevenue: '"revenue"', payout: '"payout"', clicks: '"clicks"', conversions: '"conversions"', label: '0' }; // prettier-ignore
  const label = page.trackingOuter ? `case when label = '' then '${trackingLabel('')}' else label end` : 'label';
  const order =
    sort.name === 'label'
      ? `${label} collate "C" ${sort.order}, "key" collate "C"`
      : `o_sort ${sort.order} nulls last, ${label} collate "C", "key" collate "C"`;
  const list = columns.map((c) => `g.${quoted(c)}`).join(', ');
  const ranked = sql`r.o_rank > ${page.from} and r.o_rank <= ${page.from + page.count}`;
  const inPage = page.keys
    ? sql`select ${sql.raw(list)} from g where g."key" = any(${textArray(page.keys)}::text[])`
    : sql`select ${sql.raw(list)} from g join r on r."key" = g."key" where ${ranked}`;
  const nulls = (n: number) => Array.from({ length: n }, () => 'null').join(', ');
  const sums = COUNTS.map((c) => `sum(${quoted(c)})`).join(', ');
  // A key of refused clicks only: a row of zeros, named as the refusals name it (decision 153's addendum).
  const keys = sql`kg as (select "key", min(label) as label, sum(${sql.raw(figure[sort.name])}) as o_sort from g group by "key"),
    k as (select "key", label, o_sort from kg${page.refusedKeys ? sql` union all select rk."key", min(rk.label), 0 from (${page.refusedKeys}) as rk where not exists (select from kg where kg."key" = rk."key") group by rk."key"` : sql``})`; // prettier-ignore
  const pageKeys = page.keys ? sql`` : sql` union all select r."key", ${sql.raw(nulls(columns.length - 1))}, 'key', null from r where ${ranked}`; // prettier-ignore
  return sql`with g as (${grouped}),
    ${keys},
    r as (select "key", row_number() over (order by ${sql.raw(order)}) as o_rank from k)
    select paged.*, 'page' as part, null::bigint as o_count from (${inPage}) as paged${pageKeys}
    union all select ${sql.raw(nulls(4))}, "currency", ${sql.raw(sums)}, 'total', null from g group by "currency"
    union all select ${sql.raw(nulls(columns.length))}, 'summary', (select count(*) from k)`;
}

/** A landing page's key and label (decision 117), its name read from `offer_landing_pages` joined on `landing`. */
function landingKeyLabel(landing: AnyPgColumn | SQL.Aliased<number>): [key: SQL<string>, label: SQL<string>] {
  // Literals, not parameters: GROUP BY must see the very same expression as the select list.
  return [
    sql<string>`${landing}::text`,
    sql<string>`case ${landing} when ${sql.raw(`${LANDING_OFFER_URL}`)} then ${sql.raw(`'${LANDING_OFFER_URL_LABEL}'`)} when ${sql.raw(`${LANDING_NOT_RECORDED}`)} then ${sql.raw(`'${LANDING_NOT_RECORDED_LABEL}'`)} else coalesce(${offerLandingPages.name}, ${sql.raw(`'${LANDING_DELETED_LABEL}'`)}) end`, // prettier-ignore
  ];
}

/** Where a read finds each filter's values: a rollup's keys, or the joined partner's manager and offer's advertiser. */
type FilterColumns = Partial<Pick<View, 'partnerId' | 'offerId' | 'country' | 'tracking' | 'goal' | 'landing'>> & {
  managerId?: AnyPgColumn;
  advertiserId?: AnyPgColumn;
};

/**
 * The report's filters as conditions on the columns a read has (decisions 089, 113, 117): each filter given and
 * placed is one `in (…)`; a filter the read has no column for is left to another read of the same report.
 */
function filterConditions(db: DbOrTx, columns: FilterColumns, filters: NetworkFilters): SQL[] {
  const conditions: SQL[] = [];
  const keep = (column: AnyPgColumn | undefined, values: readonly (string | number)[] | undefined) => {
    if (column && given(values)) conditions.push(inArray(column, [...values]));
  };
  keep(columns.partnerId, filters.partnerId);
  keep(columns.offerId, filters.offerId);
  keep(columns.managerId, filters.managerId);
  keep(columns.advertiserId, filters.advertiserId);
  keep(columns.landing, filters.landingPageId);
  keep(
    columns.country,
    filters.country?.map((c) => (c === UNKNOWN_COUNTRY_KEY ? '' : c)),
  );
  for (const k of NETWORK_TRACKING_KEYS) keep(columns.tracking?.[k], filters[k]);
  if (given(filters.goal)) {
    // The goal grain's conversions on these goals; elsewhere (the clicks) the offers paying on one of them.
    if (columns.goal) keep(columns.goal, filters.goal);
    else if (columns.offerId) conditions.push(inArray(columns.offerId, offersPaying(db, filters.goal)));
  }
  return conditions;
}

/** The offers that pay on any of these goal codes (decision 113). */
const offersPaying = (db: DbOrTx, codes: string[]) =>
  db
    .select({ id: offerGoals.offerId })
    .from(offerGoals)
    .innerJoin(goals, eq(goals.id, offerGoals.goalId))
    .where(inArray(goals.identifier, codes));

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The window's slices from the narrowest grain that answers them (decision 049), by the band read of decision 021:
 * the whole UTC days inside the window from the grain's daily table, the hours at its ends from its hourly one, added
 * up per key and currency. A day breakdown in another offset than UTC cuts its days in the hourly table.
 */
async function slices(read: Read): Promise<Slice[]> {
  const { scope, by, filters } = read;
  if (!given(filters.goal)) return grainSlices(read, grainOf(by, filters, scope));
  // A goal filter (decision 113): the conversions from the goal grain, the clicks from the narrowest grain that
  // answers without the goal, of the offers paying on one of the goals; a click has no goal of its own.
  const grain = grainOf(by, filters, scope);
  // The goal grain per offer (decision 141) when the clicks' grain is the offer grain: no partner, country, sub-ID or
  // landing page is needed. Both reads are sent at once.
  // Two statements: a page is cut after them (decision 153).
  const whole = { ...read, page: undefined };
  const [clicks, converted] = await Promise.all([
    grainSlices(whole, grain),
    grainSlices(whole, grain === 'offer' ? 'goalOffer' : 'goal'),
  ]);
  const clicksOnly = clicks.map((s) => ({
    ...s,
    conversions: 0,
    pending: 0,
    rejected: 0,
    revenue: 0,
    payout: 0,
    pendingRevenue: 0,
    pendingPayout: 0,
    ...(s.inBase ? { inBase: noneInBase() } : {}),
  }));
  return addedUp([...clicksOnly, ...converted]);
}

/** No amount converted: a slice of clicks alone. */
const noneInBase = (): InBase => ({
  partial: Object.fromEntries(AMOUNTS.map((a) => [a, { total: 0n, inexact: 0n }])) as Record<Amount, FxPartial>,
  notes: [],
  unrated: [],
});

/** Two conversions in SQL of the same group and currency (two reads of a band, decision 123) added up. */
const addedInBase = (a: InBase, b: InBase): InBase => ({
  partial: Object.fromEntries(AMOUNTS.map((x) => [x, { total: a.partial[x].total + b.partial[x].total, inexact: a.partial[x].inexact + b.partial[x].inexact }])) as Record<Amount, FxPartial>, // prettier-ignore
  notes: [...a.notes, ...b.notes],
  unrated: [...a.unrated, ...b.unrated],
});

/** Slices that share a key, a nested key, a currency and a day added up. */
function addedUp(parts: Slice[]): Slice[] {
  const summed = new Map<string, Slice>();
  for (const s of parts) {
    const id = `${s.key}\u0000${s.key2 ?? ''}\u0000${s.currency}\u0000${s.fxDay ?? ''}`;
    const sum = summed.get(id);
    if (!sum) summed.set(id, { ...s });
    else {
      for (const c of COUNTS) sum[c] += s[c];
      if (sum.inBase && s.inBase) sum.inBase = addedInBase(sum.inBase, s.inBase);
    }
  }
  return [...summed.values()];
}

async function grainSlices(read: Read, grain: keyof typeof GRAINS): Promise<Slice[]> {
  const { by, window, offset } = read;
  const { daily, hourly, weekly } = GRAINS[grain];
  const start = window.start.getTime();
  const end = window.end.getTime();
  const firstDay = Math.ceil(start / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(end / DAY_MS) * DAY_MS;
  const hours = (from: number, to: number) => and(gte(hourly.time, new Date(from)), lt(hourly.time, new Date(to)))!;
  // Hours are read from the hourly tables only, and days in another offset than UTC are cut in them.
  if (by.includes('hour') || (by.includes('day') && offsetToMinutes(offset) !== 0) || firstDay >= lastDay) {
    return sliceQuery(read, hourly, hours(start, end));
  }
  // A report that keeps no day (no time breakdown, no amount converted at each day's rate) reads its band as one
  // relation (decision 141): whole weeks from the weekly table (decision 136), days from the daily one, and the hours
  // at the window's ends from the hourly one, each end as its hours or, past half a day, as its whole UTC day less the
  // hours outside the window.
  if (!by.includes('day') && !read.fx && !read.factors) {
    const band = bandOf(start, end, firstDay, lastDay, weekly !== undefined);
    const netted = band.edgeWeeks.length + band.edgeDays.length > 0;
    return sliceQuery(read, daily, undefined, bandSource(GRAINS[grain], band), netted);
  }
  // A page is read in SQL by one statement only (decision 153): with end hours read beside the days, it is cut later.
  if (start < firstDay || lastDay < end) read = { ...read, page: undefined };
  const query = (table: View, time: SQL) => sliceQuery(read, table, time);
  // Converted (decision 142): the whole weeks from the weekly grain in the base currency and the days at their ends
  // from the daily grain converted row by row, in one statement; the end hours beside it.
  const weeklyFx = GRAINS[grain].weeklyFx;
  const fxWeeks = weekly && weeklyFx && !by.includes('day') && !read.fx && read.factors ? wholeWeeks(firstDay, lastDay) : null; // prettier-ignore
  if (fxWeeks) {
    const flags = weekFlagsOf(read.factors!, fxWeeks.from, fxWeeks.to);
    const parts = await Promise.all([
      sliceQuery(read, daily, undefined, weeksInBaseAndDays(daily, weekly!, weeklyFx!, firstDay, lastDay, fxWeeks, read.factors!, flags), false, flags), // prettier-ignore
      ...(start < firstDay ? [query(hourly, hours(start, firstDay))] : []),
      ...(lastDay < end ? [query(hourly, hours(lastDay, end))] : []),
    ]);
    return parts.length === 1 ? parts[0]! : addedUp(parts.flat());
  }
  // The band's reads at once (decision 134): sent together, not one after the other.
  const parts = await Promise.all([
    query(daily, and(gte(daily.time, isoDay(firstDay)), lt(daily.time, isoDay(lastDay)))!),
    ...(start < firstDay ? [query(hourly, hours(start, firstDay))] : []),
    ...(lastDay < end ? [query(hourly, hours(lastDay, end))] : []),
  ]);
  return parts.length === 1 ? parts[0]! : addedUp(parts.flat());
}

/** The Mondays starting and ending the whole weeks in [firstDay, lastDay) (UTC midnights), or null without one. */
function wholeWeeks(firstDay: number, lastDay: number): { from: number; to: number } | null {
  // 1970-01-01 was a Thursday: a day's weekday from Monday (0) is (days + 3) % 7.
  const from = firstDay + ((7 - ((firstDay / DAY_MS + 3) % 7)) % 7) * DAY_MS;
  const to = from + Math.floor((lastDay - from) / (7 * DAY_MS)) * 7 * DAY_MS;
  return to > from ? { from, to } : null;
}

/** Half a UTC day: an end of a window longer than this is read as its whole day less the hours outside it. */
const HALF_DAY_MS = DAY_MS / 2;

/**
 * The parts of a window [start, end) read as one relation (decision 141), in UTC midnights and hours. Read as they
 * are (`certain`): the days `days`, the whole weeks `weeks`, the hours `more`. Read as a whole and less what lies
 * outside the window: an edge week (`edgeWeeks`, past four of its days in the window) less its days `lessDays`, an
 * end's whole day (`edgeDays`, past half of it in the window) less its hours `less`.
 */
type Band = {
  days: [from: number, to: number][];
  weeks: { from: number; to: number } | null;
  edgeWeeks: number[];
  lessDays: number[];
  edgeDays: number[];
  more: [from: number, to: number][];
  less: [from: number, to: number][];
};

function bandOf(start: number, end: number, firstDay: number, lastDay: number, hasWeekly: boolean): Band {
  const band: Band = { days: [], weeks: null, edgeWeeks: [], lessDays: [], edgeDays: [], more: [], less: [] };
  if (start < firstDay) {
    if (firstDay - start > HALF_DAY_MS) {
      band.edgeDays.push(firstDay - DAY_MS);
      band.less.push([firstDay - DAY_MS, start]);
    } else band.more.push([start, firstDay]);
  }
  if (lastDay < end) {
    if (end - lastDay > HALF_DAY_MS) {
      band.edgeDays.push(lastDay);
      band.less.push([end, lastDay + DAY_MS]);
    } else band.more.push([lastDay, end]);
  }
  const weeks = hasWeekly ? wholeWeeks(firstDay, lastDay) : null;
  if (!weeks) {
    band.days.push([firstDay, lastDay]);
    return band;
  }
  band.weeks = weeks;
  const WEEK_MS = 7 * DAY_MS;
  // Five or six days of a week at an end: its week less the one or two days outside the window.
  if (weeks.from - firstDay >= 5 * DAY_MS) {
    band.edgeWeeks.push(weeks.from - WEEK_MS);
    for (let d = weeks.from - WEEK_MS; d < firstDay; d += DAY_MS) band.lessDays.push(d);
  } else if (firstDay < weeks.from) band.days.push([firstDay, weeks.from]);
  if (lastDay - weeks.to >= 5 * DAY_MS) {
    band.edgeWeeks.push(weeks.to);
    for (let d = lastDay; d < weeks.to + WEEK_MS; d += DAY_MS) band.lessDays.push(d);
  } else if (weeks.to < lastDay) band.days.push([weeks.to, lastDay]);
  // A day both taken away (outside an edge week's days in the window) and added (an end's whole day) is read as neither.
  for (const d of [...band.edgeDays]) {
    const i = band.lessDays.indexOf(d);
    if (i < 0) continue;
    band.lessDays.splice(i, 1);
    band.edgeDays.splice(band.edgeDays.indexOf(d), 1);
  }
  return band;
}

/**
 * A band (`bandOf`) as one relation with the grain's daily columns and name, and `certain`: 1 on the rows of the window
 * alone, 0 on an edge week's or day's rows and on the days and hours taken away from them. The hourly rows are read
 * with their UTC date as the day; the rows taken away with their counts negated. An edge week or day also holds
 * traffic outside the window, so a group read only there is in the window when its counts, less the others', are not
 * all zero (`summed`'s `having`).
 */
function bandSource(grain: Grain, band: Band): SQL {
  const { daily, hourly, weekly } = grain;
  const dailyColumns = getTableColumns(daily.table);
  const hourlyColumns = getTableColumns(hourly.table) as Record<string, AnyPgColumn>;
  const countNames = new Set(COUNTS.map((c) => daily[c].name));
  const timeKey = Object.keys(dailyColumns).find((key) => dailyColumns[key] === daily.time);
  const list = (table: PgTable) =>
    sql.join(
      Object.values(getTableColumns(table)).map((c) => sql`${c}`),
      sql`, `,
    );
  // A table's columns under the daily table's names, in its order: the hourly one's time as its UTC date, the counts
  // negated for rows taken away.
  const as = (columns: Record<string, AnyPgColumn>, time: SQL, sign: 1 | -1) =>
    sql.join(
      Object.entries(dailyColumns).map(([key, column]) => {
        if (key === timeKey) return time;
        const source = columns[key]!;
        return countNames.has(column.name) && sign < 0 ? sql`-${source}` : sql`${source}`;
      }),
      sql`, `,
    );
  const day = daily.time;
  const inDays = ([from, to]: [number, number]) => sql`(${day} >= ${isoDay(from)} and ${day} < ${isoDay(to)})`;
  const inHours = ([from, to]: [number, number]) => sql`(${hourly.time} >= ${new Date(from)} and ${hourly.time} < ${new Date(to)})`; // prettier-ignore
  const onDays = (list: number[]) =>
    sql`${day} in (${sql.join(
      list.map((d) => sql`${isoDay(d)}`),
      sql`, `,
    )})`;
  const branches: SQL[] = [];
  if (band.days.length > 0) {
    branches.push(sql`select ${list(daily.table)}, 1 as certain from ${daily.table} where ${sql.join(band.days.map(inDays), sql` or `)}`); // prettier-ignore
  }
  if (band.weeks && weekly) {
    const [week] = Object.values(getTableColumns(weekly));
    const { from, to } = band.weeks;
    branches.push(sql`select ${list(weekly)}, 1 as certain from ${weekly} where ${week} >= ${isoDay(from)} and ${week} < ${isoDay(to)}`); // prettier-ignore
    if (band.edgeWeeks.length > 0) {
      branches.push(sql`select ${list(weekly)}, 0 from ${weekly} where ${week} in (${sql.join(band.edgeWeeks.map((d) => sql`${isoDay(d)}`), sql`, `)})`); // prettier-ignore
    }
  }
  if (band.lessDays.length > 0) {
    branches.push(sql`select ${as(dailyColumns as Record<string, AnyPgColumn>, sql`${day}`, -1)}, 0 from ${daily.table} where ${onDays(band.lessDays)}`); // prettier-ignore
  }
  if (band.edgeDays.length > 0) {
    branches.push(sql`select ${list(daily.table)}, 0 from ${daily.table} where ${onDays(band.edgeDays)}`);
  }
  const hourDay = sql`(${hourly.time} at time zone 'UTC')::date`;
  if (band.more.length > 0) {
    branches.push(sql`select ${as(hourlyColumns, hourDay, 1)}, 1 from ${hourly.table} where ${sql.join(band.more.map(inHours), sql` or `)}`); // prettier-ignore
  }
  if (band.less.length > 0) {
    branches.push(sql`select ${as(hourlyColumns, hourDay, -1)}, 0 from ${hourly.table} where ${sql.join(band.less.map(inHours), sql` or `)}`); // prettier-ignore
  }
  return sql`(${sql.join(branches, sql` union all `)}) as ${sql.identifier(getTableName(daily.table))}`;
}

/**
 * A grain's days [firstDay, lastDay) with their amounts in the base currency (decision 142), as one relation with the
 * daily table's columns and name: the whole weeks [weeks.from, weeks.to) from the weekly grain, each one row on its
 * Monday (as two rows: the weekly grain's counts, and the converted sums and `money_days` of its weekly grain in the
 * base currency, none without money), and the days before and after them from the daily table, to be converted row by
 * row (`is_week` false). Each branch brings its own factors (decision 145, `f_…`): the days' rows their day's entry of
 * the factor table, the converted weeks' rows their Monday's flags (`f_wflags`), the weeks' counts none. Joined to
 * the whole relation, every week's row joined the factor table too, and PostgreSQL sorted all of them for it.
 */
function weeksInBaseAndDays(
  daily: View,
  weekly: PgTable,
  weeklyFx: PgTable,
  firstDay: number,
  lastDay: number,
  weeks: { from: number; to: number },
  factors: FxFactorTable,
  flags: WeekFlags,
): SQL {
  // The columns as drizzle names them in SQL (its snake_case), each named with its table: the factors have a
  // `currency` and a `day` of their own.
  const snake = (table: PgTable) => Object.keys(getTableColumns(table)).map((n) => n.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)); // prettier-ignore
  const of = (table: PgTable) => (n: string) => `"${getTableName(table)}"."${n}"`;
  const [d, w, x] = [of(daily.table), of(weekly), of(weeklyFx)];
  const names = snake(daily.table);
  const keys = snake(weeklyFx).filter((n) => n === 'week' || n.endsWith('_id') || n === 'currency');
  const inBase = snake(weeklyFx).filter((n) => !keys.includes(n));
  // The weekly grain's counts and its amounts in the base currency as two rows of a week (no join): they add up. The
  // counts' row has no amount in the base (null: not summed).
  const zero = (n: string) => (n === 'money_days' ? '0::smallint' : 'null::numeric');
  const none = 'null::numeric, null::boolean, null::text, null::text, null::int';
  const ofCounts = [...names.map((n) => w(n === 'day' ? 'week' : n)), ...inBase.map(zero), 'true', none];
  // The first branch names the relation's columns: the daily table's, then `is_week` and the factors'.
  const ofInBase = [...names.map((n) => (n === 'day' ? `${x('week')} as day` : keys.includes(n) ? x(n) : `0::bigint as ${n}`)), ...inBase.map(x), 'true as is_week', 'null::numeric as f_q, null::boolean as f_exact, null::text as f_notes, null::text as f_err, wf.flags as f_wflags']; // prettier-ignore
  const ofDays = [...names.map(d), ...inBase.map((n) => (n === 'money_days' ? '0::smallint' : 'null::numeric')), 'false', 'f.q, f.exact, f.notes, f.err, null::int']; // prettier-ignore
  const [from, to, first, last] = [isoDay(weeks.from), isoDay(weeks.to), isoDay(firstDay), isoDay(lastDay)];
  return sql`(select ${sql.raw(ofInBase.join(', '))} from ${weeklyFx}
      left join unnest(${sql.param(flags.currency)}::text[], ${sql.param(flags.monday)}::date[], ${sql.param(flags.flags)}::int[]) as wf(currency, monday, flags)
        on wf.currency = ${sql.raw(x('currency'))} and wf.monday = ${sql.raw(x('week'))}
      where ${sql.raw(x('week'))} >= ${from} and ${sql.raw(x('week'))} < ${to}
    union all select ${sql.raw(ofCounts.join(', '))} from ${weekly} where ${sql.raw(w('week'))} >= ${from} and ${sql.raw(w('week'))} < ${to}
    union all select ${sql.raw(ofDays.join(', '))} from ${daily.table}
      left join ${factorRelation(factors)}
        on f.currency = ${sql.raw(d('currency'))} and f.day = ${sql.raw(d('day'))}
      where (${sql.raw(d('day'))} >= ${first} and ${sql.raw(d('day'))} < ${from}) or (${sql.raw(d('day'))} >= ${to} and ${sql.raw(d('day'))} < ${last}))
    as ${sql.identifier(getTableName(daily.table))}`;
}

/**
 * Counts of one group and reason: refused clicks by reason (decision 106), clicks flagged and conversions signalled by
 * rule (`click`, `conversion`, decision 109; the rule `*` counts each once).
 */
type Refused = {
  key: string;
  label: string;
  key2?: string;
  label2?: string;
  kind: 'refused' | 'click' | 'conversion';
  reason: string;
  clicks: number;
};

/**
 * The breakdowns refused clicks can be placed in: the refusal rollup keeps the hour, partner, offer and (decision 126)
 * landing page only.
 */
const REFUSAL_KEYS: readonly NetworkBreakdown[] = ['day', 'hour', 'partner', 'offer', 'advertiser', 'manager', 'landing']; // prettier-ignore
const UNKNOWN_OFFER = 'Unknown offer';

/** An hourly count per (reason, offer, partner): the refusal rollup, or the flagged one with its kind (decision 109). */
type ReasonSource = {
  table: typeof rejectedClicksHourly | typeof flaggedHourly;
  hour: AnyPgColumn;
  offerId: AnyPgColumn;
  partnerId: AnyPgColumn;
  landing: AnyPgColumn;
  count: AnyPgColumn;
  reason: AnyPgColumn;
  /** The flagged rollup's `kind` column; the refusal rollup's rows are all `refused` (a constant, not grouped by). */
  kind: AnyPgColumn | null;
};
const REASON_SOURCES: readonly ReasonSource[] = [
  { ...pick(rejectedClicksHourly), table: rejectedClicksHourly, reason: rejectedClicksHourly.reason, kind: null }, // prettier-ignore
  { ...pick(flaggedHourly), table: flaggedHourly, reason: flaggedHourly.rule, kind: flaggedHourly.kind },
];
function pick(t: typeof rejectedClicksHourly | typeof flaggedHourly) {
  return { hour: t.hour, offerId: t.offerId, partnerId: t.partnerId, landing: t.landingPageId, count: t.count };
}

/**
 * The refused clicks of a report's groups, per reason (decision 106), from the hourly refusal rollup, and the flagged
 * clicks and conversions per rule (decision 109) from theirs, in the reader's scope and filters: null when the report
 * breaks down or filters by what the rollups do not keep (country, sub-ID, trackers). Counts whose link named no known
 * partner are in no group; those of an unknown offer are the offer `0` ('Unknown offer') of an offer or advertiser
 * breakdown.
 */
async function refusedClicks(read: Read): Promise<Refused[] | null> {
  const reads = refusalReads(read, false);
  // One statement for both rollups: one round trip (decision 130).
  return reads ? ((await reads[0]!.unionAll(reads[1]!)) as unknown as Refused[]) : null;
}

/**
 * The first-level keys and names the refusal rollups hold for a report (decision 153's addendum), as a relation of
 * `key` and `label`: null where refusals are not placed.
 */
function refusedKeysOf(read: Read): SQL | null {
  const reads = refusalReads(read, true);
  return reads ? sql`${reads[0]!.unionAll(reads[1]!)}` : null;
}

/** `refusedClicks`' two reads, or with `outerOnly` their first-level keys and names alone. */
function refusalReads({ db, scope, by, window, filters, offset }: Read, outerOnly: boolean) {
  if (!by.every((b) => REFUSAL_KEYS.includes(b))) return null;
  // Nor filtered on what their rollups lack: the country, goal (decision 113), sub-IDs.
  const unplaced = [filters.country, filters.goal, ...NETWORK_TRACKING_KEYS.map((k) => filters[k])];
  if (unplaced.some(given)) return null;
  const timeKeyed = by.some((b) => b === 'day' || b === 'hour');
  const read = (r: ReasonSource) => {
    const local = (format: string) =>
      sql<string>`to_char((${r.hour} at time zone 'UTC') + ${sql.raw(`interval '${Math.trunc(offsetToMinutes(offset))} minutes'`)}, ${sql.raw(`'${format}'`)})`; // prettier-ignore
    const keyLabel = (breakdown: NetworkBreakdown): [SQL<string>, SQL<string>] => {
      switch (breakdown) {
        case 'hour':
          return [local('YYYY-MM-DD HH24:00'), local('YYYY-MM-DD HH24:00')];
        case 'partner':
          return [sql<string>`${partners.id}::text`, sql<string>`${partners.companyName}`];
        case 'offer':
          return [sql<string>`${r.offerId}::text`, sql<string>`coalesce(${offers.name}, ${sql.raw(`'${UNKNOWN_OFFER}'`)})`]; // prettier-ignore
        case 'advertiser':
          return [sql<string>`coalesce(${advertisers.id}::text, '0')`, sql<string>`coalesce(${advertisers.name}, ${sql.raw(`'${UNKNOWN_OFFER}'`)})`]; // prettier-ignore
        case 'manager':
          return [
            sql<string>`coalesce(${partners.accountManagerId}::text, ${sql.raw(`'${NO_MANAGER}'`)})`,
            sql<string>`coalesce(trim(${users.firstname} || ' ' || ${users.lastname}), 'No account manager')`,
          ];
        case 'landing':
          return landingKeyLabel(r.landing);
        default:
          return [local('YYYY-MM-DD'), local('YYYY-MM-DD')];
      }
    };
    const [key, label] = keyLabel(by[0]);
    const [key2, label2] = by[1] ? keyLabel(by[1]) : [null, null];
    const kind = r.kind ? sql<Refused['kind']>`${r.kind}` : sql<Refused['kind']>`'refused'`;
    const fields: Record<string, SQL | SQL.Aliased> = outerOnly
      ? { key: key.as('key'), label: label.as('label') }
      : { key, label, ...(key2 && label2 ? { key2, label2 } : {}), kind, reason: sql<string>`${r.reason}`, clicks: sql<number>`sum(${r.count})`.mapWith(Number) }; // prettier-ignore
    const inWindow = and(gte(r.hour, window.start), lt(r.hour, window.end));
    const where = and(
      outerOnly || !timeKeyed ? undefined : inWindow,
      billingReachSql(scope, partners.accountManagerId, partners.status),
      ...filterConditions(db, { partnerId: r.partnerId, offerId: r.offerId, advertiserId: products.advertiserId, managerId: partners.accountManagerId, landing: r.landing }, filters), // prettier-ignore
    );
    // The keys alone: the window's distinct offer, partner and landing page first (a few hundred rows, not one an hour),
    // then joined, under the rollup's name. A report that is not broken down by time sums the window's hours per
    // offer, partner, landing page and reason the same way before the joins (decision 153's addendum: joining every
    // hourly row first took ~150 ms for a month of refusals); by day or hour, the hour stays in the key.
    const alias = sql.identifier(getTableName(r.table));
    const table = outerOnly
      ? sql`(select distinct ${r.offerId}, ${r.partnerId}, ${r.landing} from ${r.table} where ${inWindow}) as ${alias}` // prettier-ignore
      : timeKeyed
        ? r.table
        : sql`(select ${r.offerId}, ${r.partnerId}, ${r.landing}, ${r.kind ? sql`${r.kind}, ` : sql``}${r.reason}, sum(${r.count}) as "count" from ${r.table} where ${inWindow} group by ${r.offerId}, ${r.partnerId}, ${r.landing}, ${r.kind ? sql`${r.kind}, ` : sql``}${r.reason}) as ${alias}`; // prettier-ignore
    let query = db
      .select(fields)
      .from(table)
      .innerJoin(partners, eq(partners.id, r.partnerId))
      .leftJoin(users, eq(users.id, partners.accountManagerId))
      .leftJoin(offers, eq(offers.id, r.offerId))
      .leftJoin(products, eq(products.id, offers.productId))
      .leftJoin(advertisers, eq(advertisers.id, products.advertiserId))
      .$dynamic();
    if (by.includes('landing')) query = query.leftJoin(offerLandingPages, eq(offerLandingPages.id, r.landing));
    if (outerOnly) return query.where(where).groupBy(key, label);
    return query
      .where(where)
      .groupBy(key, label, ...(key2 && label2 ? [key2, label2] : []), ...(r.kind ? [r.kind] : []), r.reason);
  };
  return REASON_SOURCES.map(read);
}

/** A row's amounts in one currency, and its clicks there (for the EPC). */
type InCurrency = { currency: string; clicks: number } & Record<'revenue' | 'payout' | 'pendingRevenue' | 'pendingPayout', number>; // prettier-ignore
const NO_CURRENCY: InCurrency[] = [];
const revenueIn = (m: InCurrency): MoneyAmount => ({ currency: m.currency, amount: m.revenue });
const payoutIn = (m: InCurrency): MoneyAmount => ({ currency: m.currency, amount: m.payout });
const marginIn = (m: InCurrency): MoneyAmount => ({ currency: m.currency, amount: m.revenue - m.payout });
const pendingRevenueIn = (m: InCurrency): MoneyAmount => ({ currency: m.currency, amount: m.pendingRevenue });
const pendingPayoutIn = (m: InCurrency): MoneyAmount => ({ currency: m.currency, amount: m.pendingPayout });
const epcIn = (m: InCurrency): MoneyAmount => ({ currency: m.currency, amount: m.revenue / m.clicks });
const marginRateIn = (m: InCurrency): MoneyAmount => ({ currency: m.currency, amount: (m.revenue - m.payout) / m.revenue }); // prettier-ignore

/**
 * One row from its slices: clicks and conversions over every currency, money per currency (in currency order); its
 * refused clicks when the report can place them (`refused` null: it cannot). A row holds a few currencies: they are
 * found by a scan of a short list, no map (decision 134: this ran once per row of a nested report's 1,600).
 */
function rowOf(key: string, label: string, parts: Slice[], refused: Refused[] | null, isTotal = false): NetworkLeafRow {
  // Arrays made at their size (decision 138): a list grown by `push` reserves 16 places, most rows hold one currency.
  let by: InCurrency[] = NO_CURRENCY;
  let clicks = 0;
  let conversions = 0;
  let pending = 0;
  let rejected = 0;
  for (const s of parts) {
    clicks += s.clicks;
    conversions += s.conversions;
    pending += s.pending;
    rejected += s.rejected;
    let m: InCurrency | undefined;
    for (const x of by) if (x.currency === s.currency) m = x;
    if (!m) {
      m = { currency: s.currency, clicks: 0, revenue: 0, payout: 0, pendingRevenue: 0, pendingPayout: 0 };
      by = by.length === 0 ? [m] : [...by, m];
    }
    m.clicks += s.clicks;
    m.revenue += s.revenue;
    m.payout += s.payout;
    m.pendingRevenue += s.pendingRevenue;
    m.pendingPayout += s.pendingPayout;
  }
  if (by.length > 1) by.sort((a, b) => (a.currency < b.currency ? -1 : 1));
  // Each list mapped at its size, the row built as one literal (decision 138): a spread of the refused figures into it
  // made every row a slow, large object, copied again by each later spread.
  const advertiserRevenue = by.map(revenueIn);
  const payout = by.map(payoutIn);
  const margin = by.map(marginIn);
  const pendingRevenue = by.map(pendingRevenueIn);
  const pendingPayout = by.map(pendingPayoutIn);
  const epc = by.length === 1 && by[0]!.clicks > 0 ? [epcIn(by[0]!)] : by.filter((m) => m.clicks > 0).map(epcIn);
  const marginRate = by.length === 1 && by[0]!.revenue !== 0 ? [marginRateIn(by[0]!)] : by.filter((m) => m.revenue !== 0).map(marginRateIn); // prettier-ignore
  const row: NetworkReportRow = {
    key,
    label,
    clicks,
    conversions,
    pendingConversions: pending,
    rejectedConversions: rejected,
    conversionRate: clicks > 0 ? conversions / clicks : 0,
    advertiserRevenue,
    payout,
    margin,
    marginRate,
    pendingRevenue,
    pendingPayout,
    epc,
    isTotal,
  };
  if (refused) withRefusedFigures(row, refused);
  return row;
}

/** Counts of one kind per reason or rule, most first. */
function byReasonOf(counts: Refused[], kind: Refused['kind']): { reason: string; count: number }[] {
  const byReason = new Map<string, number>();
  for (const r of counts) if (r.kind === kind) byReason.set(r.reason, (byReason.get(r.reason) ?? 0) + r.clicks);
  return [...byReason]
    .map(([reason, count]) => ({ reason, count }))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}

/**
 * A row's refused clicks summed and per reason (decision 106), its flagged clicks and conversions, and per rule
 * (decision 109), set on it in one order (one object shape for every row).
 */
function withRefusedFigures(row: NetworkLeafRow, counts: Refused[]): void {
  if (counts.length === 0) {
    row.refusedClicks = 0;
    row.refusedByReason = [];
    row.flaggedClicks = 0;
    row.flaggedClicksByRule = [];
    row.flaggedConversions = 0;
    row.flaggedConversionsByRule = [];
    return;
  }
  const refusedByReason = byReasonOf(counts, 'refused').map(({ reason, count }) => ({ reason, clicks: count }));
  const clicks = byReasonOf(counts, 'click');
  const conversions = byReasonOf(counts, 'conversion');
  const once = (list: { reason: string; count: number }[]) => list.find((r) => r.reason === '*')?.count ?? 0;
  row.refusedClicks = refusedByReason.reduce((n, r) => n + r.clicks, 0);
  row.refusedByReason = refusedByReason;
  row.flaggedClicks = once(clicks);
  row.flaggedClicksByRule = clicks.filter((r) => r.reason !== '*').map(({ reason, count }) => ({ rule: reason, clicks: count })); // prettier-ignore
  row.flaggedConversions = once(conversions);
  row.flaggedConversionsByRule = conversions.filter((r) => r.reason !== '*').map(({ reason, count }) => ({ rule: reason, conversions: count })); // prettier-ignore
}

/** The Monday (yyyy-MM-dd) of a day's week. */
export const weekOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
const periodOf = (breakdown: 'week' | 'month', day: string) => (breakdown === 'week' ? weekOf(day) : day.slice(0, 7));

/** The label of a sub-ID or tracker row: the value, or what stands for none sent. */
const trackingLabel = (value: string) => (value === '' ? '(none)' : value);

/** Minor units summed over currencies: an order, never a figure shown. */
const weight = (amounts: MoneyAmount[]) => amounts.reduce((sum, a) => sum + a.amount, 0);

/** A group's slices and refused clicks under one key, and, with `then=`, its nested groups (decision 106). */
type Group = { label: string; parts: Slice[]; refused: Refused[]; inner: Map<string, Group> | null };

/** A row's figure a sort reads (decision 153): an amount's minor units summed over its currencies. */
const sortFigure = (row: NetworkLeafRow, name: NetworkReportSort): number =>
  name === 'clicks' ? row.clicks : name === 'conversions' ? row.conversions : name === 'margin' ? weight(row.margin) : name === 'advertiserRevenue' ? weight(row.advertiserRevenue) : name === 'payout' ? weight(row.payout) : 0; // prettier-ignore
/** Code-unit order: the order of PostgreSQL's `collate "C"`, which pages in SQL (decision 153). */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The rows of one level: every day (or week, month) of the range for a period at the top (quiet ones as zeros), the
 * hours and nested periods with traffic in order, the others in the sort's order (decision 153; by margin, largest
 * first, unless told), then by name and key. `finish` completes a row (its conversion, its nested rows) before the
 * order is read.
 */
function rowsOf(
  breakdown: NetworkBreakdown,
  groups: Map<string, Group>,
  range: DateRange,
  top: boolean,
  placed: boolean,
  finish: (row: NetworkLeafRow, group: Group | undefined) => NetworkReportRow = (row) => row,
  sort: ReportSort = DEFAULT_REPORT_SORT,
): NetworkReportRow[] {
  const period = breakdown === 'week' || breakdown === 'month' ? breakdown : null;
  const row = (key: string, g: Group | undefined) =>
    finish(rowOf(key, g?.label ?? key, g?.parts ?? [], placed ? (g?.refused ?? []) : null), g);
  if (top && (breakdown === 'day' || period)) {
    const keys = [...new Set(daysOf(range).map((day) => (period ? periodOf(period, day) : day)))];
    return keys.map((key) => row(key, groups.get(key)));
  }
  const rows = new Array<NetworkReportRow>(groups.size);
  let i = 0;
  for (const [key, g] of groups) rows[i++] = row(key, g);
  if ((NETWORK_TIME_BREAKDOWNS as readonly string[]).includes(breakdown)) {
    return rows.sort((a, b) => (a.key < b.key ? -1 : 1));
  }
  // Each row's weight summed once, not twice per comparison (decision 138): the rows' positions sorted by it. Names and
  // keys in code-unit order, as a page read in SQL orders them (decision 153).
  const dir = sort.order === 'asc' ? 1 : -1;
  const order = rows.map((_, n) => n);
  if (sort.name === 'label') {
    order.sort((a, b) => dir * byCodeUnits(rows[a]!.label, rows[b]!.label) || byCodeUnits(rows[a]!.key, rows[b]!.key)); // prettier-ignore
  } else {
    const weights = rows.map((r) => sortFigure(r, sort.name));
    order.sort((a, b) => dir * (weights[a]! - weights[b]!) || byCodeUnits(rows[a]!.label, rows[b]!.label) || byCodeUnits(rows[a]!.key, rows[b]!.key)); // prettier-ignore
  }
  return order.map((n) => rows[n]!);
}

/** A row's amounts in the base currency, in whole minor units. */
type BaseAmounts = { revenue: number; payout: number; pendingRevenue: number; pendingPayout: number };

/**
 * A row with its amounts in the base currency (decision 111): margin is revenue less payout (so it adds up as they
 * do), EPC and margin rate are read from the converted amounts, and the amounts as they were go to `original`.
 */
function inBase(row: NetworkLeafRow, base: string, a: BaseAmounts): NetworkLeafRow {
  const one = (amount: number): MoneyAmount[] => [{ currency: base, amount }];
  const margin = a.revenue - a.payout;
  // Set on the row itself (decision 138): it was built for this report alone, a copy of it was garbage.
  row.original = {
    advertiserRevenue: row.advertiserRevenue,
    payout: row.payout,
    margin: row.margin,
    pendingRevenue: row.pendingRevenue,
    pendingPayout: row.pendingPayout,
  };
  row.advertiserRevenue = one(a.revenue);
  row.payout = one(a.payout);
  row.margin = one(margin);
  row.marginRate = a.revenue !== 0 ? one(margin / a.revenue) : [];
  row.pendingRevenue = one(a.pendingRevenue);
  row.pendingPayout = one(a.pendingPayout);
  row.epc = row.clicks > 0 ? one(a.revenue / row.clicks) : [];
  return row;
}

/**
 * Thrown when a row converted in SQL meets a half inside its inexact terms' span: the report is read again per day,
 * converted in the service with the exact fraction (decision 123; rare).
 */
class NeedsExactSum extends Error {}

/** A leaf row converted from its slices: each amount summed over currencies and days exactly, then rounded once. */
function leafInBase(row: NetworkLeafRow, parts: Slice[], fx: FxConverter): NetworkLeafRow {
  const inSql = parts.length > 0 && parts.every((s) => s.inBase);
  if (inSql) {
    const unrated = parts.flatMap((s) => s.inBase!.unrated).sort();
    if (unrated.length > 0) fx.unrated(unrated[0]!);
    for (const s of parts) fx.noted(s.inBase!.notes);
  }
  const of = (count: Amount) => {
    if (!inSql) return fx.sum(parts.map((s) => ({ currency: s.currency, day: s.fxDay!, amount: s[count] })));
    let total = 0n;
    let inexact = 0n;
    for (const s of parts) {
      total += s.inBase!.partial[count].total;
      inexact += s.inBase!.partial[count].inexact;
    }
    const rounded = fx.decide({ total, inexact });
    if (rounded === null) throw new NeedsExactSum();
    return rounded;
  };
  return inBase(row, fx.base, { revenue: of('revenue'), payout: of('payout'), pendingRevenue: of('pendingRevenue'), pendingPayout: of('pendingPayout') }); // prettier-ignore
}

/** A row above leaves (a nested report's row, the Totals): the sum of its converted rows, never converted again. */
function sumInBase(row: NetworkLeafRow, parts: NetworkLeafRow[], base: string): NetworkLeafRow {
  const a: BaseAmounts = { revenue: 0, payout: 0, pendingRevenue: 0, pendingPayout: 0 };
  for (const r of parts) {
    a.revenue += r.advertiserRevenue[0]?.amount ?? 0;
    a.payout += r.payout[0]?.amount ?? 0;
    a.pendingRevenue += r.pendingRevenue[0]?.amount ?? 0;
    a.pendingPayout += r.pendingPayout[0]?.amount ?? 0;
  }
  return inBase(row, base, a);
}

/**
 * A converted report's rows and which days had to use an earlier day's rate; `outerRows`: how many first-level rows
 * every page holds (decision 153), the Totals left out.
 */
export type NetworkReportInBase = { rows: NetworkReportRow[]; base: string; missingDays: FxMissingDay[]; outerRows: number }; // prettier-ignore

type ReportOptions = { then?: NetworkBreakdown; refused?: boolean; sort?: ReportSort; page?: ReportPage };

/**
 * Whether a report's page is read in SQL (decision 153): a nested report whose first level is not a period of time
 * (the periods of a range are all rows, quiet ones too). Any other page is cut from the whole answer.
 */
const pagedInSql = (breakdown: NetworkBreakdown, then: NetworkBreakdown | undefined) =>
  then !== undefined && !(NETWORK_TIME_BREAKDOWNS as readonly string[]).includes(breakdown);

/** A whole answer's page (decision 153): its rows from `from`, or those of `keys`, and the Totals. */
function cut(answer: NetworkReportInBase, page: ReportPage | undefined): NetworkReportInBase {
  if (!page) return answer;
  const body = answer.rows.slice(0, -1);
  const keys = page.keys ? new Set(page.keys) : null;
  const rows = keys ? body.filter((r) => keys.has(r.key)) : body.slice(page.from, page.from + page.count);
  return { ...answer, rows: [...rows, answer.rows.at(-1)!], outerRows: body.length };
}

/**
 * A network report (decision 046): one row per day (every day of the range, quiet ones as zeros), partner, offer,
 * advertiser, account manager or country, then the Totals row, the sum of the rows. Other breakdowns than days come
 * by margin, largest first. With a second breakdown (`then`, decision 106) each row carries its nested rows in
 * `children`, whose sum is the row.
 */
export async function networkReport(
  db: DbOrTx,
  scope: StaffScope,
  breakdown: NetworkBreakdown,
  range: DateRange,
  window: UtcWindow,
  filters: NetworkFilters,
  offset: string | null,
  options: ReportOptions = {},
): Promise<NetworkReportRow[]> {
  return (await networkReportInBase(db, scope, breakdown, range, window, filters, offset, null, options)).rows;
}

/**
 * The same report in the base currency (`currency=base`, decision 111): each amount at the reference rate of its
 * (UTC) day, a day without one at the last known rate (listed in `missingDays`). Rounded half to even once per row of
 * the finest level (the rows, or the nested rows with `then`); every row above them and the Totals are their sums, so
 * that the CSV's columns add up to the Totals to the cent. `base` null: the amounts as booked (`networkReport`).
 */
export async function networkReportInBase(
  db: DbOrTx,
  scope: StaffScope,
  breakdown: NetworkBreakdown,
  range: DateRange,
  window: UtcWindow,
  filters: NetworkFilters,
  offset: string | null,
  base: string | null,
  { then, refused: withRefused = true, sort = DEFAULT_REPORT_SORT, page }: ReportOptions = {},
): Promise<NetworkReportInBase> {
  // Weeks and months are the days' slices regrouped: the day is the finest key a daily table has.
  const asRead = (b: NetworkBreakdown): NetworkBreakdown => (b === 'week' || b === 'month' ? 'day' : b);
  const by: Breakdowns = then ? [asRead(breakdown), asRead(then)] : [asRead(breakdown)];

  const read: Read = { db, scope, by, window, filters, offset, fx: base !== null };
  // The refused clicks are read beside the figures, not before them (decision 130).
  const refusedRead = withRefused ? refusedClicks(read) : Promise.resolve(null);
  // Awaited below; a failure meanwhile is thrown there, not left unhandled.
  refusedRead.catch(() => undefined);
  if (base === null) {
    // A nested report's page (decision 153) in the statement that reads its slices, when one does; else cut below.
    const paged: PageRead | undefined = page && pagedInSql(breakdown, then) ? { ...page, sort, trackingOuter: isTracking(breakdown), refusedKeys: withRefused ? refusedKeysOf(read) : null } : undefined; // prettier-ignore
    const [all, refused] = await Promise.all([slices({ ...read, page: paged }), refusedRead]);
    if (paged?.answer) return assembled(range, breakdown, then, all, refused, null, sort, paged.answer);
    return cut(assembled(range, breakdown, then, all, refused, null, sort), page);
  }
  // Converted in SQL per group and currency (decision 123); read again per day and converted here with the exact
  // fraction in the rare case a row's rounding needs it (decision 111's rule, the same result either way). A page is
  // cut from the whole answer (decision 153's addendum): each nested row's rounding in SQL cost more than node saved.
  const { converter, factors } = await fxFactorsFor(db, base, utcDaysOf(window));
  const [converted, refused] = await Promise.all([slices({ ...read, fx: false, factors }), refusedRead]);
  try {
    return cut(assembled(range, breakdown, then, converted, refused, converter, sort), page);
  } catch (e) {
    if (!(e instanceof NeedsExactSum)) throw e;
  }
  const all = await slices(read);
  const fx = await fxConverterFor(
    db,
    base,
    all.map((s) => ({ currency: s.currency, day: s.fxDay!, amount: 0 })),
  );
  return cut(assembled(range, breakdown, then, all, refused, fx, sort), page);
}

/** Every UTC day a window touches, in order: the days its amounts' rates are of (decision 111). */
function utcDaysOf(window: UtcWindow): string[] {
  const days: string[] = [];
  for (let t = Math.floor(window.start.getTime() / DAY_MS) * DAY_MS; t < window.end.getTime(); t += DAY_MS) days.push(isoDay(t)); // prettier-ignore
  return days;
}

/** A report's rows and Totals from its slices and refused clicks, converted by `fx` when given. */
function assembled(
  range: DateRange,
  breakdown: NetworkBreakdown,
  then: NetworkBreakdown | undefined,
  all: Slice[],
  refused: Refused[] | null,
  fx: FxConverter | null,
  sort: ReportSort = DEFAULT_REPORT_SORT,
  page?: PageAnswer,
): NetworkReportInBase {
  const groups = new Map<string, Group>();
  const groupOf = (map: Map<string, Group>, b: NetworkBreakdown, key: string, label: string, nests: boolean) => {
    // A week's or a month's key is its period; a tracking label is shown as such.
    if (b === 'week' || b === 'month') key = label = periodOf(b, key);
    else if (isTracking(b)) label = trackingLabel(label);
    let group = map.get(key);
    if (!group) map.set(key, (group = { label, parts: [], refused: [], inner: nests ? new Map() : null }));
    return group;
  };
  // A slice or refused count in its group and, with `then`, its nested group: no array or tuple made per slice.
  const place = (s: Slice | Refused, add: (g: Group) => void) => {
    const outer = groupOf(groups, breakdown, s.key, s.label, then !== undefined);
    add(outer);
    if (then) add(groupOf(outer.inner!, then, s.key2!, s.label2!, false));
  };
  // A group's first slice makes its list at size one (a list grown by `push` reserves 16 places).
  for (const s of all) place(s, (g) => (g.parts.length === 0 ? (g.parts = [s]) : g.parts.push(s)));
  for (const r of refused ?? []) {
    // A page's rows only (decision 153): the refused clicks of the other keys are in the Totals alone.
    if (page && !page.keys.has(r.key)) continue;
    place(r, (g) => (g.refused.length === 0 ? (g.refused = [r]) : g.refused.push(r)));
  }
  const placed = refused !== null;
  const leaf = (row: NetworkLeafRow, g: Group | undefined) => (fx ? leafInBase(row, g?.parts ?? [], fx) : row);
  const nested = (row: NetworkLeafRow, g: Group | undefined): NetworkReportRow => {
    const children = rowsOf(then!, g?.inner ?? new Map(), range, false, placed, leaf, sort);
    const done: NetworkReportRow = fx ? sumInBase(row, children, fx.base) : row;
    done.children = children;
    return done;
  };
  const rows = rowsOf(breakdown, groups, range, true, placed, then ? nested : leaf, sort);
  if (page) {
    // A page read in SQL (decision 153): the Totals of every page from the same statement.
    const total = rowOf('total', TOTALS_LABEL, page.totals, refused, true);
    return { rows: [...rows, total], base: '', missingDays: [], outerRows: page.outerRows };
  }
  const total = rowOf('total', TOTALS_LABEL, all, refused, true);
  return {
    rows: [...rows, fx ? sumInBase(total, rows, fx.base) : total],
    base: fx?.base ?? '',
    missingDays: fx?.missingDays() ?? [],
    outerRows: rows.length,
  };
}

/**
 * The figures of one window (the staff home's periods, a partner's last 30 days on its page): the Totals row without
 * its key.
 */
export async function networkFigures(
  db: DbOrTx,
  scope: StaffScope,
  window: UtcWindow,
  filters: NetworkFilters = {},
): Promise<NetworkFigures> {
  const read: Read = { db, scope, by: ['partner'], window, filters, offset: null, fx: false };
  const total = rowOf('total', TOTALS_LABEL, await slices(read), null, true);
  const { clicks, conversions, advertiserRevenue, payout, margin } = total;
  return { clicks, conversions, advertiserRevenue, payout, margin };
}
