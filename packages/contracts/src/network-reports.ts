import { z } from 'zod';
import { IdParamsSchema, envelope, listOf } from './api.js';
import { MAX_PAGE_SIZE } from './constants.js';
import { defineEndpoint } from './endpoint.js';
import { NetworkFxSchema } from './fx-rates.js';
import { emptyAsUnset } from './offers.js';
import { MoneyAmountSchema, REPORT_DATE_PRESETS, checkRange, isoDateParam, repeated } from './statistics.js';
import { TrackingValueSchema } from './tracking.js';

// ---------------------------------------------------------------- network reports (decision 046)

/**
 * What a network report breaks down by. In the partner API a Stats row's `revenue` is what the partner earns; staff
 * rows name the three amounts apart: `advertiserRevenue` (what advertisers owe the network), `payout` (what the
 * network owes partners, the partner's `revenue`) and `margin` (their difference).
 */
export const NETWORK_BREAKDOWNS = ['day', 'partner', 'offer', 'advertiser', 'manager', 'country', 'hour', 'week', 'month', 'subid', 'tc1', 'tc2', 'tc3', 'tc4', 'landing'] as const; // prettier-ignore
export type NetworkBreakdown = (typeof NETWORK_BREAKDOWNS)[number];
/** The breakdowns whose rows are periods of time, in order (decision 089). */
export const NETWORK_TIME_BREAKDOWNS = ['hour', 'day', 'week', 'month'] as const satisfies readonly NetworkBreakdown[];
/** The sub-ID and trackers, as breakdowns and filters: read from the partner rollup, which keeps them (decision 089). */
export const NETWORK_TRACKING_KEYS = [
  'subid',
  'tc1',
  'tc2',
  'tc3',
  'tc4',
] as const satisfies readonly NetworkBreakdown[];
/** The quick ranges of the network reports: the report filter's presets but 'custom' (the dates themselves). */
export const NETWORK_RANGES = REPORT_DATE_PRESETS.filter((p) => p !== 'custom') as Exclude<(typeof REPORT_DATE_PRESETS)[number], 'custom'>[]; // prettier-ignore

const idList = z.preprocess(
  repeated,
  z.array(z.coerce.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'type' }).max(2_147_483_647, { error: 'type' })).max(100, { error: 'max' }).optional(), // prettier-ignore
);
/** The landing-page key of a click sent to the offer's own URL, and of the traffic counted before it was kept (decision 117). */
export const LANDING_OFFER_URL = 0;
export const LANDING_NOT_RECORDED = -1;

const trackingList = z.preprocess(repeated, z.array(TrackingValueSchema).max(100, { error: 'max' }).optional());

/**
 * What a report's rows can be sorted on (decision 153): a figure summed over the row (an amount's minor units summed
 * over its currencies, or the base currency's with `currency=base`), or the name. Ties go by name, then key.
 */
export const NETWORK_REPORT_SORTS = ['margin', 'clicks', 'conversions', 'advertiserRevenue', 'payout', 'label'] as const; // prettier-ignore
export type NetworkReportSort = (typeof NETWORK_REPORT_SORTS)[number];
const pageNumber = (max: number) =>
  z.preprocess(emptyAsUnset, z.coerce.number({ error: 'type' }).int({ error: 'type' }).min(1, { error: 'min' }).max(max, { error: 'max' }).optional()); // prettier-ignore

