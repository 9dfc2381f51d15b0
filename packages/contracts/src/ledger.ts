import { z } from 'zod';
import { envelope } from './api.js';
import { billingMonthParam } from './billing.js';
import { defineEndpoint } from './endpoint.js';

/**
 * The books of a Paris month (decision 073), per currency, in integer minor units before VAT unless said: what
 * advertisers were invoiced and paid, what partners were invoiced and paid, the ledger lines, and the margin.
 */
export const LedgerSummaryQuerySchema = z.strictObject({ month: billingMonthParam });

const Side = z.object({
  /** Invoices issued in the month (by issue day), before VAT; advertisers: credit notes netted. */
  invoiced: z.number().int(),
  vat: z.number().int(),
  /** Of those, VAT included: paid, and still unpaid today. */
  paid: z.number().int(),
  unpaid: z.number().int(),
  invoices: z.number().int(),
});

export const LedgerCurrencySchema = z.object({
  currency: z.string(),
  advertisers: Side,
  partners: Side,
  /** Ledger lines made in the month (reversals, adjustments, approvals, additions): Σ payout and revenue deltas. */
  adjustments: z.object({ lines: z.number().int(), payoutDelta: z.number().int(), revenueDelta: z.number().int() }),
  /** Approved conversions of the month (Paris): revenue, payout, and the margin between them. */
  approved: z.object({ revenue: z.number().int(), payout: z.number().int(), margin: z.number().int() }),
  /** Advertisers invoiced − partners invoiced, before VAT. */
  invoicedMargin: z.number().int(),
});
export type LedgerCurrency = z.infer<typeof LedgerCurrencySchema>;

export const LedgerSummarySchema = z.object({
  month: z.string(),
  currencies: z.array(LedgerCurrencySchema),
});
export type LedgerSummary = z.infer<typeof LedgerSummarySchema>;

export const ledgerEndpoints = {
  summary: defineEndpoint({
    method: 'GET',
    path: '/staff/ledger/summary',
    tags: ['staff'],
    summary:
      'The books of a Paris month per currency: advertisers and partners invoiced, paid, unpaid, adjustments, margin',
    description: 'Admins and finance only (403 otherwise). Integer minor units.',
    query: LedgerSummaryQuerySchema,
    response: envelope(LedgerSummarySchema),
  }),
};
