import { z } from 'zod';
import { IdParamsSchema, envelope, listOf, pageQueryShape } from './api.js';
import { defineEndpoint } from './endpoint.js';
import { BILLING_TIMEZONE } from './account-settings.js';
import { INVOICE_STATUSES, PAYMENT_METHODS } from './constants.js';
import { BILLING_PERIOD_KINDS } from './billing-periods.js';
import { performsDuty, type Duty } from './duties.js';
import { booleanParam, commaList, emptyAsUnset } from './offers.js';
import { isoDateParam, toLocalIso } from './statistics.js';
import { optionalString } from './validation.js';

export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** How an invoice status reads in words (notifications, e-mails). */
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
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

/** An invoice move's duty: each of the transitions below is one (decision 064). */
export type InvoiceDuty = Extract<
  Duty,
  'validate_invoice' | 'start_invoice_payment' | 'mark_invoice_paid' | 'send_invoice_back'
>;
export type InvoiceMove = { to: InvoiceStatus; duty: InvoiceDuty };

/**
 * The only moves an invoice makes (decisions 064, 073), the server's rule and the console's buttons: validated once
 * approved, put in payment, paid; a payment the bank returned goes back to validated (a reason is then required, and
 * the partner reads it). A paid invoice is final. Any other move is refused (409 naming the allowed ones) and writes
 * nothing.
 */
export const INVOICE_TRANSITIONS: Readonly<Record<InvoiceStatus, readonly InvoiceMove[]>> = {
  waiting_for_approval: [{ to: 'invoice_validated', duty: 'validate_invoice' }],
  invoice_validated: [{ to: 'payment_in_progress', duty: 'start_invoice_payment' }],
  payment_in_progress: [
    { to: 'paid', duty: 'mark_invoice_paid' },
    { to: 'invoice_validated', duty: 'send_invoice_back' },
  ],
  paid: [],
};

/** The move from one status to another, or null when the table has none. */
export const invoiceMove = (from: InvoiceStatus, to: InvoiceStatus): InvoiceMove | null =>
  INVOICE_TRANSITIONS[from].find((move) => move.to === to) ?? null;

/** The moves a user of these roles may make from a status: none for account and team managers. */
export const invoiceMovesFor = (roles: readonly string[], from: InvoiceStatus): readonly InvoiceMove[] =>
  INVOICE_TRANSITIONS[from].filter((move) => performsDuty(roles, move.duty));

/** The longest reason given with a move; kept in the audit entry. */
export const INVOICE_MOVE_REASON_MAX = 1000;

/** PUT /staff/invoices/{id}: finance or an admin moves an invoice along the transitions; the partner is notified. */
export const InvoiceStatusBodySchema = z.strictObject({
  status: z.enum(INVOICE_STATUSES, { error: 'type' }),
  /** Why: required to send an invoice back, optional otherwise; kept in the move's audit entry. */
  reason: optionalString(INVOICE_MOVE_REASON_MAX),
});
export type InvoiceStatusBody = z.infer<typeof InvoiceStatusBodySchema>;

/** The most invoices one bulk move takes. */
export const INVOICE_BULK_MAX = 500;

/** POST /staff/invoices/bulk-status: one move for several invoices, all or nothing. */
export const BulkInvoiceStatusBodySchema = InvoiceStatusBodySchema.extend({
  invoiceIds: z
    .array(z.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'type' }), { error: 'required' })
    .min(1, { error: 'required' })
    .max(INVOICE_BULK_MAX, { error: 'max' }),
});
export type BulkInvoiceStatusBody = z.infer<typeof BulkInvoiceStatusBodySchema>;

export const BulkInvoiceStatusResultSchema = z.object({
  status: z.enum(INVOICE_STATUSES),
  count: z.number().int(),
  /** Per currency, VAT included, minor units. */
  totals: z.array(z.object({ currency: z.string(), count: z.number().int(), amount: z.number().int() })),
  invoiceIds: z.array(z.number().int()),
});
export type BulkInvoiceStatusResult = z.infer<typeof BulkInvoiceStatusResultSchema>;

// ------------------------------------------------------------------ the partner's payments (decision 025)

/** A filter on invoice statuses, any of them (`a,b` or repeated): the partner's Payments and finance's Invoices. */
const invoiceStatusFilter = z.preprocess(
  commaList,
  z
    .array(z.enum(INVOICE_STATUSES, { error: 'type' }))
    .max(10)
    .optional(),
);