export const NetworkReportQuerySchema = z
  .strictObject({
    /** yyyy-MM-dd in the viewer's time zone, both ends included; without either, the previous month. */
    startDate: isoDateParam,
    endDate: isoDateParam,
    /** A quick range in the viewer's time zone; when given, it wins over the dates. */
    range: z.preprocess(emptyAsUnset, z.enum(NETWORK_RANGES as [string, ...string[]], { error: 'oneOf' }).optional()),
    /** `previous`: each row and the totals also carry the figures of the period of the same length just before. */
    compare: z.preprocess(emptyAsUnset, z.enum(['previous'], { error: 'oneOf' }).optional()),
    /**
     * A second breakdown nested in each row (decision 106): `partner` then `offer` gives each partner's offers as the
     * row's `children`. Not the breakdown itself, not two periods of time, not two sub-ID or tracker keys.
     */
    then: z.preprocess(emptyAsUnset, z.enum(NETWORK_BREAKDOWNS, { error: 'oneOf' }).optional()),
    /**
     * `base`: every amount converted to the network's base currency at the rate of its day (decision 111), the
     * original currencies kept in each row's `original`.
     */
    currency: z.preprocess(emptyAsUnset, z.enum(['base'], { error: 'oneOf' }).optional()),
    /** Filters, each repeatable (any of the values), within the reader's scope. */
    partnerId: idList,
    offerId: idList,
    advertiserId: idList,
    /** Account managers' user ids. */
    managerId: idList,
    /**
     * Goal codes (`registration`, as the advertiser's postback sends them, decision 113): the conversions on any of
     * these goals, and the clicks of the offers that pay on one of them.
     */
    goal: z.preprocess(repeated, z.array(z.string().trim().min(1, { error: 'required' }).max(64, { error: 'maxLength' })).max(100, { error: 'max' }).optional()), // prettier-ignore
    /**
     * Offer landing pages the clicks were sent to (decision 117): a landing page's id, `0` the offer's own URL, `-1` the
     * traffic counted before the landing page was kept.
     */
    landingPageId: z.preprocess(
      repeated,
      z.array(z.coerce.number({ error: 'type' }).int({ error: 'type' }).min(LANDING_NOT_RECORDED, { error: 'type' }).max(2_147_483_647, { error: 'type' })).max(100, { error: 'max' }).optional(), // prettier-ignore
    ),
    /** ISO 3166-1 alpha-2; `XX` is the traffic no country was found for. */
    country: z.preprocess(
      repeated,
      z
        .array(
          z
            .string()
            .regex(/^[A-Za-z]{2}$/, { error: 'pattern' })
            .transform((code) => code.toUpperCase()),
        )
        .max(100, { error: 'max' })
        .optional(),
    ),
    subid: trackingList,
    tc1: trackingList,
    tc2: trackingList,
    tc3: trackingList,
    tc4: trackingList,
    /**
     * One page of the rows (decision 153), from 1, of `count` rows (default 50): with `then=`, a page of the first
     * breakdown's rows with all their nested rows. The Totals stay those of every page, and the answer's `total` is how
     * many rows every page holds. Without `page`, every row (the CSV is always every row).
     */
    page: pageNumber(1_000_000),
    count: pageNumber(MAX_PAGE_SIZE),
    /**
     * The rows' order (decision 153), nested rows too: by margin, largest first, unless told. Periods of time keep
     * their order.
     */
    sortName: z.preprocess(emptyAsUnset, z.enum(NETWORK_REPORT_SORTS, { error: 'oneOf' }).optional()),
    sortOrder: z.preprocess(emptyAsUnset, z.enum(['asc', 'desc'], { error: 'oneOf' }).optional()),
  })
  .superRefine(checkRange);
export type NetworkReportQuery = z.infer<typeof NetworkReportQuerySchema>;
export type NetworkReportQueryInput = z.input<typeof NetworkReportQuerySchema>;

export const NetworkReportParamsSchema = z.strictObject({
  breakdown: z.enum(NETWORK_BREAKDOWNS, { error: 'oneOf' }),
});

/**
 * Whether a breakdown can nest another (decision 106): never itself, never two periods of time (a day's hours are its
 * drill-down), never two sub-ID or tracker keys (the partner's rollup keeps one at a time in a report's groups).
 */
export function canNest(breakdown: NetworkBreakdown, then: NetworkBreakdown): boolean {
  const time = (b: NetworkBreakdown) => (NETWORK_TIME_BREAKDOWNS as readonly string[]).includes(b);
  const tracking = (b: NetworkBreakdown) => (NETWORK_TRACKING_KEYS as readonly string[]).includes(b);
  return breakdown !== then && !(time(breakdown) && time(then)) && !(tracking(breakdown) && tracking(then));
}

