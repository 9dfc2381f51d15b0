/**
 * The rollups (decisions 015, 021, 046, 049): clicks and conversions counted per grain, hourly and per UTC day,
 * written in the transactions that write the clicks and conversions. Every grain is one table built by `grainTable`.
 */
import {
  bigint,
  date,
  index,
  integer,
  numeric,
  type PgColumnBuilderBase,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/** UTC, truncated to the hour. */
const hour = () => timestamp({ withTimezone: true }).notNull();
/** The UTC date. */
const day = () => date({ mode: 'string' }).notNull();
/** Payouts of different currencies are never summed together. */
const currency = () => varchar({ length: 3 }).notNull();
/** The visitor's country (decision 044); '' when it could not be placed, and on rows written before it was kept. */
const country = () => varchar({ length: 2 }).notNull().default('');
/**
 * The offer landing page the click was sent to (decision 117): its `offer_landing_pages` id, 0 for the offer's own
 * URL, -1 on rows written before it was kept (migration 0042: the clicks never recorded it).
 */
const landingPage = () => integer().notNull().default(0);

/** The counts every grain holds: conversions by status and their money. */
const counts = () => ({
  clicks: bigint({ mode: 'number' }).notNull().default(0),
  /** Approved conversions. */
  conversions: bigint({ mode: 'number' }).notNull().default(0),
  pending: bigint({ mode: 'number' }).notNull().default(0),
  rejected: bigint({ mode: 'number' }).notNull().default(0),
  /** Approved payout, minor units. */
  payout: bigint({ mode: 'number' }).notNull().default(0),
  pendingPayout: bigint({ mode: 'number' }).notNull().default(0),
  /** What advertisers owe for the approved conversions (decision 046), minor units; never in a partner's answer. */
  revenue: bigint({ mode: 'number' }).notNull().default(0),
  pendingRevenue: bigint({ mode: 'number' }).notNull().default(0),
});

/**
 * One grain: its key columns, in the order of its primary key (`<name>_pk`), then the counts. A grain's hourly and
 * daily tables differ only in their time column.
 */
function grainTable<TName extends string, TKey extends Record<string, PgColumnBuilderBase>>(name: TName, key: TKey) {
  return pgTable(name, { ...key, ...counts() }, (t) => {
    const columns = Object.keys(key).map((column) => t[column as keyof typeof t]);
    return [primaryKey({ name: `${name}_pk`, columns: columns as [(typeof columns)[number], ...typeof columns] })];
  });
}

/** The sub-IDs and trackers of the partner's own rollup: missing ones are '' so that they take part in the key. */
const subIds = () => ({
  offerId: integer().notNull(),
  currency: currency(),
  subid: text().notNull().default(''),
  tc1: text().notNull().default(''),
  tc2: text().notNull().default(''),
  tc3: text().notNull().default(''),
  tc4: text().notNull().default(''),
  country: country(),
  landingPageId: landingPage(),
});

/**
 * Hourly rollup of clicks and conversions, maintained in the transactions that write them (decision 015). Leading
 * (partner, hour): a report for one partner over a date range reads only that partner's rows.
 */
export const statsHourly = grainTable('stats_hourly', { partnerId: integer().notNull(), hour: hour(), ...subIds() });

/**
 * The same counts per UTC day, written with the hourly rows (decision 021): reports read whole UTC days here and
 * only the partial days at the ends of their window from `stats_hourly`.
 */
export const statsDaily = grainTable('stats_daily', { partnerId: integer().notNull(), day: day(), ...subIds() });

/**
 * The narrow rollup of the network reports (decision 046): the same counts per (hour, partner, offer,
 * currency, country), without sub-IDs and trackers, so that network-wide breakdowns read a few rows per hour instead
 * of every sub-ID's. Written with the others, in the same transactions.
 */
export const statsNetworkHourly = grainTable('stats_network_hourly', {
  hour: hour(),
  partnerId: integer().notNull(),
  offerId: integer().notNull(),
  currency: currency(),
  country: country(),
  landingPageId: landingPage(),
});

/**
 * The narrow rollup per UTC day (decision 046), written with the hourly one: a network report reads whole UTC days
 * here and only the hours at the ends of its window from `stats_network_hourly` (the band read of decision 021).
 */
export const statsNetworkDaily = grainTable('stats_network_daily', {
  day: day(),
  partnerId: integer().notNull(),
  offerId: integer().notNull(),
  currency: currency(),
  country: country(),
  landingPageId: landingPage(),
});

/**
 * The partner grain (decision 049): the same counts per (hour, partner, currency), so that a network-wide partner,
 * account-manager or day breakdown reads one row per partner and hour or day, whatever the offers and countries.
 */
export const statsPartnerHourly = grainTable('stats_partner_hourly', {
  hour: hour(),
  partnerId: integer().notNull(),
  currency: currency(),
});

export const statsPartnerDaily = grainTable('stats_partner_daily', {
  day: day(),
  partnerId: integer().notNull(),
  currency: currency(),
});

/** The offer grain (decision 049): per (hour, offer, currency), for the whole network's offer and advertiser breakdowns. */
export const statsOfferHourly = grainTable('stats_offer_hourly', {
  hour: hour(),
  offerId: integer().notNull(),
  currency: currency(),
});

export const statsOfferDaily = grainTable('stats_offer_daily', {
  day: day(),
  offerId: integer().notNull(),
  currency: currency(),
});

/**
 * The pair grain (decision 123): per (UTC day, partner, offer, currency), without the country and landing page of the
 * network rollups, so that a report needing both a partner and an offer (partner × offer, an offer breakdown filtered
 * by partner or read by an account manager) reads one row per pair and day. Daily only: the hours at a window's ends
 * come from `stats_network_hourly`.
 */
export const statsPairDaily = grainTable('stats_pair_daily', {
  day: day(),
  partnerId: integer().notNull(),
  offerId: integer().notNull(),
  currency: currency(),
});

/**
 * The weekly grains (decision 136): the partner, offer and pair grains per UTC week (`week`, its Monday), so that a
 * report over a month reads its whole weeks here and only the days at its ends from the daily tables (2.5× fewer rows
 * for 30 days). Written beside the daily tables by every writer of them, in the same statement.
 */
const week = () => date({ mode: 'string' }).notNull();

export const statsPartnerWeekly = grainTable('stats_partner_weekly', {
  week: week(),
  partnerId: integer().notNull(),
  currency: currency(),
});

export const statsOfferWeekly = grainTable('stats_offer_weekly', {
  week: week(),
  offerId: integer().notNull(),
  currency: currency(),
});

export const statsPairWeekly = grainTable('stats_pair_weekly', {
  week: week(),
  partnerId: integer().notNull(),
  offerId: integer().notNull(),
  currency: currency(),
});

/**
 * The landing grain (decision 126): per (UTC day, offer, landing page, currency), without the partner and country of
 * the network rollups, so that the whole network's landing-page breakdown (alone, or nested with the offer, the
 * advertiser or a day) reads one row per page and day. A page belongs to one offer, so its rows are about the pages
 * in use plus one per offer (its own URL, key 0). Daily only, as the pair grain: a window's end hours come from
 * `stats_network_hourly`.
 */
export const statsLandingDaily = grainTable('stats_landing_daily', {
  day: day(),
  offerId: integer().notNull(),
  landingPageId: landingPage(),
  currency: currency(),
});

/**
 * The landing grain per UTC week (decision 150): the landing grain's rows per (UTC week, its Monday; offer, landing
 * page, currency), so that a month's landing-page report reads its whole weeks here and only the days at its ends
 * from `stats_landing_daily`, as the partner, offer and pair grains do (decision 136). Written beside the daily table
 * by every writer of it, in the same statement.
 */
export const statsLandingWeekly = grainTable('stats_landing_weekly', {
  week: week(),
  offerId: integer().notNull(),
  landingPageId: landingPage(),
  currency: currency(),
});

/**
 * The goal grain (decision 113): conversions per (hour, partner, offer, goal, currency, country, sub-ID, trackers), so
 * that a network report filters on the goal (the code the postback sent) from a rollup. Conversions only: a click has
 * no goal, and its `clicks` stay 0. Written with the other rollups, in the conversion's transaction; one row per
 * hour and combination a conversion came with, so far fewer rows than the partner's rollup.
 */
const goalKey = () => ({
  partnerId: integer().notNull(),
  offerId: integer().notNull(),
  goal: varchar({ length: 64 }).notNull(),
  currency: currency(),
  country: country(),
  subid: text().notNull().default(''),
  tc1: text().notNull().default(''),
  tc2: text().notNull().default(''),
  tc3: text().notNull().default(''),
  tc4: text().notNull().default(''),
  landingPageId: landingPage(),
});
export const statsGoalHourly = grainTable('stats_goal_hourly', { hour: hour(), ...goalKey() });
export const statsGoalDaily = grainTable('stats_goal_daily', { day: day(), ...goalKey() });

/**
 * The goal grain per offer (decision 141): the goal grain's conversions per (UTC day, offer, goal, currency), without
 * the partner, country, sub-IDs and landing page, so that a goal filter of the network without a partner reads one row
 * per offer, goal and day instead of about one per conversion. Written by the goal grain's writer, in its statement.
 * Daily only: a window's end hours come from `stats_goal_hourly`.
 */
export const statsGoalOfferDaily = grainTable('stats_goal_offer_daily', {
  day: day(),
  offerId: integer().notNull(),
  goal: varchar({ length: 64 }).notNull(),
  currency: currency(),
});

/**
 * The (partner, offer) pairs that ever had traffic (decision 117): one row per pair, written with the narrow rollups
 * (a pair already there is left as it is), so that an account manager's offer options read its partners' rows here
 * instead of every day of `stats_network_daily`. Never deleted: a report over any past range can name its offers.
 */
export const partnerOfferTraffic = pgTable(
  'partner_offer_traffic',
  { partnerId: integer().notNull(), offerId: integer().notNull() },
  (t) => [primaryKey({ name: 'partner_offer_traffic_pk', columns: [t.partnerId, t.offerId] })],
);

/** Traffic /click refused (unknown offer, inactive partner …), counted per hour and reason, never as clicks. */
export const rejectedClicksHourly = pgTable(
  'rejected_clicks_hourly',
  {
    hour: hour(),
    reason: varchar({ length: 32 }).notNull(),
    /** The offer and partner when they exist, else 0. */
    offerId: integer().notNull().default(0),
    partnerId: integer().notNull().default(0),
    /**
     * The landing page `lp` named when it is one of the offer's pages (decision 126), 0 without `lp`, -1 when `lp`
     * named no page of the offer, and on rows counted before migration 0044.
     */
    landingPageId: landingPage(),
    count: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'rejected_clicks_hourly_pk', columns: [t.hour, t.reason, t.offerId, t.partnerId, t.landingPageId] }), // prettier-ignore
    // GET /statistics/refused reads one partner's hours (decision 024).
    index('rejected_clicks_hourly_partner_hour_idx').on(t.partnerId, t.hour),
  ],
);

