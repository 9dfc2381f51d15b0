import { Readable, pipeline } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_CONVERSION_EXPORT_MAX_ROWS, conversionReviewEndpoints, localToday } from '@portal/contracts';
import { csvStringifier, csvZoneTag } from '../../lib/csv.js';
import { routeOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/reply.js';
import { authOf } from '../../plugins/auth.js';
import { staffScopeOf } from '../access/index.js';
import { offsetOf } from '../network-reports/index.js';
import { userTimezone } from '../statistics/index.js';
import type { AppContext } from '../../context.js';
import { conversionCsvLines, countForExport, listConversions } from './conversion-search.js';

/**
 * The staff's conversion search and its CSV (decision 071): managers within their reach, admins and finance every
 * conversion; days in the reader's time zone, as the network reports cut them (decision 046).
 */
export const conversionSearchRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const readers = app.requireStaff(['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER', 'ROLE_FINANCE']);
  const offsetFor = async (request: FastifyRequest) =>
    offsetOf(await userTimezone(db, authOf(request).userId), ctx.now());

  app.route({
    ...routeOf(conversionReviewEndpoints.list),
    onRequest: readers,
    handler: async (request) => {
      const { list, total } = await listConversions(
        db,
        staffScopeOf(request),
        request.query,
        await offsetFor(request),
        ctx.now(),
      );
      return ok(list, { total });
    },
  });

  app.route({
    ...routeOf(conversionReviewEndpoints.export),
    onRequest: readers,
    handler: async (request, reply) => {
      const scope = staffScopeOf(request);
      const offset = await offsetFor(request);
      const now = ctx.now();
      const total = await countForExport(db, scope, request.query, offset, now);
      // The reader's day, and the zone its moments are written in (decision 077).
      const day = localToday(now, offset);
      // null becomes an empty cell. pipeline, not pipe: a failed read destroys the response instead of leaving it open.
      const csv = pipeline(
        Readable.from(conversionCsvLines(db, scope, request.query, offset, now)),
        csvStringifier(),
        (error) => {
          if (error) request.log.error({ err: error }, 'conversion export failed');
        },
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="conversions-${day}_${csvZoneTag(offset)}.csv"`)
        .header('cache-control', 'no-store')
        .header('x-total-count', String(total))
        .header('x-export-truncated', String(total > STAFF_CONVERSION_EXPORT_MAX_ROWS))
        .send(csv);
    },
  });
};