/** The key of traffic no country was found for, in the country breakdown and filter. */
export const UNKNOWN_COUNTRY_KEY = 'XX';

/** The figures of a row over the previous period (`compare=previous`). */
export const NetworkPreviousSchema = z.object({
  clicks: z.number().int(),
  conversions: z.number().int(),
  advertiserRevenue: z.array(MoneyAmountSchema),
  payout: z.array(MoneyAmountSchema),
  margin: z.array(MoneyAmountSchema),
});
export type NetworkPrevious = z.infer<typeof NetworkPreviousSchema>;

export const NetworkLeafRowSchema = z.object({
  /**
   * The hour (yyyy-MM-dd HH:00), day (yyyy-MM-dd), week (its Monday), month (yyyy-MM), the id of the partner, offer,
   * advertiser or manager ('none': no manager), the country, the sub-ID or tracker value ('' when none was sent), the
   * landing page's id ('0': the offer's own URL, '-1': counted before the landing page was kept, decision 117).
   */
  key: z.string(),
  label: z.string(),
  clicks: z.number().int(),
  /** Approved conversions. */
  conversions: z.number().int(),
  pendingConversions: z.number().int(),
  rejectedConversions: z.number().int(),
  conversionRate: z.number(),
  /** Approved conversions' amounts, per currency (minor units). */
  advertiserRevenue: z.array(MoneyAmountSchema),
  payout: z.array(MoneyAmountSchema),
  margin: z.array(MoneyAmountSchema),
  /** Margin over advertiser revenue, per currency (0.25 = 25 %); absent in a currency without revenue. */
  marginRate: z.array(MoneyAmountSchema),
  /** Pending conversions' amounts, per currency (minor units): what is still to be decided. */
  pendingRevenue: z.array(MoneyAmountSchema),
  pendingPayout: z.array(MoneyAmountSchema),
  /** Advertiser revenue per click, per currency (fractions of a minor unit kept). */
  epc: z.array(MoneyAmountSchema),
  /**
   * Clicks /click refused for this row's partners and offers (decision 106): the traffic staff never see as clicks.
   * Absent where the refusals cannot be placed: a breakdown or filter by country, sub-ID or tracker (refusals are
   * counted per hour, reason, partner and offer only). A link naming no known partner is in no row.
   */
  refusedClicks: z.number().int().optional(),
  /** The same refused clicks per reason (a click rejection reason code), most first. */
  refusedByReason: z.array(z.object({ reason: z.string(), clicks: z.number().int() })).optional(),
  /**
   * Clicks a click rule flagged (recorded, decision 083), placed as refused clicks are (decision 109): each click once,
   * and per rule (a click two rules flagged is in both), most first.
   */
  flaggedClicks: z.number().int().optional(),
  flaggedClicksByRule: z.array(z.object({ rule: z.string(), clicks: z.number().int() })).optional(),
  /**
   * Conversions the conversion rules held for review or refused when recorded (decision 101), whatever a review made
   * of them since: each once, and per rule (a TrafficRule name of the conversion rules), most first.
   */
  flaggedConversions: z.number().int().optional(),
  flaggedConversionsByRule: z.array(z.object({ rule: z.string(), conversions: z.number().int() })).optional(),
  /**
   * With `currency=base` (decision 111): the amounts as they were, per currency, while the row's own amounts are in
   * the base currency.
   */
  original: z
    .object({
      advertiserRevenue: z.array(MoneyAmountSchema),
      payout: z.array(MoneyAmountSchema),
      margin: z.array(MoneyAmountSchema),
      pendingRevenue: z.array(MoneyAmountSchema),
      pendingPayout: z.array(MoneyAmountSchema),
    })
    .optional(),
  /** With `compare=previous`: the same row over the previous period (zeros when it had none). */
  previous: NetworkPreviousSchema.optional(),
  isTotal: z.boolean(),
});
export type NetworkLeafRow = z.infer<typeof NetworkLeafRowSchema>;

/** A row of the report: with `then=`, its second-level rows (no Totals among them) in `children` (decision 106). */
export const NetworkReportRowSchema = NetworkLeafRowSchema.extend({
  children: z.array(NetworkLeafRowSchema).optional(),
});
export type NetworkReportRow = z.infer<typeof NetworkReportRowSchema>;

