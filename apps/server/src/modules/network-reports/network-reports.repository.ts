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
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import {
  advertisers,
  countries,
  offers,
  partners,
  products,
  statsNetworkDaily,
  statsNetworkHourly,
  statsOfferDaily,
  statsOfferHourly,
  statsPartnerDaily,
  statsPartnerHourly,
  users,
} from '../../db/schema.js';
import { billingReachSql, type StaffScope } from '../access/index.js';
import { daysOf, type UtcWindow } from '../statistics/index.js';

export const TOTALS_LABEL = 'Totals';
const NO_MANAGER = 'none';

export type NetworkFilters = Omit<NetworkReportQuery, 'startDate' | 'endDate'>;

/** One group's figures in one currency, as summed from the narrow rollup. */
type Slice = { key: string; label: string; currency: string; clicks: number; conversions: number; revenue: number; payout: number }; // prettier-ignore

const n = (column: AnyPgColumn | SQL.Aliased<number>) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** One narrow rollup as a report reads it: its time column and the keys it holds (decisions 046, 049). */
type View = {
  table: PgTable;
  daily: boolean;
  time: AnyPgColumn;
  partnerId?: AnyPgColumn;
  offerId?: AnyPgColumn;
  country?: AnyPgColumn;
  currency: AnyPgColumn;
  clicks: AnyPgColumn;
  conversions: AnyPgColumn;
  revenue: AnyPgColumn;
  payout: AnyPgColumn;
};

const view = <T extends PgTable & Record<'currency' | 'clicks' | 'conversions' | 'revenue' | 'payout', AnyPgColumn>>(
  table: T,
  daily: boolean,
  columns: Pick<View, 'time' | 'partnerId' | 'offerId' | 'country'>,
): View => ({
  table,
  daily,
  ...columns,
  currency: table.currency,
  clicks: table.clicks,
  conversions: table.conversions,
  revenue: table.revenue,
  payout: table.payout,
});

/** A grain: a daily table and an hourly one holding the same keys. */
type Grain = { daily: View; hourly: View };

const NETWORK: Grain = {
  daily: view(statsNetworkDaily, true, { time: statsNetworkDaily.day, partnerId: statsNetworkDaily.partnerId, offerId: statsNetworkDaily.offerId, country: statsNetworkDaily.country }), // prettier-ignore
  hourly: view(statsNetworkHourly, false, { time: statsNetworkHourly.hour, partnerId: statsNetworkHourly.partnerId, offerId: statsNetworkHourly.offerId, country: statsNetworkHourly.country }), // prettier-ignore
};
const PARTNER: Grain = {
  daily: view(statsPartnerDaily, true, { time: statsPartnerDaily.day, partnerId: statsPartnerDaily.partnerId }),
  hourly: view(statsPartnerHourly, false, { time: statsPartnerHourly.hour, partnerId: statsPartnerHourly.partnerId }),
};
const OFFER: Grain = {
  daily: view(statsOfferDaily, true, { time: statsOfferDaily.day, offerId: statsOfferDaily.offerId }),
  hourly: view(statsOfferHourly, false, { time: statsOfferHourly.hour, offerId: statsOfferHourly.offerId }),
};

/**
 * The narrowest grain that answers a report (decision 049): the network rollups when it needs the country, or both
 * the partner and the offer; else the offer grain when it needs no partner (not even for the viewer's scope), else
 * the partner grain.
 */
export function grainOf(
  breakdown: NetworkBreakdown,
  filters: NetworkFilters,
  scope: StaffScope,
): 'network' | 'partner' | 'offer' {
  // prettier-ignore
  if (breakdown === 'country' || filters.country !== undefined) return 'network';
  const offer = breakdown === 'offer' || breakdown === 'advertiser' || filters.offerId !== undefined || filters.advertiserId !== undefined; // prettier-ignore
  const partner =
    breakdown === 'partner' ||
    breakdown === 'manager' ||
    filters.partnerId !== undefined ||
    filters.accountManagerId !== undefined ||
    billingReachSql(scope, partners.accountManagerId, partners.status) !== undefined;
  if (offer && partner) return 'network';
  return offer || !partner ? 'offer' : 'partner';
}

const GRAINS = { network: NETWORK, partner: PARTNER, offer: OFFER } as const;

/**
 * A rollup's rows summed per its own keys (and the viewer's day for a day breakdown), before any join. Its columns are
 * named apart (`s_…`): the joined tables have a `currency` and a `country` of their own.
 */
function summed(db: DbOrTx, table: View, where: SQL | undefined, day: SQL<string> | null) {
  const total = (column: AnyPgColumn, name: string) => sql<number>`sum(${column})`.mapWith(Number).as(name);
  const keys = {
    ...(day ? { day: day.as('s_day') } : {}),
    ...(table.partnerId ? { partnerId: sql<number>`${table.partnerId}`.as('s_partner_id') } : {}),
    ...(table.offerId ? { offerId: sql<number>`${table.offerId}`.as('s_offer_id') } : {}),
    ...(table.country ? { country: sql<string>`${table.country}`.as('s_country') } : {}),
    currency: sql<string>`${table.currency}`.as('s_currency'),
  };
  return db
    .select({
      ...keys,
      clicks: total(table.clicks, 's_clicks'),
      conversions: total(table.conversions, 's_conversions'),
      revenue: total(table.revenue, 's_revenue'),
      payout: total(table.payout, 's_payout'),
    })
    .from(table.table)
    .where(where)
    .groupBy(...Object.values(keys))
    .as('s');
}

