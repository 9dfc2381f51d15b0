/** Partner postbacks and their delivery outbox (decision 019). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { goals, offers } from './offers.js';
import { partners } from './partners.js';

export const postbacks = pgTable(
  'postbacks',
  {
    id: id(),
    name: text(),
    partnerId: integer()
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    subId: text(),
    goalId: integer().references(() => goals.id),
    url: text().notNull(),
    enabled: boolean().notNull().default(true),
    /** Why the server disabled it ('gone' after a 410); null when enabled or disabled by the partner. */
    disabledReason: varchar({ length: 32 }),
    /** HTTP attempts made (the list's count). */
    count: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.partnerId)],
);

/** The partner's key for the X-Signature HMAC of its postbacks (decision 019): visible to it, rotatable. */
export const partnerPostbackSecrets = pgTable('partner_postback_secrets', {
  partnerId: integer()
    .primaryKey()
    .references(() => partners.id, { onDelete: 'cascade' }),
  secret: text().notNull(),
  rotatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The postback outbox (decision 019): one row per (conversion event, matching postback), written in the transaction
 * that records the conversion, sent at least once by the delivery worker with a stable public id.
 */
export const postbackDeliveries = pgTable(
  'postback_deliveries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Stable id sent as X-Delivery-Id on every attempt, so a receiver can drop repeats. */
    deliveryId: uuid().notNull().unique().defaultRandom(),
    postbackId: integer()
      .notNull()
      .references(() => postbacks.id, { onDelete: 'cascade' }),
    partnerId: integer().notNull(),
    /** Null for the Test action's deliveries. */
    conversionId: bigint({ mode: 'number' }),
    /** The conversion status this delivery announces ({status}). */
    conversionStatus: varchar({ length: 16 }),
    /** The expanded URL, fixed when the delivery is written. */
    url: text().notNull(),
    test: boolean().notNull().default(false),
    status: varchar({ length: 16 }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** A claimed delivery is invisible to other workers until then (a crash mid-send retries later). */
    lockedUntil: timestamp({ withTimezone: true }),
    lastHttpStatus: integer(),
    lastError: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One delivery per postback and conversion event.
    uniqueIndex('postback_deliveries_event_idx')
      .on(t.postbackId, t.conversionId, t.conversionStatus)
      .where(sql`conversion_id is not null`),
    index('postback_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('postback_deliveries_postback_idx').on(t.postbackId, t.createdAt.desc()),
  ],
);

/** Every HTTP attempt of a delivery, for the Stats view's log. */
export const postbackAttempts = pgTable(
  'postback_attempts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: bigint({ mode: 'number' })
      .notNull()
      .references(() => postbackDeliveries.id, { onDelete: 'cascade' }),
    postbackId: integer().notNull(),
    attemptedAt: timestamp({ withTimezone: true }).notNull(),
    /** The URL requested, secret-looking parameters masked. */
    url: text().notNull(),
    httpStatus: integer(),
    durationMs: integer().notNull(),
    responseSnippet: text(),
    error: text(),
    success: boolean().notNull(),
    deliveryStatus: varchar({ length: 16 }).notNull(),
  },
  (t) => [index('postback_attempts_postback_idx').on(t.postbackId, t.attemptedAt.desc(), t.id.desc())],
);

export const postbackOffers = pgTable(
  'postback_offers',
  {
    postbackId: integer()
      .notNull()
      .references(() => postbacks.id, { onDelete: 'cascade' }),
    offerId: integer()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.postbackId, t.offerId] })],
);
