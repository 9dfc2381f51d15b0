import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  CONVERSION_RULE_REASONS,
  toLocalIso,
  type ClickRow,
  type ConversionRejectionReason,
  type ConversionTotal,
  type ConversionDeclineReason,
  type ConversionReversalReason,
  type ConversionRow,
  type ConversionStatus,
  type ConversionRule,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { clicks, conversions, goals, offers, statsHourly } from '../../db/schema.js';
import { describeUserAgent } from '../../lib/user-agent.js';
import type { UtcWindow } from './report-dates.js';
import {
  TRACKING_FIELDS,
  partnerGrainRows,
  rollupRows,
  rollupWhere,
  unfiltered,
  type ReportFilters,
} from './statistics.repository.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * The rules the partner reads (decision 101): those holding a conversion for review, or those that refused it; once a
 * held conversion is decided, its status says all.
 */
function partnerSignalsOf(row: { status: string; reason: string | null; signals: string | null }): ConversionRule[] {
  if (!row.signals) return [];
  const held = row.status === 'pending' && row.reason === 'fraud_review';
  const refused = row.status === 'rejected' && row.reason !== null && RULE_REASON_CODES.has(row.reason);
  return held || refused ? (row.signals.split(',') as ConversionRule[]) : [];
}
const RULE_REASON_CODES = new Set<string>(Object.values(CONVERSION_RULE_REASONS));

/**
 * The click and conversion reports read the partner's raw rows newest first on the (partner_id[, offer_id],
 * created_at desc, id desc) indexes. Counts come from the hourly rollup, which both write paths maintain in the
 * transaction that writes the rows, at the row's own hour (decisions 015, 016): so `total` is exact and cheap, and
 * a deep page is found by walking the rollup's hours rather than by a large OFFSET (decision 017).
 */
export type RawKind = 'click' | 'conversion';

const tables = { click: clicks, conversion: conversions } as const;

/** The count columns of the hourly rollup, or of the `rollup` subquery (whole days from the daily one). */
type CountColumns = { clicks: SQLWrapper; conversions: SQLWrapper; pending: SQLWrapper; rejected: SQLWrapper };

/**
 * The rollup's count of the raw rows: clicks, or conversions of every status of a known click, each rolled up at the
 * conversion's hour (unknown clicks have no partner); one status's column under the conversion report's status filter.
 */
function rollupCount(kind: RawKind, filters: RawFilters, source: CountColumns = statsHourly): SQL {
  if (kind === 'click') return sql`sum(${source.clicks})`;
  switch (filters.status) {
    case 'approved':
      return sql`sum(${source.conversions})`;
    case 'pending':
      return sql`sum(${source.pending})`;
    case 'rejected':
      return sql`sum(${source.rejected})`;
    default:
      return sql`sum(${source.conversions} + ${source.pending} + ${source.rejected})`;
  }
}

/**
 * The report filter, and for conversions an optional status and the filter on changes after the fact (decision 069):
 * `changed` true or false keeps the conversions changed or never changed; `changedWindow` those last changed in it.
 */
export type RawFilters = ReportFilters & {
  status?: ConversionStatus | undefined;
  changed?: boolean | undefined;
  changedWindow?: UtcWindow | null | undefined;
  /** "Find a click" (issue 47): conversions whose click id or transaction id is exactly this. */
  find?: string | undefined;
};

/**
 * The rollup counts rows by the hour they were recorded, not by when they changed: a filter on changes is counted
 * and paged on the raw rows, a partner's few changed conversions.
 */
const countedOnRollup = (kind: RawKind, filters: RawFilters) =>
  kind === 'click' || (filters.changed === undefined && !filters.changedWindow && !filters.find);