/** What GET /billing-request may sort on; the spec's screen sorts on startingAt, newest first. */
export const BILLING_REQUEST_SORTS = ['startingAt', 'endingAt', 'createdAt', 'totalAmount'] as const;

/**
 * GET /billing-request (spec section 7): page, count, sort, order, and the Payments filter (spec section 2), which
 * the server applies: the period's days (Paris time, the billing reference), invoice statuses, deferred or not.
 */
export const ListBillingRequestsQuerySchema = z
  .strictObject({
    ...pageQueryShape,
    sort: z.enum(BILLING_REQUEST_SORTS, { error: 'type' }).default('startingAt'),
    order: z.enum(['asc', 'desc'], { error: 'type' }).default('desc'),
    /** Requests whose period has a day on or after startDate and on or before endDate (yyyy-MM-dd, Paris). */
    startDate: isoDateParam,
    endDate: isoDateParam,
    status: invoiceStatusFilter,
    deferred: z.preprocess(emptyAsUnset, booleanParam.optional()),
  })
  .superRefine((value, ctx) => {
    if (value.startDate && value.endDate && value.endDate < value.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'min' });
  });
export type ListBillingRequestsQuery = z.infer<typeof ListBillingRequestsQuerySchema>;
export type ListBillingRequestsQueryInput = z.input<typeof ListBillingRequestsQuerySchema>;

/** A billing request as its partner sees it (spec section 3), amounts in minor units of its payment currency. */
/**
 * A ledger line a billing request carries (decision 070): a change of a conversion an earlier invoice had billed,
 * cited by that invoice's number and taxed at its VAT rate; the issued invoice itself is never edited.
 */
export const CarriedAdjustmentSchema = z.object({
  id: z.number().int(),
  conversionId: z.number().int(),
  /** 'reverse' | 'adjust' | 'approve' | 'add' (CONVERSION_ADJUSTMENT_KINDS). */
  kind: z.string(),
  /** A reversal's code ('refund', 'chargeback' …); null for other kinds. */
  reasonCode: z.string().nullable(),
  note: z.string().nullable(),
  /** Minor units, before VAT: negative for a reversal or a lowered payout. */
  payoutDelta: z.number().int(),
  /** The VAT on it, at the original invoice's rate. */
  vatAmount: z.number().int(),
  /** The invoice that billed the conversion before the change; null when it is gone. */
  originalInvoice: z.string().nullable(),
  vatRatePercent: z.number(),
  /** When the change was made (ISO instant). */
  createdAt: z.string(),
});
export type CarriedAdjustment = z.infer<typeof CarriedAdjustmentSchema>;

export const BillingRequestSchema = z.object({
  id: z.number().int(),
  startingAt: z.string(),
  endingAt: z.string(),
  /** The period's first and last days, yyyy-MM-dd in Paris time. */
  period: z.object({ startDate: z.string(), endDate: z.string() }),
  totalAmount: z.number().int(),
  totalVatAmount: z.number().int(),
  paymentCurrency: z.string(),
  paymentTerms: z.string(),
  /**
   * The partner's payment threshold when the request was made, in minor units (null: none). A request under it is
   * `deferred`: not invoiced, its amount before VAT carried over to the next month's request (decision 027).
   */
  paymentThreshold: z.number().int().nullable(),
  deferred: z.boolean(),
  createdAt: z.string(),
  /** The period billed, by the payment terms (decision 070); optional: an answer of before the field is still valid. */
  periodKind: z.enum(BILLING_PERIOD_KINDS).optional(),
  /** The invoice's due day (yyyy-MM-dd, Paris); null when deferred or billed before decision 070. */
  dueOn: z.string().nullable().optional(),
  /** Σ of the corrections of earlier invoices it carries, minor units before VAT; included in the totals. */
  adjustmentsAmount: z.number().int().optional(),
  /** The corrections of earlier invoices it carries, oldest first. */
  adjustments: z.array(CarriedAdjustmentSchema).optional(),
  invoice: z
    .object({
      id: z.number().int(),
      reference: z.string(),
      status: z.enum(INVOICE_STATUSES),
      /** The invoice's day, yyyy-MM-dd in Paris time. */
      date: z.string(),
      /** The invoice document (spec section 3, invoiceFile); downloaded through GET /file/{id}/url. */
      file: z.object({ id: z.number().int(), filename: z.string() }).nullable(),
      /**
       * The day finance marked it paid, yyyy-MM-dd on the partner's time-zone offset (decision 052); null while it
       * is not paid. Optional: an answer of before the field is still valid.
       */
      paidOn: z.string().nullable().optional(),
      /** Unpaid and held after a change of the bank details: no payment starts before then (decision 072; local ISO). */
      heldUntil: z.string().nullable().optional(),
      /** The bank returned its payment (local ISO) and why (decision 073); null: never. Optional for older answers. */
      returnedAt: z.string().nullable().optional(),
      /**
       * The day of returnedAt, yyyy-MM-dd on the partner's offset, as paidOn (a client reviving `…At` moments as dates
       * loses the offset); null: never returned. Optional for older answers.
       */
      returnedOn: z.string().nullable().optional(),
      returnReason: z.string().nullable().optional(),
    })
    .nullable(),
});
export type BillingRequest = z.infer<typeof BillingRequestSchema>;
export const BillingRequestListSchema = listOf(BillingRequestSchema);

