import { z } from 'zod';
import { IdParamsSchema, envelope, listOf, pageQueryShape } from './api.js';
import { billingMonthParam } from './billing.js';
import { BILLING_PERIOD_KINDS } from './billing-periods.js';
import { defineEndpoint } from './endpoint.js';
import { booleanParam, emptyAsUnset } from './offers.js';

/**
 * What advertisers owe (decision 073): per advertiser and currency, for each period of its billing terms (a Paris
 * month by default, net 30), the approved revenue of the period's conversions plus the revenue deltas of ledger lines
 * on conversions invoiced earlier, as an advertiser invoice numbered ADV-yyyy-nnnnn without gaps. Never edited: a
 * cancellation issues a credit note from the same series.
 */

export const ADVERTISER_INVOICE_STATUSES = ['issued', 'paid', 'cancelled'] as const;
export type AdvertiserInvoiceStatus = (typeof ADVERTISER_INVOICE_STATUSES)[number];
export const ADVERTISER_INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type AdvertiserInvoiceKind = (typeof ADVERTISER_INVOICE_KINDS)[number];

/**
 * The VAT an advertiser invoice charges (the network is in France): `domestic` French VAT for a French advertiser,
 * `reverse_charge` (0 %, "Autoliquidation" said on the invoice) for an EU business with a VAT number, `outside_eu`
 * (0 %, outside the scope of French VAT) for an advertiser outside the EU; an EU advertiser without a VAT number is
 * charged French VAT as a consumer would be (`domestic`).
 */
export const ADVERTISER_VAT_TREATMENTS = ['domestic', 'reverse_charge', 'outside_eu'] as const;
export type AdvertiserVatTreatment = (typeof ADVERTISER_VAT_TREATMENTS)[number];

/** The EU member states (ISO 3166 alpha-2) for the VAT treatment. */
export const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;

/** French VAT, the network's. */
export const FRENCH_VAT_PERCENT = 20;

/** The VAT treatment and rate of an advertiser invoice, by the advertiser's country and VAT number. */
export function advertiserVatOf(
  country: string | null,
  vatNumber: string | null,
): { treatment: AdvertiserVatTreatment; ratePercent: number } {
  const code = country?.toUpperCase() ?? null;
  if (code && code !== 'FR' && !(EU_COUNTRIES as readonly string[]).includes(code))
    return { treatment: 'outside_eu', ratePercent: 0 };
  if (code && code !== 'FR' && vatNumber?.trim()) return { treatment: 'reverse_charge', ratePercent: 0 };
  return { treatment: 'domestic', ratePercent: FRENCH_VAT_PERCENT };
}

/** What each treatment says on the invoice. */
export const ADVERTISER_VAT_MENTIONS: Record<AdvertiserVatTreatment, string | null> = {
  domestic: null,
  reverse_charge: 'Reverse charge: VAT to be accounted for by the customer (Article 196, Directive 2006/112/EC).',
  outside_eu: 'VAT not applicable: service supplied outside the EU (Article 259-1 of the French tax code).',
};

