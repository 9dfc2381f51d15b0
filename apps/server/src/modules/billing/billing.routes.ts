import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingEndpoints } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { authOf, partnerIdOf } from '../../plugins/auth.js';
import { reachesBilling, staffScopeOf } from '../access/index.js';
import type { AppContext } from '../../context.js';
import { userTimezone } from '../statistics/index.js';
import { auditActorOf } from '../audit/index.js';
import { runBilling } from './billing-run.js';
import { invoiceDto, listBillingRequests, listStaffInvoices, lockInvoice, nextPayment } from './billing.repository.js';
import { changeInvoiceStatus } from './invoice-status.js';

/**
 * Billing requests and invoices: the partner reads its own (the Payments screen, decision 025); staff move an
 * invoice through its statuses, which notifies the partner; an admin runs the month's billing (decision 027).
 */
export const billingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({
    ...routeOf(billingEndpoints.billingRequests),
    onRequest: app.requireAuth(['ROLE_PARTNER']),
    handler: async (request) => {
      const offset = await userTimezone(ctx.db, authOf(request).userId);
      const { list, total } = await listBillingRequests(ctx.db, partnerIdOf(request), request.query, offset);
      return ok(list, { total });
    },
  });

  app.route({
    ...routeOf(billingEndpoints.nextPayment),
    onRequest: app.requireAuth(['ROLE_PARTNER']),
    handler: async (request) => {
      const offset = await userTimezone(ctx.db, authOf(request).userId);
      const next = await nextPayment(ctx.db, partnerIdOf(request), ctx.now(), offset);
      if (!next) throw notFound('Partner not found.');
      return ok(next);
    },
  });

  app.route({
    ...routeOf(billingEndpoints.staffInvoices),
    onRequest: app.requireStaff(),
    handler: async (request) => {
      const { list, total } = await listStaffInvoices(ctx.db, staffScopeOf(request), request.query);
      return ok(list, { total });
    },
  });

  app.route({
    ...routeOf(billingEndpoints.setInvoiceStatus),
    onRequest: app.requireStaff(),
    handler: async (request) => {
      const scope = staffScopeOf(request);
      const { status } = request.body;
      const updated = await ctx.db.transaction(async (tx) => {
        const invoice = await lockInvoice(tx, request.params.id);
        // An account manager handles only its own partners; another's invoice does not exist for it.
        if (!invoice || !reachesBilling(scope, invoice.accountManagerId)) throw notFound('Invoice not found.');
        return changeInvoiceStatus(
          tx,
          { now: ctx.now(), publicUrl: ctx.config.publicUrl, actor: auditActorOf(request) },
          invoice,
          status,
        );
      });
      return ok(invoiceDto(updated));
    },
  });

  app.route({
    ...routeOf(billingEndpoints.runBilling),
    onRequest: app.requireAuth(['ROLE_ADMIN']),
    handler: async (request) => {
      const result = await runBilling(
        {
          db: ctx.db,
          storage: ctx.storage,
          now: ctx.now(),
          publicUrl: ctx.config.publicUrl,
          network: ctx.config.network,
          actor: auditActorOf(request),
        },
        request.body.month,
      );
      request.log.info(
        { month: result.month, created: result.created.length, alreadyBilled: result.alreadyBilled.length },
        'billing run',
      );
      return ok(result);
    },
  });
};