// ------------------------------------------------------------------ the payout hold (decision 072)

/** The default of PAYOUT_HOLD_DAYS: days a partner's unpaid invoices wait after its bank details change. */
export const PAYOUT_HOLD_DAYS = 7;

/**
 * A partner's payments held after a change of its bank details (decision 072). Moments are ISO 8601: in UTC for staff,
 * on the partner's wall clock with its offset for the partner (as its report rows, `toLocalIso`).
 */
export const PayoutHoldSchema = z.object({
  /** When the bank details (holder, bank, bank address, IBAN, SWIFT, routing number) changed: the hold's start. */
  heldFrom: z.string(),
  /** No payment of an unpaid invoice starts before this moment. */
  heldUntil: z.string(),
});
export type PayoutHold = z.infer<typeof PayoutHoldSchema>;

/**
 * The hold of bank details changed at `changedAt`, or null: none recorded, or its days are over at `now`. With an
 * offset (a partner's time zone, null for UTC), its moments are on that wall clock; without, ISO in UTC.
 */
export function payoutHoldOf(
  changedAt: Date | null,
  holdDays: number,
  now: Date,
  offset?: string | null,
): PayoutHold | null {
  if (!changedAt) return null;
  const until = new Date(changedAt.getTime() + holdDays * 86_400_000);
  if (until.getTime() <= now.getTime()) return null;
  const iso = (moment: Date) => (offset === undefined ? moment.toISOString() : toLocalIso(moment, offset));
  return { heldFrom: iso(changedAt), heldUntil: iso(until) };
}

// ------------------------------------------------------------------ the next payment (decision 052)

/**
 * Days from an invoice to its payment, by payment terms (spec section 9): netN is N days; daily, weekly and
 * bi_monthly pay on the next such turn (1, 7 and 15 days).
 */
export const PAYMENT_TERM_DAYS: Readonly<Record<string, number>> = {
  daily: 1,
  weekly: 7,
  bi_monthly: 15,
  net0: 0,
  net15: 15,
  net20: 20,
  net30: 30,
  net60: 60,
  net90: 90,
};
/** The days of unknown terms: the spec's default, net30. */
export const DEFAULT_PAYMENT_TERM_DAYS = 30;
export const paymentTermDays = (terms: string): number => PAYMENT_TERM_DAYS[terms] ?? DEFAULT_PAYMENT_TERM_DAYS;

/** An invoice's statuses before it is paid, least advanced first. */
export const OPEN_INVOICE_STATUSES = ['waiting_for_approval', 'invoice_validated', 'payment_in_progress'] as const;
export type OpenInvoiceStatus = (typeof OPEN_INVOICE_STATUSES)[number];

/**
 * The day a payment of open invoices is expected around (decision 092), from where they stand and their due day:
 * the due day while it is ahead; past it, today when validated or in payment (any day now), and none while an
 * invoice still waits for approval.
 */
export function expectedPaymentDate(status: OpenInvoiceStatus, dueDate: string, today: string): string | null {
  if (dueDate >= today) return dueDate;
  return status === 'waiting_for_approval' ? null : today;
}

/**
 * GET /billing-request/next-payment: when the partner's next payment is expected and roughly how much, in minor
 * units; days are yyyy-MM-dd on the partner's time-zone offset.
 */
