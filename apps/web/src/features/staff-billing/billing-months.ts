import { BILLING_TIMEZONE } from '@portal/contracts';

/** How many finished months the billing screen offers. */
export const BILLING_MONTHS_OFFERED = 12;

/**
 * The last finished Paris months before `now`, newest first, as yyyy-MM with an English label: the billing run's
 * choices (a month is billed once it is over in Paris, spec section 9).
 */
export function finishedBillingMonths(now: Date, count = BILLING_MONTHS_OFFERED): { value: string; label: string }[] {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: BILLING_TIMEZONE,
    year: 'numeric',
    month: '2-digit',
  })
    .format(now)
    .split('-')
    .map(Number) as [number, number];
  const current = year * 12 + (month - 1);
  return Array.from({ length: count }, (_, index) => {
    const at = current - 1 - index;
    const value = `${Math.floor(at / 12)}-${String((at % 12) + 1).padStart(2, '0')}`;
    const label = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${value}-01T00:00:00Z`),
    );
    return { value, label };
  });
}
