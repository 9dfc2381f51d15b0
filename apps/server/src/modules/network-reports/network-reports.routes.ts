import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addDays,
  canNest,
  daysBetween,
  DEFAULT_PAGE_SIZE,
  localToday,
  networkReportsEndpoints,
  NetworkReportQuerySchema,
  reportOptionsEndpoints,
  reportViewsEndpoints,
  presetRange,
  type DateRange,
  type NetworkBreakdown,
  type NetworkReportQuery,
  type NetworkLeafRow,
  type NetworkReportRow,
} from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { csvStringifier } from '../../lib/csv.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { reportReadsFor } from '../../lib/report-reads-hook.js';
import { authOf } from '../../plugins/auth.js';
import { staffScopeOf } from '../access/index.js';
import { reportOptions } from './report-options.repository.js';
import { pinnedView, reportRequestOfView } from './report-views.js';
import { reportViewsRoutes, viewReaderOfRequest } from './report-views.routes.js';
import type { AppContext } from '../../context.js';
import { resolveRange, userTimezone, utcWindow } from '../statistics/index.js';
import { previousRange, withPrevious } from './network-compare.js';
import type { FxMissingDay } from '../fx-rates/index.js';
import {
  DEFAULT_REPORT_SORT,
  networkFigures,
  networkReport,
  networkReportInBase,
  type NetworkFilters,
  type ReportPage,
} from './network-reports.repository.js';

/**
 * The viewer's offset: the account setting is a fixed offset ('+01:00'); a zone name (the demo's staff hold
 * 'Europe/Paris') reads as its offset at `now`. The staff's conversion search cuts its days the same way (decision 071).
 */
export function offsetOf(timezone: string | null, now: Date): string | null {
  if (!timezone || /^[+-]\d{2}:\d{2}$/.test(timezone)) return timezone;
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: timezone, timeZoneName: 'longOffset' })
      .formatToParts(now)
      .find((p) => p.type === 'timeZoneName')?.value;
    const match = /^GMT([+-]\d{2}:\d{2})$/.exec(name ?? '');
    return match ? match[1]! : null;
  } catch {
    return null;
  }
}

const filtersOf = ({ startDate: _s, endDate: _e, range: _r, compare: _c, then: _t, currency: _m, page: _p, count: _n, sortName: _sn, sortOrder: _so, ...filters }: NetworkReportQuery): NetworkFilters => filters; // prettier-ignore

/** The report's days: a quick range in the viewer's offset when one is named, else the dates (decision 089). */
function rangeOf(query: NetworkReportQuery, now: Date, offset: string | null): DateRange {
  const preset = query.range ? presetRange(query.range as Parameters<typeof presetRange>[0], now, offset) : null;
  return preset ?? resolveRange(query, now, offset);
}

const major = (minor: number) => (minor / 100).toFixed(2);
const majorEpc = (minor: number) => (minor / 100).toFixed(4);
const MONEY_HEADER = ['Advertiser Revenue', 'Payout', 'Margin', 'EPC', 'Pending Revenue', 'Pending Payout'] as const;
const ORIGINAL_HEADER = ['Advertiser Revenue', 'Payout', 'Margin', 'Pending Revenue', 'Pending Payout'] as const;
const LABEL_HEADER: Record<NetworkBreakdown, string> = { day: 'Date', partner: 'Partner', offer: 'Offer', advertiser: 'Advertiser', manager: 'Account Manager', country: 'Country', hour: 'Hour', week: 'Week', month: 'Month', subid: 'Sub-ID', tc1: 'TC1', tc2: 'TC2', tc3: 'TC3', tc4: 'TC4', landing: 'Landing Page' }; // prettier-ignore

/**
 * The network report as CSV (decision 077): one line per row, Totals last, clicks and conversions once per line (they
 * belong to no currency), and the money in a block of columns per currency ('Payout EUR'), so that a spreadsheet's
 * SUM of any column over the rows is the Totals line. A row without money in a currency has 0 in its columns. With a
 * nested breakdown (decision 106) the lines are the nested rows, their parent's name in the first column, so that the
 * sums still are the Totals. Refused clicks, when the report can place them, follow the rejected conversions.
 */
