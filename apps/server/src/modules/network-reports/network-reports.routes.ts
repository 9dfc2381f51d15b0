import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addDays, localToday, networkReportsEndpoints, type NetworkReportQuery } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { csvStringifier } from '../../lib/csv.js';
import { ok } from '../../lib/reply.js';
import { authOf } from '../../plugins/auth.js';
import { staffScopeOf } from '../access/index.js';
import type { AppContext } from '../../context.js';
import { resolveRange, userTimezone, utcWindow } from '../statistics/index.js';
import { networkFigures, networkReport, type NetworkFilters } from './network-reports.repository.js';

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

const filtersOf = ({ startDate: _s, endDate: _e, ...filters }: NetworkReportQuery): NetworkFilters => filters;

const major = (minor: number) => (minor / 100).toFixed(2);
const majorEpc = (minor: number) => (minor / 100).toFixed(4);
const HEADER = ['Clicks', 'Conversions', 'Conversion Rate (%)', 'Currency', 'Advertiser Revenue', 'Payout', 'Margin', 'EPC']; // prettier-ignore
const LABEL_HEADER = { day: 'Date', partner: 'Partner', offer: 'Offer', advertiser: 'Advertiser', manager: 'Account Manager', country: 'Country' } as const; // prettier-ignore

/** The staff's network reports and the home's figures (decision 046), in the viewer's time zone and scope. */
export const networkReportsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const viewer = async (request: FastifyRequest) => ({
    scope: staffScopeOf(request),
    offset: offsetOf(await userTimezone(db, authOf(request).userId), ctx.now()),
    now: ctx.now(),
  });

  app.route({
    ...routeOf(networkReportsEndpoints.report),
    onRequest: app.requireStaff(),
    handler: async (request) => {
      const { scope, offset, now } = await viewer(request);
      const range = resolveRange(request.query, now, offset);
      const rows = await networkReport(db, scope, request.params.breakdown, range, utcWindow(range, offset), filtersOf(request.query), offset); // prettier-ignore
      return ok(rows, { total: rows.length - 1 });
    },
  });

  app.route({
    ...routeOf(networkReportsEndpoints.export),
    onRequest: app.requireStaff(),
    handler: async (request, reply) => {
      const { scope, offset, now } = await viewer(request);
      const { breakdown } = request.params;
      const range = resolveRange(request.query, now, offset);
      const rows = await networkReport(db, scope, breakdown, range, utcWindow(range, offset), filtersOf(request.query), offset); // prettier-ignore
      // One line per row and currency (a row without traffic: one line of zeros), through the one CSV writer.
      function* lines() {
        yield [LABEL_HEADER[breakdown], ...HEADER];
        for (const row of rows) {
          const currencies = [...new Set(row.advertiserRevenue.map((m) => m.currency))];
          if (currencies.length === 0) {
            yield [row.label, row.clicks, row.conversions, (row.conversionRate * 100).toFixed(2), '', major(0), major(0), major(0), majorEpc(0)]; // prettier-ignore
            continue;
          }
          for (const currency of currencies) {
            const of = (list: { currency: string; amount: number }[]) => list.find((m) => m.currency === currency)?.amount ?? 0; // prettier-ignore
            yield [row.label, row.clicks, row.conversions, (row.conversionRate * 100).toFixed(2), currency, major(of(row.advertiserRevenue)), major(of(row.payout)), major(of(row.margin)), majorEpc(of(row.epc))]; // prettier-ignore
          }
        }
      }
      const csv = Readable.from(lines()).pipe(csvStringifier());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="network-${breakdown}-${range.startDate}-${range.endDate}.csv"`,
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
        await networkReport(db, scope, 'partner', week, weekWindow, {}, offset),
        await networkReport(db, scope, 'offer', week, weekWindow, {}, offset),
      ];
      return ok({
        today: await networkFigures(db, scope, window(today)),
        last7Days: await networkFigures(db, scope, weekWindow),
        monthToDate: await networkFigures(db, scope, window(`${today.slice(0, 7)}-01`)),
        topPartners: partnersRows.filter((r) => !r.isTotal).slice(0, 5),
        topOffers: offersRows.filter((r) => !r.isTotal).slice(0, 5),
      });
    },
  });
};