function rawWhere(kind: RawKind, partnerId: number, window: UtcWindow, filters: RawFilters): SQL[] {
  const table = tables[kind];
  const where: SQL[] = [
    eq(table.partnerId, partnerId),
    gte(table.createdAt, window.start),
    lt(table.createdAt, window.end),
  ];
  if (filters.offerId !== undefined) where.push(eq(table.offerId, filters.offerId));
  for (const name of TRACKING_FIELDS) {
    const value = filters[name];
    if (value !== undefined) where.push(eq(table[name], value));
  }
  if (filters.country?.length) where.push(inArray(table.country, filters.country));
  if (kind === 'conversion' && filters.find) {
    where.push(or(eq(conversions.clickId, filters.find), eq(conversions.transactionId, filters.find))!);
  }
  if (kind === 'conversion' && filters.status !== undefined) where.push(eq(conversions.status, filters.status));
  if (kind === 'conversion' && filters.changed === false) where.push(isNull(conversions.changedAt));
  if (kind === 'conversion' && (filters.changed === true || filters.changedWindow)) {
    where.push(isNotNull(conversions.changedAt));
  }
  if (kind === 'conversion' && filters.changedWindow) {
    where.push(
      gte(conversions.changedAt, filters.changedWindow.start),
      lt(conversions.changedAt, filters.changedWindow.end),
    );
  }
  return where;
}

/** The rollup's count of one UTC day of a window (the part of it inside the window), newest day first. */
type DayCount = { day: string; n: number };

/**
 * The matching rows per UTC day of the window, newest first, from the rollup (decision 124): the whole UTC days from
 * `stats_daily`, the partial days at the window's ends from `stats_hourly` (the read of decision 021), so a year is
 * 365 days' rows, not 8 760 hours'. Their sum is the report's total; walked from the newest, they find the day a
 * deep page starts in.
 */
async function dayCounts(
  db: DbOrTx,
  kind: RawKind,
  partnerId: number,
  window: UtcWindow,
  filters: RawFilters,
): Promise<DayCount[]> {
  // Without a filter (a status is one of its columns), the partner grain's row per day and currency (decision 049).
  const rollup = unfiltered(filters) ? partnerGrainRows(db, partnerId, window) : rollupRows(db, partnerId, window, filters); // prettier-ignore
  return db
    .select({ day: rollup.day, n: sql<number>`coalesce(${rollupCount(kind, filters, rollup)}, 0)`.mapWith(Number) })
    .from(rollup)
    .groupBy(rollup.day)
    .orderBy(desc(rollup.day));
}

/** The raw rows under a filter on changes (or "Find a click"), counted on the raw conversions. */
async function rawCount(db: DbOrTx, kind: RawKind, partnerId: number, window: UtcWindow, filters: RawFilters) {
  const [raw] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(tables[kind])
    .where(and(...rawWhere(kind, partnerId, window, filters)));
  return raw?.n ?? 0;
}

const sumOf = (days: DayCount[]) => days.reduce((sum, day) => sum + day.n, 0);

/** How many raw rows match, from the rollup. */
export async function rawTotal(
  db: DbOrTx,
  kind: RawKind,
  partnerId: number,
  window: UtcWindow,
  filters: RawFilters,
): Promise<number> {
  if (!countedOnRollup(kind, filters)) return rawCount(db, kind, partnerId, window, filters);
  return sumOf(await dayCounts(db, kind, partnerId, window, filters));
}

type Start = { window: UtcWindow; offset: number };

/**
 * Where the rows of a page start (the rollup-guided seek, decisions 017 and 124): an upper time bound and an OFFSET
 * smaller than one hour's rows below it. The day counts (already read for the total) give the newest day whose rows,
 * counted from the newest, reach past the page's offset; that day's hourly counts (at most 24 rows) give the hour. So
 * page 100 costs one more read of at most 24 rollup hours than page 1, whatever the range.
 */
async function seek(
  db: DbOrTx,
  kind: RawKind,
  partnerId: number,
  window: UtcWindow,
  filters: RawFilters,
  days: DayCount[],
  offset: number,
): Promise<Start> {
  let before = 0;
  const day = days.find((candidate) => {
    if (before + candidate.n > offset) return true;
    before += candidate.n;
    return false;
  });
  // The counts say there are more rows than the offset, so a day is found; else a plain OFFSET is right.
  if (!day) return { window, offset };
  const dayBefore = before;
  const dayStart = Date.parse(`${day.day}T00:00:00Z`);
  const within: UtcWindow = {
    start: new Date(Math.max(dayStart, window.start.getTime())),
    end: new Date(Math.min(dayStart + DAY_MS, window.end.getTime())),
  };
  const hours = await db
    .select({ hour: statsHourly.hour, n: sql<number>`${rollupCount(kind, filters)}`.mapWith(Number) })
    .from(statsHourly)
    .where(and(...rollupWhere(partnerId, within, filters)))
    .groupBy(statsHourly.hour)
    .orderBy(desc(statsHourly.hour));
  for (const hour of hours) {
    if (before + hour.n > offset) {
      return { window: { start: window.start, end: new Date(hour.hour.getTime() + HOUR_MS) }, offset: offset - before };
    }
    before += hour.n;
  }
  // The hours of a day always add up to its daily row; were they not, the day's end and a day's OFFSET are still right.
  return { window: { start: window.start, end: within.end }, offset: offset - dayBefore };
}

