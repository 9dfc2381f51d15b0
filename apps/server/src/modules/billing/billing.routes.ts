import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  INVOICE_STATUS_LABELS,
  IdParamsSchema,
  InvoiceDetailSchema,
  InvoiceStatusBodySchema,
  STAFF_ROLES,
  errorResponses,
} from '@portal/contracts';
import { forbidden, notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { authOf } from '../../plugins/auth.js';
import type { AppContext } from '../../shared/context.js';
import { notifyPartner } from '../../shared/notifications.js';
import { invoiceDto, lockInvoice, setInvoiceStatus } from './billing.repository.js';

/**
 * The staff side of invoices, as far as the portal needs it today: moving an invoice through its
 * statuses notifies the partner. The partner's payments screen and the billing run are not built yet.
 */
export const billingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
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
      const auth = authOf(request);
      if (!auth.roles.some((role) => STAFF_ROLES.includes(role))) throw forbidden();
      const seesAll = auth.roles.includes('ROLE_ADMIN') || auth.roles.includes('ROLE_TEAM_MANAGER');
      const { status } = request.body;
      const updated = await ctx.db.transaction(async (tx) => {
        const invoice = await lockInvoice(tx, request.params.id);
        // An account manager handles only its own partners; another's invoice does not exist for it.
        if (!invoice || (!seesAll && invoice.accountManagerId !== auth.userId)) throw notFound('Invoice not found.');
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
};