export function* networkCsvLines(
  breakdown: NetworkBreakdown,
  rows: NetworkReportRow[],
  then?: NetworkBreakdown,
): Generator<(string | number)[]> {
  const currencies = [...new Set(rows.flatMap((row) => row.advertiserRevenue.map((m) => m.currency)))].sort();
  // Converted (decision 111): the base currency's block, then the amounts as they were, per currency.
  const originals = [...new Set(rows.flatMap((row) => row.original?.advertiserRevenue.map((m) => m.currency) ?? []))].sort(); // prettier-ignore
  const refused = rows.at(-1)?.refusedClicks !== undefined;
  yield [
    LABEL_HEADER[breakdown],
    ...(then ? [LABEL_HEADER[then]] : []),
    'Clicks',
    'Conversions',
    'Pending Conversions',
    'Rejected Conversions',
    ...(refused ? ['Refused Clicks'] : []),
    'Conversion Rate (%)',
    ...currencies.flatMap((currency) => MONEY_HEADER.map((name) => `${name} ${currency}`)),
    ...originals.flatMap((currency) => ORIGINAL_HEADER.map((name) => `Original ${name} ${currency}`)),
  ];
  const line = (names: string[], row: NetworkLeafRow) => {
    const money = currencies.flatMap((currency) => {
      const of = (list: { currency: string; amount: number }[]) => list.find((m) => m.currency === currency)?.amount ?? 0; // prettier-ignore
      return [major(of(row.advertiserRevenue)), major(of(row.payout)), major(of(row.margin)), majorEpc(of(row.epc)), major(of(row.pendingRevenue)), major(of(row.pendingPayout))]; // prettier-ignore
    });
    const original = originals.flatMap((currency) => {
      const of = (list: { currency: string; amount: number }[] | undefined) => list?.find((m) => m.currency === currency)?.amount ?? 0; // prettier-ignore
      const o = row.original;
      return [major(of(o?.advertiserRevenue)), major(of(o?.payout)), major(of(o?.margin)), major(of(o?.pendingRevenue)), major(of(o?.pendingPayout))]; // prettier-ignore
    });
    return [...names, row.clicks, row.conversions, row.pendingConversions, row.rejectedConversions, ...(refused ? [row.refusedClicks ?? 0] : []), (row.conversionRate * 100).toFixed(2), ...money, ...original]; // prettier-ignore
  };
  for (const row of rows) {
    if (!then) yield line([row.label], row);
    else if (row.isTotal) yield line([row.label, ''], row);
    else for (const child of row.children ?? []) yield line([row.label, child.label], child);
  }
}

