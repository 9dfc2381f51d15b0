import {
  DEFAULT_MIN_SECONDS_TO_CONVERT,
  type ConversionRule,
  type PostbackParams,
  type TrafficRules,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { unplaceable } from '../click/index.js';
import { conversionRulesOf, judgeConversion, rateOf, ruleIsOn, type RatePeriod } from '../traffic/index.js';
import { conversionByDedupeKey, conversionsFromAddress, partnerOfferPeriod } from './conversions.repository.js';

/**
 * The conversion rules on a postback of a known click (decision 101): the facts each rule needs are read here (the
 * database only for a rule that is on), judged by the traffic module's `judgeConversion`. What it answers decides the
 * conversion's status before it is written; the money follows that status as for any conversion (postback.ts).
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** What the staff's fraud queue shows of what the rules measured (`conversions.evidence`). */
export type StoredEvidence = {
  secondsToConvert: number | null;
  minSecondsToConvert: number;
  ipConversions: number | null;
  baselineRate: number | null;
  recentRate: number | null;
};

export type Screening = {
  signals: ConversionRule[];
  refuse: ConversionRule | null;
  visitorIp: string | null;
  conversionCountry: string | null;
  evidence: StoredEvidence;
  /** The advertiser sent this transaction id for another partner's click. */
  duplicateTransaction: boolean;
};

export type ScreenedClick = {
  offerId: number;
  partnerId: number;
  ip: string | null;
  country: string | null;
  flags?: string | null | undefined;
  createdAt: Date;
};

/** The visitor's country at conversion: the postback's `country`, else its `ip` (or the pixel's address) placed. */
export type CountryOf = (ip: string | null | undefined) => string | null | undefined;

export async function screenConversion(
  db: DbOrTx,
  input: {
    advertiserId: number;
    click: ScreenedClick;
    params: Pick<PostbackParams, 'transaction_id' | 'click_id' | 'ip' | 'country'>;
    /** The goal's floor; null: the default. */
    minSecondsToConvert: number | null;
    /** The address a tag or pixel's request came from (decision 085), when the postback names none. */
    requestIp?: string | null | undefined;
    countryOf?: CountryOf | undefined;
    now: Date;
  },
  rulesGiven?: TrafficRules,
): Promise<Screening> {
  const { click, params, now } = input;
  const rules = rulesGiven ?? (await conversionRulesOf(db, click.offerId));
  const conversionIp = params.ip ?? input.requestIp ?? null;
  const visitorIp = conversionIp ?? click.ip;
  const conversionCountry =
    params.country?.toUpperCase() ?? (conversionIp && input.countryOf ? (input.countryOf(conversionIp) ?? null) : null);
  const secondsToConvert = (now.getTime() - click.createdAt.getTime()) / 1000;
  const minSecondsToConvert = input.minSecondsToConvert ?? DEFAULT_MIN_SECONDS_TO_CONVERT;

  // Counted for a public address only, as velocity is (decision 083): loopback, private and shared addresses (a test, a
  // proxy not trusted with TRUST_PROXY) would make every visitor one address and hold every conversion after the third.
  const ipConversions =
    ruleIsOn(rules, 'ipConversions') && visitorIp && !unplaceable(visitorIp)
      ? (await conversionsFromAddress(db, click.offerId, visitorIp, new Date(now.getTime() - DAY_MS))) + 1
      : null;

  let duplicateTransaction = false;
  if (ruleIsOn(rules, 'duplicateTransaction') && params.transaction_id) {
    const earlier = await conversionByDedupeKey(db, input.advertiserId, `tx:${params.transaction_id}`);
    duplicateTransaction = earlier !== null && earlier.partnerId !== null && earlier.partnerId !== click.partnerId;
  }

  let recent: RatePeriod | null = null;
  let baseline: RatePeriod | null = null;
  if (ruleIsOn(rules, 'conversionRateSpike')) {
    // The last 24 hours by whole hours (the rollup's), this hour included, and the 30 days before them.
    const split = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - 23 * HOUR_MS);
    const measured = await partnerOfferPeriod(db, click.partnerId, click.offerId, split, new Date(split.getTime() + DAY_MS)); // prettier-ignore
    recent = { clicks: measured.clicks, conversions: measured.conversions + 1 };
    baseline = await partnerOfferPeriod(db, click.partnerId, click.offerId, new Date(split.getTime() - 30 * DAY_MS), split); // prettier-ignore
  }

  const { signals, refuse } = judgeConversion(rules, {
    secondsToConvert,
    minSecondsToConvert,
    clickCountry: click.country,
    conversionCountry,
    ipConversions,
    duplicateTransaction,
    recent,
    baseline,
    clickFlagged: !!click.flags,
  });
  return {
    signals,
    refuse,
    visitorIp,
    conversionCountry,
    duplicateTransaction,
    evidence: {
      secondsToConvert: Math.round(secondsToConvert * 10) / 10,
      minSecondsToConvert,
      ipConversions,
      baselineRate: rateOf(baseline),
      recentRate: rateOf(recent),
    },
  };
}
