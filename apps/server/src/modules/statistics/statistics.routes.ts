import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  formErrorText,
  hasChangedFilter,
  statisticsEndpoints,
  type BasicReportQuery,
  type ChangedFilter,
  type DateRange,
} from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/reply.js';
import { reportReadsFor } from '../../lib/report-reads-hook.js';
import { authOf, partnerIdOf } from '../../plugins/auth.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { clickPage, conversionPage, conversionTotals, type RawFilters } from './raw-rows.repository.js';
import { changedExportFilename, exportFilename, reportCsv } from './report-export.js';
import { refusedTraffic } from './refused.repository.js';
import { changedWindow, conversionWindow, resolveRange, utcWindow, type UtcWindow } from './report-dates.js';
import { convertedConversionTotal, convertedTotal } from './converted-total.js';
import { clickRetentionMessage, clickRetentionStart } from '../click/index.js';
import {
  basicReport,
  globalPerformance,
  quickStats,
  subidReport,
  topOffers,
  userTimezone,
  type ReportFilters,
} from './statistics.repository.js';

const datedWindow = (query: BasicReportQuery, now: Date, offset: string | null) => {
  const range = resolveRange(query, now, offset);
  return { range, window: utcWindow(range, offset) };
};

const filtersOf = (query: BasicReportQuery): ReportFilters => ({
  offerId: query.offerId,
  subid: query.subid,
  tc1: query.tc1,
  tc2: query.tc2,
  tc3: query.tc3,
  tc4: query.tc4,
  country: query.country,
});

/** The conversion report's filter: the shared one, a status, and the changes after the fact (decision 069). */
const conversionFiltersOf = (
  query: BasicReportQuery & ChangedFilter & { status?: RawFilters['status'] },
  offset: string | null,
): RawFilters => ({
  ...filtersOf(query),
  status: query.status,
  changed: query.changed,
  changedWindow: changedWindow(query, offset),
  find: query.find,
});

/** The payout of a report's range as one total in the payment currency (decision 112). */
const convertedOver = (
  db: DbOrTx,
  partnerId: number,
  range: DateRange,
  offset: string | null,
  filters: ReportFilters,
) => convertedTotal(db, partnerId, utcWindow(range, offset), filters);

/** The conversion report's totals per currency and, beside them, their payouts converted (decision 118). */
async function totalsAndConverted(db: DbOrTx, partnerId: number, window: UtcWindow, filters: RawFilters) {
  const [rows, converted] = await Promise.all([
    conversionTotals(db, partnerId, window, filters),
    convertedConversionTotal(db, partnerId, window, filters),
  ]);
  return { ...ok(rows, { total: rows.length }), converted };
}

