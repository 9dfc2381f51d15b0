/** Caps on offers and what each period has used (decision 045). */
import { bigint, index, integer, pgTable, primaryKey, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { offers } from './offers.js';
import { partners } from './partners.js';
import { conversions } from './tracking.js';

/**
 * A cap on an offer (decision 045): a partner's (`partnerId`) or the whole offer's (null), on clicks,
 * conversions, payout or revenue (minor units), per Paris day, Paris month or in total. A change of limit keeps the
 * row (and its usage); a change of metric or period is another cap.
 */
export const offerCaps = pgTable(
  'offer_caps',
  {
    id: id(),
    offerId: integer()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    partnerId: integer().references(() => partners.id, { onDelete: 'cascade' }),
    metric: varchar({ length: 16 }).notNull(),
    period: varchar({ length: 8 }).notNull(),
    limit: bigint({ mode: 'number' }).notNull(),
    createdBy: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.offerId), index().on(t.partnerId)],
);

/**
 * What a cap has used in one period (`periodStart`: the Paris midnight of the day or month, the epoch for a total
 * cap). Conversion caps are taken in the conversion's transaction with a conditional upsert; click caps are added to
 * by each click batch. `alertedAt`: when the 90 % alert went, once per cap and period.
 */
export const capUsage = pgTable(
  'cap_usage',
  {
    capId: integer()
      .notNull()
      .references(() => offerCaps.id, { onDelete: 'cascade' }),
    periodStart: timestamp({ withTimezone: true }).notNull(),
    used: bigint({ mode: 'number' }).notNull().default(0),
    alertedAt: timestamp({ withTimezone: true }),
    /**
     * The highest of PARTNER_CAP_ALERT_PERCENTS the partners under the cap were told of in the period (0: none yet,
     * decision 105): raised by a conditional update, so each level is told once whatever the number of servers.
     */
    partnerAlertPercent: smallint().notNull().default(0),
  },
  (t) => [primaryKey({ name: 'cap_usage_pk', columns: [t.capId, t.periodStart] })],
);

/** What a conversion took from each cap, so that a decline gives exactly that back to the period it came from. */
export const conversionCapTakes = pgTable(
  'conversion_cap_takes',
  {
    conversionId: integer()
      .notNull()
      .references(() => conversions.id, { onDelete: 'cascade' }),
    capId: integer()
      .notNull()
      .references(() => offerCaps.id, { onDelete: 'cascade' }),
    periodStart: timestamp({ withTimezone: true }).notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'conversion_cap_takes_pk', columns: [t.conversionId, t.capId] }), index().on(t.capId)],
);