/** The network's figures over one period of the staff home, in the viewer's scope. */
export const NetworkFiguresSchema = z.object({
  clicks: z.number().int(),
  conversions: z.number().int(),
  advertiserRevenue: z.array(MoneyAmountSchema),
  payout: z.array(MoneyAmountSchema),
  margin: z.array(MoneyAmountSchema),
});
export type NetworkFigures = z.infer<typeof NetworkFiguresSchema>;

export const StaffHomeNumbersSchema = z.object({
  today: NetworkFiguresSchema,
  last7Days: NetworkFiguresSchema,
  monthToDate: NetworkFiguresSchema,
  /** The last 7 days' best partners and offers by margin (summed over currencies in minor units), at most 5 each. */
  topPartners: z.array(NetworkReportRowSchema),
  topOffers: z.array(NetworkReportRowSchema),
});
export type StaffHomeNumbers = z.infer<typeof StaffHomeNumbersSchema>;

// ---------------------------------------------------------------- saved views (decision 106)

/**
 * The columns of the report screen, in its table's order (decision 106): what its column chooser, a view's `columns`
 * and the pinned view on the staff home (decision 117) name.
 */
export const NETWORK_REPORT_COLUMNS = ['clicks', 'conversions', 'pendingConversions', 'rejectedConversions', 'refusedClicks', 'flaggedClicks', 'flaggedConversions', 'conversionRate', 'advertiserRevenue', 'payout', 'margin', 'marginRate', 'pendingPayout', 'epc'] as const; // prettier-ignore
export type NetworkReportColumn = (typeof NETWORK_REPORT_COLUMNS)[number];

/** The report screen's address parameters a saved view keeps: the breakdowns, range, filters and columns. */
export const REPORT_VIEW_PARAMS = ['by', 'then', 'range', 'startDate', 'endDate', 'compare', 'currency', 'columns', 'partnerId', 'offerId', 'advertiserId', 'managerId', 'goal', 'landingPageId', 'country', 'subid', 'tc1', 'tc2', 'tc3', 'tc4', 'sortName', 'sortOrder'] as const; // prettier-ignore
/** Views one staff member may keep. */
export const MAX_REPORT_VIEWS = 50;

const viewName = z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(80, { error: 'maxLength' });
/**
 * The report's query as the screen's address holds it (`by=partner&then=offer&range=this_month&advertiserId=3`): only
 * the names of `REPORT_VIEW_PARAMS`, at most 2,000 characters.
 */
const viewQuery = z
  .string({ error: 'required' })
  .max(2000, { error: 'maxLength' })
  .refine((q) => [...new URLSearchParams(q).keys()].every((k) => (REPORT_VIEW_PARAMS as readonly string[]).includes(k)), { error: 'pattern' }); // prettier-ignore
/**
 * Shared with the owner's team (decision 114): every member of the owner's team (`teamId`, as the staff scope reads it)
 * and every admin may open, copy and pin it; only the owner changes or deletes it. A member of no team cannot share.
 */
const viewShared = z.boolean({ error: 'type' });

export const ReportViewBodySchema = z.strictObject({
  name: viewName,
  query: viewQuery,
  /** Absent: a new view is the owner's alone, and a view replaced by name keeps its sharing. */
  shared: viewShared.optional(),
});
export type ReportViewBody = z.infer<typeof ReportViewBodySchema>;

/** The owner's changes to one of its views (decision 114); a field left out stays as it is. */
export const ReportViewUpdateSchema = z.strictObject({
  name: viewName.optional(),
  query: viewQuery.optional(),
  shared: viewShared.optional(),
});
export type ReportViewUpdate = z.infer<typeof ReportViewUpdateSchema>;