const offerName = (id: number | null, name: string | null) => name ?? `Offer #${id ?? 0}`;

const clickColumns = {
  id: clicks.id,
  clickId: clicks.clickId,
  offerId: clicks.offerId,
  offerName: offers.name,
  createdAt: clicks.createdAt,
  ip: clicks.ip,
  subid: clicks.subid,
  tc1: clicks.tc1,
  tc2: clicks.tc2,
  tc3: clicks.tc3,
  tc4: clicks.tc4,
  country: clicks.country,
  userAgent: clicks.userAgent,
  // One probe of the conversions' click-id index per row of the page.
  converted:
    sql<boolean>`exists (select 1 from ${conversions} where ${conversions.clickId} = ${clicks.clickId})`.mapWith(
      (value) => value === true || value === 't' || value === 1,
    ),
};

const conversionColumns = {
  id: conversions.id,
  offerId: conversions.offerId,
  offerName: offers.name,
  createdAt: conversions.createdAt,
  payout: conversions.payout,
  currency: conversions.currency,
  status: conversions.status,
  reason: conversions.reason,
  goal: conversions.goal,
  goalName: goals.name,
  clickId: conversions.clickId,
  clickedAt: conversions.clickedAt,
  transactionId: conversions.transactionId,
  country: conversions.country,
  subid: conversions.subid,
  tc1: conversions.tc1,
  tc2: conversions.tc2,
  tc3: conversions.tc3,
  tc4: conversions.tc4,
  reversalReason: conversions.reversalReason,
  declineReason: conversions.declineReason,
  signals: conversions.signals,
  note: conversions.note,
  originalPayout: conversions.originalPayout,
  changedAt: conversions.changedAt,
};

export type RawClick = {
  id: number;
  offerId: number;
  offerName: string | null;
  createdAt: Date;
  userAgent: string | null;
} & Omit<ClickRow, 'offer' | 'date' | 'clickid' | 'deviceType' | 'browser'> & { clickId: string };
export type RawConversion = {
  id: number;
  offerId: number | null;
  offerName: string | null;
  createdAt: Date;
  payout: number;
  currency: string;
  status: string;
  reason: string | null;
  goal: string;
  goalName: string | null;
  clickId: string | null;
  clickedAt: Date | null;
  transactionId: string | null;
  country: string | null;
  reversalReason: string | null;
  declineReason: string | null;
  signals: string | null;
  note: string | null;
  originalPayout: number | null;
  changedAt: Date | null;
} & Pick<ConversionRow, 'subid' | 'tc1' | 'tc2' | 'tc3' | 'tc4'>;

export function clickRowOf(row: RawClick, offset: string | null): ClickRow {
  return {
    clickid: row.clickId,
    offer: { id: row.offerId, name: offerName(row.offerId, row.offerName) },
    date: toLocalIso(row.createdAt, offset),
    ip: row.ip,
    subid: row.subid,
    tc1: row.tc1,
    tc2: row.tc2,
    tc3: row.tc3,
    tc4: row.tc4,
    country: row.country,
    ...describeUserAgent(row.userAgent),
    converted: row.converted,
  };
}

/**
 * The payout before it changed, when the partner's payout did change: a reversal, or an adjustment of the payout (one
 * of the revenue alone keeps the payout, and the partner never reads revenue).
 */
function originalPayoutOf(row: RawConversion): number | null {
  if (row.originalPayout === null) return null;
  if (row.reason === 'reversed') return row.originalPayout;
  return row.status !== 'rejected' && row.originalPayout !== row.payout ? row.originalPayout : null;
}

