import type { ScrubPartnerStake } from '@portal/contracts';

export type CurrencyTotal = { currency: string; conversions: number; payout: number; revenue: number };

/** The money a scrub puts at stake, per currency: what the apply confirmation names. */
export function totalsByCurrency(partners: readonly ScrubPartnerStake[]): CurrencyTotal[] {
  const totals = new Map<string, CurrencyTotal>();
  for (const stake of partners) {
    const total = totals.get(stake.currency) ?? { currency: stake.currency, conversions: 0, payout: 0, revenue: 0 };
    total.conversions += stake.conversions;
    total.payout += stake.payout;
    total.revenue += stake.revenue;
    totals.set(stake.currency, total);
  }
  return [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}