/**
 * Clicks a click rule flagged and conversions the conversion rules signalled (held for review or refused), counted per
 * hour, rule, offer and partner (decision 109), written with the clicks' batch and the conversion: staff reports read
 * counts by rule here, never the clicks. `kind` is `click` or `conversion`; `rule` is the rule's name, or `*` once per
 * click or conversion whatever its number of rules (the distinct count a sum over the rules would overstate).
 */
export const flaggedHourly = pgTable(
  'flagged_hourly',
  {
    hour: hour(),
    kind: varchar({ length: 16 }).notNull(),
    rule: varchar({ length: 32 }).notNull(),
    offerId: integer().notNull(),
    partnerId: integer().notNull(),
    /** The click's landing page, as the rollups key it (decision 126); -1 on rows counted before migration 0044. */
    landingPageId: landingPage(),
    count: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'flagged_hourly_pk', columns: [t.hour, t.kind, t.rule, t.offerId, t.partnerId, t.landingPageId] }), // prettier-ignore
    index('flagged_hourly_partner_hour_idx').on(t.partnerId, t.hour),
  ],
);

/**
 * The weekly grains' amounts in the base currency (decision 142): per (UTC week, key, currency), each amount summed
 * over the week's daily rows as a converted report sums them (decision 130): `fx_<amount>` the sum of each nonzero
 * amount × q of its UTC day (q the factor in 10^-18 of a minor unit of the base, rounded down; a negative amount's
 * product lowered by |amount| where q was cut off) and `fx_<amount>_inexact` the sum of |amount| where q was cut off.
 * `money_days` has bit n set when the week's day n (Monday 0) has money: the report lists those days when they read
 * an earlier day's rate, and answers 409 when they have none. Written by the writers of money (never by clicks) and
 * by every change of a rate, from the daily grains and the rates, whole rows at a time.
 */
