/** Clicks and conversions (decisions 015, 016, 022, 054). */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { billingRequests } from './billing.js';

/** The clicks' ids: a sequence of its own, as PostgreSQL before 17 has no identity column on a partitioned table. */
export const clicksIdSeq = pgSequence('clicks_id_seq');

/**
 * One redirect through GET /click, written in batches by the click buffer (decision 015). Partitioned by month of
 * `created_at` (decision 054; migration 0020 is hand-written: `pgTable` cannot say PARTITION BY), so its keys include
 * `created_at`, which the click id's time prefix gives back.
 */
export const clicks = pgTable(
  'clicks',
  {
    id: bigint({ mode: 'number' })
      .notNull()
      .default(sql`nextval('clicks_id_seq')`),
    /** Time-prefixed random id (base64url), handed to the advertiser through the {click_id} macro. */
    clickId: varchar({ length: 64 }).notNull(),
    offerId: integer().notNull(),
    partnerId: integer().notNull(),
    subid: text(),
    tc1: text(),
    tc2: text(),
    tc3: text(),
    tc4: text(),
    ip: text(),
    /** The visitor's country from its address (decision 044), ISO 3166-1 alpha-2; null when it cannot be placed. */
    country: varchar({ length: 2 }),
    userAgent: text(),
    referrer: text(),
    /** The traffic rules that flagged it (decision 083), comma-separated; null: none. */
    flags: text(),
    /** The offer landing page it was sent to (`lp`, decision 050; kept since decision 117); null: the offer's own URL. */
    landingPageId: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.createdAt] }),
    unique('clicks_click_id_created_at_unique').on(t.clickId, t.createdAt),
    // The click report: one partner's page, newest first, optionally for one offer.
    index('clicks_partner_created_idx').on(t.partnerId, t.createdAt.desc(), t.id.desc()),
    index('clicks_partner_offer_created_idx').on(t.partnerId, t.offerId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * Every postback an advertiser sent with a valid token, approved, pending or rejected (with a reason), so that
 * integration problems stay visible. Only approved rows count as revenue (decision 016).
 */
export const conversions = pgTable(
  'conversions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clickId: varchar({ length: 64 }),
    /** The advertiser whose token signed the postback: the scope of transaction ids. */
    advertiserId: integer().notNull(),
    /** 'tx:' + transaction id, or 'cg:' + click id + goal without one; unique per advertiser. */
    dedupeKey: text().notNull(),
    /** Null only for a postback whose click is unknown (rejected, reason unknown_click). */
    offerId: integer(),
    partnerId: integer(),
    goalId: integer(),
    /** The goal identifier as the advertiser sent it. */
    goal: varchar({ length: 64 }).notNull(),
    transactionId: text(),
    /** Sale amount reported by the advertiser, minor units. */
    amount: bigint({ mode: 'number' }),
    /** What the partner earns, minor units. */
    payout: bigint({ mode: 'number' }).notNull().default(0),
    /** What the advertiser owes the network for it (decision 044), minor units; 0 when rejected. Never shown to partners. */
    revenue: bigint({ mode: 'number' }).notNull().default(0),
    currency: varchar({ length: 3 }).notNull().default('EUR'),
    status: varchar({ length: 16 }).notNull().default('approved'),
    reason: varchar({ length: 32 }),
    subid: text(),
    tc1: text(),
    tc2: text(),
    tc3: text(),
    tc4: text(),
    /** The click's country (decision 044): the conversion's rollup row is the click's. */
    country: varchar({ length: 2 }),
    /** The click's landing page (decision 117), as its rollup rows are keyed; null: the offer's own URL. */
    landingPageId: integer(),
    clickedAt: timestamp({ withTimezone: true }),
    /** The billing request that paid this approved conversion; null until a billing run bills it (decision 027). */
    billingRequestId: integer().references((): AnyPgColumn => billingRequests.id, { onDelete: 'set null' }),
    /** The advertiser invoice that billed its revenue (decision 073); null until an advertiser invoice run does. */
    advertiserInvoiceId: integer(),
    /** The channel: 'postback' (server to server), 'tag', 'image' or 'iframe' (decision 085), or 'manual' (staff, decision 069). */
    source: varchar({ length: 16 }).notNull().default('postback'),
    /** A reversal's code (CONVERSION_REVERSAL_REASONS) when `reason` is 'reversed' (decision 069). */
    reversalReason: varchar({ length: 32 }),
    /** Why staff declined it on review (CONVERSION_DECLINE_REASONS) when `reason` is 'declined' (decision 079). */
    declineReason: varchar({ length: 32 }),
    /** The note of the latest change after the fact or of a decline on review (decision 079), shown to the partner. */
    note: text(),
    /** The payout before the first adjustment; null while it was never adjusted. */
    originalPayout: bigint({ mode: 'number' }),
    /** When it was last changed after the fact (reversed, adjusted, approved or added by hand); null otherwise. */
    changedAt: timestamp({ withTimezone: true }),
    /**
     * The conversion rules that matched with `flag` or `refuse` (decision 101), comma-separated; null: none. Kept after
     * a review, so that "held, then approved" can be counted.
     */
    signals: text(),
    /** The visitor's address at conversion: the postback's `ip`, else the click's (the per-address rule counts it). */
    visitorIp: text(),
    /** The visitor's country at conversion: the postback's `country`, or its `ip` placed; null when unknown. */
    conversionCountry: varchar({ length: 2 }),
    /** What the conversion rules measured (staff only): seconds to convert, rates, counts. */
    evidence: jsonb(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The per-address conversion rule (decision 101): one offer's conversions from one address over a day.
    index('conversions_offer_visitor_ip_idx')
      .on(t.offerId, t.visitorIp, t.createdAt)
      .where(sql`visitor_ip is not null`),
    // What a billing run reads: a partner's approved conversions not billed yet.
    index('conversions_unbilled_idx')
      .on(t.partnerId, t.currency, t.createdAt)
      .where(sql`status = 'approved' and billing_request_id is null`),
    // What an advertiser invoice run reads: an advertiser's approved conversions not invoiced yet (decision 073).
    index('conversions_advertiser_uninvoiced_idx')
      .on(t.advertiserId, t.currency, t.createdAt)
      .where(sql`status = 'approved' and advertiser_invoice_id is null`),
    index('conversions_advertiser_invoice_idx')
      .on(t.advertiserInvoiceId)
      .where(sql`advertiser_invoice_id is not null`),
    // A request's conversions (and the foreign key's checks); null, the usual case, is left out.
    index('conversions_billing_request_idx')
      .on(t.billingRequestId)
      .where(sql`billing_request_id is not null`),
    uniqueIndex('conversions_advertiser_dedupe_idx').on(t.advertiserId, t.dedupeKey),
    // One counted (approved or pending) conversion per click and goal; later ones are rejected as duplicates.
    uniqueIndex('conversions_click_goal_counted_idx')
      .on(t.clickId, t.goalId)
      .where(sql`status <> 'rejected'`),
    // The staff search (decision 069): a transaction or click id exactly, and the newest of a status network-wide.
    index('conversions_transaction_id_idx')
      .on(t.transactionId)
      .where(sql`transaction_id is not null`),
    index('conversions_click_id_idx').on(t.clickId),
    index('conversions_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('conversions_partner_created_idx').on(t.partnerId, t.createdAt.desc(), t.id.desc()),
    index('conversions_partner_offer_created_idx').on(t.partnerId, t.offerId, t.createdAt.desc(), t.id.desc()),
  ],
);