export const NextPaymentSchema = z.object({
  paymentTerms: z.string(),
  /** Minor units of the payment currency; null: none. */
  paymentThreshold: z.number().int().nullable(),
  paymentCurrency: z.string(),
  /**
   * The next payment: the invoices not paid yet that fall due first (invoice day plus the terms), or, when every
   * invoice is paid, this month's earnings that are over the threshold (billed at the month's end). Null: nothing is
   * due.
   */
  next: z
    .object({
      source: z.enum(['invoices', 'this_month']),
      /**
       * Where the invoices stand (decision 092), the least advanced of them; null for this month's earnings. An
       * invoice is paid only once validated: one still waiting for approval has no payment date past its due day.
       */
      invoiceStatus: z.enum(OPEN_INVOICE_STATUSES).nullable(),
      /**
       * The day it is expected around (decision 092): the due day; past it, today for a validated invoice or one in
       * payment; null for an invoice still waiting for approval past its due day (no day can be promised).
       */
      date: z.string().nullable(),
      /** The day it falls due, invoice day plus the payment terms (the expected day of this month's earnings). */
      dueDate: z.string(),
      overdue: z.boolean(),
      /** VAT included, one entry per currency (sorted by code): a request is billed in one currency. */
      amounts: z.array(z.object({ currency: z.string(), amount: z.number().int() })),
      /** The invoices it pays (none for this month's earnings). */
      references: z.array(z.string()),
    })
    .nullable(),
  /**
   * What the partner has earned and is not billed yet, by currency: approved payouts of this month and what earlier
   * months deferred (carried over), before VAT; billed on `billingDate` (the Paris month's end: the run of its first
   * day) if over the threshold, and then paid around `expectedDate`.
   */
  thisMonth: z.array(
    z.object({
      currency: z.string(),
      amount: z.number().int(),
      /** The carried-over part: what deferred requests left unbilled. */
      carriedOver: z.number().int(),
      overThreshold: z.boolean(),
      billingDate: z.string(),
      expectedDate: z.string(),
    }),
  ),
  /** Payments held after a change of the bank details (decision 072); null: none. Optional for older answers. */
  payoutHold: PayoutHoldSchema.nullable().optional(),
});
export type NextPayment = z.infer<typeof NextPaymentSchema>;

// ------------------------------------------------------------------ the billing run (decision 027)

/** VAT the network charges, by the partner's country; reverse charge (0) elsewhere. The network is in France. */
export const VAT_RATE_PERCENT_BY_COUNTRY: Readonly<Record<string, number>> = { FR: 20 };

/**
 * VAT in minor units on an amount that excludes it, rounded half away from zero: a correction of −x carries exactly
 * minus the VAT x carried (decision 070). `0 − …`, not `−…`: a zero VAT stays 0, never −0.
 */
export const vatOn = (excluding: number, percent: number): number =>
  excluding < 0 ? 0 - vatOn(-excluding, percent) : Math.floor((excluding * percent + 50) / 100);

/**
 * The VAT rate an issued billing request was taxed at, read back from its totals (decision 070): of the rates the
 * network charges (0 and VAT_RATE_PERCENT_BY_COUNTRY's), the one whose VAT on the amount before VAT is nearest its VAT.
 */
export function vatRateOfTotals(totalAmount: number, totalVatAmount: number): number {
  const excluding = totalAmount - totalVatAmount;
  const rates = [...new Set([0, ...Object.values(VAT_RATE_PERCENT_BY_COUNTRY)])].sort((a, b) => a - b);
  let best = 0;
  for (const rate of rates)
    if (Math.abs(excluding * rate - totalVatAmount * 100) < Math.abs(excluding * best - totalVatAmount * 100))
      best = rate;
  return best;
}

export const billingMonthParam = z.string({ error: 'type' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'pattern' });

/**
 * POST /staff/billing-runs: bill by each partner's payment terms (decision 070), either the periods that end in one
 * Paris month (`month`, yyyy-MM, over) or every period over by the end of a Paris day not billed yet (`until`,
 * yyyy-MM-dd, over): what the daily job runs.
 */
export const BillingRunBodySchema = z
  .strictObject({
    month: billingMonthParam.optional(),
    until: isoDateParam,
  })
  .superRefine((value, ctx) => {
    if (value.month === undefined && value.until === undefined)
      ctx.addIssue({ code: 'custom', path: ['month'], message: 'required' });
    if (value.month !== undefined && value.until !== undefined)
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'type' });
  });
export type BillingRunBody = z.infer<typeof BillingRunBodySchema>;

