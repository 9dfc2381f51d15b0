import { billingMonth, billingMonthLabel } from '@portal/contracts';

/** How many finished months the billing run, the advertiser invoice run and the books offer. */
export const BILLING_MONTHS_OFFERED = 12;

/**
 * The last finished Paris months before `now`, newest first, as yyyy-MM with an English label: the billing run's
 * choices (a month is billed once it is over in Paris, spec section 9).
 */
export function finishedBillingMonths(now: Date, count = BILLING_MONTHS_OFFERED): { value: string; label: string }[] {
  return Array.from({ length: count }, (_, index) => {
    const value = billingMonth(now, index + 1);
    return { value, label: billingMonthLabel(value) };
  });
}
