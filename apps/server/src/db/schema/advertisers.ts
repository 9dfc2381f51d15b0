import { sql } from 'drizzle-orm';
/** Advertisers, the postbacks they sent, and their products (decision 041). */
import { boolean, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { files } from './files-and-news.js';

export const advertisers = pgTable('advertisers', {
  id: id(),
  name: text().notNull(),
  /** Per-advertiser secret for server-to-server conversion postbacks. */
  securityToken: text().notNull(),
  /** The token before the last rotation, still accepted until `previousTokenExpiresAt` (decision 041). */
  previousToken: text(),
  previousTokenExpiresAt: timestamp({ withTimezone: true }),
  /** A disabled advertiser's offers are hidden and take no new click; its postbacks for earlier clicks still count. */
  enabled: boolean().notNull().default(true),
  contactEmail: varchar({ length: 254 }),
  /** The currency it pays in (ISO 4217). */
  currency: varchar({ length: 3 }).notNull().default('EUR'),
  notes: text(),
  /**
   * How the network invoices it (decision 073): the partners' payment terms vocabulary (PAYMENT_TERMS), whose period
   * kind sets the invoiced period and whose days the due day; default monthly, net 30.
   */
  billingTerms: varchar({ length: 16 }).notNull().default('net30'),
  /** Its legal address, one line per line: printed on its invoices. */
  billingAddress: text(),
  /** Its country (ISO 3166 alpha-2) and VAT number: the VAT its invoices charge (decision 073). */
  country: varchar({ length: 2 }),
  vatNumber: varchar({ length: 32 }),
  /** Whether its advertiser users read partners' company names on their conversions (decision 100); never payouts. */
  showPartnerNames: boolean().notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Every postback an advertiser sent, as received and as judged: what staff read to debug an integration (decision 041).
 * Postbacks whose token is no advertiser's are not kept (they could be anyone's flood), except a rotated-out token.
 */
export const advertiserPostbacks = pgTable(
  'advertiser_postbacks',
  {
    id: id(),
    advertiserId: integer()
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    /** 'recorded' (a conversion row was written or found), 'invalid' (400), 'wrong_token' (an expired token), 'test'. */
    outcome: varchar({ length: 16 }).notNull(),
    /** The conversion's status when one was judged. */
    status: varchar({ length: 16 }),
    /** Why it was rejected or refused: a conversion rejection reason, or the field errors of an invalid postback. */
    reason: text(),
    conversionId: integer(),
    duplicate: boolean().notNull().default(false),
    /** The fields as sent, the token masked. */
    params: jsonb().notNull(),
    ip: varchar({ length: 64 }),
    /** How it came (decision 085): 's2s' (GET|POST /postback), 'tag' (sdk.js), 'image' (pixel.gif), 'iframe' (pixel.html). */
    channel: varchar({ length: 16 }).notNull().default('s2s'),
    /** The offer a tag or pixel named, and the page's origin it came from (Origin, or Referer's): what "Check my installation" reads. */
    offerId: integer(),
    origin: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.advertiserId, t.createdAt),
    index('advertiser_postbacks_offer_tag_idx')
      .on(t.offerId, t.createdAt)
      .where(sql`offer_id is not null`),
  ],
);

export const products = pgTable('products', {
  id: id(),
  advertiserId: integer()
    .notNull()
    .references(() => advertisers.id),
  identifier: varchar({ length: 64 }).notNull().unique(),
  type: varchar({ length: 32 }).notNull(),
  domain: text().notNull(),
  enabled: boolean().notNull().default(true),
  logoId: integer().references(() => files.id, { onDelete: 'set null' }),
  cross: boolean().notNull().default(false),
  coreg: boolean().notNull().default(false),
});
