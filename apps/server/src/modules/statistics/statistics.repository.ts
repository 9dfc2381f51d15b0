import { and, asc, eq, exists, gte, inArray, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { unionAll, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  DEFAULT_CURRENCY,
  DEFAULT_PAGE_SIZE,
  STATS_PERIODS,
  TOP_OFFERS_LIMIT,
  offsetToMinutes,
  statsRowOf,
  type BasicReportRow,
  type ConversionType,
  type DateRange,
  type GlobalPerformance,
  type QuickStats,
  type SortOrder,
  type StatsRow,
  type SubidGrouping,
  type SubidSort,
  type TopOfferDate,
  type TopOfferRow,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import {
  offerCountries,
  offers,
  partnerOffers,
  partners,
  statsDaily,
  statsHourly,
  statsPartnerDaily,
  statsPartnerHourly,
  users,
} from '../../db/schema.js';
import { offerViewerOf, registrationPayouts, viewerApplication, visibleToViewer } from '../offers/index.js';
import {
  TOP_OFFER_PERIOD,
  daysOf,
  periodRanges,
  quickStatsRange,
  spanOf,
  utcWindow,
  type UtcWindow,
} from './report-dates.js';

/** The report filter, as the rollup and the raw rows both store it (a missing sub-id is '' in the rollup). */
export type ReportFilters = {
  offerId?: number | undefined;
  subid?: string | undefined;
  tc1?: string | undefined;
  tc2?: string | undefined;
  tc3?: string | undefined;
  tc4?: string | undefined;
  /** ISO 3166-1 alpha-2, any of them (decision 110); the rollup keeps '' for a click it could not place. */
  country?: string[] | undefined;
};

export const TRACKING_FIELDS = ['subid', 'tc1', 'tc2', 'tc3', 'tc4'] as const;

/** One currency's share of a row: clicks and conversions on offers paid in it. */
export type Slice = {
  currency: string;
  clicks: number;
  /** Approved conversions. */
  conversions: number;
  pending: number;
  rejected: number;
  /** Approved payout, minor units. */
  payout: number;
  /** Pending payout, minor units. */
  pendingPayout: number;
};

/** A slice of one group; `sub` is its value of the second grouping, when the report has one (decision 110). */
export type KeyedSlice = Slice & { key: string; sub?: string };

type RollupTable = typeof statsHourly | typeof statsDaily;

/** One partner's rows of a rollup table, filtered (the time condition is the caller's). */
function rollupFilters(table: RollupTable, partnerId: number, filters: ReportFilters): SQL[] {
  const where: SQL[] = [eq(table.partnerId, partnerId)];
  if (filters.offerId !== undefined) where.push(eq(table.offerId, filters.offerId));
  for (const name of TRACKING_FIELDS) {
    const value = filters[name];
    if (value !== undefined) where.push(eq(table[name], value));
  }
  if (filters.country?.length) where.push(inArray(table.country, filters.country));
  return where;
}

/** The hourly rollup rows of one partner within a window of whole UTC hours, filtered. */
export function rollupWhere(partnerId: number, window: UtcWindow, filters: ReportFilters): SQL[] {
  return [
    ...rollupFilters(statsHourly, partnerId, filters),
    gte(statsHourly.hour, window.start),
    lt(statsHourly.hour, window.end),
  ];
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * One partner's rollup rows within a window of whole UTC hours, filtered, as the subquery `rollup` (offer, currency,
 * sub-ID, UTC date and counts): the whole UTC days inside the window from `stats_daily`, the partial days at either
 * end from `stats_hourly`, in one UNION ALL (decision 021). Only hourly rows when the window holds no whole UTC day.
 */
export function rollupRows(db: DbOrTx, partnerId: number, window: UtcWindow, filters: ReportFilters) {
  const start = window.start.getTime();
  const end = window.end.getTime();
  const firstDay = Math.ceil(start / DAY_MS) * DAY_MS;
  const endDay = Math.floor(end / DAY_MS) * DAY_MS;
  const columns = (table: RollupTable, day: SQL) => ({
    offerId: table.offerId,
    currency: table.currency,
    subid: table.subid,
    tc1: table.tc1,
    tc2: table.tc2,
    tc3: table.tc3,
    tc4: table.tc4,
    country: table.country,
    day: sql<string>`${day}`.as('day'),
    clicks: table.clicks,
    conversions: table.conversions,
    pending: table.pending,
    rejected: table.rejected,
    payout: table.payout,
    pendingPayout: table.pendingPayout,
  });
  const hourly = (from: number, to: number) =>
    db
      .select(columns(statsHourly, sql`to_char(${statsHourly.hour} at time zone 'UTC', 'YYYY-MM-DD')`))
      .from(statsHourly)
      .where(and(...rollupWhere(partnerId, { start: new Date(from), end: new Date(to) }, filters)));
  if (firstDay >= endDay) return hourly(start, end).as('rollup');
  const daily = db
    .select(columns(statsDaily, sql`to_char(${statsDaily.day}, 'YYYY-MM-DD')`))
    .from(statsDaily)
    .where(
      and(
        ...rollupFilters(statsDaily, partnerId, filters),
        gte(statsDaily.day, utcDate(firstDay)),
        lt(statsDaily.day, utcDate(endDay)),
      ),
    );
  // One select per partial day, each a range on the (partner, hour) key: an OR of both would scan the partner's index.
  const [partial, ...more] = [
    ...(start < firstDay ? [hourly(start, firstDay)] : []),
    ...(endDay < end ? [hourly(endDay, end)] : []),
  ];
  return (partial ? unionAll(daily, partial, ...more) : daily).as('rollup');
}

/** A report with no filter but the partner, which the partner grain (decision 049) answers alone. */
export const unfiltered = (filters: ReportFilters) =>
  filters.offerId === undefined &&
  TRACKING_FIELDS.every((name) => filters[name] === undefined) &&
  !filters.country?.length;

/** The UTC dates from `from` (included) to `to` (excluded), both UTC midnights in milliseconds. */
const datesOf = (from: number, to: number) => {
  const dates: string[] = [];
  for (let day = from; day < to; day += DAY_MS) dates.push(utcDate(day));
  return dates;
};
/** The UTC hours from `from` (included) to `to` (excluded), both whole hours in milliseconds. */
const hoursOf = (from: number, to: number) => {
  const hours: string[] = [];
  for (let hour = from; hour < to; hour += HOUR_MS) hours.push(new Date(hour).toISOString());
  return hours;
};

/**
 * One partner's counts per UTC day within a window of whole UTC hours, from the partner grain (decision 049: one row
 * per hour or day and currency, whatever the offers, sub-IDs and countries), as the subquery `rollup` (day, currency
 * and counts): the whole UTC days from `stats_partner_daily`, the partial days at either end from
 * `stats_partner_hourly`. Their keys lead with the time, then the partner: each day and hour is named in a list, one
 * probe of the key each, never a range over every partner's rows (decision 124).
 */
export function partnerGrainRows(db: DbOrTx, partnerId: number, window: UtcWindow) {
  const start = window.start.getTime();
  const end = window.end.getTime();
  const firstDay = Math.ceil(start / DAY_MS) * DAY_MS;
  const endDay = Math.max(firstDay, Math.floor(end / DAY_MS) * DAY_MS);
  const counts = (table: typeof statsPartnerHourly | typeof statsPartnerDaily) => ({
    currency: table.currency,
    clicks: table.clicks,
    conversions: table.conversions,
    pending: table.pending,
    rejected: table.rejected,
    payout: table.payout,
    pendingPayout: table.pendingPayout,
  });
  const hours = firstDay >= endDay ? hoursOf(start, end) : [...hoursOf(start, firstDay), ...hoursOf(endDay, end)];
  const hourly = db
    .select({
      day: sql<string>`to_char(${statsPartnerHourly.hour} at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
      ...counts(statsPartnerHourly),
    })
    .from(statsPartnerHourly)
    .where(
      and(
        sql`${statsPartnerHourly.hour} = any(${sql.param(hours)}::timestamptz[])`,
        eq(statsPartnerHourly.partnerId, partnerId),
      ),
    );
  if (firstDay >= endDay) return hourly.as('rollup');
  const daily = db
    .select({
      day: sql<string>`to_char(${statsPartnerDaily.day}, 'YYYY-MM-DD')`.as('day'),
      ...counts(statsPartnerDaily),
    })
    .from(statsPartnerDaily)
    .where(
      and(
        sql`${statsPartnerDaily.day} = any(${sql.param(datesOf(firstDay, endDay))}::date[])`,
        eq(statsPartnerDaily.partnerId, partnerId),
      ),
    );
  return unionAll(daily, hourly).as('rollup');
}

const summed = (column: SQLWrapper) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
/** The Slice sums of rollup rows, by the columns of a table or of the `rollup` subquery. */
const sliceColumns = <T extends Record<keyof Slice, SQLWrapper> & { currency: AnyPgColumn }>(source: T) => ({
  currency: source.currency as T['currency'],
  clicks: summed(source.clicks),
  conversions: summed(source.conversions),
  pending: summed(source.pending),
  rejected: summed(source.rejected),
  payout: summed(source.payout),
  pendingPayout: summed(source.pendingPayout),
});

/**
 * A partner's approved and pending payout per currency and UTC day within a window, filtered, from the same rollup rows
 * as its reports: what a converted total converts, each amount at the rate of its day (decisions 111, 112).
 */
export async function payoutByUtcDay(db: DbOrTx, partnerId: number, window: UtcWindow, filters: ReportFilters) {
  const rollup = rollupRows(db, partnerId, window, filters);
  return db
    .select({
      day: rollup.day,
      currency: rollup.currency,
      payout: summed(rollup.payout),
      pendingPayout: summed(rollup.pendingPayout),
    })
    .from(rollup)
    .groupBy(rollup.day, rollup.currency);
}

/** The currency the partner is paid in (its invoices' currency). */
export async function paymentCurrencyOf(db: DbOrTx, partnerId: number): Promise<string> {
  const [row] = await db
    .select({ currency: partners.paymentCurrency })
    .from(partners)
    .where(eq(partners.id, partnerId));
  return row?.currency ?? DEFAULT_CURRENCY;
}

/** What a basic report groups by: the local day, a tracking value ('' for none) or the offer id (decision 033). */
export type Grouping = 'day' | 'subid' | 'tc1' | 'tc2' | 'tc3' | 'tc4' | 'offer' | 'country';

/**
 * Sums of the rollup per (key, currency): the key is the local date, a tracking value or the offer's id. Never reads
 * raw clicks. Tracking values and offers, and days in UTC, come from the daily rollup for whole UTC days (decision
 * 021); days in any other offset from the daily rollup corrected by a band of hourly rows, since such a local day
 * straddles two UTC days.
 */
export async function rollupSlices(
  db: DbOrTx,
  partnerId: number,
  window: UtcWindow,
  filters: ReportFilters,
  by: Grouping,
  offset: string | null,
  then?: Grouping,
): Promise<KeyedSlice[]> {
  const shiftMs = offsetToMinutes(offset) * 60_000;
  if (by === 'day' && then === undefined && shiftMs === 0 && unfiltered(filters)) {
    // UTC days without a filter: the partner grain's row per day and currency (decision 124).
    const rollup = partnerGrainRows(db, partnerId, window);
    return db
      .select({ key: rollup.day, ...sliceColumns(rollup) })
      .from(rollup)
      .groupBy(rollup.day, rollup.currency);
  }
  if ((by !== 'day' && then !== 'day') || shiftMs === 0) {
    const rollup = rollupRows(db, partnerId, window, filters);
    const keyOf = (grouping: Grouping) =>
      grouping === 'offer' ? sql<string>`${rollup.offerId}::text` : grouping === 'day' ? rollup.day : rollup[grouping];
    const key = keyOf(by);
    if (then === undefined) {
      return db
        .select({ key, ...sliceColumns(rollup) })
        .from(rollup)
        .groupBy(key, rollup.currency);
    }
    const sub = keyOf(then);
    return db
      .select({ key, sub, ...sliceColumns(rollup) })
      .from(rollup)
      .groupBy(key, sub, rollup.currency);
  }
  // One of the groupings is the local day in an offset: the other one rides along as `other` (decision 110).
  const other = by === 'day' ? then : by;
  const days = await offsetDays(db, partnerId, window, filters, shiftMs, other as NonDay | undefined);
  if (then === undefined) return days.map(({ other: _, ...slice }) => slice);
  return days.map(({ key, other: value, ...slice }) =>
    by === 'day' ? { ...slice, key, sub: value ?? '' } : { ...slice, key: value ?? '', sub: key },
  );
}

type NonDay = Exclude<Grouping, 'day'>;
/** A grouping's value in a rollup table: the tracking value or country as stored, the offer's id as text. */
const groupColumn = (table: RollupTable, grouping: NonDay): SQL<string> =>
  grouping === 'offer' ? sql<string>`${table.offerId}::text` : sql<string>`${table[grouping]}`;

const isZero = (s: Slice) => !s.clicks && !s.conversions && !s.pending && !s.rejected && !s.payout && !s.pendingPayout;

/**
 * Local days in a whole-hour offset other than UTC (decision 021). A local day is one UTC day's daily row, give
 * or take the hours of a band the offset moves to the neighbouring local day: at +05:00 local 15 March is UTC
 * 15 March, less its last 5 hours, plus the last 5 hours of the 14th. The band is the first or the last hours of each
 * UTC day, whichever is shorter (at most 12), read from the hourly rollup as a list of hours on its (partner, hour) key.
 */
async function offsetDays(
  db: DbOrTx,
  partnerId: number,
  window: UtcWindow,
  filters: ReportFilters,
  shiftMs: number,
  other?: NonDay,
): Promise<(KeyedSlice & { other?: string })[]> {
  const offsetHours = shiftMs / HOUR_MS;
  // Where a local day starts, in hours after a UTC midnight (1 … 23).
  const start = ((-offsetHours % 24) + 24) % 24;
  const head = start <= 12;
  const band = head ? [0, start] : [start, 24];
  // The local day a UTC day's daily row stands for: the same date, or the next one (+12:00, +14:00).
  const dailyShift = (start + offsetHours) * HOUR_MS - (head ? 0 : DAY_MS);
  const firstLocal = window.start.getTime() + shiftMs;
  const endLocal = window.end.getTime() + shiftMs;
  const [from, to] = [utcDate(firstLocal), utcDate(endLocal - DAY_MS)];
  const hours: string[] = [];
  for (let day = firstLocal - dailyShift - DAY_MS; day <= endLocal - dailyShift; day += DAY_MS) {
    for (let h = band[0]!; h < band[1]!; h++) hours.push(new Date(day + h * HOUR_MS).toISOString());
  }
  const otherOf = (table: RollupTable) => ({ other: other ? groupColumn(table, other) : sql<string>`''` });
  const otherGroup = (table: RollupTable) => (other ? [groupColumn(table, other)] : []);
  // Without a filter or a second grouping, the partner grain answers (decision 124): a row per day or hour and
  // currency, each named in a list of its (time, partner) key. Otherwise the partner's own rollup, whose key leads
  // with the partner: its days as a range, its band hours as a list. `other` is then the constant '' (not grouped on).
  const dailyFrom = utcDate(firstLocal - dailyShift);
  const dailyTo = utcDate(endLocal - dailyShift);
  const narrow = other === undefined && unfiltered(filters);
  // Every band hour of a UTC day moves to the same local day: the band is read summed per UTC day, a row per day and
  // currency, not one per hour. Days and band in one UNION ALL, one round trip, `band` telling them apart.
  const dayOf = (table: typeof statsPartnerDaily | typeof statsDaily) =>
    sql<string>`to_char(${table.day}, 'YYYY-MM-DD')`;
  const bandDay = (table: typeof statsPartnerHourly | typeof statsHourly) =>
    sql<string>`to_char(${table.hour} at time zone 'UTC', 'YYYY-MM-DD')`;
  const isBand = (value: boolean) => sql<number>`${sql.raw(value ? '1' : '0')}`.mapWith(Number);
  const hourList = (table: typeof statsPartnerHourly | typeof statsHourly) =>
    sql`${table.hour} = any(${sql.param(hours)}::timestamptz[])`;
  // The partner grain's columns: its day (or band day), which half, no second grouping, the sums.
  const grainColumns = (day: SQL<string>, band: boolean, table: typeof statsPartnerDaily | typeof statsPartnerHourly) =>
    ({ day, band: isBand(band), other: sql<string>`''`, ...sliceColumns(table) }); // prettier-ignore
  const rows: (Slice & { day: string; other: string; band: number })[] = narrow
    ? await unionAll(
        db
          .select(grainColumns(dayOf(statsPartnerDaily), false, statsPartnerDaily))
          .from(statsPartnerDaily)
          .where(
            and(
              sql`${statsPartnerDaily.day} = any(${sql.param(datesOf(Date.parse(dailyFrom), Date.parse(dailyTo)))}::date[])`,
              eq(statsPartnerDaily.partnerId, partnerId),
            ),
          )
          .groupBy(statsPartnerDaily.day, statsPartnerDaily.currency),
        db
          .select(grainColumns(bandDay(statsPartnerHourly), true, statsPartnerHourly))
          .from(statsPartnerHourly)
          .where(and(hourList(statsPartnerHourly), eq(statsPartnerHourly.partnerId, partnerId)))
          .groupBy(bandDay(statsPartnerHourly), statsPartnerHourly.currency),
      )
    : await unionAll(
        db
          .select({ day: dayOf(statsDaily), band: isBand(false), ...otherOf(statsDaily), ...sliceColumns(statsDaily) })
          .from(statsDaily)
          .where(
            and(
              ...rollupFilters(statsDaily, partnerId, filters),
              gte(statsDaily.day, dailyFrom),
              lt(statsDaily.day, dailyTo),
            ),
          )
          .groupBy(statsDaily.day, ...otherGroup(statsDaily), statsDaily.currency),
        db
          .select({
            day: bandDay(statsHourly),
            band: isBand(true),
            ...otherOf(statsHourly),
            ...sliceColumns(statsHourly),
          }) // prettier-ignore
          .from(statsHourly)
          .where(and(...rollupFilters(statsHourly, partnerId, filters), hourList(statsHourly)))
          .groupBy(bandDay(statsHourly), ...otherGroup(statsHourly), statsHourly.currency),
      );

  const days = new Map<string, KeyedSlice & { other?: string }>();
  const add = (key: string, slice: Slice & { other?: string }, sign: 1 | -1) => {
    if (key < from || key > to) return;
    const id = `${key}\u0000${slice.other ?? ''}\u0000${slice.currency}`;
    let day = days.get(id);
    if (!day) {
      day = {
        key,
        ...(other ? { other: slice.other } : {}),
        currency: slice.currency,
        clicks: 0,
        conversions: 0,
        pending: 0,
        rejected: 0,
        payout: 0,
        pendingPayout: 0,
      };
      days.set(id, day);
    }
    day.clicks += sign * slice.clicks;
    day.conversions += sign * slice.conversions;
    day.pending += sign * slice.pending;
    day.rejected += sign * slice.rejected;
    day.payout += sign * slice.payout;
    day.pendingPayout += sign * slice.pendingPayout;
  };
  for (const { day, band: fromBand, ...slice } of rows) {
    if (!fromBand) {
      add(utcDate(Date.parse(day) + dailyShift), slice, 1);
      continue;
    }
    // The band's first hour of that UTC day stands for all of them.
    const ms = Date.parse(day) + band[0]! * HOUR_MS;
    // Out of the local day its UTC day's row was counted in, into its own.
    add(utcDate(Math.floor(ms / DAY_MS) * DAY_MS + dailyShift), slice, -1);
    add(utcDate(ms + shiftMs), slice, 1);
  }
  // A currency whose only traffic of the day moved to the next day leaves a row of zeros behind.
  return [...days.values()].filter((day) => !isZero(day));
}

/** Stats row of slices: the one computation in contracts, rates and EPC per currency (decision 091). */
export const statsRow = (slices: Slice[]): StatsRow => statsRowOf(slices);

function groupSlices(slices: KeyedSlice[]): Map<string, KeyedSlice[]> {
  const byKey = new Map<string, KeyedSlice[]>();
  for (const slice of slices) {
    const list = byKey.get(slice.key);
    if (list) list.push(slice);
    else byKey.set(slice.key, [slice]);
  }
  return byKey;
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const TOTALS_LABEL = 'Totals';

/**
 * The daily report (every date of the range, zero-filled) or the sub-ID report (one row per sub-ID, '' for none,
 * in code-unit order), then the totals row.
 */
export async function basicReport(
  db: DbOrTx,
  partnerId: number,
  by: Grouping,
  range: DateRange,
  filters: ReportFilters,
  offset: string | null,
): Promise<{ rows: BasicReportRow[]; slices: KeyedSlice[] }> {
  const slices = await rollupSlices(db, partnerId, utcWindow(range, offset), filters, by, offset);
  const byKey = groupSlices(slices);
  const labels = by === 'day' ? daysOf(range) : [...byKey.keys()].sort(byCodeUnits);
  const rows: BasicReportRow[] = labels.map((label) => ({
    label,
    isTotal: false,
    ...statsRow(byKey.get(label) ?? []),
  }));
  rows.push({ label: TOTALS_LABEL, isTotal: true, ...statsRow(slices) });
  return { rows, slices };
}

export type SubidReportOptions = {
  groupBy: SubidGrouping;
  /** A second grouping (decision 110): each row's children. */
  then?: SubidGrouping | undefined;
  sort?: SubidSort | undefined;
  order?: SortOrder | undefined;
  page?: number | undefined;
  count?: number | undefined;
};

const revenueSum = (row: StatsRow) => row.revenue.reduce((sum, item) => sum + item.amount, 0);
const SORT_VALUES: Record<Exclude<SubidSort, 'label'>, (row: StatsRow) => number> = {
  clicks: (row) => row.clicks,
  conversions: (row) => row.conversions,
  conversionRate: (row) => row.conversionRate,
  // Minor units summed over currencies, not converted (as top offers rank): an offer is paid in one currency.
  revenue: revenueSum,
  // Each currency's EPC over its own clicks (decision 091), summed over currencies, not converted.
  epc: (row) => row.epc.reduce((sum, item) => sum + item.amount, 0),
};

type Labelled = StatsRow & { label: string; offer?: { id: number; name: string } };

/** The report's order: a figure (ties on the label, then the offer id) or the label, in code units. */
function sorter(options: Pick<SubidReportOptions, 'sort' | 'order'>) {
  const sort = options.sort ?? 'label';
  const direction = (options.order ?? (sort === 'label' ? 'asc' : 'desc')) === 'asc' ? 1 : -1;
  const byLabel = (x: Labelled, y: Labelled) =>
    byCodeUnits(x.label, y.label) || (x.offer?.id ?? 0) - (y.offer?.id ?? 0);
  return (x: Labelled, y: Labelled) => {
    if (sort === 'label') return direction * byLabel(x, y);
    const value = SORT_VALUES[sort];
    return direction * (value(x) - value(y)) || byLabel(x, y);
  };
}

/** One row per key of a grouping, labelled as the grouping shows it (an offer by its name, its id beside it). */
function labelledRows(byKey: Map<string, KeyedSlice[]>, by: Grouping, names: Map<number, string>): Labelled[] {
  return [...byKey.entries()].map(([key, list]) => {
    if (by !== 'offer') return { label: key, ...statsRow(list) };
    const offer = { id: Number(key), name: names.get(Number(key)) ?? `Offer #${key}` };
    return { label: offer.name, offer, ...statsRow(list) };
  });
}

/**
 * The sub-ID report (decision 033): one row per value of the grouping (sub-ID, a tracker, the offer, the local day or
 * the visitor's country; '' for traffic without the value), sorted, optionally one page of them, then the totals row
 * over all of them; `total` counts the rows of every page. With `then` (decision 110) each row carries its traffic
 * split by a second grouping in `children`, sorted alike, every child. Read from the rollups like the other basic
 * reports, sorted and paged in memory: a partner's groups in a range are at most its rollup keys, never its clicks.
 * Without a sort, label order (code units), as before; ties fall back to the label, then the offer id.
 */
export async function subidReport(
  db: DbOrTx,
  partnerId: number,
  range: DateRange,
  filters: ReportFilters,
  options: SubidReportOptions,
  offset: string | null,
): Promise<{ rows: BasicReportRow[]; total: number; slices: KeyedSlice[] }> {
  const { groupBy: by, then } = options;
  const slices = await rollupSlices(db, partnerId, utcWindow(range, offset), filters, by, offset, then);
  const byKey = groupSlices(slices);
  const offerIds = new Set<number>();
  if (by === 'offer') for (const key of byKey.keys()) offerIds.add(Number(key));
  if (then === 'offer') for (const slice of slices) offerIds.add(Number(slice.sub));
  const names = offerIds.size > 0 ? await offerNames(db, [...offerIds]) : new Map<number, string>();
  const order = sorter(options);
  const rows: BasicReportRow[] = labelledRows(byKey, by, names)
    .sort(order)
    .map((row) => ({ ...row, isTotal: false }));
  if (then !== undefined) {
    for (const row of rows) {
      const key = row.offer ? String(row.offer.id) : row.label;
      const mine = (byKey.get(key) ?? []).map((slice) => ({ ...slice, key: slice.sub ?? '' }));
      row.children = labelledRows(groupSlices(mine), then, names).sort(order);
    }
  }

  const totals: BasicReportRow = { label: TOTALS_LABEL, isTotal: true, ...statsRow(slices) };
  if (options.page === undefined && options.count === undefined) {
    return { rows: [...rows, totals], total: rows.length, slices };
  }
  const count = options.count ?? DEFAULT_PAGE_SIZE;
  const start = ((options.page ?? 1) - 1) * count;
  return { rows: [...rows.slice(start, start + count), totals], total: rows.length, slices };
}

/** The names of the offers a report grouped by offer shows (an offer gone since keeps its id only). */
export async function offerNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: offers.id, name: offers.name }).from(offers).where(inArray(offers.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

async function dailySlicesOver(db: DbOrTx, partnerId: number, range: DateRange, offset: string | null) {
  return rollupSlices(db, partnerId, utcWindow(range, offset), {}, 'day', offset);
}

const within = (day: string, range: DateRange) => day >= range.startDate && day <= range.endDate;

/** One Stats row per period, from a single read of the rollup per local day over the longest period. */
export async function globalPerformance(
  db: DbOrTx,
  partnerId: number,
  now: Date,
  offset: string | null,
): Promise<GlobalPerformance> {
  const periods = periodRanges(now, offset);
  const days = await dailySlicesOver(db, partnerId, spanOf(Object.values(periods)), offset);
  return Object.fromEntries(
    STATS_PERIODS.map((period) => [period, statsRow(days.filter((d) => within(d.key, periods[period])))]),
  ) as GlobalPerformance;
}

export async function quickStats(
  db: DbOrTx,
  partnerId: number,
  now: Date,
  offset: string | null,
): Promise<Omit<QuickStats, 'converted'>> {
  const last = quickStatsRange(now, offset);
  const ytd = periodRanges(now, offset).ytd;
  const days = await dailySlicesOver(db, partnerId, spanOf([last, ytd]), offset);
  const lastRow = statsRow(days.filter((d) => within(d.key, last)));
  return {
    startDate: last.startDate,
    endDate: last.endDate,
    clicks: lastRow.clicks,
    conversions: lastRow.conversions,
    pending: lastRow.byCurrency.reduce((sum, figures) => sum + figures.pending, 0),
    rejected: lastRow.byCurrency.reduce((sum, figures) => sum + figures.rejected, 0),
    payout: lastRow.revenue,
    pendingPayout: lastRow.byCurrency
      .filter((figures) => figures.pendingRevenue !== 0)
      .map((figures) => ({ currency: figures.currency, amount: figures.pendingRevenue })),
    ytdPayout: statsRow(days.filter((d) => within(d.key, ytd))).revenue,
  };
}

/**
 * The partner's best offers over a period (decision 017): its own traffic on offers it may still see (decision 006),
 * optionally only offers running in a country; ranked by revenue (minor units, currencies not converted), then
 * clicks, then offer id.
 */
export async function topOffers(
  db: DbOrTx,
  partnerId: number,
  query: { country?: string | undefined; date: TopOfferDate },
  now: Date,
  offset: string | null,
): Promise<TopOfferRow[]> {
  const viewer = await offerViewerOf(db, partnerId);
  if (!viewer) return [];
  const range = periodRanges(now, offset)[TOP_OFFER_PERIOD[query.date]];
  const rollup = rollupRows(db, partnerId, utcWindow(range, offset), {});
  const where = [visibleToViewer(viewer)];
  if (query.country) {
    where.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(offerCountries)
          .where(and(eq(offerCountries.offerId, offers.id), eq(offerCountries.isoCode, query.country))),
      ),
    );
  }
  const slices = await db
    .select({ key: sql<string>`${rollup.offerId}::text`, ...sliceColumns(rollup) })
    .from(rollup)
    .innerJoin(offers, eq(offers.id, rollup.offerId))
    .leftJoin(partnerOffers, viewerApplication(viewer))
    .where(and(...where))
    .groupBy(rollup.offerId, rollup.currency);

  const ranked = [...groupSlices(slices).entries()]
    .map(([key, list]) => ({
      offerId: Number(key),
      stats: statsRow(list),
      payout: list.reduce((s, x) => s + x.payout, 0),
    }))
    .sort((a, b) => b.payout - a.payout || b.stats.clicks - a.stats.clicks || a.offerId - b.offerId)
    .slice(0, TOP_OFFERS_LIMIT);
  if (ranked.length === 0) return [];

  const ids = ranked.map((r) => r.offerId);
  const [offerRows, countryRows] = await Promise.all([
    db
      .select({ id: offers.id, name: offers.name, conversionType: offers.conversionType, currency: offers.currency })
      .from(offers)
      .where(inArray(offers.id, ids)),
    db
      .select({ offerId: offerCountries.offerId, isoCode: offerCountries.isoCode })
      .from(offerCountries)
      .where(inArray(offerCountries.offerId, ids))
      .orderBy(asc(offerCountries.isoCode)),
  ]);
  const payouts = await registrationPayouts(db, offerRows, partnerId);
  const offerBy = new Map(offerRows.map((o) => [o.id, o]));
  return ranked.map((entry, i) => {
    const offer = offerBy.get(entry.offerId)!;
    return {
      rank: i + 1,
      offer: {
        id: offer.id,
        name: offer.name,
        countries: countryRows.filter((c) => c.offerId === offer.id).map((c) => c.isoCode),
        conversionType: offer.conversionType as ConversionType,
        payout: payouts.get(offer.id) ?? null,
      },
      ...entry.stats,
    };
  });
}

/**
 * The time zone a user's day boundaries follow (users.timezone, a whole-hour offset; null is UTC). A reporting API
 * key acts as the user who created it (plugins/auth.ts), so a key reads in its creator's zone.
 */
export async function userTimezone(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId));
  return row?.timezone ?? null;
}