const inBase = () => ({
  fxRevenue: numeric().notNull().default('0'),
  fxRevenueInexact: numeric().notNull().default('0'),
  fxPayout: numeric().notNull().default('0'),
  fxPayoutInexact: numeric().notNull().default('0'),
  fxPendingRevenue: numeric().notNull().default('0'),
  fxPendingRevenueInexact: numeric().notNull().default('0'),
  fxPendingPayout: numeric().notNull().default('0'),
  fxPendingPayoutInexact: numeric().notNull().default('0'),
  moneyDays: smallint().notNull().default(0),
});

function inBaseTable<TName extends string, TKey extends Record<string, PgColumnBuilderBase>>(name: TName, key: TKey) {
  return pgTable(name, { ...key, ...inBase() }, (t) => {
    const columns = Object.keys(key).map((column) => t[column as keyof typeof t]);
    return [primaryKey({ name: `${name}_pk`, columns: columns as [(typeof columns)[number], ...typeof columns] })];
  });
}

export const statsPartnerWeeklyFx = inBaseTable('stats_partner_weekly_fx', {
  week: week(),
  partnerId: integer().notNull(),
  currency: currency(),
});

export const statsOfferWeeklyFx = inBaseTable('stats_offer_weekly_fx', {
  week: week(),
  offerId: integer().notNull(),
  currency: currency(),
});

export const statsPairWeeklyFx = inBaseTable('stats_pair_weekly_fx', {
  week: week(),
  partnerId: integer().notNull(),
  offerId: integer().notNull(),
  currency: currency(),
});

/** The weekly landing grain in the base currency (decision 150), as the others (decision 142). */
export const statsLandingWeeklyFx = inBaseTable('stats_landing_weekly_fx', {
  week: week(),
  offerId: integer().notNull(),
  landingPageId: landingPage(),
  currency: currency(),
});

/**
 * The base currency the `_weekly_fx` tables are in (decision 142): one row, none before their first build. A server
 * started with another `BASE_CURRENCY` builds them again.
 */
export const statsFxBase = pgTable('stats_fx_base', {
  id: integer().primaryKey().default(1),
  base: varchar({ length: 3 }).notNull(),
});
