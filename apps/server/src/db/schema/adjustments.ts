/**
 * Conversions changed after the fact (decision 069): the append-only adjustments ledger and advertisers' scrub files.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { billingRequests } from './billing.js';
import { conversions } from './tracking.js';
import { users } from './users.js';

/**
 * An advertiser's scrub file (a CSV of transaction ids to reverse): parsed and previewed on upload, applied once,
 * all or nothing (decision 069).
 */
export const conversionScrubs = pgTable('conversion_scrubs', {
  id: id(),
  /** The advertiser whose transaction ids the file names (ids are unique per advertiser); null: any advertiser. */
  advertiserId: integer(),
  fileName: text().notNull(),
  /** The parsed lines: `{ line, transactionId, reason, note }[]`. */
  lines: jsonb().notNull(),
  /** What the upload answered: found, already rejected, unknown, per partner with the money at stake. */
  preview: jsonb().notNull(),
  status: varchar({ length: 16 }).notNull().default('previewed'),
  /** 'staff', or 'advertiser' for a file sent from the advertiser portal, for staff to review (decision 087). */
  source: varchar({ length: 16 }).notNull().default('staff'),
  createdById: integer().references(() => users.id, { onDelete: 'set null' }),
  appliedById: integer().references(() => users.id, { onDelete: 'set null' }),
  appliedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * One line per change of a conversion after it was recorded (a reversal, an adjustment, an approval by hand, a
 * conversion added by hand): append-only, never updated but for the billing request that carried it and the digest
 * that told the partner. Money in minor units of `currency`; deltas are of the conversion's counted (approved) payout
 * and revenue.
 */
export const conversionAdjustments = pgTable(
  'conversion_adjustments',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => conversions.id, { onDelete: 'cascade' }),
    partnerId: integer().notNull(),
    advertiserId: integer().notNull(),
    offerId: integer(),
    currency: varchar({ length: 3 }).notNull(),
    /** 'reverse' | 'adjust' | 'approve' | 'add' (CONVERSION_ADJUSTMENT_KINDS). */
    kind: varchar({ length: 16 }).notNull(),
    statusBefore: varchar({ length: 16 }),
    statusAfter: varchar({ length: 16 }).notNull(),
    payoutBefore: bigint({ mode: 'number' }).notNull().default(0),
    payoutAfter: bigint({ mode: 'number' }).notNull().default(0),
    /** Change of the approved payout: after − before when both count, −before on a reversal of an approved one. */
    payoutDelta: bigint({ mode: 'number' }).notNull(),
    revenueDelta: bigint({ mode: 'number' }).notNull(),
    /** A reversal's code (CONVERSION_REVERSAL_REASONS); null for other kinds. */
    reasonCode: varchar({ length: 32 }),
    /** The staff note or the advertiser's `reason`, shown to the partner. */
    note: text(),
    /** 'staff' | 'advertiser' (its postback) | 'scrub' (a scrub file applied by staff). */
    source: varchar({ length: 16 }).notNull(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    scrubId: integer().references(() => conversionScrubs.id, { onDelete: 'set null' }),
    /**
     * True when the conversion's earlier amount was already billed (its billing request issued an invoice): the line
     * is then carried by the partner's next billing request, never by editing the issued invoice. False when the
     * conversion itself is billed later at its new amount.
     */
    billable: boolean().notNull(),
    /** The billing request that billed the conversion before this change (cited with its invoice and VAT rate). */
    originalBillingRequestId: integer().references(() => billingRequests.id, { onDelete: 'set null' }),
    /** The billing request that carried this line; null until a billing run does (billable lines only). */
    billingRequestId: integer().references(() => billingRequests.id, { onDelete: 'set null' }),
    /**
     * The advertiser's side of `billable` (decision 073): true when the conversion's revenue was already on an advertiser
     * invoice, so the advertiser's next invoice carries `revenueDelta`; false when the conversion is invoiced later at
     * its new revenue.
     */
    advertiserBillable: boolean().notNull().default(false),
    /** The advertiser invoice that carried this line's revenue delta; null until one does. */
    advertiserInvoiceId: integer(),
    /** When the partner's daily digest told of it; null until then. */
    digestedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('conversion_adjustments_conversion_idx').on(t.conversionId, t.createdAt),
    // What a billing run reads: a partner's billable lines not carried yet.
    index('conversion_adjustments_unbilled_idx')
      .on(t.partnerId, t.currency, t.createdAt)
      .where(sql`billable and billing_request_id is null`),
    index('conversion_adjustments_billing_request_idx')
      .on(t.billingRequestId)
      .where(sql`billing_request_id is not null`),
    // What an advertiser invoice run reads: an advertiser's billable lines not carried yet.
    index('conversion_adjustments_advertiser_unbilled_idx')
      .on(t.advertiserId, t.currency, t.createdAt)
      .where(sql`advertiser_billable and advertiser_invoice_id is null`),
    // What the daily digest reads: lines no digest told yet.
    index('conversion_adjustments_undigested_idx')
      .on(t.partnerId, t.createdAt)
      .where(sql`digested_at is null`),
  ],
);
