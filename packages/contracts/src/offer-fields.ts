import { CLICK_MACROS } from './tracking.js';

// What the offer editor draws with before it validates anything, apart from the offer's schemas (staff-offers.ts):
// beside them, the editor's first paint would load zod with them (decision 129).

export const OFFER_URL_MAX_LENGTH = 2048;
export const OFFER_DESCRIPTION_MAX = 50_000;

const CLICK_MACRO_PATTERN = /\{([^{}]*)\}/g;

/** Macro names a landing URL uses that /click does not fill in. */
export function unknownClickMacros(url: string): string[] {
  const known = new Set<string>(CLICK_MACROS);
  const names = [...url.matchAll(CLICK_MACRO_PATTERN)].map((m) => m[1] ?? '');
  return [...new Set(names.filter((name) => !known.has(name)))];
}

/** A sample of what /click puts in each macro: what the editor's preview shows, and what URL checks parse. */
export const CLICK_SAMPLE_VALUES: Record<(typeof CLICK_MACROS)[number], string> = {
  click_id: 'AZq1c2xpY2stc2FtcGxl',
  offer_id: '101',
  aff_id: '1001',
  subid: 'summer-banner',
  tc1: 'tracker1',
  tc2: 'tracker2',
  tc3: 'tracker3',
  tc4: 'tracker4',
};

/** The landing URL with each known macro replaced by `values`' URL-encoded value ('' when missing). */
export function expandClickUrl(url: string, values: Partial<Record<string, string>> = CLICK_SAMPLE_VALUES): string {
  return url.replace(CLICK_MACRO_PATTERN, (whole, name: string) =>
    (CLICK_MACROS as readonly string[]).includes(name) ? encodeURIComponent(values[name] ?? '') : whole,
  );
}

/**
 * Which payout side is above its revenue side, if one is: amounts are compared with amounts and percents with
 * percents (an amount and a percent cannot be compared before a sale is known). What the editor flags, too.
 */
export function negativeMargin(goal: {
  revenueAmount: number | null;
  revenuePercent: number | null;
  payoutAmount: number | null;
  payoutPercent: number | null;
}): 'payoutAmount' | 'payoutPercent' | null {
  if (goal.payoutAmount !== null && goal.revenueAmount !== null && goal.payoutAmount > goal.revenueAmount) return 'payoutAmount'; // prettier-ignore
  if (goal.payoutPercent !== null && goal.revenuePercent !== null && goal.payoutPercent > goal.revenuePercent) return 'payoutPercent'; // prettier-ignore
  return null;
}
