import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { DUTY_ROLES, paymentBatchesEndpoints } from '@portal/contracts';
import { csvStringifier } from '../../lib/csv.js';
import { routeOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/reply.js';
import { staffScopeOf } from '../access/index.js';
import { auditActorOf } from '../audit/index.js';
import type { AppContext } from '../../context.js';
import {
  BY_HAND_CSV_HEADER,
  approvePaymentBatch,
  byHandRows,
  createPaymentBatch,
  downloadPaymentBatchFile,
  paymentBatchDetail,
  paymentBatchList,
  updatePaymentBatch,
  type PaymentBatchContext,
} from './payment-batches.js';

/**
 * Payment batches (decision 073): admins and finance build SEPA credit transfer files of validated invoices, another
 * of them approves, then the file is downloaded (audited) and the batch marked paid, or cancelled before download.
 */
export const paymentBatchesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const builders = app.requireStaff([...DUTY_ROLES.build_payment_batch]);
  const approvers = app.requireStaff([...DUTY_ROLES.approve_payment_batch]);

  const batchContext = (request: FastifyRequest): PaymentBatchContext => ({
    now: ctx.now(),
    actor: auditActorOf(request),
    scope: staffScopeOf(request),
    publicUrl: ctx.config.publicUrl,
    payoutHoldDays: ctx.config.payoutHoldDays,
    network: ctx.config.network,
    onInvalidFile: (details) => request.log.error(details, 'payment batch file not valid against pain.001.001.09'),
  });

  app.route({
    ...routeOf(paymentBatchesEndpoints.create),
    onRequest: builders,
    handler: async (request) => ok(await createPaymentBatch(ctx.db, batchContext(request), request.body)),
  });

  app.route({
    ...routeOf(paymentBatchesEndpoints.list),
    onRequest: builders,
    handler: async (request) => {
      const { items, total } = await paymentBatchList(ctx.db, request.query);
      return ok(items, { total });
    },
  });

  app.route({
    ...routeOf(paymentBatchesEndpoints.byHandCsv),
    onRequest: builders,
    handler: async (request, reply) => {
      const rows = await byHandRows(ctx.db, batchContext(request));
      const csv = csvStringifier();
      for (const row of [[...BY_HAND_CSV_HEADER], ...rows]) csv.write(row);
      csv.end();
      const day = ctx.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="to-pay-by-hand-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  });

  app.route({
    ...routeOf(paymentBatchesEndpoints.get),
    onRequest: builders,
    handler: async (request) => ok(await paymentBatchDetail(ctx.db, request.params.id)),
  });

  app.route({
    ...routeOf(paymentBatchesEndpoints.approve),
    onRequest: approvers,
    handler: async (request) => ok(await approvePaymentBatch(ctx.db, batchContext(request), request.params.id)),
  });

  app.route({
    ...routeOf(paymentBatchesEndpoints.file),
    onRequest: builders,
    handler: async (request, reply) => {
      const file = await downloadPaymentBatchFile(ctx.db, batchContext(request), request.params.id);
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.xml);
    },
  });

  app.route({
    ...routeOf(paymentBatchesEndpoints.update),
    onRequest: builders,
    handler: async (request) =>
      ok(await updatePaymentBatch(ctx.db, batchContext(request), request.params.id, request.body)),
  });
};