export const ReportViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  query: z.string(),
  createdAt: z.string(),
  /** Shared with the owner's team (decision 114). */
  shared: z.boolean(),
  /** Who saved it: a shared view is listed with its owner's name. */
  owner: z.object({ id: z.number().int(), name: z.string() }),
  /** The reader's own view: the only one it may change or delete. */
  mine: z.boolean(),
  /** The view the reader's staff home shows (decision 114). */
  pinned: z.boolean(),
});
export type ReportView = z.infer<typeof ReportViewSchema>;

/** The view a staff member pins to its home (decision 114); null unpins. */
export const HomeViewBodySchema = z.strictObject({
  viewId: z.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'type' }).max(2_147_483_647, { error: 'type' }).nullable(), // prettier-ignore
});
export type HomeViewBody = z.infer<typeof HomeViewBodySchema>;

/**
 * The pinned view's totals on the staff home (decision 114), read through the network report itself: the view's
 * breakdowns, filters and currency, its range kind computed today (a quick range such as `this_month` is this month
 * today; fixed dates stay those dates; neither is the screen's last 30 days). `totals` is the report's Totals row;
 * null with `problem` when the report cannot answer the saved query (`invalid`: a value the report refuses; `noRate`:
 * a currency without a reference rate, decision 111).
 */
export const HomeViewSchema = z.object({
  view: ReportViewSchema,
  breakdown: z.enum(NETWORK_BREAKDOWNS),
  then: z.enum(NETWORK_BREAKDOWNS).nullable(),
  /** The days the totals are of (yyyy-MM-dd in the reader's time zone); null when the saved query is invalid. */
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** The quick range the view keeps, or null when it keeps fixed dates. */
  range: z.string().nullable(),
  /**
   * The view's chosen columns (its `columns`, in the table's order, decision 117): the lines the home shows; null when
   * the view keeps no choice (the home then shows clicks, conversions approved, pending and rejected, and the amounts).
   */
  columns: z.array(z.enum(NETWORK_REPORT_COLUMNS)).nullable(),
  /** The view compares with the previous period (`compare=previous`): `totals.previous` holds that period's figures. */
  compare: z.boolean(),
  totals: NetworkLeafRowSchema.nullable(),
  problem: z.enum(['invalid', 'noRate']).nullable(),
  fx: NetworkFxSchema.optional(),
});
export type HomeView = z.infer<typeof HomeViewSchema>;

export const reportViewsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/staff/report-views',
    tags: ['staff'],
    summary:
      "The signed-in staff member's saved network report views and those its team shares (decision 114), by name",
    response: listOf(ReportViewSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/staff/report-views',
    tags: ['staff'],
    summary: 'Save the network report as it is shown under a name (a name already used is replaced); audited',
    body: ReportViewBodySchema,
    errors: {
      409: `The staff member already keeps ${MAX_REPORT_VIEWS} views (delete one first), or shares with no team.`,
    },
    response: envelope(ReportViewSchema),
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/staff/report-views/:id',
    tags: ['staff'],
    summary: "Rename, change or share one of the signed-in staff member's own views (decision 114); audited",
    params: IdParamsSchema,
    body: ReportViewUpdateSchema,
    errors: {
      403: 'A view shared with the reader by someone else: only its owner changes it.',
      409: 'Another of the owner’s views has that name, or the owner belongs to no team to share it with.',
    },
    response: envelope(ReportViewSchema),
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/staff/report-views/:id',
    tags: ['staff'],
    summary: "Delete one of the signed-in staff member's saved views; audited",
    params: IdParamsSchema,
    errors: { 403: 'A view shared with the reader by someone else: only its owner deletes it.' },
    response: envelope(z.null()),
  }),
  homeView: defineEndpoint({
    method: 'GET',
    path: '/staff/home/view',
    tags: ['staff'],
    summary: "The totals of the view pinned to the signed-in staff member's home, computed today (decision 114)",
    response: envelope(HomeViewSchema.nullable()),
  }),
  pinHomeView: defineEndpoint({
    method: 'PUT',
    path: '/staff/home/view',
    tags: ['staff'],
    summary: 'Pin one of the views the signed-in staff member sees to its home, or unpin (null); audited',
    body: HomeViewBodySchema,
    errors: { 404: 'A view the signed-in staff member does not see (another’s, or one shared with another team).' },
    response: envelope(z.object({ viewId: z.number().int().nullable() })),
  }),
};

