import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import {
  UNKNOWN_COUNTRY_KEY,
  offsetToMinutes,
  type DateRange,
  type MoneyAmount,
  type NetworkBreakdown,
  type NetworkFigures,
  type NetworkReportQuery,
  type NetworkReportRow,
} from '@portal/contracts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import {
  advertisers,
  countries,
  offers,
  partners,
  products,
  statsNetworkDaily,
  statsNetworkHourly,
  users,
} from '../../db/schema.js';
import { billingReachSql, type StaffScope } from '../../plugins/auth.js';
import { daysOf, type UtcWindow } from '../statistics/index.js';

export const TOTALS_LABEL = 'Totals';
const NO_MANAGER = 'none';

export type NetworkFilters = Omit<NetworkReportQuery, 'startDate' | 'endDate'>;

/** One group's figures in one currency, as summed from the narrow rollup. */
type Slice = { key: string; label: string; currency: string; clicks: number; conversions: number; revenue: number; payout: number }; // prettier-ignore

const n = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

type Narrow = typeof statsNetworkHourly | typeof statsNetworkDaily;

/** The group key and label of a breakdown, as SQL over a narrow rollup and its joins. */
function groupOf(
  breakdown: NetworkBreakdown,
  table: Narrow,
  offset: string | null,
): { key: SQL<string>; label: SQL<string> } {
  switch (breakdown) {
    case 'day': {
      // A literal, not a parameter: GROUP BY must see the very same expression as the select list. The daily table
      // is read for a day breakdown only in UTC, where its day is the viewer's.
      const day =
        table === statsNetworkDaily
          ? sql<string>`to_char(${statsNetworkDaily.day}, 'YYYY-MM-DD')`
          : sql<string>`to_char((${statsNetworkHourly.hour} at time zone 'UTC') + ${sql.raw(`interval '${Math.trunc(offsetToMinutes(offset))} minutes'`)}, 'YYYY-MM-DD')`; // prettier-ignore
      return { key: day, label: day };
    }
    case 'partner':
      return { key: sql<string>`${partners.id}::text`, label: sql<string>`${partners.companyName}` };
    case 'offer':
      return { key: sql<string>`${offers.id}::text`, label: sql<string>`${offers.name}` };
    case 'advertiser':
      return { key: sql<string>`${advertisers.id}::text`, label: sql<string>`${advertisers.name}` };
    case 'manager':
      return {
        // Literals, not parameters: GROUP BY must see the very same expression as the select list.
        key: sql<string>`coalesce(${partners.accountManagerId}::text, ${sql.raw(`'${NO_MANAGER}'`)})`,
        label: sql<string>`coalesce(trim(${users.firstname} || ' ' || ${users.lastname}), 'No account manager')`,
      };
    case 'country':
      return {
        key: sql<string>`coalesce(nullif(${table.country}, ''), ${sql.raw(`'${UNKNOWN_COUNTRY_KEY}'`)})`,
        label: sql<string>`coalesce(${countries.name}, 'Unknown country')`,
      };
  }
}

