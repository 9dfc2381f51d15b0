/**
 * Offers and what hangs off them: targeting, goals and payout tiers, a partner's payout overrides, creatives,
 * landing pages, and partners' applications (decisions 006, 044, 050).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { products } from './advertisers.js';
import { files } from './files-and-news.js';
import { partners } from './partners.js';
import { users } from './users.js';
import { countries, verticals } from './reference.js';

export const offers = pgTable(
  'offers',
  {
    id: id(),
    name: text().notNull(),
    productId: integer()
      .notNull()
      .references(() => products.id),
    conversionType: varchar({ length: 16 }).notNull(),
    descriptionHtml: text().notNull().default(''),
    descriptionText: text().notNull().default(''),
    previewUrl: text(),
    defaultUrl: text().notNull(),
    currency: varchar({ length: 3 }).notNull().default('EUR'),
    private: boolean().notNull().default(false),
    requireApproval: boolean().notNull().default(false),
    enabled: boolean().notNull().default(true),
    imageId: integer().references(() => files.id, { onDelete: 'set null' }),
    /** Where refused traffic goes (wrong country, not started, ended); null: the visitor gets an error object. */
    fallbackUrl: text(),
    /** Clicks before `startsAt` or after `endsAt` are refused (offer_not_started, offer_ended); null: no bound. */
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    /** Clicks from outside the offer's countries are refused (geo_mismatch); off: every country is taken. */
    geoTargeting: boolean().notNull().default(true),
    /** The advertiser's origins (https://shop.example) allowed to report conversions through the tag and pixels (decision 085). */
    tagOrigins: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The landing-page parameter the tag reads the click id from: what the offer URL names `{click_id}` (decision 085). */
    tagClickParam: varchar({ length: 32 }).notNull().default('click_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.enabled, t.private)],
);

/** The partners who see a private offer without an active application to it (decision 044): its allow-list. */
export const offerAllowedPartners = pgTable(
  'offer_allowed_partners',
  {
    offerId: integer()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    partnerId: integer()
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.partnerId] }), index().on(t.partnerId)],
);

export const offerCountries = pgTable(
  'offer_countries',
  {
    offerId: integer()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    isoCode: varchar({ length: 2 })
      .notNull()
      .references(() => countries.isoCode),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.isoCode] }), index().on(t.isoCode)],
);

export const offerVerticals = pgTable(
  'offer_verticals',
  {
    offerId: integer()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    verticalId: integer()
      .notNull()
      .references(() => verticals.id),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.verticalId] }), index().on(t.verticalId)],
);

/**
 * A goal an offer can pay on (registration, validation, deposit …), the network's own (decision 078): `identifier` is
 * the code the advertiser's postback sends, `name` what people read, each unique (the name case-insensitively, so
 * the test tool can take either); a retired goal stays on its offers but cannot be added to another.
 */
export const goals = pgTable(
  'goals',
  {
    id: id(),
    identifier: varchar({ length: 64 }).notNull().unique(),
    name: text().notNull(),
    types: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    retiredAt: timestamp({ withTimezone: true }),
    /**
     * The fewest seconds between a click and a conversion on this goal that the `tooFast` conversion rule lets through
     * (decision 101); null: the default (DEFAULT_MIN_SECONDS_TO_CONVERT), 0: never too fast.
     */
    minSecondsToConvert: integer(),
    /** When an offer first paid on it: from then on its code is what advertisers send, and cannot change. */
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('goals_name_lower_idx').on(sql`lower(${t.name})`)],
);

/** Payout tiers (p1, p2 …). */
export const goalTypes = pgTable('goal_types', {
  id: id(),
  identifier: varchar({ length: 16 }).notNull().unique(),
  name: text().notNull(),
});

export const offerGoals = pgTable(
  'offer_goals',
  {
    id: id(),
    offerId: integer()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    goalId: integer()
      .notNull()
      .references(() => goals.id),
    private: boolean().notNull().default(false),
    /** Minor units of the offer's currency. */
    payoutAmount: integer(),
    /** Basis points of the sale amount (1250 = 12.5 %). */
    payoutPercent: integer(),
    /** What the advertiser pays the network per conversion (decision 044): minor units, or basis points of the sale. */
    revenueAmount: integer(),
    revenuePercent: integer(),
    /** Lets the payout exceed the revenue (a loss leader); refused otherwise. */
    allowNegativeMargin: boolean().notNull().default(false),
    /** Conversions on this goal wait as 'pending' until the advertiser validates them (decision 016). */
    manualValidation: boolean().notNull().default(false),
    /** Conversions the tag or a pixel reports are taken as a postback's; off, they wait as 'pending' (decision 085). */
    trustClientConversions: boolean().notNull().default(false),
    /**
     * The offer's main goal, marked by staff (decision 105): its payout is the offer's headline and it is listed first.
     * At most one per offer; none marked, the highest-paying goal is the main one.
     */
    main: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex().on(t.offerId, t.goalId),
    uniqueIndex('offer_goals_main_idx')
      .on(t.offerId)
      .where(sql`${t.main}`),
  ],
);

