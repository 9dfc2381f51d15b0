import type { ConvertedTotal } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { fxConverterFor } from '../fx-rates/index.js';
import type { UtcWindow } from './report-dates.js';
import { conversionPayoutByUtcDay, type RawFilters } from './raw-rows.repository.js';
import { payoutByUtcDay, paymentCurrencyOf, type ReportFilters } from './statistics.repository.js';

/**
 * The partner's payout within a window as one total in its payment currency (decision 112), by the network reports'
 * rule (decision 111, the fx-rates module's converter): each amount at its currency's rate of its UTC day, a day
 * without one at the last known rate (said in `missingDays`), summed exactly and rounded once, half to even. Only the
 * payout the partner earns is converted: never revenue or margin. Null when there is nothing to convert (every amount
 * already in the payment currency) or when the network has no rate on or before a day for one of the currencies.
 */
export async function convertedTotal(
  db: DbOrTx,
  partnerId: number,
  window: UtcWindow,
  filters: ReportFilters,
): Promise<ConvertedTotal | null> {
  return convertPayouts(db, partnerId, payoutByUtcDay(db, partnerId, window, filters));
}

/**
 * The conversion report's converted total (decision 118): the same rule over the raw conversions its lines and totals
 * read, so a status, a filter on changes or "Find a click" narrows it as it narrows them.
 */
export async function convertedConversionTotal(
  db: DbOrTx,
  partnerId: number,
  window: UtcWindow,
  filters: RawFilters,
): Promise<ConvertedTotal | null> {
  return convertPayouts(db, partnerId, conversionPayoutByUtcDay(db, partnerId, window, filters));
}

type DayPayout = { day: string; currency: string; payout: number; pendingPayout: number };

async function convertPayouts(
  db: DbOrTx,
  partnerId: number,
  payouts: Promise<DayPayout[]>,
): Promise<ConvertedTotal | null> {
  const [currency, rows] = await Promise.all([paymentCurrencyOf(db, partnerId), payouts]);
  const amounts = rows.filter((row) => row.payout !== 0 || row.pendingPayout !== 0);
  if (!amounts.some((row) => row.currency !== currency)) return null;
  try {
    const fx = await fxConverterFor(db, currency, amounts.map((row) => ({ currency: row.currency, day: row.day, amount: 0 }))); // prettier-ignore
    const payout = fx.sum(amounts.map((row) => ({ currency: row.currency, day: row.day, amount: row.payout })));
    const pendingPayout = fx.sum(amounts.map((row) => ({ currency: row.currency, day: row.day, amount: row.pendingPayout }))); // prettier-ignore
    return { currency, payout, pendingPayout, rounding: 'half-even', missingDays: fx.missingDays() };
  } catch (error) {
    // No rate on or before a day of one currency: no total is offered rather than a guess.
    if (error instanceof AppError && error.status === 409) return null;
    throw error;
  }
}
