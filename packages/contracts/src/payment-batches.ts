import { z } from 'zod';
import { IdParamsSchema, envelope, listOf, pageQueryShape } from './api.js';
import { defineEndpoint } from './endpoint.js';
import { isoDateParam } from './statistics.js';

/**
 * Payment batches (decision 073): SEPA credit transfers (pain.001.001.09, the EPC SCT rulebook's C2PSP implementation
 * guidelines 2023 v1.0) that pay partners' validated invoices, with four eyes: built by one admin or finance user,
 * approved by another, only then downloadable.
 */

export const PAYMENT_BATCH_STATUSES = ['draft', 'approved', 'paid', 'cancelled'] as const;
export type PaymentBatchStatus = (typeof PAYMENT_BATCH_STATUSES)[number];

export const PAYMENT_BATCH_STATUS_LABELS: Record<PaymentBatchStatus, string> = {
  draft: 'Waiting for approval',
  approved: 'Approved',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

/** The most invoices one batch pays. */
export const PAYMENT_BATCH_MAX_INVOICES = 1000;

/**
 * Why an invoice cannot be paid by a SEPA batch: it is then listed "to pay by hand" (with a CSV of what the bank
 * needs), or named in the 409 of a build that included it.
 */
export const SEPA_REFUSALS = [
  'not_validated',
  'held',
  'not_eur',
  'not_wire',
  'no_iban',
  'invalid_iban',
  'not_sepa_country',
  'in_open_batch',
] as const;
export type SepaRefusal = (typeof SEPA_REFUSALS)[number];

export const SEPA_REFUSAL_LABELS: Record<SepaRefusal, string> = {
  not_validated: 'is not validated',
  held: 'is held after a change of the bank details',
  not_eur: 'is not in euros',
  not_wire: 'is not paid by wire',
  no_iban: 'has no IBAN',
  invalid_iban: 'has an IBAN that is not valid',
  not_sepa_country: 'has an IBAN outside the SEPA area',
  in_open_batch: 'is already in an open payment batch',
};

/** POST /staff/payment-batches: the invoices to pay, and the execution day asked of the bank (default: next business day). */
export const PaymentBatchCreateSchema = z.strictObject({
  invoiceIds: z
    .array(z.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'type' }), { error: 'required' })
    .min(1, { error: 'required' })
    .max(PAYMENT_BATCH_MAX_INVOICES, { error: 'max' }),
  requestedExecutionDate: isoDateParam,
});
export type PaymentBatchCreate = z.infer<typeof PaymentBatchCreateSchema>;

/** PUT /staff/payment-batches/{id}: mark an approved batch paid, or cancel one whose file was not downloaded. */
export const PaymentBatchUpdateSchema = z.strictObject({
  status: z.enum(['paid', 'cancelled'], { error: 'type' }),
  /** Why it is cancelled; kept in the audit entry. */
  reason: z.string({ error: 'type' }).trim().max(1000, { error: 'maxLength' }).optional(),
});
export type PaymentBatchUpdate = z.infer<typeof PaymentBatchUpdateSchema>;

const PersonSchema = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const PaymentBatchTransactionSchema = z.object({
  invoiceId: z.number().int(),
  reference: z.string(),
  partner: z.object({ id: z.number().int(), name: z.string() }),
  /** Minor units, VAT included. */
  amount: z.number().int(),
  creditorName: z.string(),
  creditorIban: z.string(),
  creditorBic: z.string().nullable(),
  /** The invoice's status now. */
  invoiceStatus: z.string(),
  /** The bank returned this payment (ISO instant); null otherwise. */
  returnedAt: z.string().nullable(),
});
export type PaymentBatchTransaction = z.infer<typeof PaymentBatchTransactionSchema>;

export const PaymentBatchSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: z.enum(PAYMENT_BATCH_STATUSES),
  currency: z.string(),
  transactionCount: z.number().int(),
  /** Control sum, minor units. */
  totalAmount: z.number().int(),
  requestedExecutionDate: z.string(),
  debtor: z.object({ name: z.string(), iban: z.string(), bic: z.string().nullable() }),
  createdBy: PersonSchema,
  createdAt: z.string(),
  approvedBy: PersonSchema,
  approvedAt: z.string().nullable(),
  downloadedBy: PersonSchema,
  downloadedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  filename: z.string(),
});
export type PaymentBatch = z.infer<typeof PaymentBatchSchema>;