export const offerGoalTypes = pgTable(
  'offer_goal_types',
  {
    id: id(),
    offerGoalId: integer()
      .notNull()
      .references(() => offerGoals.id, { onDelete: 'cascade' }),
    goalTypeId: integer()
      .notNull()
      .references(() => goalTypes.id),
    payoutAmount: integer(),
    payoutPercent: integer(),
  },
  (t) => [uniqueIndex().on(t.offerGoalId, t.goalTypeId)],
);

/**
 * A partner's own payout on one goal of an offer: it replaces the goal's payout (its base tier) for that
 * partner, on screen and on the conversions recorded after it. Audited as `payout_override`.
 */
export const payoutOverrides = pgTable(
  'payout_overrides',
  {
    id: id(),
    offerId: integer()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    partnerId: integer()
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    goalId: integer()
      .notNull()
      .references(() => goals.id),
    /** Minor units of the offer's currency, basis points of the sale, or both (never neither). */
    payoutAmount: integer(),
    payoutPercent: integer(),
    createdBy: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex().on(t.offerId, t.partnerId, t.goalId), index().on(t.partnerId)],
);

/**
 * What a partner promotes (decision 050): a banner (an uploaded picture, its size read from it), an HTML snippet, an
 * e-mail template or a text ad, `{tracking_link}` where the partner's link goes.
 */
export const offerCreatives = pgTable(
  'offer_creatives',
  {
    id: id(),
    offerId: integer()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    kind: varchar({ length: 16 }).notNull(),
    name: varchar({ length: 120 }).notNull(),
    imageId: integer().references(() => files.id),
    width: integer(),
    height: integer(),
    html: text(),
    text: text(),
    createdBy: integer(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.offerId)],
);

/** Where an offer's traffic may land besides its own URL (decision 050): /click?lp={id}, the offer URL's macros. */
export const offerLandingPages = pgTable(
  'offer_landing_pages',
  {
    id: id(),
    offerId: integer()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    name: varchar({ length: 120 }).notNull(),
    url: text().notNull(),
    previewImageId: integer().references(() => files.id),
    createdBy: integer(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.offerId)],
);

/** A partner's application to run an offer. */
export const partnerOffers = pgTable(
  'partner_offers',
  {
    id: id(),
    partnerId: integer()
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    offerId: integer()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    status: varchar({ length: 16 }).notNull().default('pending'),
    subid: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex().on(t.partnerId, t.offerId)],
);

// ---------------------------------------------------------------- bounded payout overrides (decision 063)

/**
 * A payout override an account or team manager asked for above the approval step (decision 063): it is not in
 * `payout_overrides` (clicks and conversions keep the payout in force) until an admin approves it. At most one pending
 * request per partner, offer and goal: a new one replaces it.
 */
export const payoutOverrideRequests = pgTable(
  'payout_override_requests',
  {
    id: id(),
    offerId: integer()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    partnerId: integer()
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    goalId: integer()
      .notNull()
      .references(() => goals.id),
    payoutAmount: integer(),
    payoutPercent: integer(),
    /** pending, approved or refused. */
    status: varchar({ length: 16 }).notNull().default('pending'),
    /** Why an admin refused it; the requester reads it. */
    reason: text(),
    requestedBy: integer()
      .notNull()
      .references(() => users.id),
    requestedAt: createdAt(),
    decidedBy: integer().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex()
      .on(t.offerId, t.partnerId, t.goalId)
      .where(sql`${t.status} = 'pending'`),
    index().on(t.status, t.requestedAt),
  ],
);

// ---------------------------------------------------------------- scheduled payout and revenue changes (decision 098)

/**
 * A new payout and/or revenue for one goal of an offer from `effectiveAt` (decision 098): a side whose `*_set` is
 * false stays as it is. The job applies a pending change once its moment has passed (`applied`), or marks it `failed`
 * with why (the goal gone from the offer, a payout above the revenue); staff may cancel it before.
 */
export const offerScheduledChanges = pgTable(
  'offer_scheduled_changes',
  {
    id: id(),
    offerId: integer()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    goalId: integer()
      .notNull()
      .references(() => goals.id),
    payoutSet: boolean().notNull().default(false),
    payoutAmount: integer(),
    payoutPercent: integer(),
    revenueSet: boolean().notNull().default(false),
    revenueAmount: integer(),
    revenuePercent: integer(),
    effectiveAt: timestamp({ withTimezone: true }).notNull(),
    /** pending, applied, cancelled or failed. */
    status: varchar({ length: 16 }).notNull().default('pending'),
    failure: text(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    cancelledBy: integer().references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp({ withTimezone: true }),
    appliedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index()
      .on(t.effectiveAt)
      .where(sql`${t.status} = 'pending'`),
    index().on(t.offerId),
  ],
);