export function conversionRowOf(row: RawConversion, offset: string | null): ConversionRow {
  const originalPayout = originalPayoutOf(row);
  return {
    id: row.id,
    offer: { id: row.offerId ?? 0, name: offerName(row.offerId, row.offerName) },
    date: toLocalIso(row.createdAt, offset),
    revenue: { currency: row.currency, amount: row.status === 'rejected' ? 0 : row.payout },
    status: row.status as ConversionStatus,
    reason: row.reason as ConversionRejectionReason | null,
    goal: row.goal,
    goalName: row.goalName ?? row.goal,
    clickId: row.clickId,
    clickDate: row.clickedAt ? toLocalIso(row.clickedAt, offset) : null,
    transactionId: row.transactionId,
    country: row.country,
    subid: row.subid,
    tc1: row.tc1,
    tc2: row.tc2,
    tc3: row.tc3,
    tc4: row.tc4,
    reversalReason: row.reason === 'reversed' ? (row.reversalReason as ConversionReversalReason | null) : null,
    declineReason: row.reason === 'declined' ? (row.declineReason as ConversionDeclineReason | null) : null,
    signals: partnerSignalsOf(row),
    note: row.note,
    originalPayout: originalPayout === null ? null : { currency: row.currency, amount: originalPayout },
    changedAt: row.changedAt ? toLocalIso(row.changedAt, offset) : null,
  };
}

/**
 * Raw rows newest first: within `window`, below the row `afterId` when given (keyset), skipping `offset`.
 * The row-value comparison follows the (created_at desc, id desc) index; the cursor is read back by primary key so
 * that a timestamp finer than JavaScript's milliseconds is compared exactly.
 */
function rawRows(
  db: DbOrTx,
  kind: RawKind,
  partnerId: number,
  window: UtcWindow,
  filters: RawFilters,
  options: { afterId?: number | null; offset?: number; limit: number },
): Promise<RawClick[] | RawConversion[]> {
  const table = tables[kind];
  const where = rawWhere(kind, partnerId, window, filters);
  if (options.afterId != null) {
    const name = sql.identifier(kind === 'click' ? 'clicks' : 'conversions');
    where.push(
      sql`(${table.createdAt}, ${table.id}) < (select cursor.created_at, cursor.id from ${name} as cursor where cursor.id = ${options.afterId})`,
    );
  }
  const order = [desc(table.createdAt), desc(table.id)];
  if (kind === 'click') {
    return db
      .select(clickColumns)
      .from(clicks)
      .leftJoin(offers, eq(offers.id, clicks.offerId))
      .where(and(...where))
      .orderBy(...order)
      .offset(options.offset ?? 0)
      .limit(options.limit);
  }
  return db
    .select(conversionColumns)
    .from(conversions)
    .leftJoin(offers, eq(offers.id, conversions.offerId))
    .leftJoin(goals, eq(goals.id, conversions.goalId))
    .where(and(...where))
    .orderBy(...order)
    .offset(options.offset ?? 0)
    .limit(options.limit);
}

/** One page of the click or conversion report and the exact number of matching rows. */
async function rawPage(
  db: DbOrTx,
  kind: RawKind,
  partnerId: number,
  window: UtcWindow,
  filters: RawFilters,
  page: { page: number; count: number },
) {
  const onRollup = countedOnRollup(kind, filters);
  const days = onRollup ? await dayCounts(db, kind, partnerId, window, filters) : [];
  const total = onRollup ? sumOf(days) : await rawCount(db, kind, partnerId, window, filters);
  const offset = (page.page - 1) * page.count;
  let start: Start | null = null;
  if (offset < total) {
    start = offset === 0 || !onRollup ? { window, offset } : await seek(db, kind, partnerId, window, filters, days, offset); // prettier-ignore
  }
  const rows = start
    ? await rawRows(db, kind, partnerId, start.window, filters, { offset: start.offset, limit: page.count })
    : [];
  return { rows, total };
}

export type PageQuery = { page: number; count: number };

export async function clickPage(
  db: DbOrTx,
  partnerId: number,
  window: UtcWindow,
  filters: ReportFilters,
  page: PageQuery,
  offset: string | null,
): Promise<{ rows: ClickRow[]; total: number }> {
  const { rows, total } = await rawPage(db, 'click', partnerId, window, filters, page);
  return { rows: (rows as RawClick[]).map((row) => clickRowOf(row, offset)), total };
}