/** One billing request a run created: invoiced, or deferred below the partner's payment threshold. */
export const BillingRunRequestSchema = z.object({
  billingRequestId: z.number().int(),
  partnerId: z.number().int(),
  /** The partner's display name ('Company #id'). */
  partnerName: z.string(),
  currency: z.string(),
  /** Minor units, VAT included. */
  totalAmount: z.number().int(),
  totalVatAmount: z.number().int(),
  conversions: z.number().int(),
  deferred: z.boolean(),
  /** The invoice reference; null when deferred. */
  invoice: z.string().nullable(),
  /** The period billed (Paris days) by the partner's payment terms. */
  period: z.object({ kind: z.enum(BILLING_PERIOD_KINDS), startDate: z.string(), endDate: z.string() }),
  /** Corrections of earlier invoices carried: how many, and their sum before VAT (in the totals). */
  adjustments: z.number().int(),
  adjustmentsAmount: z.number().int(),
  /** The due day; null when deferred. */
  dueOn: z.string().nullable(),
});
export type BillingRunRequest = z.infer<typeof BillingRunRequestSchema>;

export const BillingRunResultSchema = envelope(
  z.object({
    /** The month asked for, or the last day (`until`) asked for. */
    month: z.string().optional(),
    until: z.string().optional(),
    created: z.array(BillingRunRequestSchema),
    /** Partner and currency pairs the month was already billed for (an earlier or concurrent run). */
    alreadyBilled: z.array(z.object({ partnerId: z.number().int(), currency: z.string() })),
  }),
);
/** What a billing run answers: the requests it created and the pairs already billed. */
export type BillingRunResult = z.infer<typeof BillingRunResultSchema>['data'];

/** The Paris month (yyyy-MM) `back` months before the one under way at `now`: billing months turn at Paris midnight. */
export function billingMonth(now: Date, back = 0): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: BILLING_TIMEZONE,
    year: 'numeric',
    month: '2-digit',
  })
    .format(now)
    .split('-')
    .map(Number) as [number, number];
  const index = year * 12 + (month - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** A billing month (yyyy-MM) in words: 'October 2026'. */
export const billingMonthLabel = (month: string): string =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

// ------------------------------------------------------------------ invoices for finance (staff)

/** What GET /staff/invoices sorts on: the invoice day (default, newest first), the due day, the amount. */
export const STAFF_INVOICE_SORTS = ['date', 'dueDate', 'totalAmount'] as const;

/**
 * GET /staff/invoices: every invoice within the reader's billing reach (admins and finance all, an account manager its
 * own partners'), filtered on statuses and a partner, paged; the Invoices screen where finance moves them to paid.
 */
export const ListStaffInvoicesQuerySchema = z.strictObject({
  ...pageQueryShape,
  sort: z.enum(STAFF_INVOICE_SORTS, { error: 'type' }).default('date'),
  order: z.enum(['asc', 'desc'], { error: 'type' }).default('desc'),
  status: invoiceStatusFilter,
  partnerId: z.coerce.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'min' }).optional(),
  /** true: only invoices held after a change of the partner's bank details (decision 072); false: only the others. */
  held: z.preprocess(emptyAsUnset, booleanParam.optional()),
  /** The payment currency (ISO 4217). */
  currency: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^[A-Z]{3}$/, { error: 'pattern' })
      .optional(),
  ),
  /** Due on or before this Paris day. */
  dueBefore: isoDateParam,
  /** The partner's payment method. */
  paymentMethod: z.preprocess(emptyAsUnset, z.enum(PAYMENT_METHODS, { error: 'type' }).optional()),
  /**
   * true: invoices a SEPA batch can pay now (EUR, wire, valid IBAN in a SEPA country, not held); false: the others,
   * to pay by hand (as the to-pay-by-hand CSV lists them, held ones with their day).
   */
  sepa: z.preprocess(emptyAsUnset, booleanParam.optional()),
});
export type ListStaffInvoicesQuery = z.infer<typeof ListStaffInvoicesQuerySchema>;
export type ListStaffInvoicesQueryInput = z.input<typeof ListStaffInvoicesQuerySchema>;