export const PaymentBatchDetailSchema = PaymentBatchSchema.extend({
  transactions: z.array(PaymentBatchTransactionSchema),
});
export type PaymentBatchDetail = z.infer<typeof PaymentBatchDetailSchema>;

export const ListPaymentBatchesQuerySchema = z.strictObject({
  ...pageQueryShape,
  status: z.enum(PAYMENT_BATCH_STATUSES, { error: 'type' }).optional(),
});

/** One invoice a build refused, named. */
export const PaymentBatchRefusalSchema = z.object({
  invoiceId: z.number().int(),
  reference: z.string().nullable(),
  reason: z.enum(SEPA_REFUSALS),
  message: z.string(),
});
export type PaymentBatchRefusal = z.infer<typeof PaymentBatchRefusalSchema>;

const SCOPE = 'Admins and finance only (403 otherwise).';

export const paymentBatchesEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/staff/payment-batches',
    errors: {
      409: 'An invoice cannot join a batch (not validated, held, already in an open batch, or without SEPA details): nothing was built.',
    },
    tags: ['staff'],
    summary: 'Build a SEPA credit transfer batch (pain.001.001.09) from validated, unheld EUR invoices',
    description: `Every invoice must be validated, not held, in EUR, of a partner paid by wire with a valid IBAN in a SEPA country, and in no other open batch; otherwise 409 and nothing is written, \`data.refusals\` naming each refused invoice and why. The XML is validated against the EPC XSD before it is stored. The batch is \`draft\` until a second admin or finance user approves it. Amounts are integer minor units. ${SCOPE}`,
    body: PaymentBatchCreateSchema,
    response: envelope(PaymentBatchDetailSchema),
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/staff/payment-batches',
    tags: ['staff'],
    summary: 'Payment batches, newest first (the Payments out screen)',
    description: SCOPE,
    query: ListPaymentBatchesQuerySchema,
    response: listOf(PaymentBatchSchema),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/staff/payment-batches/:id',
    tags: ['staff'],
    summary: 'One payment batch with its transactions',
    description: SCOPE,
    params: IdParamsSchema,
    response: envelope(PaymentBatchDetailSchema),
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/staff/payment-batches/:id/approve',
    tags: ['staff'],
    summary: 'Approve a draft batch (never by its creator): its invoices go in payment and its file can be downloaded',
    description: `403 for the batch's creator; 409 unless it is a draft. Each invoice moves to payment_in_progress (audited, the partner notified). ${SCOPE}`,
    params: IdParamsSchema,
    response: envelope(PaymentBatchDetailSchema),
  }),
  file: defineEndpoint({
    method: 'GET',
    path: '/staff/payment-batches/:id/file',
    errors: { 409: 'The batch may not be downloaded yet: it awaits its approval by a second person.' },
    tags: ['staff'],
    summary: 'Download an approved batch’s pain.001.001.09 XML (audited with who and when)',
    description: `application/xml; 409 while the batch is a draft or cancelled. ${SCOPE}`,
    params: IdParamsSchema,
    response: z.any().describe('application/xml: the pain.001.001.09 document'),
    produces: ['application/xml'],
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/staff/payment-batches/:id',
    tags: ['staff'],
    summary: 'Mark an approved batch paid (its invoices paid, partners notified) or cancel one not downloaded yet',
    description: `\`paid\`: the batch must be approved; every invoice still in it becomes paid. \`cancelled\`: a draft, or an approved batch whose file was never downloaded; its invoices go back to validated. 409 otherwise. ${SCOPE}`,
    params: IdParamsSchema,
    body: PaymentBatchUpdateSchema,
    response: envelope(PaymentBatchDetailSchema),
  }),
  byHandCsv: defineEndpoint({
    method: 'GET',
    path: '/staff/payment-batches/by-hand.csv',
    tags: ['staff'],
    summary: 'Validated invoices a SEPA batch cannot pay, with what the bank needs to pay them by hand (CSV)',
    description: `text/csv: invoice, partner, amount (major units) and currency, account holder, IBAN or account number, SWIFT/BIC, routing number, bank name and address, why not SEPA. ${SCOPE}`,
    response: z.any().describe('text/csv'),
    produces: ['text/csv'],
  }),
};
