/**
 * Money out and money in (decision 073): SEPA payment batches that pay partners' invoices with four eyes, and the
 * advertisers' invoices with their own gap-free numbering series.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { advertisers } from './advertisers.js';
import { invoices } from './billing.js';
import { createdAt, id, updatedAt } from './columns.js';
import { files } from './files-and-news.js';
import { users } from './users.js';

/**
 * A SEPA credit transfer batch (pain.001.001.09): `draft` until a second admin or finance user approves it, then
 * `approved` (its invoices in payment, its file downloadable), then `paid`; `cancelled` before its file was
 * downloaded. The XML is written and validated against the EPC's XSD when the batch is built, and kept as built.
 */
export const paymentBatches = pgTable(
  'payment_batches',
  {
    id: id(),
    /** 'PAY-yyyy-nnnnn' from the `payment_batch` series: the message id of the file and its payment information id. */
    reference: text().notNull().unique(),
    /** PAYMENT_BATCH_STATUSES: 'draft' | 'approved' | 'paid' | 'cancelled'. */
    status: varchar({ length: 16 }).notNull().default('draft'),
    currency: varchar({ length: 3 }).notNull().default('EUR'),
    /** Transactions in the file and their control sum, minor units (VAT included). */
    transactionCount: integer().notNull(),
    totalAmount: bigint({ mode: 'number' }).notNull(),
    /** The execution day requested from the bank (yyyy-MM-dd, Paris). */
    requestedExecutionDate: date({ mode: 'string' }).notNull(),
    /** The debtor as configured when it was built (NETWORK_NAME, NETWORK_IBAN, NETWORK_BIC). */
    debtorName: text().notNull(),
    debtorIban: varchar({ length: 34 }).notNull(),
    debtorBic: varchar({ length: 11 }),
    /** The pain.001.001.09 document, valid against the XSD when stored. */
    xml: text().notNull(),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    approvedById: integer().references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp({ withTimezone: true }),
    /** The first download of the file: a downloaded batch can no longer be cancelled. */
    downloadedById: integer().references(() => users.id, { onDelete: 'set null' }),
    downloadedAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.status, t.createdAt)],
);

/**
 * An invoice in a batch: one transaction of the file. `open` while the batch is draft or approved and the invoice was
 * not returned by the bank; an invoice is in at most one open batch (the partial unique index, also under
 * concurrency).
 */
export const paymentBatchInvoices = pgTable(
  'payment_batch_invoices',
  {
    batchId: integer()
      .notNull()
      .references(() => paymentBatches.id, { onDelete: 'cascade' }),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** What the transaction pays, minor units (the invoice's amount with VAT when the batch was built). */
    amount: bigint({ mode: 'number' }).notNull(),
    /** The creditor as written in the file (transliterated to the EPC character set). */
    creditorName: text().notNull(),
    creditorIban: varchar({ length: 34 }).notNull(),
    creditorBic: varchar({ length: 11 }),
    open: boolean().notNull().default(true),
    /** Set when the bank returned this payment (the invoice went back to validated). */
    returnedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.invoiceId] }),
    uniqueIndex('payment_batch_invoices_one_open_idx')
      .on(t.invoiceId)
      .where(sql`open`),
  ],
);

/**
 * An invoice the network sends an advertiser for a billing period and currency (decision 073), or a credit note that
 * cancels one (`kind` 'credit_note', negative amounts, `creditNoteForId`). Never edited once issued but for its
 * status and paid day; numbered 'ADV-yyyy-nnnnn' from the `advertiser_invoice` series, gap-free.
 */
export const advertiserInvoices = pgTable(
  'advertiser_invoices',
  {
    id: id(),
    reference: text().notNull().unique(),
    /** 'invoice' | 'credit_note'. */
    kind: varchar({ length: 16 }).notNull().default('invoice'),
    advertiserId: integer()
      .notNull()
      .references(() => advertisers.id),
    currency: varchar({ length: 3 }).notNull(),
    /** The billed period (Paris days, included) and its bounds as instants [start, end). */
    periodKind: varchar({ length: 16 }).notNull(),
    periodStart: timestamp({ withTimezone: true }).notNull(),
    periodEnd: timestamp({ withTimezone: true }).notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    issuedOn: date({ mode: 'string' }).notNull(),
    dueOn: date({ mode: 'string' }).notNull(),
    billingTerms: varchar({ length: 16 }).notNull(),
    /** Approved revenue of the period's conversions, minor units, before VAT. */
    conversionsAmount: bigint({ mode: 'number' }).notNull(),
    conversionCount: integer().notNull(),
    /** Σ revenue deltas of ledger lines carried (changes to conversions invoiced earlier), before VAT. */
    adjustmentsAmount: bigint({ mode: 'number' }).notNull().default(0),
    /** conversionsAmount + adjustmentsAmount. */
    netAmount: bigint({ mode: 'number' }).notNull(),
    /** ADVERTISER_VAT_TREATMENTS: 'domestic' (French VAT), 'reverse_charge' (EU business), 'outside_eu'. */
    vatTreatment: varchar({ length: 16 }).notNull(),
    vatRatePercent: integer().notNull(),
    vatAmount: bigint({ mode: 'number' }).notNull(),
    totalAmount: bigint({ mode: 'number' }).notNull(),
    /** The advertiser as invoiced (name, address lines, country, VAT number), frozen with the invoice. */
    advertiserName: text().notNull(),
    advertiserAddress: text(),
    advertiserCountry: varchar({ length: 2 }),
    advertiserVatNumber: text(),
    /** ADVERTISER_INVOICE_STATUSES: 'issued' | 'paid' | 'cancelled'; a credit note is 'issued'. */
    status: varchar({ length: 16 }).notNull().default('issued'),
    paidOn: date({ mode: 'string' }),
    cancelledAt: timestamp({ withTimezone: true }),
    /** A credit note's invoice; an invoice's credit note is found by it. */
    creditNoteForId: integer(),
    cancelReason: text(),
    fileId: integer().references(() => files.id, { onDelete: 'set null' }),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.advertiserId, t.periodStart),
    index().on(t.status, t.dueOn),
    // One live invoice per advertiser, period and currency: an idempotent run cannot invoice a period twice; a
    // cancelled one frees its period for a new invoice.
    uniqueIndex('advertiser_invoices_period_idx')
      .on(t.advertiserId, t.periodStart, t.currency)
      .where(sql`kind = 'invoice' and status <> 'cancelled'`),
  ],
);

/**
 * Gap-free numbering series (decision 073): one row per series and year, incremented in the transaction that issues
 * the number, so a rolled-back issue gives its number back and two concurrent issues wait for each other.
 */
export const numberingSeries = pgTable(
  'numbering_series',
  {
    series: varchar({ length: 32 }).notNull(),
    year: integer().notNull(),
    last: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);
