import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BillingRequestListSchema,
  BillingRunBodySchema,
  BillingRunResultSchema,
  INVOICE_STATUS_LABELS,
  ListBillingRequestsQuerySchema,
  IdParamsSchema,
  InvoiceDetailSchema,
  InvoiceStatusBodySchema,
  errorResponses,
} from '@portal/contracts';
import { notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { partnerIdOf, reaches, staffScopeOf } from '../../plugins/auth.js';
import type { AppContext } from '../../shared/context.js';
import { notifyPartner } from '../../shared/notifications.js';
import { runBilling } from './billing-run.js';
import { invoiceDto, listBillingRequests, lockInvoice, setInvoiceStatus } from './billing.repository.js';

/**
 * Billing requests and invoices: the partner reads its own (the Payments screen, decision 025); staff move an
 * invoice through its statuses, which notifies the partner; an admin runs the month's billing (decision 027).
 */
export const billingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/billing-request',
    {
      preHandler: app.requireAuth(['ROLE_PARTNER']),
      schema: {
        tags: ['billing'],
        summary: 'The partner’s billing requests with their invoices, paged and filtered (Payments screen)',
        querystring: ListBillingRequestsQuerySchema,
        response: { 200: BillingRequestListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { list, total } = await listBillingRequests(ctx.db, partnerIdOf(request), request.query);
      return ok(list, { total });
    },
  );

  app.put(
    '/staff/invoices/:id',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags: ['staff'],
        summary: 'Change an invoice status (staff): the partner is notified',
        params: IdParamsSchema,
        body: InvoiceStatusBodySchema,
        response: { 200: InvoiceDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = staffScopeOf(request);
      const { status } = request.body;
      const updated = await ctx.db.transaction(async (tx) => {
        const invoice = await lockInvoice(tx, request.params.id);
        // An account manager handles only its own partners; another's invoice does not exist for it.
        if (!invoice || !reaches(scope, invoice.accountManagerId)) throw notFound('Invoice not found.');
        if (invoice.status === status) return invoice;
        const now = ctx.now();
        await setInvoiceStatus(tx, invoice.id, status, now);
        await notifyPartner(
          tx,
          {
            partnerId: invoice.partnerId,
            kind: 'invoice_status_changed',
            title: `Invoice ${invoice.reference} is now ${INVOICE_STATUS_LABELS[status]}.`,
            link: '/payments',
          },
          { publicUrl: ctx.config.publicUrl },
        );
        return { ...invoice, status, updatedAt: now };
      });
      return ok(invoiceDto(updated));
    },
  );

  app.post(
    '/staff/billing-runs',
    {
      preHandler: app.requireAuth(['ROLE_ADMIN']),
      schema: {
        tags: ['staff'],
        summary:
          'Bill a Paris month that is over (admin): a billing request per partner and currency, invoiced or deferred; repeatable',
        body: BillingRunBodySchema,
        response: { 200: BillingRunResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      const result = await runBilling(
        {
          db: ctx.db,
          storage: ctx.storage,
          now: ctx.now(),
          publicUrl: ctx.config.publicUrl,
          network: ctx.config.network,
        },
        request.body.month,
      );
      request.log.info(
        { month: result.month, created: result.created.length, alreadyBilled: result.alreadyBilled.length },
        'billing run',
      );
      return ok(result);
    },
  );
};
