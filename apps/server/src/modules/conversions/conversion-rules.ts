import type { DbOrTx } from '../../db/client.js';
import { offerFactRow } from './conversions.repository.js';

/**
 * The money rules of a conversion, shared by /postback (postback.ts) and changes after the fact
 * (conversion-changes.ts, decision 069): exact amounts, what a goal pays on a sale, the facts of an offer.
 */

/** '49.9' → 4990: exact decimal parsing of a major-unit amount with at most two decimals. */
export function toMinorUnits(amount: string): number {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** A percentage payout in basis points of a minor-unit amount, rounded half up to the minor unit. */
export function percentOf(amountMinor: number, basisPoints: number): number {
  return Number((BigInt(amountMinor) * BigInt(basisPoints) + 5000n) / 10000n);
}

/** A fixed amount, else basis points of the sale (null when the sale amount is needed and missing). */
function valueOf(amount: number | null, percent: number | null, sale: number | null): number | null {
  if (amount !== null) return amount;
  if (percent !== null) return sale === null ? null : percentOf(sale, percent);
  return 0;
}

/**
 * What a goal pays and earns on a sale (its payout rule with the partner's override, decision 044): null when it pays
 * a share of a sale whose amount is missing. Also used by an approval or a conversion added by hand (decision 069).
 */
export function goalWorth(
  goal: {
    payoutAmount: number | null;
    payoutPercent: number | null;
    revenueAmount: number | null;
    revenuePercent: number | null;
  },
  amountMinor: number | null,
): { payout: number; revenue: number } | null {
  const payout = valueOf(goal.payoutAmount, goal.payoutPercent, amountMinor);
  if (payout === null) return null;
  // A goal paid by a percent of the sale is owed by a percent too: without the amount, no revenue is invented.
  return { payout, revenue: valueOf(goal.revenueAmount, goal.revenuePercent, amountMinor) ?? 0 };
}

/** The offer, its advertiser, the partner's status and the goal's payout rule, in one round trip. */
export async function offerFacts(db: DbOrTx, offerId: number, partnerId: number, goal: string) {
  const row = await offerFactRow(db, offerId, partnerId, goal);
  if (!row) return null;
  const { goalId, payoutAmount, payoutPercent, manualValidation, trustClientConversions, revenueAmount, revenuePercent, minSecondsToConvert, ...offer } = row; // prettier-ignore
  return {
    ...offer,
    goal:
      goalId === null
        ? null
        : {
            goalId,
            payoutAmount,
            payoutPercent,
            revenueAmount,
            revenuePercent,
            manualValidation: manualValidation ?? false,
            trustClientConversions: trustClientConversions ?? false,
            minSecondsToConvert: minSecondsToConvert ?? null,
          },
  };
}

/** Whether a postback's `currency` (absent or empty: the offer's; any case) names another currency (decision 077). */
export const otherCurrency = (sent: string | undefined, own: string): boolean =>
  sent !== undefined && sent !== '' && sent.toUpperCase() !== own.toUpperCase();