/** Overdue buckets of "Advertisers owe", in days past the due day. */
export const AGEING_BUCKETS = ['current', 'days_1_30', 'days_31_60', 'days_over_60'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];
export const AGEING_BUCKET_LABELS: Record<AgeingBucket, string> = {
  current: 'Current',
  days_1_30: '1–30 days overdue',
  days_31_60: '31–60 days overdue',
  days_over_60: '60+ days overdue',
};
/** The bucket of an unpaid invoice due on `dueOn` seen on `today` (yyyy-MM-dd, Paris). */
export function ageingBucketOf(dueOn: string, today: string): AgeingBucket {
  const days = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueOn}T00:00:00Z`)) / 86_400_000);
  if (days <= 0) return 'current';
  if (days <= 30) return 'days_1_30';
  if (days <= 60) return 'days_31_60';
  return 'days_over_60';
}

export const AdvertiserInvoiceSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  kind: z.enum(ADVERTISER_INVOICE_KINDS),
  status: z.enum(ADVERTISER_INVOICE_STATUSES),
  advertiser: z.object({ id: z.number().int(), name: z.string() }),
  currency: z.string(),
  periodKind: z.enum(BILLING_PERIOD_KINDS),
  /** The billed period's first and last Paris days. */
  period: z.object({ startDate: z.string(), endDate: z.string() }),
  issuedOn: z.string(),
  dueOn: z.string(),
  billingTerms: z.string(),
  conversionCount: z.number().int(),
  /** Minor units, before VAT: the period's approved revenue, the ledger lines carried, their sum. */
  conversionsAmount: z.number().int(),
  adjustmentsAmount: z.number().int(),
  netAmount: z.number().int(),
  vatTreatment: z.enum(ADVERTISER_VAT_TREATMENTS),
  vatRatePercent: z.number().int(),
  vatAmount: z.number().int(),
  /** VAT included. */
  totalAmount: z.number().int(),
  paidOn: z.string().nullable(),
  /** Unpaid and past its due day: days overdue today (Paris); 0 otherwise. */
  daysOverdue: z.number().int(),
  /** A credit note's invoice, an invoice's credit note (their references). */
  creditNoteFor: z.string().nullable(),
  creditNote: z.string().nullable(),
  cancelReason: z.string().nullable(),
  file: z.object({ id: z.number().int(), filename: z.string() }).nullable(),
  createdAt: z.string(),
});
export type AdvertiserInvoice = z.infer<typeof AdvertiserInvoiceSchema>;

export const ListAdvertiserInvoicesQuerySchema = z.strictObject({
  ...pageQueryShape,
  /** The month (yyyy-MM, Paris) the billed period ends in. */
  month: z.preprocess(emptyAsUnset, billingMonthParam.optional()),
  advertiserId: z.preprocess(
    emptyAsUnset,
    z.coerce.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'min' }).optional(),
  ),
  status: z.preprocess(emptyAsUnset, z.enum(ADVERTISER_INVOICE_STATUSES, { error: 'type' }).optional()),
  currency: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^[A-Z]{3}$/, { error: 'pattern' })
      .optional(),
  ),
  /** true: unpaid invoices past their due day only. */
  overdue: z.preprocess(emptyAsUnset, booleanParam.optional()),
});
export type ListAdvertiserInvoicesQuery = z.infer<typeof ListAdvertiserInvoicesQuerySchema>;

/** POST /staff/advertiser-invoice-runs: invoice every advertiser period that ends in a Paris month that is over. */
export const AdvertiserInvoiceRunBodySchema = z.strictObject({
  month: billingMonthParam,
});
export type AdvertiserInvoiceRunBody = z.infer<typeof AdvertiserInvoiceRunBodySchema>;

export const AdvertiserInvoiceRunResultSchema = z.object({
  month: z.string(),
  /** Invoices this run issued; a repeated run issues none. */
  issued: z.array(AdvertiserInvoiceSchema),
  /** Advertisers and currencies with nothing to invoice in a period (no revenue, no lines). */
  skipped: z.number().int(),
});
export type AdvertiserInvoiceRunResult = z.infer<typeof AdvertiserInvoiceRunResultSchema>;

const requiredDay = z
  .string({ error: 'required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'pattern' })
  .refine(
    (day) => {
      const ms = Date.parse(`${day}T00:00:00Z`);
      return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === day;
    },
    { error: 'pattern' },
  );

/** PUT /staff/advertiser-invoices/{id}: paid on a day, or cancelled by a credit note (with a reason). */
export const AdvertiserInvoiceUpdateSchema = z.discriminatedUnion(
  'status',
  [
    z.strictObject({ status: z.literal('paid'), paidOn: requiredDay }),
    z.strictObject({
      status: z.literal('cancelled'),
      reason: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(1000, { error: 'maxLength' }),
    }),
  ],
  { error: 'type' },
);
export type AdvertiserInvoiceUpdate = z.infer<typeof AdvertiserInvoiceUpdateSchema>;

/** "Advertisers owe": unpaid invoices (credit notes netted) per advertiser and currency, by ageing bucket. */
export const AdvertiserOwedRowSchema = z.object({
  advertiser: z.object({ id: z.number().int(), name: z.string() }),
  currency: z.string(),
  /** Minor units, VAT included, per bucket and in all. */
  buckets: z.record(z.enum(AGEING_BUCKETS), z.number().int()),
  total: z.number().int(),
  invoices: z.number().int(),
  /** The oldest unpaid due day. */
  oldestDueOn: z.string().nullable(),
});
export type AdvertiserOwedRow = z.infer<typeof AdvertiserOwedRowSchema>;

export const AdvertisersOweSchema = z.object({
  /** Today in Paris, the ageing's reference. */
  asOf: z.string(),
  rows: z.array(AdvertiserOwedRowSchema),
  /** Per currency, every advertiser. */
  totals: z.array(
    z.object({
      currency: z.string(),
      buckets: z.record(z.enum(AGEING_BUCKETS), z.number().int()),
      total: z.number().int(),
    }),
  ),
  /** Approved revenue not invoiced yet (periods not over, or not run), per currency: what will be invoiced. */
  notYetInvoiced: z.array(z.object({ currency: z.string(), amount: z.number().int() })),
});
export type AdvertisersOwe = z.infer<typeof AdvertisersOweSchema>;

const SCOPE = 'Admins and finance only (403 otherwise). Money in integer minor units.';

export const advertiserInvoicesEndpoints = {
  run: defineEndpoint({
    method: 'POST',
    path: '/staff/advertiser-invoice-runs',
    tags: ['staff'],
    summary: 'Issue the advertiser invoices of every period ending in a Paris month that is over (repeatable)',
    description: `Idempotent: a period already invoiced is skipped. The daily job runs it too once a period is over. ${SCOPE}`,
    body: AdvertiserInvoiceRunBodySchema,
    response: envelope(AdvertiserInvoiceRunResultSchema),
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/staff/advertiser-invoices',
    tags: ['staff'],
    summary: 'Advertiser invoices and credit notes, newest first',
    description: SCOPE,
    query: ListAdvertiserInvoicesQuerySchema,
    response: listOf(AdvertiserInvoiceSchema),
  }),
  exportCsv: defineEndpoint({
    method: 'GET',
    path: '/staff/advertiser-invoices/export',
    tags: ['staff'],
    summary: 'Advertiser invoices and credit notes as CSV (the list’s filters, every page)',
    description: `text/csv, amounts in major units with a dot. ${SCOPE}`,
    query: ListAdvertiserInvoicesQuerySchema.omit({ page: true, count: true }),
    response: z.any().describe('text/csv'),
    produces: ['text/csv'],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/staff/advertiser-invoices/:id',
    tags: ['staff'],
    summary: 'One advertiser invoice or credit note',
    description: SCOPE,
    params: IdParamsSchema,
    response: envelope(AdvertiserInvoiceSchema),
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/staff/advertiser-invoices/:id',
    tags: ['staff'],
    summary: 'Mark an advertiser invoice paid on a day, or cancel it with a credit note (never deleted, never edited)',
    description: `\`paid\` with \`paidOn\` (not before its issue day, not in the future); \`cancelled\` with a reason issues a credit note for its whole amount from the same series and frees its conversions and lines for the next run. 409 on a paid, cancelled or credit note. ${SCOPE}`,
    params: IdParamsSchema,
    body: AdvertiserInvoiceUpdateSchema,
    response: envelope(AdvertiserInvoiceSchema),
  }),
  owe: defineEndpoint({
    method: 'GET',
    path: '/staff/advertisers-owe',
    tags: ['staff'],
    summary: 'What advertisers owe: unpaid invoices per advertiser and currency by ageing bucket, with totals',
    description: SCOPE,
    response: envelope(AdvertisersOweSchema),
  }),
};