/** The partner's statistics (decision 017): dashboard blocks and reports, each scoped to the caller's partner. */
export const statisticsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  // Report reads go to the replica when there is one (decision 097); the caller's time zone is read on the primary.
  const dbOf = reportReadsFor(app, ctx.reports, db);
  // Every route is a read-only partner report: sessions and reporting API keys alike (decision 013; the contracts say
  // so with `auth: 'session+key'`, decision 075).
  const route = { onRequest: app.requireAuth(['ROLE_PARTNER']) };
  const caller = async (request: FastifyRequest) => ({
    partnerId: partnerIdOf(request),
    // Day boundaries follow the caller's time zone (a reporting API key reads in its creator's).
    offset: await userTimezone(db, authOf(request).userId),
    now: ctx.now(),
  });

  app.route({
    ...routeOf(statisticsEndpoints.globalPerformance),
    ...route,
    handler: async (request) => {
      const { partnerId, offset, now } = await caller(request);
      return ok(await globalPerformance(dbOf(request), partnerId, now, offset));
    },
  });

  app.route({
    ...routeOf(statisticsEndpoints.quickStats),
    ...route,
    handler: async (request) => {
      const { partnerId, offset, now } = await caller(request);
      const stats = await quickStats(dbOf(request), partnerId, now, offset);
      return ok({ ...stats, converted: await convertedOver(dbOf(request), partnerId, stats, offset, {}) });
    },
  });

  app.route({
    ...routeOf(statisticsEndpoints.topOffers),
    ...route,
    handler: async (request) => {
      const { partnerId, offset, now } = await caller(request);
      const rows = await topOffers(dbOf(request), partnerId, request.query, now, offset);
      return ok(rows, { total: rows.length });
    },
  });

  app.route({
    ...routeOf(statisticsEndpoints.daily),
    ...route,
    handler: async (request) => {
      const { partnerId, offset, now } = await caller(request);
      const [range, filters] = [resolveRange(request.query, now, offset), filtersOf(request.query)];
      const { rows } = await basicReport(dbOf(request), partnerId, 'day', range, filters, offset);
      return { ...ok(rows, { total: rows.length - 1 }), converted: await convertedOver(dbOf(request), partnerId, range, offset, filters) }; // prettier-ignore
    },
  });

  app.route({
    ...routeOf(statisticsEndpoints.subid),
    ...route,
    handler: async (request) => {
      const { partnerId, offset, now } = await caller(request);
      const { groupBy, then, sort, order, page, count, ...filter } = request.query;
      const [range, filters] = [resolveRange(filter, now, offset), filtersOf(filter)];
      const { rows, total } = await subidReport(dbOf(request), partnerId, range, filters, { groupBy, then, sort, order, page, count }, offset); // prettier-ignore
      return { ...ok(rows, { total }), converted: await convertedOver(dbOf(request), partnerId, range, offset, filters) }; // prettier-ignore
    },
  });

  app.route({
    ...routeOf(statisticsEndpoints.refused),
    ...route,
    handler: async (request) => {
      const { partnerId, offset, now } = await caller(request);
      const window = utcWindow(resolveRange(request.query, now, offset), offset);
      const rows = await refusedTraffic(dbOf(request), partnerId, window, request.query.offerId);
      return ok(rows, { total: rows.length });
    },
  });

  app.route({
    ...routeOf(statisticsEndpoints.conversion),
    ...route,
    handler: async (request) => {
      const { partnerId, offset, now } = await caller(request);
      const { page, count, ...filter } = request.query;
      const { window } = conversionWindow(filter, now, offset);
      const filters = conversionFiltersOf(filter, offset);
      const result = await conversionPage(dbOf(request), partnerId, window, filters, { page, count }, offset);
      return ok(result.rows, { total: result.total });
    },
  });

  app.route({
    ...routeOf(statisticsEndpoints.conversionTotals),
    ...route,
    handler: async (request) => {
      const { partnerId, offset, now } = await caller(request);
      const { window } = conversionWindow(request.query, now, offset);
      return totalsAndConverted(dbOf(request), partnerId, window, conversionFiltersOf(request.query, offset));
    },
  });

  app.route({
    ...routeOf(statisticsEndpoints.click),
    ...route,
    handler: async (request) => {
      const { partnerId, offset, now } = await caller(request);
      const { page, count, ...filter } = request.query;
      const window = utcWindow(resolveRange(filter, now, offset), offset);
      const result = await clickPage(dbOf(request), partnerId, window, filtersOf(filter), { page, count }, offset);
      // Raw clicks older than the retention are dropped with their month's partition (decision 054): say so.
      const kept = clickRetentionStart(now, ctx.config.clickRetentionMonths);
      const message = window.start < kept ? clickRetentionMessage(ctx.config.clickRetentionMonths, kept) : null;
      return ok(result.rows, { total: result.total, message });
    },
  });

  app.route({
    ...routeOf(statisticsEndpoints.export),
    ...route,
    handler: async (request, reply) => {
      const { partnerId, offset, now } = await caller(request);
      const { type } = request.params;
      const { groupBy, then, ...filter } = request.query;
      if (filter.status !== undefined && type !== 'conversion') {
        throw badRequest('The request is invalid.', { status: formErrorText('oneOf') });
      }
      if (hasChangedFilter(filter) && type !== 'conversion') {
        const field =
          filter.changed !== undefined
            ? 'changed'
            : filter.changedFrom
              ? 'changedFrom'
              : filter.changedTo
                ? 'changedTo'
                : 'find';
        throw badRequest('The request is invalid.', { [field]: formErrorText('oneOf') });
      }
      if (groupBy !== undefined && type !== 'subid') {
        throw badRequest('The request is invalid.', { groupBy: formErrorText('oneOf') });
      }
      if (then !== undefined && type !== 'subid') {
        throw badRequest('The request is invalid.', { then: formErrorText('oneOf') });
      }
      const { range, window } =
        type === 'conversion' ? conversionWindow(filter, now, offset) : datedWindow(filter, now, offset);
      const filters = conversionFiltersOf(filter, offset);
      const csv = reportCsv(
        dbOf(request),
        partnerId,
        type,
        { range, window },
        filters,
        offset,
        { groupBy: groupBy ?? 'subid', then },
        (error) => request.log.error({ err: error }, 'report export interrupted'),
      );
      const filename = range ? exportFilename(type, range, offset) : changedExportFilename(filter, now, offset);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  });
};