// ---------------------------------------------------------------- the filters' pickers (decision 113)

/**
 * The filters a network report's pickers name by name: what `GET /staff/report-options/{filter}` lists. Landing pages
 * (decision 126) are the pages of the offers the reader reaches, the offers' own URLs as `0` ("Offer URL").
 */
export const REPORT_OPTION_FILTERS = ['partnerId', 'offerId', 'advertiserId', 'managerId', 'goal', 'landingPageId'] as const; // prettier-ignore
export type ReportOptionFilter = (typeof REPORT_OPTION_FILTERS)[number];
/** How many options one answer lists at most: the picker narrows them as one types. */
export const REPORT_OPTIONS_LIMIT = 20;

export const ReportOptionsParamsSchema = z.strictObject({
  filter: z.enum(REPORT_OPTION_FILTERS, { error: 'oneOf' }),
});

export const ReportOptionsQuerySchema = z.strictObject({
  /** Typed text: any option whose name holds it (case-insensitive), or whose id is it (`#12` or `12`). */
  q: z.preprocess(emptyAsUnset, z.string().trim().max(100, { error: 'maxLength' }).optional()),
  /**
   * Values to name (repeatable): an address's chosen ids or goal codes, answered by name when the reader reaches them,
   * left out when it does not (a forged id names nothing).
   */
  value: z.preprocess(repeated, z.array(z.string().trim().min(1, { error: 'required' }).max(64, { error: 'maxLength' })).max(100, { error: 'max' }).optional()), // prettier-ignore
});
export type ReportOptionsQuery = z.infer<typeof ReportOptionsQuerySchema>;

/** One option of a picker: the filter's value in the address (an id, a goal code) and what people read. */
export const ReportOptionSchema = z.object({ value: z.string(), label: z.string() });
export type ReportOption = z.infer<typeof ReportOptionSchema>;

export const reportOptionsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/staff/report-options/:filter',
    tags: ['staff'],
    summary:
      "A network report filter's options by name, within the reader's scope: partners, offers, advertisers, account managers or goals",
    params: ReportOptionsParamsSchema,
    query: ReportOptionsQuerySchema,
    response: listOf(ReportOptionSchema),
  }),
};

export const networkReportsEndpoints = {
  report: defineEndpoint({
    method: 'GET',
    path: '/staff/reports/:breakdown',
    tags: ['staff'],
    summary:
      'Network report by day, hour, week, month, partner, offer, advertiser, account manager, country, sub-ID, tracker or landing page: clicks, conversions, advertiser revenue, payout, margin; Totals last, over every page (`page`, `count`, `sortName`: decision 153)',
    params: NetworkReportParamsSchema,
    query: NetworkReportQuerySchema,
    // With `currency=base`, `fx` says which base and which days had no rate of their own (decision 111).
    errors: { 409: 'With `currency=base`: a currency of the report has no reference rate on or before its days.' },
    response: envelope(z.array(NetworkReportRowSchema)).extend({ fx: NetworkFxSchema.optional() }),
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/staff/reports/:breakdown/export',
    tags: ['staff'],
    summary: 'The same report as CSV, one line per row, Totals last, the money in a block of columns per currency',
    errors: { 409: 'With `currency=base`: a currency of the report has no reference rate on or before its days.' },
    params: NetworkReportParamsSchema,
    query: NetworkReportQuerySchema,
    response: z
      .any()
      .describe(
        'text/csv (UTF-8 with BOM, CRLF): the header line, then one line per row, Totals last; clicks and conversions once per line, then per currency `Advertiser Revenue EUR`, `Payout EUR`, `Margin EUR`, `EPC EUR` in major units (decision 077)',
      ),
    produces: ['text/csv'],
  }),
  homeNumbers: defineEndpoint({
    method: 'GET',
    path: '/staff/home/numbers',
    tags: ['staff'],
    summary: "Today's, 7 days' and month-to-date network figures and the week's top partners and offers by margin",
    response: envelope(StaffHomeNumbersSchema),
  }),
};
