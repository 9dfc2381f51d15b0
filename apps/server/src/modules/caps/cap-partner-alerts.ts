import {
  PARTNER_CAP_ALERT_PERCENTS,
  formatCount,
  formatMoneyMinor,
  formatZonedMoment,
  type CapMetric,
  type CapPeriod,
  type PartnerCapWarning,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { publicLink } from '../../lib/public-url.js';
import { notifyPartner } from '../notifications/index.js';
import { capPeriod } from './cap-periods.js';
import { capToAlert, claimPartnerAlert, partnerCapsAtLeast, partnersUnderOfferCap } from './caps.repository.js';

/** How far back a partner's traffic to an offer makes it one an offer-wide cap holds back (decision 105). */
const RUNS_OFFER_DAYS = 31;
const DAY_MS = 86_400_000;

/** The highest of PARTNER_CAP_ALERT_PERCENTS `used` has reached of `limit` (integers: no rounding), 0 for none. */
export function partnerAlertLevel(used: number, limit: number): number {
  let level = 0;
  for (const percent of PARTNER_CAP_ALERT_PERCENTS) if (used * 100 >= limit * percent) level = percent;
  return level;
}

const METRIC_WORDS: Record<CapMetric, string> = {
  clicks: 'clicks',
  conversions: 'conversions',
  payout: 'payout',
  revenue: 'revenue',
};
const PERIOD_WORDS: Record<CapPeriod, string> = { day: 'daily', month: 'monthly', total: 'total' };
/** When the cap starts again: Paris midnight, written on the reader's clock with its zone named (decision 112). */
const RESET_WORDS: Record<CapPeriod, (resetsAt: string) => string> = {
  day: (at) => `It starts again at midnight Paris time: ${at}.`,
  month: (at) => `It starts again on the 1st, at midnight Paris time: ${at}.`,
  total: () => 'It does not start again: ask your account manager about more.',
};

/**
 * Tells the partners under a cap that it reached `level` % (80 or 100) in the period starting `periodStart`, once per
 * cap, period and level (decision 105): the claim on `cap_usage.partner_alert_percent` decides between transactions
 * and servers, and a cap that jumps past 80 straight to 100 tells only 100. The partner's own cap names what is used
 * and left; an offer-wide one tells every partner running the offer how full it is, never the volume. A notification
 * (and its e-mail, by the offer preference), in the caller's transaction.
 */
export async function tellPartnersOfCap(
  tx: DbOrTx,
  capId: number,
  periodStart: Date,
  /** null: unknown, the cap refused a conversion that would have crossed it. */
  used: number | null,
  level: number,
  now: Date,
): Promise<void> {
  if (level <= 0 || !(await claimPartnerAlert(tx, capId, periodStart, level))) return;
  const cap = await capToAlert(tx, capId);
  if (!cap) return;
  const metric = cap.metric as CapMetric;
  const period = cap.period as CapPeriod;
  const shown = (n: number) =>
    metric === 'payout' || metric === 'revenue' ? formatMoneyMinor(n, cap.currency) : formatCount(n);
  const reached = level >= 100;
  const what = `the ${PERIOD_WORDS[period]} ${METRIC_WORDS[metric]} cap of ${cap.offerName} (#${cap.offerId})`;
  const title = reached ? `Cap reached: ${what}` : `Cap at ${level} %: ${what}`;
  const stops = reached
    ? 'New clicks on this offer are refused (sent to its fallback page when it has one) until the cap starts again.'
    : 'When it is reached, new clicks on this offer are refused until the cap starts again.';
  const link = `/offer/${cap.offerId}`;
  const partnerIds =
    cap.partnerId !== null
      ? [cap.partnerId]
      : await partnersUnderOfferCap(tx, cap.offerId, new Date(now.getTime() - RUNS_OFFER_DAYS * DAY_MS));
  const end = capPeriod(period, periodStart.getTime()).end;
  const resets = (offset: string | null) =>
    RESET_WORDS[period](Number.isFinite(end) ? formatZonedMoment(new Date(end), offset) : '');
  const body = (offset: string | null) =>
    cap.partnerId !== null
      ? `${used === null ? `Your ${PERIOD_WORDS[period]} cap of ${shown(cap.limit)} has no room for another conversion.` : `Your ${PERIOD_WORDS[period]} cap has used ${shown(Math.min(used, cap.limit))} of ${shown(cap.limit)} (${shown(Math.max(cap.limit - used, 0))} left).`} ${stops} ${resets(offset)}`
      : `The offer's cap, shared by every partner, is ${reached ? 'full' : `${level} % full`}. ${stops} ${resets(offset)}`;
  for (const partnerId of partnerIds) {
    await notifyPartner(
      tx,
      { partnerId, kind: 'cap_reached', inZone: (offset) => ({ title, body: body(offset) }), link },
      { publicUrl: publicLink('/') },
    );
  }
}

/**
 * The caps the partner is under at PARTNER_CAP_ALERT_PERCENTS[0] % or more in their current period (the dashboard's
 * warning), fullest first: the partner's own with used and left, an offer-wide one with its percent only.
 */
export async function partnerCapWarnings(db: DbOrTx, partnerId: number, now: Date): Promise<PartnerCapWarning[]> {
  const at = now.getTime();
  const starts = { day: new Date(capPeriod('day', at).start), month: new Date(capPeriod('month', at).start) };
  const since = new Date(at - RUNS_OFFER_DAYS * DAY_MS);
  const rows = await partnerCapsAtLeast(db, partnerId, PARTNER_CAP_ALERT_PERCENTS[0], starts, since);
  return rows.map((row) => {
    const period = row.period as CapPeriod;
    const end = capPeriod(period, at).end;
    const own = row.partnerId !== null;
    return {
      offerId: row.offerId,
      offerName: row.offerName,
      scope: own ? 'partner' : 'offer',
      metric: row.metric as CapMetric,
      period,
      percent: Math.min(100, Math.floor((row.used * 100) / row.limit)),
      currency: row.currency,
      limit: own ? row.limit : null,
      remaining: own ? Math.max(row.limit - row.used, 0) : null,
      resetsAt: Number.isFinite(end) ? new Date(end).toISOString() : null,
    };
  });
}
