/** Traffic rules and blocklists (issue 48, decision 083). */
import { index, integer, pgTable, primaryKey, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { offers } from './offers.js';
import { partners } from './partners.js';

/**
 * The click rules' actions (allow, flag, refuse): the network's (`offerId` null, one row, written on first change;
 * none: the defaults of the contracts) and an offer's overrides, each null column following the network.
 */
export const trafficRules = pgTable(
  'traffic_rules',
  {
    id: id(),
    offerId: integer().references(() => offers.id, { onDelete: 'cascade' }),
    bot: varchar({ length: 8 }),
    missingUserAgent: varchar({ length: 8 }),
    dataCentre: varchar({ length: 8 }),
    velocity: varchar({ length: 8 }),
    velocityPerMinute: integer(),
    /** The conversion rules (decision 101): each allow, flag or refuse; null follows the network (or the default). */
    tooFast: varchar({ length: 8 }),
    countryMismatch: varchar({ length: 8 }),
    ipConversions: varchar({ length: 8 }),
    duplicateTransaction: varchar({ length: 8 }),
    conversionRateSpike: varchar({ length: 8 }),
    flaggedClick: varchar({ length: 8 }),
    /** More conversions than this from one address on one offer in 24 hours matches `ipConversions`. */
    conversionsPerIpPerDay: integer(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('traffic_rules_offer_unique').on(t.offerId).nullsNotDistinct()],
);

/**
 * One blocklist entry: what it matches (`kind`, `value`: an address or CIDR range, an ASN, a sub-ID, a tracking code,
 * a user-agent substring), where (network-wide, an offer, a partner, a partner on an offer), until when.
 * `createdByPartner`: the partner blocked its own sub-ID.
 */
export const blocklistEntries = pgTable(
  'blocklist_entries',
  {
    id: id(),
    kind: varchar({ length: 16 }).notNull(),
    value: text().notNull(),
    offerId: integer().references(() => offers.id, { onDelete: 'cascade' }),
    partnerId: integer().references(() => partners.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }),
    note: text(),
    createdBy: integer(),
    createdByPartner: integer(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.offerId), index().on(t.partnerId)],
);

/**
 * Clicks per (offer, address) in one minute, summed over every process (decision 102): each click batch adds the
 * counts of the addresses that clicked at least twice this minute in its process, and reads the sums back, as click
 * caps do with `cap_usage`. Rows older than two minutes are deleted by the batches themselves.
 */
export const ipVelocity = pgTable(
  'ip_velocity',
  {
    offerId: integer().notNull(),
    ip: varchar({ length: 64 }).notNull(),
    minuteStart: timestamp({ withTimezone: true }).notNull(),
    clicks: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.ip, t.minuteStart] })],
);
