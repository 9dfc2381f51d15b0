import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  BasicReportQuerySchema,
  BasicReportSchema,
  ClickReportSchema,
  ConversionReportQuerySchema,
  ConversionReportSchema,
  ConversionTotalsQuerySchema,
  ConversionTotalsSchema,
  ExportReportParamsSchema,
  ExportReportQuerySchema,
  GlobalPerformanceSchema,
  PagedReportQuerySchema,
  QuickStatsSchema,
  RefusedTrafficQuerySchema,
  RefusedTrafficSchema,
  SubidReportQuerySchema,
  TopOffersQuerySchema,
  TopOffersSchema,
  errorResponses,
  formErrorText,
  type BasicReportQuery,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { ok } from '../../lib/reply.js';
import { authOf, partnerIdOf } from '../../plugins/auth.js';
import type { AppContext } from '../../shared/context.js';
import { badRequest } from '../../lib/errors.js';
import { clickPage, conversionPage, conversionTotals } from './raw-rows.repository.js';
import { exportFilename, reportCsv } from './report-export.js';
import { refusedTraffic } from './refused.repository.js';
import { resolveRange, utcWindow } from './report-dates.js';
import {
  basicReport,
  globalPerformance,
  quickStats,
  subidReport,
  topOffers,
  type ReportFilters,
} from './statistics.repository.js';

/**
 * Day boundaries follow the time zone of the signed-in user (users.timezone, a whole-hour offset; null is UTC).
 * A reporting API key acts as the user who created it (plugins/auth.ts), so a key reads in its creator's zone.
 */
async function timezoneOf(db: DbOrTx, request: FastifyRequest): Promise<string | null> {
  const [row] = await db
    .select({ timezone: users.timezone })
    .from(users)
    .where(eq(users.id, authOf(request).userId));
  return row?.timezone ?? null;
}

/** The dashboard calls take no parameter: an unknown one is a 400 like on every other route. */
const NoQuerySchema = z.strictObject({});

const filtersOf = (query: BasicReportQuery): ReportFilters => ({
  offerId: query.offerId,
  subid: query.subid,
  tc1: query.tc1,
  tc2: query.tc2,
  tc3: query.tc3,
  tc4: query.tc4,
});

