import { z } from 'zod';
import { CONVERSION_TYPES, MAX_PAGE_SIZE } from './constants.js';
import { envelope, listOf, pageQueryShape } from './api.js';
import { defineEndpoint } from './endpoint.js';
import { formatMoneyMinor, formatPercent } from './format.js';
import { OfferPayoutSchema, booleanParam, emptyAsUnset } from './offers.js';
import { CONVERSION_RULES } from './traffic-rules.js';
import {
  CONVERSION_DECLINE_REASONS,
  CONVERSION_REJECTION_REASONS,
  CONVERSION_REVERSAL_REASONS,
  CONVERSION_STATUSES,
  TRAFFIC_RULE_REASONS,
  TrackingValueSchema,
} from './tracking.js';

// ------------------------------------------------------------------ constants

/** Report screens (spec section 2); an unknown type falls back to the default. */
export const REPORT_TYPES = ['daily', 'subid', 'conversion', 'click'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const DEFAULT_REPORT_TYPE: ReportType = 'daily';
/** Reports made of Stats rows plus a totals row appended last. */
export const BASIC_REPORT_TYPES = ['daily', 'subid'] as const;
export type BasicReportType = (typeof BASIC_REPORT_TYPES)[number];

/** The periods of a Stats row (spec section 3): week = the last 7 days, month = 30 days, year = 12 months. */
export const STATS_PERIODS = ['today', 'wtd', 'week', 'mtd', 'month', 'ytd', 'year'] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];
/** The Global Performance rows, in the order the dashboard shows them (spec section 2). */
export const GLOBAL_PERFORMANCE_ROWS = ['today', 'wtd', 'week', 'mtd', 'month', 'year'] as const;

/** GET /statistics/home/top-offers `date`: today, the last 7 days, the last 30 days, the last 12 months. */
export const TOP_OFFER_DATES = ['today', 'week', 'month', 'year'] as const;
export type TopOfferDate = (typeof TOP_OFFER_DATES)[number];
export const DEFAULT_TOP_OFFER_DATE: TopOfferDate = 'week';
export const TOP_OFFERS_LIMIT = 10;

/** The dashboard's quick stats cover the last 7 days, today included. */
export const QUICK_STATS_DAYS = 7;
/** The dashboard chart covers the last 30 days, today included. */
export const DASHBOARD_CHART_DAYS = 30;
/**
 * The label of the year-to-date payout tile: the spec's 'PAYOUT (2025 YTD)' in its form, with the year the figure
 * covers (the current year on the partner's wall clock) instead of the year the spec was observed.
 */
export const ytdPayoutLabel = (now: Date, offset: string | null | undefined): string =>
  `PAYOUT (${localToday(now, offset).slice(0, 4)} YTD)`;

/** The longest range one report call may cover, in days (both ends included). */
export const MAX_REPORT_RANGE_DAYS = 731;

/** Date presets of the report filter (spec section 2). Weeks start on Monday. */
export const REPORT_DATE_PRESETS = [
  'today',
  'yesterday',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'this_year',
  'last_year',
  /** Rolling ranges ending today (decision 033), after the spec's so that a range both name keeps the spec's. */
  'last_7_days',
  'last_30_days',
  'custom',
] as const;
export type ReportDatePreset = (typeof REPORT_DATE_PRESETS)[number];
/** Reports open on the previous month (spec section 9). */
export const DEFAULT_REPORT_DATE_PRESET: ReportDatePreset = 'last_month';

// ------------------------------------------------------------------ dates in a fixed offset

