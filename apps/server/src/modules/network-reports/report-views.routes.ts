import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportViewsEndpoints } from '@portal/contracts';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { routeOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/reply.js';
import { authOf } from '../../plugins/auth.js';
import { staffScopeOf } from '../access/index.js';
import { auditActorOf } from '../audit/index.js';
import {
  deleteReportView,
  listReportViews,
  pinHomeView,
  saveReportView,
  updateReportView,
  viewReaderOf,
} from './report-views.js';

/** The signed-in staff member as a reader of views: its team, and whether it is an admin (decision 114). */
export const viewReaderOfRequest = (db: DbOrTx, request: FastifyRequest) =>
  viewReaderOf(db, authOf(request).userId, staffScopeOf(request).roles.includes('ROLE_ADMIN'));

/**
 * Saved views (decisions 106, 114): one's own and those one's team shares, and the view pinned to one's home; on the
 * primary (writes, and reads of them).
 */
export const reportViewsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const actorOf = (request: FastifyRequest) => ({ ...auditActorOf(request), actorId: authOf(request).userId });
  const readerOf = (request: FastifyRequest) => viewReaderOfRequest(db, request);

  app.route({
    ...routeOf(reportViewsEndpoints.list),
    onRequest: app.requireStaff(),
    handler: async (request) => {
      const list = await listReportViews(db, await readerOf(request));
      return ok(list, { total: list.length });
    },
  });

  app.route({
    ...routeOf(reportViewsEndpoints.create),
    onRequest: app.requireStaff(),
    handler: async (request) =>
      ok(await saveReportView(db, actorOf(request), await readerOf(request), request.body, ctx.now()), {
        message: 'The view has been saved.',
      }),
  });

  app.route({
    ...routeOf(reportViewsEndpoints.update),
    onRequest: app.requireStaff(),
    handler: async (request) =>
      ok(
        await updateReportView(
          db,
          actorOf(request),
          await readerOf(request),
          request.params.id,
          request.body,
          ctx.now(),
        ),
        {
          message: 'The view has been saved.',
        },
      ),
  });

  app.route({
    ...routeOf(reportViewsEndpoints.delete),
    onRequest: app.requireStaff(),
    handler: async (request) => {
      await deleteReportView(db, actorOf(request), await readerOf(request), request.params.id, ctx.now());
      return ok(null, { message: 'The view has been deleted.' });
    },
  });

  app.route({
    ...routeOf(reportViewsEndpoints.pinHomeView),
    onRequest: app.requireStaff(),
    handler: async (request) =>
      ok(await pinHomeView(db, actorOf(request), await readerOf(request), request.body.viewId, ctx.now()), {
        message: request.body.viewId === null ? 'The view is no longer on your home.' : 'The view is on your home.',
      }),
  });
};