export async function conversionPage(
  db: DbOrTx,
  partnerId: number,
  window: UtcWindow,
  filters: RawFilters,
  page: PageQuery,
  offset: string | null,
): Promise<{ rows: ConversionRow[]; total: number }> {
  const { rows, total } = await rawPage(db, 'conversion', partnerId, window, filters, page);
  return { rows: (rows as RawConversion[]).map((row) => conversionRowOf(row, offset)), total };
}

export const EXPORT_CHUNK = 1000;

/** Every matching raw row, newest first, read by keyset chunks: never the whole result in memory. */
export async function* rawChunks(
  db: DbOrTx,
  kind: RawKind,
  partnerId: number,
  window: UtcWindow,
  filters: RawFilters,
  chunk = EXPORT_CHUNK,
): AsyncGenerator<RawClick[] | RawConversion[]> {
  let afterId: number | null = null;
  for (;;) {
    const rows = await rawRows(db, kind, partnerId, window, filters, { afterId, limit: chunk });
    if (rows.length > 0) yield rows;
    if (rows.length < chunk) return;
    afterId = rows[rows.length - 1]!.id;
  }
}

/**
 * The conversion report's approved and pending payouts per currency and UTC day of the conversion, under the report's
 * filter (status, changes, "Find a click" included): what its converted total converts, each amount at its day's rate
 * (decisions 112, 118). Rejected conversions pay nothing and are left out.
 */
export async function conversionPayoutByUtcDay(
  db: DbOrTx,
  partnerId: number,
  window: UtcWindow,
  filters: RawFilters,
): Promise<{ day: string; currency: string; payout: number; pendingPayout: number }[]> {
  const day = sql<string>`to_char(${conversions.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      currency: conversions.currency,
      payout: sql<number>`coalesce(sum(${conversions.payout}) filter (where ${conversions.status} = 'approved'), 0)`.mapWith(Number), // prettier-ignore
      pendingPayout: sql<number>`coalesce(sum(${conversions.payout}) filter (where ${conversions.status} = 'pending'), 0)`.mapWith(Number), // prettier-ignore
    })
    .from(conversions)
    .where(and(...rawWhere('conversion', partnerId, window, filters)))
    .groupBy(day, conversions.currency);
}

/**
 * The conversion report's totals row (decision 033): per currency, the conversions of each status and their payouts,
 * over every row of the filter. Read from the raw conversions, one range of the partner's (partner_id, created_at)
 * index, because the rollup holds the approved payout only and the Revenue column also shows pending payouts; a
 * partner's conversions are a small fraction of its clicks. Rejected conversions count but pay 0, as in the rows.
 */
export async function conversionTotals(
  db: DbOrTx,
  partnerId: number,
  window: UtcWindow,
  filters: RawFilters,
): Promise<ConversionTotal[]> {
  const rows = await db
    .select({
      currency: conversions.currency,
      status: conversions.status,
      n: sql<number>`count(*)`.mapWith(Number),
      payout: sql<number>`coalesce(sum(${conversions.payout}), 0)`.mapWith(Number),
    })
    .from(conversions)
    .where(and(...rawWhere('conversion', partnerId, window, filters)))
    .groupBy(conversions.currency, conversions.status);
  const byCurrency = new Map<string, ConversionTotal>();
  for (const row of rows) {
    let total = byCurrency.get(row.currency);
    if (!total) {
      total = {
        currency: row.currency,
        conversions: 0,
        approved: 0,
        pending: 0,
        rejected: 0,
        revenue: 0,
        approvedRevenue: 0,
        pendingRevenue: 0,
      };
      byCurrency.set(row.currency, total);
    }
    total.conversions += row.n;
    if (row.status === 'approved') {
      total.approved += row.n;
      total.approvedRevenue += row.payout;
    } else if (row.status === 'pending') {
      total.pending += row.n;
      total.pendingRevenue += row.payout;
    } else total.rejected += row.n;
    total.revenue = total.approvedRevenue + total.pendingRevenue;
  }
  return [...byCurrency.values()].sort((x, y) => (x.currency < y.currency ? -1 : x.currency > y.currency ? 1 : 0));
}
