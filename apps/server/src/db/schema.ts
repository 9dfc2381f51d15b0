/**
 * The whole data model of spec section 3, plus what the server itself needs
 * (sessions, password-reset keys, the e-mail outbox, sign-in failures).
 * Money is integer minor units; every timestamp is `timestamptz` (UTC).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  type AnyPgColumn,
  boolean,
  date,
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
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const id = () => integer().primaryKey().generatedAlwaysAsIdentity();

// ---------------------------------------------------------------- reference data
export const countries = pgTable('countries', {
  isoCode: varchar({ length: 2 }).primaryKey(),
  name: text().notNull(),
});

export const languages = pgTable('languages', {
  code: varchar({ length: 5 }).primaryKey(),
  name: text().notNull(),
});

export const verticals = pgTable('verticals', {
  id: id(),
  identifier: varchar({ length: 64 }).notNull().unique(),
  name: text().notNull(),
});

/** Every simple data list of the configuration (typologyList, experienceList …), one row per choice. */
export const dataListItems = pgTable(
  'data_list_items',
  {
    list: varchar({ length: 64 }).notNull(),
    value: varchar({ length: 64 }).notNull(),
    label: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.list, t.value] })],
);

// ---------------------------------------------------------------- files
export const files = pgTable(
  'files',
  {
    id: id(),
    type: varchar({ length: 64 }).notNull(),
    filename: text().notNull(),
    mimeType: varchar({ length: 128 }).notNull(),
    size: integer().notNull(),
    storageKey: text().notNull().unique(),
    ownerPartnerId: integer(),
    expireAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.ownerPartnerId)],
);

