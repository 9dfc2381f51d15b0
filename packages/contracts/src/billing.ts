import { z } from 'zod';
import { envelope } from './api.js';
import { INVOICE_STATUSES } from './constants.js';

/** How an invoice status reads in words (notifications, e-mails). */
export const INVOICE_STATUS_LABELS: Record<(typeof INVOICE_STATUSES)[number], string> = {
  waiting_for_approval: 'waiting for approval',
  invoice_validated: 'validated',
  payment_in_progress: 'in payment',
  paid: 'paid',
};

export const InvoiceSchema = z.object({
  id: z.number().int(),
  billingRequestId: z.number().int(),
  partnerId: z.number().int(),
  reference: z.string(),
  status: z.enum(INVOICE_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;
export const InvoiceDetailSchema = envelope(InvoiceSchema);

/** PUT /staff/invoices/{id}: a staff member moves an invoice along; the partner is notified. */
export const InvoiceStatusBodySchema = z.strictObject({
  status: z.enum(INVOICE_STATUSES, { error: 'type' }),
});
export type InvoiceStatusBody = z.infer<typeof InvoiceStatusBodySchema>;
