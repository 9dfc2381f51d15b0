import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DUTY_ROLES, billingEndpoints } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { authOf, partnerIdOf } from '../../plugins/auth.js';
import { staffScopeOf } from '../access/index.js';
import type { AppContext } from '../../context.js';
import { userTimezone } from '../statistics/index.js';
import { auditActorOf } from '../audit/index.js';
import { runBilling } from './billing-run.js';
import { listBillingRequests, listStaffInvoices, nextPayment } from './billing.repository.js';
import { assertMovesInvoices, moveInvoice, moveInvoices } from './invoice-status.js';

/**
 * Billing requests and invoices: the partner reads its own (the Payments screen, decision 025); finance and admins
 * move an invoice along its transitions, which notifies the partner, and account and team managers read them
 * (decision 064); an admin runs the month's billing (decision 027).
 */
export const billingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({
    ...routeOf(billingEndpoints.billingRequests),
    onRequest: app.requireAuth(['ROLE_PARTNER']),
    handler: async (request) => {
      const offset = await userTimezone(ctx.db, authOf(request).userId);
      const { list, total } = await listBillingRequests(ctx.db, partnerIdOf(request), request.query, offset, {
        now: ctx.now(),
        payoutHoldDays: ctx.config.payoutHoldDays,
      });
      return ok(list, { total });
    },
  });

  app.route({
    ...routeOf(billingEndpoints.nextPayment),
    onRequest: app.requireAuth(['ROLE_PARTNER']),
    handler: async (request) => {
      const offset = await userTimezone(ctx.db, authOf(request).userId);
      const next = await nextPayment(ctx.db, partnerIdOf(request), ctx.now(), offset, ctx.config.payoutHoldDays);
      if (!next) throw notFound('Partner not found.');
      return ok(next);
    },
  });

  app.route({
    ...routeOf(billingEndpoints.staffInvoices),
    onRequest: app.requireStaff(),
    handler: async (request) => {
      const { list, total } = await listStaffInvoices(ctx.db, staffScopeOf(request), request.query, {
        now: ctx.now(),
        payoutHoldDays: ctx.config.payoutHoldDays,
      });
      return ok(list, { total });
    },
  });

  app.route({
    ...routeOf(billingEndpoints.setInvoiceStatus),
    // Account and team managers read invoices and move none (decision 064): refused on their role, before any lookup.
    onRequest: [app.requireStaff(), async (request) => assertMovesInvoices(staffScopeOf(request).roles)],
    handler: async (request) => {
      const invoice = await moveInvoice(ctx.db, staffScopeOf(request), request.params.id, request.body, {
        now: ctx.now(),
        publicUrl: ctx.config.publicUrl,
        actor: auditActorOf(request),
        payoutHoldDays: ctx.config.payoutHoldDays,
      });
      return ok(invoice);
    },
  });

  app.route({
    ...routeOf(billingEndpoints.bulkInvoiceStatus),
    onRequest: [app.requireStaff(), async (request) => assertMovesInvoices(staffScopeOf(request).roles)],
    handler: async (request) => {
      const result = await moveInvoices(ctx.db, staffScopeOf(request), request.body, {
        now: ctx.now(),
        publicUrl: ctx.config.publicUrl,
        actor: auditActorOf(request),
        payoutHoldDays: ctx.config.payoutHoldDays,
      });
      return ok(result);
    },
  });

  app.route({
    ...routeOf(billingEndpoints.runBilling),
    // The duty table says who runs billing (decision 064).
    onRequest: app.requireStaff([...DUTY_ROLES.run_billing]),
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
        // The contract asks for exactly one of them.
        request.body.until === undefined ? { month: request.body.month ?? '' } : { until: request.body.until },
      );
      request.log.info(
        {
          month: result.month,
          until: result.until,
          created: result.created.length,
          alreadyBilled: result.alreadyBilled.length,
        },
        'billing run',
      );
      return ok(result);
    },
  });
};
