import { z } from 'zod';
import { envelope } from './api.js';
import { defineEndpoint } from './endpoint.js';

// ---------------------------------------------------------------- what a partner is told of its caps (decisions 045, 105)
// Apart from caps.ts, whose forms' schemas the staff screens run: the dashboard's warning names a metric and calls one
// endpoint, and must not load the validation library for it (decision 103). caps.ts re-exports all of it.

/** What a cap counts: clicks, conversions (approved and pending), or payout or revenue in minor units. */
export const CAP_METRICS = ['clicks', 'conversions', 'payout', 'revenue'] as const;
export type CapMetric = (typeof CAP_METRICS)[number];
/** A day or a month in the billing reference time zone (Europe/Paris), or for ever. */
export const CAP_PERIODS = ['day', 'month', 'total'] as const;
export type CapPeriod = (typeof CAP_PERIODS)[number];
/**
 * The usages at which the partner a cap applies to is told (issue 47): a notification (once per cap, period and level)
 * and a warning on the dashboard while the period lasts.
 */
export const PARTNER_CAP_ALERT_PERCENTS = [80, 100] as const;

/**
 * A cap the partner is under, at PARTNER_CAP_ALERT_PERCENTS[0] % or more of its limit in the current period (the
 * dashboard's warning). Its own cap says what is used and left; an offer-wide one only how full it is, never the
 * volume of other partners.
 */
export const PartnerCapWarningSchema = z.object({
  offerId: z.number().int(),
  offerName: z.string(),
  scope: z.enum(['partner', 'offer']),
  metric: z.enum(CAP_METRICS),
  period: z.enum(CAP_PERIODS),
  /** Used over limit, in whole percent (rounded down), at most 100. */
  percent: z.number().int(),
  /** The offer's currency (payout and revenue caps are in its minor units). */
  currency: z.string(),
  /** The partner's own cap only. */
  limit: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
  /** When the current period ends (ISO 8601), null for a total cap. */
  resetsAt: z.string().nullable(),
});
export type PartnerCapWarning = z.infer<typeof PartnerCapWarningSchema>;

export const partnerCapsEndpoints = {
  warnings: defineEndpoint({
    method: 'GET',
    path: '/caps/warnings',
    tags: ['offers'],
    summary: `The caps the partner is under at ${PARTNER_CAP_ALERT_PERCENTS[0]} % or more of their limit in the current period, fullest first`,
    response: envelope(z.array(PartnerCapWarningSchema)),
  }),
};
