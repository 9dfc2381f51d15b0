import type { CapMetric, CapPeriod } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { alertCap, nearlyReached } from './cap-alerts.js';
import { partnerAlertLevel, tellPartnersOfCap } from './cap-partner-alerts.js';
import { capPeriod } from './cap-periods.js';
import { conversionCapsOf, currentUsage, deleteTakes, giveBack, recordTakes, takeFromCap } from './caps.repository.js';

/** What a counted conversion is worth to each kind of conversion cap. */
export type ConversionWorth = { payout: number; revenue: number };

const amountFor = (metric: CapMetric, worth: ConversionWorth) =>
  metric === 'conversions' ? 1 : metric === 'payout' ? worth.payout : worth.revenue;

/**
 * Takes a counted (approved or pending) conversion from every conversion, payout and revenue cap of its offer that
 * applies to its partner, in cap id order, each with one conditional upsert (decision 045): the row of the cap's
 * current period gains the amount only if it stays within the limit, and a concurrent transaction on the same row
 * waits for this one and then re-checks the limit on the row as committed. Exact under any concurrency.
 *
 * All or nothing: when one cap would be crossed, what was taken from the earlier ones is given back (still in the
 * caller's transaction, holding their rows) and false is returned: the caller records the conversion as `over_cap`.
 * On success the takes are remembered per conversion, so that a decline gives back exactly them.
 */
export async function takeConversionCaps(
  tx: DbOrTx,
  conversion: { id: number; offerId: number; partnerId: number; createdAt: Date },
  worth: ConversionWorth,
): Promise<boolean> {
  const caps = await conversionCapsOf(tx, conversion);
  if (caps.length === 0) return true;
  const taken: { capId: number; periodStart: Date; amount: number }[] = [];
  const alerts: { capId: number; periodStart: Date; used: number }[] = [];
  const partnerAlerts: { capId: number; periodStart: Date; used: number; level: number }[] = [];
  for (const cap of caps) {
    const amount = amountFor(cap.metric as CapMetric, worth);
    if (amount <= 0) continue;
    const periodStart = new Date(capPeriod(cap.period as CapPeriod, conversion.createdAt.getTime()).start);
    // Beyond the limit on its own: no row can take it.
    const used = amount > cap.limit ? null : await takeFromCap(tx, cap, periodStart, amount);
    if (used === null) {
      for (const t of taken) await giveBack(tx, t.capId, t.periodStart, t.amount);
      // The cap is too full for this conversion: its partners are told it is reached (decision 105). One worth more
      // than the whole limit says nothing about how full the cap is.
      if (amount <= cap.limit) await tellPartnersOfCap(tx, cap.id, periodStart, null, 100, conversion.createdAt);
      return false;
    }
    taken.push({ capId: cap.id, periodStart, amount });
    if (nearlyReached(used, cap.limit)) alerts.push({ capId: cap.id, periodStart, used });
    const level = partnerAlertLevel(used, cap.limit);
    if (level > 0) partnerAlerts.push({ capId: cap.id, periodStart, used, level });
  }
  await recordTakes(tx, conversion.id, taken);
  for (const a of alerts) await alertCap(tx, a.capId, a.periodStart, a.used, conversion.createdAt);
  for (const a of partnerAlerts)
    await tellPartnersOfCap(tx, a.capId, a.periodStart, a.used, a.level, conversion.createdAt);
  return true;
}

/**
 * Whether a counted conversion at `at` would cross one of its caps, read only (the advertiser's test postback, which
 * writes nothing): the same caps and amounts as takeConversionCaps, against their current usage.
 */
export async function wouldCrossCaps(
  db: DbOrTx,
  conversion: { offerId: number; partnerId: number; at: Date },
  worth: ConversionWorth,
): Promise<boolean> {
  const caps = await conversionCapsOf(db, conversion);
  if (caps.length === 0) return false;
  const used = await currentUsage(db, caps.map((c) => ({ id: c.id, period: c.period as CapPeriod })), conversion.at.getTime()); // prettier-ignore
  return caps.some((cap) => {
    const amount = amountFor(cap.metric as CapMetric, worth);
    return amount > 0 && (used.get(cap.id) ?? 0) + amount > cap.limit;
  });
}

/**
 * A declined (or reversed) conversion gives back what it took, each to the period it was taken from: a decline next
 * month frees this month's cap, not next month's. Takes first, in cap id order, as takeConversionCaps locks them.
 */
export async function giveBackConversionCaps(tx: DbOrTx, conversionId: number): Promise<void> {
  const takes = await deleteTakes(tx, conversionId);
  takes.sort((a, b) => a.capId - b.capId);
  for (const t of takes) await giveBack(tx, t.capId, t.periodStart, t.amount);
}
