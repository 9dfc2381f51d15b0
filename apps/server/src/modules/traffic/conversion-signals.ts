import {
  CONVERSION_RATE_MIN_CLICKS,
  CONVERSION_RATE_SPIKE_FACTOR,
  CONVERSION_RULES,
  type ConversionRule,
  type TrafficRules,
} from '@portal/contracts';

/**
 * The conversion rules (decision 101): what a postback on a known click is judged by, from facts the conversions
 * module gathers (the click, the goal's floor, counts read from the database). Pure: each rule's threshold is tested
 * just under, at and over it.
 */

/** A partner's clicks and counted conversions on an offer over a period (the rollups' counts). */
export type RatePeriod = { clicks: number; conversions: number };

export type ConversionSignalsInput = {
  /** Seconds from the click to the conversion; null when unknown. */
  secondsToConvert: number | null;
  /** The goal's floor (its own, or the default); 0: never too fast. */
  minSecondsToConvert: number;
  clickCountry: string | null;
  conversionCountry: string | null;
  /** Conversions from the visitor's address on the offer over the last 24 hours, this one included; null: unknown. */
  ipConversions: number | null;
  /** The advertiser already sent this transaction id for another partner's click. */
  duplicateTransaction: boolean;
  /** The partner on the offer: the last 24 hours (this conversion included) and the 30 days before. */
  recent: RatePeriod | null;
  baseline: RatePeriod | null;
  /** The click rules flagged the click (decision 083). */
  clickFlagged: boolean;
};

export const rateOf = (period: RatePeriod | null): number | null =>
  period && period.clicks > 0 ? period.conversions / period.clicks : null;

/**
 * Over CONVERSION_RATE_SPIKE_FACTOR times the baseline, each period with at least CONVERSION_RATE_MIN_CLICKS clicks.
 * A baseline without conversions counts as one conversion over its clicks, so that a partner that never converted is
 * not flagged by its first sale.
 */
export function isRateSpike(recent: RatePeriod | null, baseline: RatePeriod | null): boolean {
  if (!recent || !baseline) return false;
  if (recent.clicks < CONVERSION_RATE_MIN_CLICKS || baseline.clicks < CONVERSION_RATE_MIN_CLICKS) return false;
  // recent.conversions / recent.clicks > FACTOR × baseConversions / baseline.clicks, compared as integer products:
  // 3 × 1 % is exactly 3 %, never 3.0000000004 %.
  const baseConversions = Math.max(baseline.conversions, 1);
  return recent.conversions * baseline.clicks > CONVERSION_RATE_SPIKE_FACTOR * baseConversions * recent.clicks;
}

/** The rules whose condition holds, whatever their action. */
export function matchedConversionRules(
  rules: Pick<TrafficRules, 'conversionsPerIpPerDay'>,
  input: ConversionSignalsInput,
): ConversionRule[] {
  const matched: Record<ConversionRule, boolean> = {
    tooFast:
      input.secondsToConvert !== null &&
      input.minSecondsToConvert > 0 &&
      input.secondsToConvert < input.minSecondsToConvert,
    countryMismatch:
      !!input.clickCountry &&
      !!input.conversionCountry &&
      input.clickCountry.toUpperCase() !== input.conversionCountry.toUpperCase(),
    ipConversions: input.ipConversions !== null && input.ipConversions > rules.conversionsPerIpPerDay,
    duplicateTransaction: input.duplicateTransaction,
    conversionRateSpike: isRateSpike(input.recent, input.baseline),
    flaggedClick: input.clickFlagged,
  };
  return CONVERSION_RULES.filter((rule) => matched[rule]);
}

/**
 * What the rules make of a conversion: the signals (the matched rules whose action is flag or refuse, in the rules'
 * order) and the first that refuses, if any. No signal: taken as it would have been.
 */
export function judgeConversion(
  rules: TrafficRules,
  input: ConversionSignalsInput,
): { signals: ConversionRule[]; refuse: ConversionRule | null } {
  const signals = matchedConversionRules(rules, input).filter((rule) => rules[rule] !== 'allow');
  return { signals, refuse: signals.find((rule) => rules[rule] === 'refuse') ?? null };
}

/** Which rules need the database at all: an `allow` rule's count is never read. */
export const ruleIsOn = (rules: TrafficRules, rule: ConversionRule): boolean => rules[rule] !== 'allow';