/** The staff's network reports and the home's figures (decision 046), in the viewer's time zone and scope. */
export const networkReportsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  // Report reads go to the replica when there is one (decision 097); the viewer's time zone is read on the primary.
  const dbOf = reportReadsFor(app, ctx.reports, db);
  const viewer = async (request: FastifyRequest) => ({
    scope: staffScopeOf(request),
    offset: offsetOf(await userTimezone(db, authOf(request).userId), ctx.now()),
    now: ctx.now(),
  });

  /**
   * The report's rows, each beside the previous period's with `compare=previous`; with `page` (never for the CSV,
   * `whole`) one page of them and how many rows every page holds (decision 153).
   */
  const reportOf = async (
    request: FastifyRequest,
    breakdown: NetworkBreakdown,
    query: NetworkReportQuery,
    whole = false,
  ) => {
    const { then } = query;
    if (then && !canNest(breakdown, then)) {
      throw badRequest('The request is invalid.', { then: 'oneOf' });
    }
    const { scope, offset, now } = await viewer(request);
    const range = rangeOf(query, now, offset);
    const filters = filtersOf(query);
    // With `currency=base` (decision 111) the amounts are converted, and the answer says at which rates.
    const base = query.currency === 'base' ? ctx.config.baseCurrency : null;
    const missing: FxMissingDay[] = [];
    const sort = query.sortName ? { name: query.sortName, order: query.sortOrder ?? (query.sortName === 'label' ? 'asc' : 'desc') } : DEFAULT_REPORT_SORT; // prettier-ignore
    const count = query.count ?? DEFAULT_PAGE_SIZE;
    const asked: ReportPage | undefined = !whole && (query.page || query.count) ? { from: ((query.page ?? 1) - 1) * count, count } : undefined; // prettier-ignore
    const read = async (r: DateRange, page: ReportPage | undefined) => {
      const window = utcWindow(r, offset);
      const answer = await networkReportInBase(dbOf(request), scope, breakdown, r, window, filters, offset, base, { then, sort, page }); // prettier-ignore
      missing.push(...answer.missingDays);
      return answer;
    };
    const { rows, outerRows } = await read(range, asked);
    const fx = base ? { base, rounding: 'half-even' as const, missingDays: missing } : undefined;
    if (query.compare !== 'previous') return { range, rows, fx, outerRows };
    // A page's previous period: the rows of the page's keys, and the Totals of every page (decision 153). Days, weeks
    // and months are matched by place (their previous page is the same page), hours by key a period earlier (whole).
    const ordered = breakdown === 'day' || breakdown === 'week' || breakdown === 'month';
    const keys = rows.filter((r) => !r.isTotal).map((r) => r.key);
    const earlier = !asked || ordered ? asked : breakdown === 'hour' ? undefined : { ...asked, keys };
    const before = await read(previousRange(range), earlier);
    return { range, rows: withPrevious(breakdown, rows, before.rows, daysBetween(range.startDate, range.endDate)), fx, outerRows }; // prettier-ignore
  };

  app.route({
    ...routeOf(networkReportsEndpoints.report),
    onRequest: app.requireStaff(),
    handler: async (request) => {
      const { rows, fx, outerRows } = await reportOf(request, request.params.breakdown, request.query);
      return { ...ok(rows, { total: outerRows }), ...(fx ? { fx } : {}) };
    },
  });

  app.route({
    ...routeOf(networkReportsEndpoints.export),
    onRequest: app.requireStaff(),
    handler: async (request, reply) => {
      const { breakdown } = request.params;
      const { range, rows, fx } = await reportOf(request, breakdown, request.query, true);
      const csv = Readable.from(networkCsvLines(breakdown, rows, request.query.then)).pipe(csvStringifier());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="network-${breakdown}${request.query.then ? `-${request.query.then}` : ''}-${range.startDate}-${range.endDate}${fx ? `-${fx.base}` : ''}.csv"`,
        ) // prettier-ignore
        .header('cache-control', 'no-store')
        .send(csv);
    },
  });

  app.route({
    ...routeOf(networkReportsEndpoints.homeNumbers),
    onRequest: app.requireStaff(),
    handler: async (request) => {
      const { scope, offset, now } = await viewer(request);
      const today = localToday(now, offset);
      const week = { startDate: addDays(today, -6), endDate: today };
      const window = (startDate: string) => utcWindow({ startDate, endDate: today }, offset);
      const weekWindow = window(week.startDate);
      const [partnersRows, offersRows] = [
        await networkReport(dbOf(request), scope, 'partner', week, weekWindow, {}, offset, { refused: false }),
        await networkReport(dbOf(request), scope, 'offer', week, weekWindow, {}, offset, { refused: false }),
      ];
      return ok({
        today: await networkFigures(dbOf(request), scope, window(today)),
        last7Days: await networkFigures(dbOf(request), scope, weekWindow),
        monthToDate: await networkFigures(dbOf(request), scope, window(`${today.slice(0, 7)}-01`)),
        topPartners: partnersRows.filter((r) => !r.isTotal).slice(0, 5),
        topOffers: offersRows.filter((r) => !r.isTotal).slice(0, 5),
      });
    },
  });

  // The filters' pickers (decision 113): options by name within the reader's scope, read where the reports are.
  app.route({
    ...routeOf(reportOptionsEndpoints.list),
    onRequest: app.requireStaff(),
    handler: async (request) => {
      const list = await reportOptions(dbOf(request), staffScopeOf(request), request.params.filter, request.query);
      return ok(list, { total: list.length });
    },
  });

  // Saved views (decisions 106, 114), and the pinned one's totals below, read through `reportOf`.
  await app.register(reportViewsRoutes, { ctx });

  /**
   * The pinned view's totals (decision 114): the view's report read by the same `reportOf` as the report route, its
   * Totals row only, so that the home and the report cannot differ.
   */
  app.route({
    ...routeOf(reportViewsEndpoints.homeView),
    onRequest: app.requireStaff(),
    handler: async (request) => {
      const view = await pinnedView(db, await viewReaderOfRequest(db, request));
      if (!view) return ok(null);
      const { breakdown, then, input, columns, compare } = reportRequestOfView(view.query);
      const range = typeof input.range === 'string' ? input.range : null;
      const query = NetworkReportQuerySchema.safeParse(input);
      const answer = { view, breakdown, then, range, columns, compare };
      if (!query.success) return ok({ ...answer, startDate: null, endDate: null, totals: null, problem: 'invalid' as const }); // prettier-ignore
      try {
        const report = await reportOf(request, breakdown, query.data);
        const { children: _children, ...totals } = report.rows.at(-1)!;
        return ok({ ...answer, ...report.range, totals, problem: null, ...(report.fx ? { fx: report.fx } : {}) });
      } catch (error) {
        if (!(error instanceof AppError) || error.status !== 409) throw error;
        return ok({ ...answer, startDate: null, endDate: null, totals: null, problem: 'noRate' as const });
      }
    },
  });
};