/** An invoice as finance works it: amounts in minor units of its payment currency, days yyyy-MM-dd in Paris time. */
export const StaffInvoiceSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: z.enum(INVOICE_STATUSES),
  partner: z.object({ id: z.number().int(), name: z.string() }),
  /** The billed period's first and last days. */
  period: z.object({ startDate: z.string(), endDate: z.string() }),
  /** The invoice's day. */
  date: z.string(),
  /** The due day the run recorded by the payment terms (decision 070); for older invoices, the invoice day plus the terms. */
  dueDate: z.string(),
  paymentTerms: z.string(),
  /** VAT included; the amount before VAT is totalAmount − totalVatAmount. */
  totalAmount: z.number().int(),
  totalVatAmount: z.number().int(),
  paymentCurrency: z.string(),
  /** The day it was marked paid; null while it is not. */
  paidOn: z.string().nullable(),
  file: z.object({ id: z.number().int(), filename: z.string() }).nullable(),
  /** The staff member whose billing run created it, who may not validate it (decision 064); null: no person. */
  createdById: z.number().int().nullable(),
  /** Unpaid and held after its partner's bank details changed: no payment starts before then (ISO; decision 072). */
  heldUntil: z.string().nullable(),
  /** The partner's payment method ('wire'). */
  paymentMethod: z.string(),
  /**
   * Why a SEPA batch cannot pay it whatever its status (decision 073): 'not_eur', 'not_wire', 'no_iban', 'invalid_iban',
   * 'not_sepa_country'; null when it can (once validated and unheld).
   */
  sepaRefusal: z.enum(['not_eur', 'not_wire', 'no_iban', 'invalid_iban', 'not_sepa_country']).nullable(),
  /** The open payment batch it is in (draft or approved); null: none. */
  batch: z.object({ id: z.number().int(), reference: z.string(), status: z.string() }).nullable(),
  /** The last time a bank returned its payment (ISO) and why; null: never. */
  returnedAt: z.string().nullable(),
  returnReason: z.string().nullable(),
});
export type StaffInvoice = z.infer<typeof StaffInvoiceSchema>;
export const StaffInvoiceListSchema = listOf(StaffInvoiceSchema);

// ------------------------------------------------------------------ endpoints

/** Billing requests and invoices: the partner reads its own; staff move invoices; an admin runs the month's billing. */
export const billingEndpoints = {
  billingRequests: defineEndpoint({
    method: 'GET',
    path: '/billing-request',
    tags: ['billing'],
    // A reporting API key reads the partner's payments too (decision 076).
    auth: 'session+key',
    summary: 'The partner’s billing requests with their invoices, paged and filtered (Payments screen)',
    query: ListBillingRequestsQuerySchema,
    response: BillingRequestListSchema,
  }),
  nextPayment: defineEndpoint({
    method: 'GET',
    path: '/billing-request/next-payment',
    tags: ['billing'],
    // A reporting API key reads the partner's payments too (decision 076).
    auth: 'session+key',
    summary: 'When the partner’s next payment is expected and roughly how much, and this month’s earnings so far',
    response: envelope(NextPaymentSchema),
  }),
  staffInvoices: defineEndpoint({
    method: 'GET',
    path: '/staff/invoices',
    tags: ['staff'],
    summary: 'Invoices within the reader’s billing reach, by status and partner, paged (the Invoices screen)',
    query: ListStaffInvoicesQuerySchema,
    response: StaffInvoiceListSchema,
  }),
  setInvoiceStatus: defineEndpoint({
    method: 'PUT',
    path: '/staff/invoices/:id',
    tags: ['staff'],
    summary:
      'Move an invoice along its transitions (finance and admins; never validated by the staff member whose run created it): the partner is notified',
    params: IdParamsSchema,
    body: InvoiceStatusBodySchema,
    response: InvoiceDetailSchema,
  }),
  bulkInvoiceStatus: defineEndpoint({
    method: 'POST',
    path: '/staff/invoices/bulk-status',
    tags: ['staff'],
    summary:
      'Move several invoices along the same transition at once, all or nothing (finance and admins): each partner is notified',
    description:
      'Every invoice must make the move (the transition table, the four eyes of validation, the bank-details hold, one reason for a bank return); otherwise 409 or 403 naming the first invoice refused, and nothing is written. Answers the moved invoices with the count and totals per currency (minor units, VAT included).',
    body: BulkInvoiceStatusBodySchema,
    response: envelope(BulkInvoiceStatusResultSchema),
  }),
  runBilling: defineEndpoint({
    method: 'POST',
    path: '/staff/billing-runs',
    tags: ['staff'],
    summary:
      'Bill by payment terms (admin): each partner’s periods ending in a Paris month that is over, or every period over by a Paris day; a billing request per partner, period and currency, invoiced or deferred, carrying corrections of earlier invoices; repeatable',
    body: BillingRunBodySchema,
    response: BillingRunResultSchema,
  }),
};
