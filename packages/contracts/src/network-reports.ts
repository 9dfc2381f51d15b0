import { z } from 'zod';
import { envelope } from './api.js';
import { defineEndpoint } from './endpoint.js';
import { emptyAsUnset } from './offers.js';
import { MoneyAmountSchema, checkRange, isoDateParam } from './statistics.js';

// ---------------------------------------------------------------- network reports (decision 046)

/**
 * What a network report breaks down by. In the partner API a Stats row's `revenue` is what the partner earns; staff
 * rows name the three amounts apart: `advertiserRevenue` (what advertisers owe the network), `payout` (what the
 * network owes partners, the partner's `revenue`) and `margin` (their difference).
 */
export const NETWORK_BREAKDOWNS = ['day', 'partner', 'offer', 'advertiser', 'manager', 'country'] as const;
export type NetworkBreakdown = (typeof NETWORK_BREAKDOWNS)[number];

const optionalId = z.preprocess(
  emptyAsUnset,
  z.coerce.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'type' }).max(2_147_483_647, { error: 'type' }).optional(), // prettier-ignore
);

export const NetworkReportQuerySchema = z
  .strictObject({
    /** yyyy-MM-dd in the viewer's time zone, both ends included; without either, the previous month. */
    startDate: isoDateParam,
    endDate: isoDateParam,
    partnerId: optionalId,
    offerId: optionalId,
    advertiserId: optionalId,
    accountManagerId: optionalId,
    /** ISO 3166-1 alpha-2; `XX` is the traffic no country was found for. */
    country: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .regex(/^[A-Za-z]{2}$/, { error: 'pattern' })
        .transform((code) => code.toUpperCase())
        .optional(),
    ),
  })
  .superRefine(checkRange);
export type NetworkReportQuery = z.infer<typeof NetworkReportQuerySchema>;
export type NetworkReportQueryInput = z.input<typeof NetworkReportQuerySchema>;

export const NetworkReportParamsSchema = z.strictObject({
  breakdown: z.enum(NETWORK_BREAKDOWNS, { error: 'oneOf' }),
});

/** The key of traffic no country was found for, in the country breakdown and filter. */
export const UNKNOWN_COUNTRY_KEY = 'XX';

export const NetworkReportRowSchema = z.object({
  /** The day (yyyy-MM-dd), the id of the partner, offer, advertiser or manager ('none': no manager), the country. */
  key: z.string(),
  label: z.string(),
  clicks: z.number().int(),
  /** Approved conversions. */
  conversions: z.number().int(),
  conversionRate: z.number(),
  /** Approved conversions' amounts, per currency (minor units). */
  advertiserRevenue: z.array(MoneyAmountSchema),
  payout: z.array(MoneyAmountSchema),
  margin: z.array(MoneyAmountSchema),
  /** Advertiser revenue per click, per currency (fractions of a minor unit kept). */
  epc: z.array(MoneyAmountSchema),
  isTotal: z.boolean(),
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

export const networkReportsEndpoints = {
  report: defineEndpoint({
    method: 'GET',
    path: '/staff/reports/:breakdown',
    tags: ['staff'],
    summary:
      'Network report by day, partner, offer, advertiser, account manager or country: clicks, conversions, advertiser revenue, payout, margin; Totals last',
    params: NetworkReportParamsSchema,
    query: NetworkReportQuerySchema,
    response: envelope(z.array(NetworkReportRowSchema)),
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/staff/reports/:breakdown/export',
    tags: ['staff'],
    summary: 'The same report as CSV, one line per row and currency, Totals last',
    params: NetworkReportParamsSchema,
    query: NetworkReportQuerySchema,
    response: z.any().describe('text/csv: the header line, then one line per row and currency, Totals last'),
  }),
  homeNumbers: defineEndpoint({
    method: 'GET',
    path: '/staff/home/numbers',
    tags: ['staff'],
    summary: "Today's, 7 days' and month-to-date network figures and the week's top partners and offers by margin",
    response: envelope(StaffHomeNumbersSchema),
  }),
};