/** The partner's statistics (decision 017): dashboard blocks and reports, each scoped to the caller's partner. */
export const statisticsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  // Every route is a read-only partner report: sessions and reporting API keys alike (decision 013).
  const route = {
    preHandler: app.requireAuth(['ROLE_PARTNER']),
    config: { apiKey: 'reporting' as const },
  };
  const caller = async (request: FastifyRequest) => ({
    partnerId: partnerIdOf(request),
    offset: await timezoneOf(db, request),
    now: ctx.now(),
  });

  app.get(
    '/statistics/home/global',
    {
      ...route,
      schema: {
        tags: ['statistics'],
        summary: 'Global performance: one Stats row per period (today, wtd, week, mtd, month, ytd, year)',
        querystring: NoQuerySchema,
        response: { 200: GlobalPerformanceSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { partnerId, offset, now } = await caller(request);
      return ok(await globalPerformance(db, partnerId, now, offset));
    },
  );

  app.get(
    '/statistics/home/quick-stats',
    {
      ...route,
      schema: {
        tags: ['statistics'],
        summary: 'Quick stats of the last 7 days (today included) and the year-to-date payout',
        querystring: NoQuerySchema,
        response: { 200: QuickStatsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { partnerId, offset, now } = await caller(request);
      return ok(await quickStats(db, partnerId, now, offset));
    },
  );

  app.get(
    '/statistics/home/top-offers',
    {
      ...route,
      schema: {
        tags: ['statistics'],
        summary: 'The partner’s best offers over a period, optionally only offers running in a country',
        querystring: TopOffersQuerySchema,
        response: { 200: TopOffersSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { partnerId, offset, now } = await caller(request);
      const rows = await topOffers(db, partnerId, request.query, now, offset);
      return ok(rows, { total: rows.length });
    },
  );

  app.get(
    '/statistics/daily',
    {
      ...route,
      schema: {
        tags: ['statistics'],
        summary: 'Daily report: every day of the range, then the totals row',
        querystring: BasicReportQuerySchema,
        response: { 200: BasicReportSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { partnerId, offset, now } = await caller(request);
      const range = resolveRange(request.query, now, offset);
      const { rows } = await basicReport(db, partnerId, 'day', range, filtersOf(request.query), offset);
      return ok(rows, { total: rows.length - 1 });
    },
  );

  app.get(
    '/statistics/subid',
    {
      ...route,
      schema: {
        tags: ['statistics'],
        summary:
          'Sub-ID report: one row per sub-ID (empty for none), or per tracker value, offer or day (groupBy), sorted ' +
          'and optionally paged, then the totals row; total counts the rows of every page',
        querystring: SubidReportQuerySchema,
        response: { 200: BasicReportSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { partnerId, offset, now } = await caller(request);
      const { groupBy, sort, order, page, count, ...filter } = request.query;
      const range = resolveRange(filter, now, offset);
      const options = { groupBy, sort, order, page, count };
      const { rows, total } = await subidReport(db, partnerId, range, filtersOf(filter), options, offset);
      return ok(rows, { total });
    },
  );

  app.get(
    '/statistics/refused',
    {
      ...route,
      schema: {
        tags: ['statistics'],
        summary: 'Refused traffic: the partner’s clicks GET /click refused, per reason and offer, most first',
        querystring: RefusedTrafficQuerySchema,
        response: { 200: RefusedTrafficSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { partnerId, offset, now } = await caller(request);
      const window = utcWindow(resolveRange(request.query, now, offset), offset);
      const rows = await refusedTraffic(db, partnerId, window, request.query.offerId);
      return ok(rows, { total: rows.length });
    },
  );

  app.get(
    '/statistics/conversion',
    {
      ...route,
      schema: {
        tags: ['statistics'],
        summary:
          'Conversion report: the partner’s conversions of every status (or of one, status), newest first, paginated',
        querystring: ConversionReportQuerySchema,
        response: { 200: ConversionReportSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { partnerId, offset, now } = await caller(request);
      const { page, count, status, ...filter } = request.query;
      const window = utcWindow(resolveRange(filter, now, offset), offset);
      const filters = { ...filtersOf(filter), status };
      const result = await conversionPage(db, partnerId, window, filters, { page, count }, offset);
      return ok(result.rows, { total: result.total });
    },
  );

  app.get(
    '/statistics/conversion/totals',
    {
      ...route,
      schema: {
        tags: ['statistics'],
        summary: 'The conversion report’s totals: per currency, conversions by status and their payouts',
        querystring: ConversionTotalsQuerySchema,
        response: { 200: ConversionTotalsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { partnerId, offset, now } = await caller(request);
      const { status, ...filter } = request.query;
      const window = utcWindow(resolveRange(filter, now, offset), offset);
      const rows = await conversionTotals(db, partnerId, window, { ...filtersOf(filter), status });
      return ok(rows, { total: rows.length });
    },
  );

  app.get(
    '/statistics/click',
    {
      ...route,
      schema: {
        tags: ['statistics'],
        summary: 'Click report: the partner’s clicks, newest first, paginated',
        querystring: PagedReportQuerySchema,
        response: { 200: ClickReportSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { partnerId, offset, now } = await caller(request);
      const { page, count, ...filter } = request.query;
      const window = utcWindow(resolveRange(filter, now, offset), offset);
      const result = await clickPage(db, partnerId, window, filtersOf(filter), { page, count }, offset);
      return ok(result.rows, { total: result.total });
    },
  );

  app.get(
    '/statistics/export/:type',
    {
      ...route,
      schema: {
        tags: ['statistics'],
        summary: 'A report as a CSV attachment (every row under the filter, streamed)',
        params: ExportReportParamsSchema,
        querystring: ExportReportQuerySchema,
        response: { 200: z.any().describe('text/csv: the header line, then one line per row'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { partnerId, offset, now } = await caller(request);
      const { type } = request.params;
      const { status, ...filter } = request.query;
      if (status !== undefined && type !== 'conversion') {
        throw badRequest('The request is invalid.', { status: formErrorText('oneOf') });
      }
      const range = resolveRange(filter, now, offset);
      const filters = { ...filtersOf(filter), status };
      const csv = reportCsv(db, partnerId, type, range, filters, offset, (error) =>
        request.log.error({ err: error }, 'report export interrupted'),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFilename(type, range, offset)}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