// ---------------------------------------------------------------- staff and partner users
export const teams = pgTable('teams', {
  id: id(),
  name: text().notNull().unique(),
  managerId: integer(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    email: varchar({ length: 254 }).notNull(),
    passwordHash: text(),
    firstname: text().notNull(),
    lastname: text().notNull(),
    nickname: text(),
    /** Microsoft Teams handle, as on the spec's User. */
    teams: text(),
    telegram: text(),
    phone: text(),
    loggedAt: timestamp({ withTimezone: true }),
    enabled: boolean().notNull().default(true),
    authorizedCountries: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    authorizedIps: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    accountManager: boolean().notNull().default(false),
    teamManager: boolean().notNull().default(false),
    managerId: integer(),
    teamId: integer().references(() => teams.id, { onDelete: 'set null' }),
    roles: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    imageId: integer().references(() => files.id, { onDelete: 'set null' }),
    /** The partner a partner user belongs to; null for staff. */
    partnerId: integer(),
    /** Display time zone for reports and the dashboard, as a fixed offset ('+01:00'); null = UTC. */
    timezone: text(),
    /** The five preferences of the account screen. */
    newsletter: boolean().notNull().default(true),
    offerNotifications: boolean().notNull().default(true),
    paymentNotifications: boolean().notNull().default(true),
    urgentNotifications: boolean().notNull().default(true),
    partnerSpecialOffers: boolean().notNull().default(false),
    /** Two-factor authentication by SMS: set once the phone is confirmed. */
    twoFactorPhone: text(),
    twoFactorEnabledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`), index().on(t.partnerId)],
);

// ---------------------------------------------------------------- partners
export const partners = pgTable(
  'partners',
  {
    id: id(),
    accountManagerId: integer().references(() => users.id, { onDelete: 'set null' }),
    accountType: varchar({ length: 16 }).notNull().default('affiliate'),
    status: varchar({ length: 16 }).notNull().default('pending'),
    advertisingPlatform: text(),
    prospect: boolean().notNull().default(false),
    companyStatus: text(),
    companyName: text().notNull(),
    companyRegistrationNumber: text(),
    companyVatNumber: text(),
    langs: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    country: varchar({ length: 2 }).references(() => countries.isoCode),
    address: text(),
    zipCode: text(),
    state: text(),
    city: text(),
    email: varchar({ length: 254 }).notNull(),
    phoneNumber: text(),
    prospectOrigin: text(),
    typology: text(),
    verticals: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    geographicAreas: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    trafficSources: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    experience: text(),
    monthlyEstimateRevenue: text(),
    websiteUrl: text(),
    /** Minimum payout, minor units. */
    paymentThreshold: integer(),
    paymentTerms: varchar({ length: 16 }).notNull().default('net30'),
    paymentCurrency: varchar({ length: 3 }).notNull().default('EUR'),
    paymentMethod: varchar({ length: 16 }).notNull().default('wire'),
    accountHolder: text(),
    bankName: text(),
    bankAddress: text(),
    iban: text(),
    swift: text(),
    routingNumber: text(),
    credentialUrl: text(),
    credentialUsername: text(),
    credentialPassword: text(),
    imageId: integer().references(() => files.id, { onDelete: 'set null' }),
    lastActivityAt: timestamp({ withTimezone: true }),
    allOffersAccess: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.accountManagerId), uniqueIndex('partners_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const partnerContacts = pgTable(
  'partner_contacts',
  {
    id: id(),
    partnerId: integer()
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    companyRole: varchar({ length: 16 }).notNull(),
    civility: text(),
    firstname: text().notNull(),
    lastname: text().notNull(),
    nickname: text(),
    email: varchar({ length: 254 }),
    phoneNumber: text(),
    telegram: text(),
    teams: text(),
    documentId: integer().references(() => files.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex().on(t.partnerId, t.companyRole)],
);

export const partnerDocuments = pgTable(
  'partner_documents',
  {
    id: id(),
    partnerId: integer()
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    type: varchar({ length: 40 }).notNull(),
    status: varchar({ length: 16 }).notNull().default('pending'),
    expireAt: timestamp({ withTimezone: true }),
    fileId: integer().references(() => files.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex().on(t.partnerId, t.type)],
);

// ---------------------------------------------------------------- offers
export const advertisers = pgTable('advertisers', {
  id: id(),
  name: text().notNull(),
  /** Per-advertiser secret for server-to-server conversion postbacks. */
  securityToken: text().notNull(),
  /** The token before the last rotation, still accepted until `previousTokenExpiresAt` (issue 19). */
  previousToken: text(),
  previousTokenExpiresAt: timestamp({ withTimezone: true }),
  /** A disabled advertiser's offers are hidden and take no new click; its postbacks for earlier clicks still count. */
  enabled: boolean().notNull().default(true),
  contactEmail: varchar({ length: 254 }),
  /** The currency it pays in (ISO 4217). */
  currency: varchar({ length: 3 }).notNull().default('EUR'),
  notes: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Every postback an advertiser sent, as received and as judged: what staff read to debug an integration (issue 19).
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
    createdAt: createdAt(),
  },
  (t) => [index().on(t.advertiserId, t.createdAt)],
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.enabled, t.private)],
);

/** The partners who see a private offer without an active application to it (issue 19): its allow-list. */
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

/** A goal an offer can pay on (registration, validation, deposit …). */
export const goals = pgTable('goals', {
  id: id(),
  identifier: varchar({ length: 64 }).notNull().unique(),
  name: text().notNull(),
  types: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

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
    /** What the advertiser pays the network per conversion (issue 19): minor units, or basis points of the sale. */
    revenueAmount: integer(),
    revenuePercent: integer(),
    /** Lets the payout exceed the revenue (a loss leader); refused otherwise. */
    allowNegativeMargin: boolean().notNull().default(false),
    /** Conversions on this goal wait as 'pending' until the advertiser validates them (decision 016). */
    manualValidation: boolean().notNull().default(false),
  },
  (t) => [uniqueIndex().on(t.offerId, t.goalId)],
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
 * A partner's own payout on one goal of an offer (issue 20): it replaces the goal's payout (its base tier) for that
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
 * A cap on an offer (issue 20, decision 045): a partner's (`partnerId`) or the whole offer's (null), on clicks,
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
 * What a partner promotes (issue 26): a banner (an uploaded picture, its size read from it), an HTML snippet, an
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

/** Where an offer's traffic may land besides its own URL (issue 26): /click?lp={id}, the offer URL's macros. */
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

export const news = pgTable(
  'news',
  {
    id: id(),
    title: text().notNull(),
    excerpt: text().notNull().default(''),
    content: text().notNull().default(''),
    publishedAt: timestamp({ withTimezone: true }),
    imageId: integer().references(() => files.id, { onDelete: 'set null' }),
    /**
     * Who reads it (issue 19): `{"kind":"all"}`, `{"kind":"offers","offerIds":[…]}` (partners with an active
     * application on, or traffic in the last 30 days to, one of them) or `{"kind":"partners","partnerIds":[…]}`.
     */
    audience: jsonb()
      .notNull()
      .default(sql`'{"kind":"all"}'::jsonb`),
    createdBy: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.publishedAt)],
);

// ---------------------------------------------------------------- tracking
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
    /** The visitor's country from its address (issue 19), ISO 3166-1 alpha-2; null when it cannot be placed. */
    country: varchar({ length: 2 }),
    userAgent: text(),
    referrer: text(),
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
    /** What the advertiser owes the network for it (issue 19), minor units; 0 when rejected. Never shown to partners. */
    revenue: bigint({ mode: 'number' }).notNull().default(0),
    currency: varchar({ length: 3 }).notNull().default('EUR'),
    status: varchar({ length: 16 }).notNull().default('approved'),
    reason: varchar({ length: 32 }),
    subid: text(),
    tc1: text(),
    tc2: text(),
    tc3: text(),
    tc4: text(),
    /** The click's country (issue 19): the conversion's rollup row is the click's. */
    country: varchar({ length: 2 }),
    clickedAt: timestamp({ withTimezone: true }),
    /** The billing request that paid this approved conversion; null until a billing run bills it (decision 027). */
    billingRequestId: integer().references((): AnyPgColumn => billingRequests.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // What a billing run reads: a partner's approved conversions not billed yet.
    index('conversions_unbilled_idx')
      .on(t.partnerId, t.currency, t.createdAt)
      .where(sql`status = 'approved' and billing_request_id is null`),
    // A request's conversions (and the foreign key's checks); null, the usual case, is left out.
    index('conversions_billing_request_idx')
      .on(t.billingRequestId)
      .where(sql`billing_request_id is not null`),
    uniqueIndex('conversions_advertiser_dedupe_idx').on(t.advertiserId, t.dedupeKey),
    // One counted (approved or pending) conversion per click and goal; later ones are rejected as duplicates.
    uniqueIndex('conversions_click_goal_counted_idx')
      .on(t.clickId, t.goalId)
      .where(sql`status <> 'rejected'`),
    index('conversions_partner_created_idx').on(t.partnerId, t.createdAt.desc(), t.id.desc()),
    index('conversions_partner_offer_created_idx').on(t.partnerId, t.offerId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * The rollup columns beside the time key: missing sub-ids and trackers are '' so that they take part in the key.
 * Shared by the hourly and the daily rollup, which differ only in their time column.
 */
const rollupColumns = () => ({
  offerId: integer().notNull(),
  /** Payouts of different currencies are never summed together. */
  currency: varchar({ length: 3 }).notNull(),
  subid: text().notNull().default(''),
  tc1: text().notNull().default(''),
  tc2: text().notNull().default(''),
  tc3: text().notNull().default(''),
  tc4: text().notNull().default(''),
  /** The visitor's country (issue 19); '' when it could not be placed, and on rows written before it was kept. */
  country: varchar({ length: 2 }).notNull().default(''),
  clicks: bigint({ mode: 'number' }).notNull().default(0),
  /** Approved conversions. */
  conversions: bigint({ mode: 'number' }).notNull().default(0),
  pending: bigint({ mode: 'number' }).notNull().default(0),
  rejected: bigint({ mode: 'number' }).notNull().default(0),
  /** Approved payout, minor units. */
  payout: bigint({ mode: 'number' }).notNull().default(0),
  pendingPayout: bigint({ mode: 'number' }).notNull().default(0),
  /** What advertisers owe for the approved conversions (issue 21), minor units; never in a partner's answer. */
  revenue: bigint({ mode: 'number' }).notNull().default(0),
  pendingRevenue: bigint({ mode: 'number' }).notNull().default(0),
});

/** Hourly rollup of clicks and conversions, maintained in the transactions that write them (decision 015). */
export const statsHourly = pgTable(
  'stats_hourly',
  {
    partnerId: integer().notNull(),
    /** UTC, truncated to the hour. */
    hour: timestamp({ withTimezone: true }).notNull(),
    ...rollupColumns(),
  },
  (t) => [
    // Leading (partner, hour): a report for one partner over a date range reads only that partner's rows.
    primaryKey({
      name: 'stats_hourly_pk',
      columns: [t.partnerId, t.hour, t.offerId, t.currency, t.subid, t.tc1, t.tc2, t.tc3, t.tc4, t.country],
    }),
  ],
);

/**
 * The same counts per UTC day, written with the hourly rows (decision 021): reports read whole UTC days here and
 * only the partial days at the ends of their window from `stats_hourly`.
 */
export const statsDaily = pgTable(
  'stats_daily',
  {
    partnerId: integer().notNull(),
    /** The UTC date. */
    day: date({ mode: 'string' }).notNull(),
    ...rollupColumns(),
  },
  (t) => [
    primaryKey({
      name: 'stats_daily_pk',
      columns: [t.partnerId, t.day, t.offerId, t.currency, t.subid, t.tc1, t.tc2, t.tc3, t.tc4, t.country],
    }),
  ],
);

/** The counts every narrow rollup holds (decision 046). */
const narrowCounts = () => ({
  clicks: bigint({ mode: 'number' }).notNull().default(0),
  conversions: bigint({ mode: 'number' }).notNull().default(0),
  pending: bigint({ mode: 'number' }).notNull().default(0),
  rejected: bigint({ mode: 'number' }).notNull().default(0),
  payout: bigint({ mode: 'number' }).notNull().default(0),
  pendingPayout: bigint({ mode: 'number' }).notNull().default(0),
  revenue: bigint({ mode: 'number' }).notNull().default(0),
  pendingRevenue: bigint({ mode: 'number' }).notNull().default(0),
});

/**
 * The narrow rollup of the network reports (issue 21, decision 046): the same counts per (hour, partner, offer,
 * currency, country), without sub-IDs and trackers, so that network-wide breakdowns read a few rows per hour instead
 * of every sub-ID's. Written with the others, in the same transactions.
 */
export const statsNetworkHourly = pgTable(
  'stats_network_hourly',
  {
    hour: timestamp({ withTimezone: true }).notNull(),
    partnerId: integer().notNull(),
    offerId: integer().notNull(),
    currency: varchar({ length: 3 }).notNull(),
    country: varchar({ length: 2 }).notNull().default(''),
    ...narrowCounts(),
  },
  (t) => [
    primaryKey({
      name: 'stats_network_hourly_pk',
      columns: [t.hour, t.partnerId, t.offerId, t.currency, t.country],
    }),
  ],
);

/**
 * The narrow rollup per UTC day (decision 046), written with the hourly one: a network report reads whole UTC days
 * here and only the hours at the ends of its window from `stats_network_hourly` (the band read of decision 021).
 */
export const statsNetworkDaily = pgTable(
  'stats_network_daily',
  {
    day: date({ mode: 'string' }).notNull(),
    partnerId: integer().notNull(),
    offerId: integer().notNull(),
    currency: varchar({ length: 3 }).notNull(),
    country: varchar({ length: 2 }).notNull().default(''),
    ...narrowCounts(),
  },
  (t) => [
    primaryKey({
      name: 'stats_network_daily_pk',
      columns: [t.day, t.partnerId, t.offerId, t.currency, t.country],
    }),
  ],
);

/**
 * The partner grain (decision 049): the same counts per (hour, partner, currency), so that a network-wide partner,
 * account-manager or day breakdown reads one row per partner and hour or day, whatever the offers and countries.
 */
export const statsPartnerHourly = pgTable(
  'stats_partner_hourly',
  {
    hour: timestamp({ withTimezone: true }).notNull(),
    partnerId: integer().notNull(),
    currency: varchar({ length: 3 }).notNull(),
    ...narrowCounts(),
  },
  (t) => [primaryKey({ name: 'stats_partner_hourly_pk', columns: [t.hour, t.partnerId, t.currency] })],
);

export const statsPartnerDaily = pgTable(
  'stats_partner_daily',
  {
    day: date({ mode: 'string' }).notNull(),
    partnerId: integer().notNull(),
    currency: varchar({ length: 3 }).notNull(),
    ...narrowCounts(),
  },
  (t) => [primaryKey({ name: 'stats_partner_daily_pk', columns: [t.day, t.partnerId, t.currency] })],
);

/** The offer grain (decision 049): per (hour, offer, currency), for the whole network's offer and advertiser breakdowns. */
export const statsOfferHourly = pgTable(
  'stats_offer_hourly',
  {
    hour: timestamp({ withTimezone: true }).notNull(),
    offerId: integer().notNull(),
    currency: varchar({ length: 3 }).notNull(),
    ...narrowCounts(),
  },
  (t) => [primaryKey({ name: 'stats_offer_hourly_pk', columns: [t.hour, t.offerId, t.currency] })],
);

export const statsOfferDaily = pgTable(
  'stats_offer_daily',
  {
    day: date({ mode: 'string' }).notNull(),
    offerId: integer().notNull(),
    currency: varchar({ length: 3 }).notNull(),
    ...narrowCounts(),
  },
  (t) => [primaryKey({ name: 'stats_offer_daily_pk', columns: [t.day, t.offerId, t.currency] })],
);

/** Traffic /click refused (unknown offer, inactive partner …), counted per hour and reason, never as clicks. */
export const rejectedClicksHourly = pgTable(
  'rejected_clicks_hourly',
  {
    hour: timestamp({ withTimezone: true }).notNull(),
    reason: varchar({ length: 32 }).notNull(),
    /** The offer and partner when they exist, else 0. */
    offerId: integer().notNull().default(0),
    partnerId: integer().notNull().default(0),
    count: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'rejected_clicks_hourly_pk', columns: [t.hour, t.reason, t.offerId, t.partnerId] }),
    // GET /statistics/refused reads one partner's hours (decision 024).
    index('rejected_clicks_hourly_partner_hour_idx').on(t.partnerId, t.hour),
  ],
);

// ---------------------------------------------------------------- billing
export const billingRequests = pgTable(
  'billing_requests',
  {
    id: id(),
    partnerId: integer()
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    startingAt: timestamp({ withTimezone: true }).notNull(),
    endingAt: timestamp({ withTimezone: true }).notNull(),
    totalAmount: bigint({ mode: 'number' }).notNull(),
    totalVatAmount: bigint({ mode: 'number' }).notNull().default(0),
    partnerAccountType: varchar({ length: 16 }).notNull(),
    partnerName: text().notNull(),
    paymentThreshold: integer(),
    paymentTerms: varchar({ length: 16 }).notNull(),
    paymentCurrency: varchar({ length: 3 }).notNull(),
    deferred: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.partnerId, t.startingAt),
    // One request per partner, period and currency: a billing run cannot bill a month twice (decision 027).
    uniqueIndex('billing_requests_partner_period_currency_idx').on(t.partnerId, t.startingAt, t.paymentCurrency),
  ],
);

export const invoices = pgTable('invoices', {
  id: id(),
  billingRequestId: integer()
    .notNull()
    .unique()
    .references(() => billingRequests.id, { onDelete: 'cascade' }),
  reference: text().notNull().unique(),
  status: varchar({ length: 32 }).notNull().default('waiting_for_approval'),
  invoiceFileId: integer().references(() => files.id, { onDelete: 'set null' }),
  /** When finance marked it paid (decision 052); null while it is not paid. */
  paidAt: timestamp({ withTimezone: true }),
  /**
   * Separated duties (decision 064): the staff member who started the billing run that created it, who may not
   * validate it; null when no person did (the demo seed's replay, invoices of before the column).
   */
  createdById: integer().references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- partner postbacks
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

// ---------------------------------------------------------------- server bookkeeping
/** Bearer sessions: only the SHA-256 of the token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar({ length: 64 }).notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** A "view as partner" session: every write is refused. */
    readOnly: boolean().notNull().default(false),
    /** The staff member viewing the portal as this session's partner user. */
    viewedById: integer().references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    ip: text(),
    userAgent: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId)],
);

export const passwordResetKeys = pgTable(
  'password_reset_keys',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyHash: varchar({ length: 64 }).notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId)],
);

/** Failed sign-ins, counted per account and per IP over a sliding window. */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: id(),
    scope: varchar({ length: 8 }).notNull(),
    key: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.scope, t.key, t.createdAt)],
);

/** Mail is written here in the same transaction as what caused it, then sent by the mail worker. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    /** Names the kind of mail ('password-reset', 'registration') for logs and preferences. */
    kind: varchar({ length: 32 }).notNull(),
    meta: jsonb().$type<Record<string, unknown>>(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.sentAt, t.nextAttemptAt)],
);

/** One-time SMS codes: enrolment of a phone, or the second step of a sign-in. Only hashes are kept. */
export const twoFactorCodes = pgTable(
  'two_factor_codes',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'enrol' or 'login'. */
    purpose: varchar({ length: 8 }).notNull(),
    /** The phone the code went to (E.164). */
    phone: text().notNull(),
    codeHash: varchar({ length: 64 }).notNull(),
    /** For 'login': the SHA-256 of the challenge token handed to the client after the password step. */
    challengeHash: varchar({ length: 64 }).unique(),
    /** For 'login': whether the session asked for remember-me. */
    rememberMe: boolean().notNull().default(false),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId, t.purpose)],
);

/** Text messages, written in the transaction that caused them and sent by the SMS worker. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: id(),
    to: text().notNull(),
    text: text().notNull(),
    kind: varchar({ length: 32 }).notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.sentAt, t.nextAttemptAt)],
);

/** What happened that concerns a partner (an application decided, a document reviewed …). */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    partnerId: integer()
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    kind: varchar({ length: 40 }).notNull(),
    title: text().notNull(),
    body: text().notNull().default(''),
    /** A portal path the notification points at ('/offer/12'). */
    link: text(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.partnerId, t.createdAt), index().on(t.partnerId, t.readAt)],
);

/** What happened that a staff member must know (a cap nearing its limit, issue 20): shown on the staff home. */
export const staffNotifications = pgTable(
  'staff_notifications',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar({ length: 40 }).notNull(),
    title: text().notNull(),
    body: text().notNull().default(''),
    /** A console path ('/staff/offers/12'). */
    link: text(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId, t.createdAt)],
);

/**
 * The audit log (decision 036): one row per entity a staff write touched, in the write's own transaction. Rows are
 * never updated or deleted: a trigger of migration 0008 refuses UPDATE, DELETE and TRUNCATE for every role. The actor
 * and the partner are plain ids (no foreign key), so that nothing can rewrite an entry by cascade.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    /** The staff member; null for the system (a billing run without a person, the seed). */
    actorId: integer(),
    /** What was done, such as `create`, `update`, `status` or `decision`. */
    action: varchar({ length: 32 }).notNull(),
    entityType: varchar({ length: 32 }).notNull(),
    entityId: varchar({ length: 64 }).notNull(),
    /** The owning entity of a sub-entity (an offer's goal: the offer). */
    parentId: varchar({ length: 64 }),
    /** The partner the entity belongs to, when it does: the staff scope of the log reads it. */
    partnerId: integer(),
    /** `[{ field, before, after }]` in the contracts' field names. */
    changes: jsonb()
      .notNull()
      .default(sql`'[]'::jsonb`),
    reason: text(),
    ip: text(),
    /** Shared by the entries of one request (one bulk action). */
    requestId: varchar({ length: 64 }),
  },
  (t) => [
    index().on(t.entityType, t.entityId, t.createdAt),
    index().on(t.actorId, t.createdAt),
    index().on(t.partnerId, t.createdAt),
    index().on(t.createdAt),
  ],
);

/** Network-wide settings staff change from the console (such as two-factor sign-in required for all staff). */
export const networkSettings = pgTable('network_settings', {
  name: varchar({ length: 64 }).primaryKey(),
  value: jsonb().notNull(),
  updatedBy: integer(),
  updatedAt: updatedAt(),
});

/** Read-only reporting API keys of a partner. Only the SHA-256 of the key is kept. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    partnerId: integer()
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    name: text().notNull(),
    /** The first characters of the key, shown in lists so that a partner can tell keys apart. */
    prefix: varchar({ length: 16 }).notNull(),
    keyHash: varchar({ length: 64 }).notNull().unique(),
    scopes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.partnerId)],
);

/** Server-wide secrets generated on first use (signing keys), shared by every server process. */
export const appSecrets = pgTable('app_secrets', {
  name: varchar({ length: 64 }).primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});
