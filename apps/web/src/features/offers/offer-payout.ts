import { formatBasisPoints, formatMoneyMinor, type GoalPayout } from '@portal/contracts';

export type PayoutLine = { goal: string; name: string; value: string };

/**
 * One line per public goal: a fixed amount in the offer's currency, 'Variable' for a revenue share (what it pays
 * depends on the sale) with its rate, or both. The caller shows 'Variable' alone when the list is empty, so that no
 * payout cell is ever blank.
 */
export function payoutLines(payouts: readonly GoalPayout[], variable: string): PayoutLine[] {
  return payouts.map((payout) => {
    const parts: string[] = [];
    if (payout.amount !== null) parts.push(formatMoneyMinor(payout.amount, payout.currency));
    if (payout.percent !== null) parts.push(`${variable} (${formatBasisPoints(payout.percent)})`);
    return { goal: payout.goal, name: payout.name, value: parts.length > 0 ? parts.join(' + ') : variable };
  });
}