/** '+05:00' → 300; '-03:00' → -180; null or malformed → 0 (UTC, the default report zone). */
export function offsetToMinutes(offset: string | null | undefined): number {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`);

/** Today's date (yyyy-MM-dd) on the wall clock of a fixed offset. */
export function localToday(now: Date, offset: string | null | undefined): string {
  return isoDay(now.getTime() + offsetToMinutes(offset) * 60_000);
}

/** yyyy-MM-dd plus a number of days (negative goes back). */
export function addDays(isoDate: string, days: number): string {
  return isoDay(dayMs(isoDate) + days * DAY_MS);
}

/** Days from `from` to `to`, both included (1 for the same day; 0 or less when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayMs(to) - dayMs(from)) / DAY_MS) + 1;
}

export type DateRange = { startDate: string; endDate: string };

/** The range of a preset, in the partner's offset; null for 'custom'. Weeks start on Monday. */
export function presetRange(preset: ReportDatePreset, now: Date, offset: string | null | undefined): DateRange | null {
  const today = localToday(now, offset);
  const [year, month] = today.split('-').map(Number) as [number, number];
  const monday = addDays(today, -((new Date(dayMs(today)).getUTCDay() + 6) % 7));
  const monthStart = (y: number, m: number) => isoDay(Date.UTC(y, m - 1, 1));
  switch (preset) {
    case 'today':
      return { startDate: today, endDate: today };
    case 'yesterday':
      return { startDate: addDays(today, -1), endDate: addDays(today, -1) };
    case 'this_week':
      return { startDate: monday, endDate: today };
    case 'last_week':
      return { startDate: addDays(monday, -7), endDate: addDays(monday, -1) };
    case 'this_month':
      return { startDate: monthStart(year, month), endDate: today };
    case 'last_month':
      return { startDate: monthStart(year, month - 1), endDate: addDays(monthStart(year, month), -1) };
    case 'this_year':
      return { startDate: `${year}-01-01`, endDate: today };
    case 'last_year':
      return { startDate: `${year - 1}-01-01`, endDate: `${year - 1}-12-31` };
    case 'last_7_days':
      return { startDate: addDays(today, -6), endDate: today };
    case 'last_30_days':
      return { startDate: addDays(today, -29), endDate: today };
    case 'custom':
      return null;
  }
}

/**
 * A moment as the server sends it in report rows: ISO 8601 on the partner's wall clock with its offset
 * ('2026-11-21T14:05:09+01:00'), so that the day and hour shown are the ones the report was cut in.
 */
export function toLocalIso(date: Date, offset: string | null | undefined): string {
  const minutes = offsetToMinutes(offset);
  const local = new Date(date.getTime() + minutes * 60_000).toISOString().slice(0, 19);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * 'GMT+01:00' of a whole-hour offset (null is UTC): the name every time a partner reads carries, beside the time or in
 * its column's header (issue 47, decision 112).
 */
export function zoneName(offset: string | null | undefined): string {
  return `GMT${toLocalIso(new Date(0), offset).slice(19)}`;
}

/** dd/MM/yyyy HH:mm of a moment on the wall clock of an offset (null is UTC). */
export function formatMomentIn(date: Date, offset: string | null | undefined): string {
  const local = toLocalIso(date, offset);
  return `${formatLocalDate(local)} ${formatLocalHour(local)}`;
}

/** dd/MM/yyyy of a moment's day on the wall clock of an offset (null is UTC). */
export function formatDayIn(date: Date, offset: string | null | undefined): string {
  return formatLocalDate(toLocalIso(date, offset));
}

/** '27/11/2026 00:31 (GMT+05:00)': a moment in the reader's zone, the zone named (mails and notifications). */
export function formatZonedMoment(date: Date, offset: string | null | undefined): string {
  return `${formatMomentIn(date, offset)} (${zoneName(offset)})`;
}

/** dd/MM/yyyy of a yyyy-MM-dd date or of a local ISO moment (its own wall clock, no conversion). */
export function formatLocalDate(isoDateOrMoment: string): string {
  const [year, month, day] = isoDateOrMoment.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

/** HH:mm of a local ISO moment (its own wall clock, no conversion). */
export function formatLocalHour(isoMoment: string): string {
  return isoMoment.slice(11, 16);
}

// ------------------------------------------------------------------ rows

/**
 * An amount of one currency, in minor units. Payouts of different currencies are never summed: a figure that
 * spans offers paid in EUR and USD is a list with one entry per currency (decision 017). An empty list is 0.
 */
export const MoneyAmountSchema = z.object({
  currency: z.string(),
  /** Minor units: an integer for revenue; EPC keeps its fraction (0.125 € per click is 12.5). */
  amount: z.number(),
});
export type MoneyAmount = z.infer<typeof MoneyAmountSchema>;

/** Between the amounts of one figure paid in several currencies. */
export const MONEY_LIST_SEPARATOR = ' · ';

/**
 * A figure held per currency ('1 234,56 € · 12,00 $US'), each in the French money format, zero amounts left out;
 * nothing left is 0 in the fallback (the partner's) currency. EPC amounts keep their fraction of a minor unit; the formatter rounds them.
 */
export function formatMoneyAmounts(
  amounts: readonly MoneyAmount[] | null | undefined,
  fallbackCurrency: string,
): string {
  // A currency the row had traffic in but earned nothing in adds only noise ('0,00 $US') beside one that did.
  const present = (amounts ?? []).filter((item) => Number.isFinite(item.amount) && item.amount !== 0);
  if (present.length === 0) return formatMoneyMinor(0, fallbackCurrency);
  return present.map((item) => formatMoneyMinor(item.amount, item.currency)).join(MONEY_LIST_SEPARATOR);
}

/**
 * One currency's figures of a Stats row (decision 091): the clicks and conversions of the offers paid in that
 * currency, and the rates over those clicks only. The screen, the API and the CSV all read these.
 */
export const CurrencyFiguresSchema = z.object({
  currency: z.string(),
  clicks: z.number().int(),
  /** Approved conversions. */
  conversions: z.number().int(),
  pending: z.number().int(),
  rejected: z.number().int(),
  /** conversions / clicks of this currency's offers (0.0125 = 1,25 %); 0 without clicks. */
  conversionRate: z.number(),
  /** Approved payout, minor units. */
  revenue: z.number().int(),
  /** Payout of the pending conversions, minor units: not earned yet, never added to `revenue`. */
  pendingRevenue: z.number().int(),
  /** revenue / clicks of this currency's offers, minor units with their fraction; 0 without clicks. */
  epc: z.number(),
});
export type CurrencyFigures = z.infer<typeof CurrencyFiguresSchema>;

/** Stats row (spec section 3): approved conversions and their payout; pending and rejected ones are not revenue. */
export const StatsRowSchema = z.object({
  clicks: z.number().int(),
  conversions: z.number().int(),
  /**
   * conversions / clicks as a ratio (0.0125 = 1,25 %); 0 without clicks. Over every click of the row: where the row
   * spans several currencies, `byCurrency` holds each currency's own rate (decision 091).
   */
  conversionRate: z.number(),
  revenue: z.array(MoneyAmountSchema),
  /** Revenue per click, per currency, each over the clicks of that currency's offers (decision 091); empty without clicks. */
  epc: z.array(MoneyAmountSchema),
  /** Each currency's figures, sorted by code; pending and rejected conversions and the pending payout apart. */
  byCurrency: z.array(CurrencyFiguresSchema),
});
export type StatsRow = z.infer<typeof StatsRowSchema>;

/** One currency's share of rollup rows, as the server reads them: counts and payouts in minor units. */
export type CurrencySlice = {
  currency: string;
  clicks: number;
  /** Approved conversions. */
  conversions: number;
  pending: number;
  rejected: number;
  /** Approved payout, minor units. */
  payout: number;
  /** Pending payout, minor units. */
  pendingPayout?: number | undefined;
};

/**
 * The one computation of rates and EPC (decision 091): slices summed per currency, then each currency's conversion
 * rate and EPC over the clicks of that currency's offers only, never over the clicks of another currency's.
 */
export function currencyFigures(slices: readonly CurrencySlice[]): CurrencyFigures[] {
  const sums = new Map<string, CurrencyFigures>();
  for (const slice of slices) {
    let sum = sums.get(slice.currency);
    if (!sum) {
      const zero = { clicks: 0, conversions: 0, pending: 0, rejected: 0, revenue: 0, pendingRevenue: 0 };
      sum = { currency: slice.currency, ...zero, conversionRate: 0, epc: 0 };
      sums.set(slice.currency, sum);
    }
    sum.clicks += slice.clicks;
    sum.conversions += slice.conversions;
    sum.pending += slice.pending;
    sum.rejected += slice.rejected;
    sum.revenue += slice.payout;
    sum.pendingRevenue += slice.pendingPayout ?? 0;
  }
  return [...sums.values()]
    .sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0))
    .map((sum) => ({
      ...sum,
      conversionRate: sum.clicks > 0 ? sum.conversions / sum.clicks : 0,
      epc: sum.clicks > 0 ? sum.revenue / sum.clicks : 0,
    }));
}

/** A Stats row of rollup slices (decision 091): totals over every click, rates and EPC per currency. */
export function statsRowOf(slices: readonly CurrencySlice[]): StatsRow {
  const byCurrency = currencyFigures(slices);
  const clicks = byCurrency.reduce((sum, figures) => sum + figures.clicks, 0);
  const conversions = byCurrency.reduce((sum, figures) => sum + figures.conversions, 0);
  return {
    clicks,
    conversions,
    conversionRate: clicks > 0 ? conversions / clicks : 0,
    revenue: byCurrency.map((figures) => ({ currency: figures.currency, amount: figures.revenue })),
    epc: byCurrency.filter((f) => f.clicks > 0).map((f) => ({ currency: f.currency, amount: f.epc })),
    byCurrency,
  };
}

/**
 * A Stats row's conversion rate as the screens show it: one rate when the row's clicks are of one currency's
 * offers, else each currency's own rate with its code ('5,00 % EUR · 5,28 % USD').
 */
export function formatConversionRates(
  row: Pick<StatsRow, 'conversionRate'> & { byCurrency?: readonly CurrencyFigures[] | undefined },
): string {
  const withClicks = (row.byCurrency ?? []).filter((figures) => figures.clicks > 0);
  if (withClicks.length <= 1) return formatPercent(withClicks[0]?.conversionRate ?? row.conversionRate);
  return withClicks.map((f) => `${formatPercent(f.conversionRate)} ${f.currency}`).join(MONEY_LIST_SEPARATOR);
}

export const ReportOfferSchema = z.object({ id: z.number().int(), name: z.string() });

/**
 * A basic report row: the day (yyyy-MM-dd, daily) or the sub-ID ('' for traffic without one) and its Stats. The
 * sub-ID report grouped otherwise (`groupBy`) labels rows with the tracker's value, the day, or the offer's name.
 */
/**
 * A row of the sub-ID report's second level (`then`, decision 110): the value of the second grouping inside its parent
 * row, labelled as a first-level row of that grouping would be.
 */
export const BasicReportChildSchema = StatsRowSchema.extend({
  label: z.string(),
  /** The row's offer, when the second level is the offer. */
  offer: ReportOfferSchema.optional(),
});
export type BasicReportChild = z.infer<typeof BasicReportChildSchema>;

export const BasicReportRowSchema = StatsRowSchema.extend({
  label: z.string(),
  /** True only on the totals row, appended last. */
  isTotal: z.boolean(),
  /** The row's offer, on the sub-ID report grouped by offer only. */
  offer: ReportOfferSchema.optional(),
  /**
   * The sub-ID report with a second grouping (`then`): the row's traffic split by it, in the report's sort, every
   * child (they add up to the row). Absent without `then` and on the totals row.
   */
  children: z.array(BasicReportChildSchema).optional(),
});
export type BasicReportRow = z.infer<typeof BasicReportRowSchema>;
/**
 * One total of the partner's payout in its payment currency (decision 112), beside the amounts as booked: each amount
 * converted at its currency's reference rate of its (UTC) day, the last known rate for a day without one (listed in
 * `missingDays`), the total rounded once, half to even — the network reports' rule (decision 111). Null when every
 * amount is already in the payment currency, or when the network has no rate for one of them.
 */
export const ConvertedTotalSchema = z.object({
  currency: z.string(),
  /** Approved payout, minor units of `currency`. */
  payout: z.number().int(),
  /** Payout still pending, minor units of `currency`. */
  pendingPayout: z.number().int(),
  rounding: z.literal('half-even'),
  missingDays: z.array(z.object({ currency: z.string(), date: z.string(), rateOf: z.string() })),
});
export type ConvertedTotal = z.infer<typeof ConvertedTotalSchema>;

/**
 * GET /statistics/daily and /statistics/subid: the rows, then the totals row; `total` counts the rows before it;
 * `converted`, the totals row's payout as one amount in the payment currency (null without one, decision 112).
 */
export const BasicReportSchema = listOf(BasicReportRowSchema).extend({ converted: ConvertedTotalSchema.nullable() });

/** Click row (spec section 3). */
export const ClickRowSchema = z.object({
  clickid: z.string(),
  offer: ReportOfferSchema,
  /** Local ISO moment in the partner's offset (see toLocalIso). */
  date: z.string(),
  ip: z.string().nullable(),
  subid: z.string().nullable(),
  tc1: z.string().nullable(),
  tc2: z.string().nullable(),
  tc3: z.string().nullable(),
  tc4: z.string().nullable(),
  /** The visitor's country (ISO 3166-1 alpha-2) from its address; null when it could not be placed. */
  country: z.string().nullable(),
  /** From the user agent (decision 093): 'desktop', 'mobile', 'tablet', 'bot' or 'unknown'. */
  deviceType: z.enum(['desktop', 'mobile', 'tablet', 'bot', 'unknown']),
  /** The browser's family from the user agent ('Chrome', 'Safari', 'Facebook'…), or null when unknown. */
  browser: z.string().nullable(),
  /** Whether the click led to a conversion of any status. */
  converted: z.boolean(),
});
export type ClickRow = z.infer<typeof ClickRowSchema>;
export const ClickReportSchema = listOf(ClickRowSchema);

/** Conversion row (spec section 3), with the status and reason a partner needs to read its revenue. */
export const ConversionRowSchema = z.object({
  id: z.number().int(),
  offer: ReportOfferSchema,
  /** Local ISO moment in the partner's offset (see toLocalIso). */
  date: z.string(),
  /** The partner's payout for this conversion; 0 when rejected. */
  revenue: MoneyAmountSchema,
  status: z.enum(CONVERSION_STATUSES),
  reason: z.enum(CONVERSION_REJECTION_REASONS).nullable(),
  /** The goal's code as the advertiser sent it. */
  goal: z.string(),
  /** The goal's name as people read it (the code when the goal is unknown). */
  goalName: z.string(),
  /** The click it came from, for a tracker to reconcile (issue 47); null for an unknown click. */
  clickId: z.string().nullable(),
  /** When that click happened, as a local ISO moment (see toLocalIso); or null. */
  clickDate: z.string().nullable(),
  /** The advertiser's transaction id, or null. */
  transactionId: z.string().nullable(),
  /** The click's country (ISO 3166-1 alpha-2), or null. */
  country: z.string().nullable(),
  subid: z.string().nullable(),
  tc1: z.string().nullable(),
  tc2: z.string().nullable(),
  tc3: z.string().nullable(),
  tc4: z.string().nullable(),
  /** Why the conversion was reversed after the fact (decision 069); null unless `reason` is 'reversed'. */
  reversalReason: z.enum(CONVERSION_REVERSAL_REASONS).nullable(),
  /** Why staff declined it on review (decision 079); null unless `reason` is 'declined' and a code was given. */
  declineReason: z.enum(CONVERSION_DECLINE_REASONS).nullable(),
  /**
   * The conversion rules that hold it for review (`reason` 'fraud_review') or refused it (decision 101), named, never
   * with their thresholds; empty otherwise (a held conversion once decided no longer shows them).
   */
  signals: z.array(z.enum(CONVERSION_RULES)),
  /** The note of the latest change after the fact (a reversal, an adjustment…), written for the partner; or null. */
  note: z.string().nullable(),
  /** The payout before a reversal or an adjustment changed it; null unless the partner's payout changed. */
  originalPayout: MoneyAmountSchema.nullable(),
  /** When the conversion last changed after it was recorded, as a local ISO moment (see toLocalIso); or null. */
  changedAt: z.string().nullable(),
});
export type ConversionRow = z.infer<typeof ConversionRowSchema>;
export const ConversionReportSchema = listOf(ConversionRowSchema);

/**
 * GET /statistics/conversion/totals: the conversion report's totals row, one entry per currency (sorted by code), over
 * every row of the filter (not only the page). Money in minor units; `revenue` is the sum of the rows' Revenue column
 * (approved and pending payouts; a rejected conversion pays 0).
 */
export const ConversionTotalSchema = z.object({
  currency: z.string(),
  conversions: z.number().int(),
  approved: z.number().int(),
  pending: z.number().int(),
  rejected: z.number().int(),
  revenue: z.number().int(),
  approvedRevenue: z.number().int(),
  pendingRevenue: z.number().int(),
});
export type ConversionTotal = z.infer<typeof ConversionTotalSchema>;
/**
 * `converted`: the filter's approved and pending payouts as one amount in the payment currency at each day's rate
 * (decision 112's rule, read from the same raw conversions as the lines; decision 118), null without one.
 */
export const ConversionTotalsSchema = listOf(ConversionTotalSchema).extend({
  converted: ConvertedTotalSchema.nullable(),
});

/** GET /statistics/home/global: one Stats row per period (spec section 3, Periods). */
export const GlobalPerformanceSchema = envelope(
  z.object(
    Object.fromEntries(STATS_PERIODS.map((period) => [period, StatsRowSchema])) as Record<
      StatsPeriod,
      typeof StatsRowSchema
    >,
  ),
);
export type GlobalPerformance = Record<StatsPeriod, StatsRow>;

/** GET /statistics/home/quick-stats: the last 7 days (today included) and the year-to-date payout. */
export const QuickStatsSchema = envelope(
  z.object({
    startDate: z.string(),
    endDate: z.string(),
    clicks: z.number().int(),
    /** Approved conversions of the last 7 days. */
    conversions: z.number().int(),
    /** Conversions of the last 7 days still waiting for a decision, and those rejected: said apart (decision 110). */
    pending: z.number().int(),
    rejected: z.number().int(),
    /** Approved payout of the last 7 days. */
    payout: z.array(MoneyAmountSchema),
    /** Payout of the last 7 days' conversions still pending: not earned yet, shown apart (decision 091). */
    pendingPayout: z.array(MoneyAmountSchema),
    ytdPayout: z.array(MoneyAmountSchema),
    /** The last 7 days' payout and pending payout as one amount in the payment currency (decision 112), or null. */
    converted: ConvertedTotalSchema.nullable(),
  }),
);
export type QuickStats = z.infer<typeof QuickStatsSchema>['data'];

/** A top-offer row: rank and offer added to a Stats row (spec section 3). */
export const TopOfferRowSchema = StatsRowSchema.extend({
  rank: z.number().int(),
  offer: z.object({
    id: z.number().int(),
    name: z.string(),
    countries: z.array(z.string()),
    /** The payout mode column. */
    conversionType: z.enum(CONVERSION_TYPES),
    payout: OfferPayoutSchema.nullable(),
  }),
});
export type TopOfferRow = z.infer<typeof TopOfferRowSchema>;
export const TopOffersSchema = listOf(TopOfferRowSchema);

// ------------------------------------------------------------------ queries

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A yyyy-MM-dd query parameter naming a real day; empty means unset. */
export const isoDateParam = z.preprocess(
  emptyAsUnset,
  z
    .string()
    .regex(ISO_DATE, { error: 'pattern' })
    // Guarded: zod runs the refinement even after the pattern failed, and an invalid Date cannot be printed.
    .refine((value) => Number.isFinite(dayMs(value)) && isoDay(dayMs(value)) === value, { error: 'pattern' })
    .optional(),
);
const trackingFilter = z.preprocess(emptyAsUnset, TrackingValueSchema.optional());

/** A country filter (ISO 3166-1 alpha-2, any case in, upper case out); unset for every country. */
export const countryParam = z.preprocess(
  (value) => (typeof value === 'string' ? emptyAsUnset(value.trim().toUpperCase()) : value),
  z
    .string()
    .regex(/^[A-Z]{2}$/, { error: 'pattern' })
    .optional(),
);

/** A repeatable query parameter: `?country=FR&country=DE` (a lone value is a list of one); empty values dropped. */
export function repeated(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  const list = (Array.isArray(value) ? value : [value]).filter((v) => v !== '');
  return list.length > 0 ? list : undefined;
}

/** How many countries one report filter may name. */
export const MAX_REPORT_COUNTRIES = 50;

/**
 * The reports' country filter (decision 110): any of the countries named, repeated (`country=FR&country=DE`; ISO
 * 3166-1 alpha-2, any case in, upper case out, duplicates dropped); unset for every country.
 */
export const countryListParam = z.preprocess(
  (value) => {
    const list = repeated(value);
    return Array.isArray(list) ? list.map((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v)) : list;
  },
  z
    .array(z.string().regex(/^[A-Z]{2}$/, { error: 'pattern' }))
    .max(MAX_REPORT_COUNTRIES, { error: 'max' })
    .transform((list) => [...new Set(list)])
    .optional(),
);

/** The shared report filter (spec section 2). Empty values mean no filter. */
export const reportFilterShape = {
  /** yyyy-MM-dd in the partner's time zone, both ends included. Without either, the previous month. */
  startDate: isoDateParam,
  endDate: isoDateParam,
  offerId: z.preprocess(
    emptyAsUnset,
    z.coerce
      .number({ error: 'type' })
      .int({ error: 'type' })
      .positive({ error: 'type' })
      .max(2_147_483_647, { error: 'type' })
      .optional(),
  ),
  subid: trackingFilter,
  tc1: trackingFilter,
  tc2: trackingFilter,
  tc3: trackingFilter,
  tc4: trackingFilter,
  /**
   * The visitors' countries, on every report (decisions 093, 110): the click's country, which its conversions keep;
   * any of them when repeated.
   */
  country: countryListParam,
};

export function checkRange(
  value: { startDate?: string | undefined; endDate?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.startDate && value.endDate) {
    const days = daysBetween(value.startDate, value.endDate);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'min' });
    else if (days > MAX_REPORT_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'max' });
  }
}

/** GET /statistics/daily. */
export const BasicReportQuerySchema = z.strictObject(reportFilterShape).superRefine(checkRange);
export type BasicReportQuery = z.infer<typeof BasicReportQuerySchema>;

/** What the sub-ID report may group by (decision 033); a click's country comes with the catalogue issue. */
export const SUBID_GROUPINGS = ['subid', 'tc1', 'tc2', 'tc3', 'tc4', 'offer', 'day', 'country'] as const;
export type SubidGrouping = (typeof SUBID_GROUPINGS)[number];
/** The sub-ID report's sortable columns. Revenue and EPC sort on minor units summed over currencies, not converted. */
export const SUBID_SORTS = ['label', 'clicks', 'conversions', 'conversionRate', 'revenue', 'epc'] as const;
export type SubidSort = (typeof SUBID_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
/** The sub-ID screen opens on the most clicked rows. */
export const DEFAULT_SUBID_SORT: SubidSort = 'clicks';

const optionalPositiveInt = (max: number) =>
  z.preprocess(
    emptyAsUnset,
    z.coerce
      .number({ error: 'type' })
      .int({ error: 'type' })
      .min(1, { error: 'min' })
      .max(max, { error: 'max' })
      .optional(),
  );

/**
 * GET /statistics/subid: the filter, a grouping (sub-ID by default), a sort and an optional page. Without `sort` the
 * rows keep label order (code units) as before; `order` defaults to descending for figures, ascending for the label.
 * Without `page` or `count`, every row; with either, one page (`count` 50 by default). The totals row, over every
 * row, is always last and `total` counts the rows of all pages.
 */
/** A second grouping of the sub-ID report (decision 110): any of the groupings but the first. */
const thenParam = z.preprocess(emptyAsUnset, z.enum(SUBID_GROUPINGS, { error: 'oneOf' }).optional());

function checkThen(
  value: { groupBy?: SubidGrouping | undefined; then?: SubidGrouping | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.then !== undefined && value.then === (value.groupBy ?? 'subid')) {
    ctx.addIssue({ code: 'custom', path: ['then'], message: 'oneOf' });
  }
}

export const SubidReportQuerySchema = z
  .strictObject({
    ...reportFilterShape,
    groupBy: z.preprocess(emptyAsUnset, z.enum(SUBID_GROUPINGS, { error: 'oneOf' }).default('subid')),
    /** A second level (decision 110): each row's traffic split by this grouping in `children`; not `groupBy` again. */
    then: thenParam,
    sort: z.preprocess(emptyAsUnset, z.enum(SUBID_SORTS, { error: 'oneOf' }).optional()),
    order: z.preprocess(emptyAsUnset, z.enum(SORT_ORDERS, { error: 'oneOf' }).optional()),
    page: optionalPositiveInt(1_000_000),
    count: optionalPositiveInt(MAX_PAGE_SIZE),
  })
  .superRefine((value, ctx) => {
    checkRange(value, ctx);
    checkThen(value, ctx);
  });
export type SubidReportQuery = z.infer<typeof SubidReportQuerySchema>;

/**
 * Why a partner's own links were refused, as the partner may be told it (decision 024). A disabled offer, or one the
 * partner may not see, is 'unknown_offer', as GET /click itself answers ('This offer does not exist.'), so that the
 * report cannot reveal a private offer. Refusals that name no partner (a malformed link) belong to nobody.
 */
export const PARTNER_REFUSAL_REASONS = [
  'unknown_offer',
  'approval_required',
  'partner_inactive',
  'geo_mismatch',
  'offer_not_started',
  'offer_ended',
  'over_cap',
  'unknown_landing_page',
  /** Refused by the traffic rules or a blocklist (decision 083): the rule, never its threshold. */
  ...TRAFFIC_RULE_REASONS,
] as const;
export type PartnerRefusalReason = (typeof PARTNER_REFUSAL_REASONS)[number];

/** GET /statistics/refused: the date range (as the other reports) and an optional offer. */
export const RefusedTrafficQuerySchema = z
  .strictObject({
    startDate: reportFilterShape.startDate,
    endDate: reportFilterShape.endDate,
    offerId: reportFilterShape.offerId,
  })
  .superRefine(checkRange);
export type RefusedTrafficQuery = z.infer<typeof RefusedTrafficQuerySchema>;

/** Refused clicks per reason and offer (null where the offer is not the partner's to know), most first. */
export const RefusedTrafficRowSchema = z.object({
  reason: z.enum(PARTNER_REFUSAL_REASONS),
  offerId: z.number().int().nullable(),
  clicks: z.number().int(),
});
export type RefusedTrafficRow = z.infer<typeof RefusedTrafficRowSchema>;
export const RefusedTrafficSchema = listOf(RefusedTrafficRowSchema);

/** GET /statistics/click: the filter plus pagination, newest first. */
export const PagedReportQuerySchema = z
  .strictObject({
    ...reportFilterShape,
    ...pageQueryShape,
  })
  .superRefine(checkRange);
export type PagedReportQuery = z.infer<typeof PagedReportQuerySchema>;

/** The conversion report's status filter (decision 033): one status, or every one when unset. */
const conversionStatusFilter = z.preprocess(emptyAsUnset, z.enum(CONVERSION_STATUSES, { error: 'oneOf' }).optional());

/**
 * "Find a click" (issue 47): a click id or an advertiser's transaction id, matched exactly. With it and neither
 * `startDate` nor `endDate`, conversions of every date are read, as with the filter on changes.
 */
export const findParam = z.preprocess(
  (value) => (typeof value === 'string' ? emptyAsUnset(value.trim()) : value),
  z.string().max(255, { error: 'max' }).optional(),
);

/**
 * The conversion report's filter on changes after the fact (decision 069): `changed=true` only conversions reversed,
 * adjusted or otherwise changed after they were recorded (`false` only the others); `changedFrom`/`changedTo`
 * (yyyy-MM-dd in the partner's time zone, both included) those whose latest change fell on those days. With any of
 * them and neither `startDate` nor `endDate`, conversions of every date are read: a change today may touch a
 * conversion of any month.
 */
export const changedFilterShape = {
  changed: z.preprocess(emptyAsUnset, booleanParam.optional()),
  changedFrom: isoDateParam,
  changedTo: isoDateParam,
  find: findParam,
};

export type ChangedFilter = {
  find?: string | undefined;
  changed?: boolean | undefined;
  changedFrom?: string | undefined;
  changedTo?: string | undefined;
};

/** Whether a query filters on changes after the fact. */
export const hasChangedFilter = (query: ChangedFilter): boolean =>
  query.changed !== undefined || Boolean(query.changedFrom) || Boolean(query.changedTo) || Boolean(query.find);

function checkChanged(value: ChangedFilter, ctx: z.RefinementCtx) {
  if (value.changedFrom && value.changedTo && daysBetween(value.changedFrom, value.changedTo) < 1) {
    ctx.addIssue({ code: 'custom', path: ['changedTo'], message: 'min' });
  }
  if (value.changed === false && (value.changedFrom || value.changedTo)) {
    ctx.addIssue({ code: 'custom', path: ['changed'], message: 'oneOf' });
  }
}

const checkConversionFilter = (
  value: ChangedFilter & { startDate?: string | undefined; endDate?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  checkRange(value, ctx);
  checkChanged(value, ctx);
};

/** GET /statistics/conversion: the filter, an optional status, and pagination, newest first. */
export const ConversionReportQuerySchema = z
  .strictObject({
    ...reportFilterShape,
    status: conversionStatusFilter,
    ...changedFilterShape,
    ...pageQueryShape,
  })
  .superRefine(checkConversionFilter);
export type ConversionReportQuery = z.infer<typeof ConversionReportQuerySchema>;

/** GET /statistics/conversion/totals: the conversion report's filter, without pagination. */
export const ConversionTotalsQuerySchema = z
  .strictObject({ ...reportFilterShape, status: conversionStatusFilter, ...changedFilterShape })
  .superRefine(checkConversionFilter);
export type ConversionTotalsQuery = z.infer<typeof ConversionTotalsQuerySchema>;

/**
 * GET /statistics/export/{type}: a CSV of every row of a report under the same filter (no pagination). `status` and
 * the changed filter apply to the conversion export only; the other types answer 400 on them.
 */
export const ExportReportParamsSchema = z.strictObject({ type: z.enum(REPORT_TYPES, { error: 'oneOf' }) });
export const ExportReportQuerySchema = z
  .strictObject({
    ...reportFilterShape,
    status: conversionStatusFilter,
    ...changedFilterShape,
    /** The sub-ID report's grouping, exported as shown (sub-ID by default); no other report takes one. */
    groupBy: z.preprocess(emptyAsUnset, z.enum(SUBID_GROUPINGS, { error: 'oneOf' }).optional()),
    /** The sub-ID report's second grouping (decision 110): one CSV line per child row, its two labels first. */
    then: thenParam,
  })
  .superRefine((value, ctx) => {
    checkConversionFilter(value, ctx);
    checkThen(value, ctx);
  });
export type ExportReportQuery = z.infer<typeof ExportReportQuerySchema>;

/** GET /statistics/home/top-offers. */
export const TopOffersQuerySchema = z.strictObject({
  country: countryParam,
  date: z.preprocess(emptyAsUnset, z.enum(TOP_OFFER_DATES, { error: 'oneOf' }).default(DEFAULT_TOP_OFFER_DATE)),
});
export type TopOffersQuery = z.infer<typeof TopOffersQuerySchema>;

// ------------------------------------------------------------------ endpoints

/** The dashboard calls take no parameter: an unknown one is a 400 like on every other route. */
export const NoQuerySchema = z.strictObject({});

/** The partner's statistics (decision 017): dashboard blocks and reports, each scoped to the caller's partner. */
export const statisticsEndpoints = {
  globalPerformance: defineEndpoint({
    method: 'GET',
    path: '/statistics/home/global',
    auth: 'session+key',
    tags: ['statistics'],
    summary: 'Global performance: one Stats row per period (today, wtd, week, mtd, month, ytd, year)',
    query: NoQuerySchema,
    response: GlobalPerformanceSchema,
  }),
  quickStats: defineEndpoint({
    method: 'GET',
    path: '/statistics/home/quick-stats',
    auth: 'session+key',
    tags: ['statistics'],
    summary: 'Quick stats of the last 7 days (today included) and the year-to-date payout',
    query: NoQuerySchema,
    response: QuickStatsSchema,
  }),
  topOffers: defineEndpoint({
    method: 'GET',
    path: '/statistics/home/top-offers',
    auth: 'session+key',
    tags: ['statistics'],
    summary: 'The partner’s best offers over a period, optionally only offers running in a country',
    query: TopOffersQuerySchema,
    response: TopOffersSchema,
  }),
  daily: defineEndpoint({
    method: 'GET',
    path: '/statistics/daily',
    auth: 'session+key',
    tags: ['statistics'],
    summary: 'Daily report: every day of the range, then the totals row',
    query: BasicReportQuerySchema,
    response: BasicReportSchema,
  }),
  subid: defineEndpoint({
    method: 'GET',
    path: '/statistics/subid',
    auth: 'session+key',
    tags: ['statistics'],
    summary:
      'Sub-ID report: one row per sub-ID (empty for none), or per tracker value, offer, day or visitor country (groupBy), each split by a second grouping in children (then), sorted ' +
      'and optionally paged, then the totals row; total counts the rows of every page',
    query: SubidReportQuerySchema,
    response: BasicReportSchema,
  }),
  refused: defineEndpoint({
    method: 'GET',
    path: '/statistics/refused',
    auth: 'session+key',
    tags: ['statistics'],
    summary: 'Refused traffic: the partner’s clicks GET /click refused, per reason and offer, most first',
    query: RefusedTrafficQuerySchema,
    response: RefusedTrafficSchema,
  }),
  conversion: defineEndpoint({
    method: 'GET',
    path: '/statistics/conversion',
    auth: 'session+key',
    tags: ['statistics'],
    summary:
      'Conversion report: the partner’s conversions of every status (or of one, status), newest first, paginated',
    description:
      'Each row says why it has its status (`reason`; a reversal after the fact adds `reversalReason`), the note of its latest change, the payout before a reversal or an adjustment (`originalPayout`) and when it changed (`changedAt`). `changed=true` keeps the conversions changed after they were recorded; `changedFrom`/`changedTo` (days in the partner’s time zone) those whose latest change fell on those days; with either and no `startDate`/`endDate`, conversions of every date are read.',
    query: ConversionReportQuerySchema,
    response: ConversionReportSchema,
  }),
  conversionTotals: defineEndpoint({
    method: 'GET',
    path: '/statistics/conversion/totals',
    auth: 'session+key',
    tags: ['statistics'],
    summary: 'The conversion report’s totals: per currency, conversions by status and their payouts',
    query: ConversionTotalsQuerySchema,
    response: ConversionTotalsSchema,
  }),
  click: defineEndpoint({
    method: 'GET',
    path: '/statistics/click',
    auth: 'session+key',
    tags: ['statistics'],
    summary: 'Click report: the partner’s clicks, newest first, paginated',
    query: PagedReportQuerySchema,
    response: ClickReportSchema,
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/statistics/export/:type',
    auth: 'session+key',
    tags: ['statistics'],
    summary: 'A report as a CSV attachment (every row under the filter, streamed)',
    params: ExportReportParamsSchema,
    query: ExportReportQuerySchema,
    response: z.any().describe('text/csv: the header line, then one line per row'),
    produces: ['text/csv'],
  }),
};