/**
 * One narrow rollup's rows in a time condition and the viewer's scope, grouped by the breakdown and currency: summed
 * first on the rollup's own keys (a few hundred groups for a month of the grains), then joined to partners, offers,
 * advertisers, managers and countries for the scope, the filters and the labels.
 */
async function sliceQuery(
  db: DbOrTx,
  table: View,
  time: SQL,
  scope: StaffScope,
  breakdown: NetworkBreakdown,
  filters: NetworkFilters,
  offset: string | null,
): Promise<Slice[]> {
  // A literal, not a parameter: GROUP BY must see the very same expression as the select list. A daily table is read
  // for a day breakdown only in UTC, where its day is the viewer's.
  const day =
    breakdown !== 'day'
      ? null
      : table.daily
        ? sql<string>`to_char(${table.time}, 'YYYY-MM-DD')`
        : sql<string>`to_char((${table.time} at time zone 'UTC') + ${sql.raw(`interval '${Math.trunc(offsetToMinutes(offset))} minutes'`)}, 'YYYY-MM-DD')`; // prettier-ignore
  const inner: (SQL | undefined)[] = [time];
  if (table.partnerId && filters.partnerId !== undefined) inner.push(eq(table.partnerId, filters.partnerId));
  if (table.offerId && filters.offerId !== undefined) inner.push(eq(table.offerId, filters.offerId));
  if (table.country && filters.country !== undefined)
    inner.push(eq(table.country, filters.country === UNKNOWN_COUNTRY_KEY ? '' : filters.country));
  const s = summed(db, table, and(...inner), day);
  const outer: (SQL | undefined)[] = [];
  if (table.partnerId) {
    // Money is finance's too: admins and finance see the whole network, managers their partners' traffic.
    outer.push(billingReachSql(scope, partners.accountManagerId, partners.status));
    if (filters.accountManagerId !== undefined) outer.push(eq(partners.accountManagerId, filters.accountManagerId));
  }
  if (table.offerId && filters.advertiserId !== undefined) outer.push(eq(products.advertiserId, filters.advertiserId));
  let key: SQL<string>;
  let label: SQL<string>;
  switch (breakdown) {
    case 'day':
      key = label = sql<string>`${s.day!}`;
      break;
    case 'partner':
      key = sql<string>`${partners.id}::text`;
      label = sql<string>`${partners.companyName}`;
      break;
    case 'offer':
      key = sql<string>`${offers.id}::text`;
      label = sql<string>`${offers.name}`;
      break;
    case 'advertiser':
      key = sql<string>`${advertisers.id}::text`;
      label = sql<string>`${advertisers.name}`;
      break;
    case 'manager':
      // Literals, not parameters: GROUP BY must see the very same expression as the select list.
      key = sql<string>`coalesce(${partners.accountManagerId}::text, ${sql.raw(`'${NO_MANAGER}'`)})`;
      label = sql<string>`coalesce(trim(${users.firstname} || ' ' || ${users.lastname}), 'No account manager')`;
      break;
    case 'country':
      key = sql<string>`coalesce(nullif(${s.country!}, ''), ${sql.raw(`'${UNKNOWN_COUNTRY_KEY}'`)})`;
      label = sql<string>`coalesce(${countries.name}, 'Unknown country')`;
      break;
  }
  let query = db
    .select({
      key,
      label,
      currency: s.currency,
      clicks: n(s.clicks),
      conversions: n(s.conversions),
      revenue: n(s.revenue),
      payout: n(s.payout),
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
  return query.where(and(...outer)).groupBy(key, label, s.currency);
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The window's slices from the narrowest grain that answers them (decision 049), by the band read of decision 021:
 * the whole UTC days inside the window from the grain's daily table, the hours at its ends from its hourly one, added
 * up per key and currency. A day breakdown in another offset than UTC cuts its days in the hourly table.
 */
async function slices(
  db: DbOrTx,
  scope: StaffScope,
  breakdown: NetworkBreakdown,
  window: UtcWindow,
  filters: NetworkFilters,
  offset: string | null,
): Promise<Slice[]> {
  const { daily, hourly } = GRAINS[grainOf(breakdown, filters, scope)];
  const start = window.start.getTime();
  const end = window.end.getTime();
  const firstDay = Math.ceil(start / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(end / DAY_MS) * DAY_MS;
  const hours = (from: number, to: number) => and(gte(hourly.time, new Date(from)), lt(hourly.time, new Date(to)))!;
  const query = (table: View, time: SQL) => sliceQuery(db, table, time, scope, breakdown, filters, offset);
  if ((breakdown === 'day' && offsetToMinutes(offset) !== 0) || firstDay >= lastDay) {
    return query(hourly, hours(start, end));
  }
  const parts = [
    await query(daily, and(gte(daily.time, isoDay(firstDay)), lt(daily.time, isoDay(lastDay)))!),
    ...(start < firstDay ? [await query(hourly, hours(start, firstDay))] : []),
    ...(lastDay < end ? [await query(hourly, hours(lastDay, end))] : []),
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
 * A network report (decision 046): one row per day (every day of the range, quiet ones as zeros), partner, offer,
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