/** One narrow rollup's rows in a time condition and the viewer's scope, grouped by the breakdown and currency. */
async function sliceQuery(
  db: DbOrTx,
  table: Narrow,
  time: SQL,
  scope: StaffScope,
  breakdown: NetworkBreakdown,
  filters: NetworkFilters,
  offset: string | null,
): Promise<Slice[]> {
  const { key, label } = groupOf(breakdown, table, offset);
  const where: (SQL | undefined)[] = [
    time,
    // Money is finance's too: admins and finance see the whole network, managers their partners' traffic.
    billingReachSql(scope, partners.accountManagerId, partners.status),
  ];
  if (filters.partnerId !== undefined) where.push(eq(table.partnerId, filters.partnerId));
  if (filters.offerId !== undefined) where.push(eq(table.offerId, filters.offerId));
  if (filters.advertiserId !== undefined) where.push(eq(products.advertiserId, filters.advertiserId));
  if (filters.accountManagerId !== undefined) where.push(eq(partners.accountManagerId, filters.accountManagerId));
  if (filters.country !== undefined)
    where.push(eq(table.country, filters.country === UNKNOWN_COUNTRY_KEY ? '' : filters.country));
  return db
    .select({
      key,
      label,
      currency: table.currency,
      clicks: n(table.clicks),
      conversions: n(table.conversions),
      revenue: n(table.revenue),
      payout: n(table.payout),
    })
    .from(table)
    .innerJoin(partners, eq(partners.id, table.partnerId))
    .innerJoin(offers, eq(offers.id, table.offerId))
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(advertisers, eq(advertisers.id, products.advertiserId))
    .leftJoin(users, eq(users.id, partners.accountManagerId))
    .leftJoin(countries, eq(countries.isoCode, table.country))
    .where(and(...where))
    .groupBy(key, label, table.currency);
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The window's slices by the band read of decision 021: the whole UTC days inside it from `stats_network_daily`, the
 * hours at its ends from `stats_network_hourly`, added up per key and currency. A day breakdown in another offset than
 * UTC cuts its days in the hourly table.
 */
async function slices(
  db: DbOrTx,
  scope: StaffScope,
  breakdown: NetworkBreakdown,
  window: UtcWindow,
  filters: NetworkFilters,
  offset: string | null,
): Promise<Slice[]> {
  const start = window.start.getTime();
  const end = window.end.getTime();
  const firstDay = Math.ceil(start / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(end / DAY_MS) * DAY_MS;
  const hourly = (from: number, to: number) =>
    and(gte(statsNetworkHourly.hour, new Date(from)), lt(statsNetworkHourly.hour, new Date(to)))!;
  const query = (table: Narrow, time: SQL) => sliceQuery(db, table, time, scope, breakdown, filters, offset);
  if ((breakdown === 'day' && offsetToMinutes(offset) !== 0) || firstDay >= lastDay) {
    return query(statsNetworkHourly, hourly(start, end));
  }
  const parts = [
    await query(statsNetworkDaily, and(gte(statsNetworkDaily.day, isoDay(firstDay)), lt(statsNetworkDaily.day, isoDay(lastDay)))!), // prettier-ignore
    ...(start < firstDay ? [await query(statsNetworkHourly, hourly(start, firstDay))] : []),
    ...(lastDay < end ? [await query(statsNetworkHourly, hourly(lastDay, end))] : []),
  ];
  const summed = new Map<string, Slice>();
  for (const s of parts.flat()) {
    const id = `${s.key}\u0000${s.currency}`;
    const sum = summed.get(id);
    if (!sum) summed.set(id, { ...s });
    else {
      sum.clicks += s.clicks;
      sum.conversions += s.conversions;
      sum.revenue += s.revenue;
      sum.payout += s.payout;
    }
  }
  return [...summed.values()];
}

const money = (byCurrency: Map<string, number>): MoneyAmount[] =>
  [...byCurrency].sort(([a], [b]) => (a < b ? -1 : 1)).map(([currency, amount]) => ({ currency, amount }));

/** One row from its slices: clicks and conversions over every currency, money per currency. */
function rowOf(key: string, label: string, parts: Slice[], isTotal = false): NetworkReportRow {
  const revenue = new Map<string, number>();
  const payout = new Map<string, number>();
  const margin = new Map<string, number>();
  const clicksIn = new Map<string, number>();
  let clicks = 0;
  let conversions = 0;
  for (const s of parts) {
    clicks += s.clicks;
    conversions += s.conversions;
    revenue.set(s.currency, (revenue.get(s.currency) ?? 0) + s.revenue);
    payout.set(s.currency, (payout.get(s.currency) ?? 0) + s.payout);
    margin.set(s.currency, (margin.get(s.currency) ?? 0) + s.revenue - s.payout);
    clicksIn.set(s.currency, (clicksIn.get(s.currency) ?? 0) + s.clicks);
  }
  const epc = new Map<string, number>();
  for (const [currency, amount] of revenue) {
    const c = clicksIn.get(currency) ?? 0;
    if (c > 0) epc.set(currency, amount / c);
  }
  return {
    key,
    label,
    clicks,
    conversions,
    conversionRate: clicks > 0 ? conversions / clicks : 0,
    advertiserRevenue: money(revenue),
    payout: money(payout),
    margin: money(margin),
    epc: money(epc),
    isTotal,
  };
}

/** Minor units summed over currencies: an order, never a figure shown. */
const weight = (amounts: MoneyAmount[]) => amounts.reduce((sum, a) => sum + a.amount, 0);

/**
 * A network report (issue 21): one row per day (every day of the range, quiet ones as zeros), partner, offer,
 * advertiser, account manager or country, then the Totals row, the sum of the rows. Other breakdowns than days come
 * by margin, largest first.
 */
export async function networkReport(
  db: DbOrTx,
  scope: StaffScope,
  breakdown: NetworkBreakdown,
  range: DateRange,
  window: UtcWindow,
  filters: NetworkFilters,
  offset: string | null,
): Promise<NetworkReportRow[]> {
  const all = await slices(db, scope, breakdown, window, filters, offset);
  const groups = new Map<string, { label: string; parts: Slice[] }>();
  for (const s of all) {
    const group = groups.get(s.key) ?? { label: s.label, parts: [] };
    group.parts.push(s);
    groups.set(s.key, group);
  }
  let rows: NetworkReportRow[];
  if (breakdown === 'day') {
    rows = daysOf(range).map((day) => rowOf(day, day, groups.get(day)?.parts ?? []));
  } else {
    rows = [...groups].map(([key, g]) => rowOf(key, g.label, g.parts));
    rows.sort((a, b) => weight(b.margin) - weight(a.margin) || a.label.localeCompare(b.label) || (a.key < b.key ? -1 : 1)); // prettier-ignore
  }
  return [...rows, rowOf('total', TOTALS_LABEL, all, true)];
}

/** The figures of one window (the staff home's periods): the Totals row without its key. */
export async function networkFigures(db: DbOrTx, scope: StaffScope, window: UtcWindow): Promise<NetworkFigures> {
  const total = rowOf('total', TOTALS_LABEL, await slices(db, scope, 'partner', window, {}, null), true);
  const { clicks, conversions, advertiserRevenue, payout, margin } = total;
  return { clicks, conversions, advertiserRevenue, payout, margin };
}
