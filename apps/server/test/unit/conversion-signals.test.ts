import { describe, expect, it } from 'vitest';
import { CONVERSION_RATE_MIN_CLICKS, DEFAULT_TRAFFIC_RULES, type TrafficRules } from '@portal/contracts';
import {
  isRateSpike,
  judgeConversion,
  matchedConversionRules,
  resolveRules,
  type ConversionSignalsInput,
} from '../../src/modules/traffic/index.js';

/** Each conversion rule at its threshold: just under, at, over (decision 101). */

const clean = (over: Partial<ConversionSignalsInput> = {}): ConversionSignalsInput => ({
  secondsToConvert: 600,
  minSecondsToConvert: 10,
  clickCountry: 'FR',
  conversionCountry: 'FR',
  ipConversions: 1,
  duplicateTransaction: false,
  recent: { clicks: 300, conversions: 3 },
  baseline: { clicks: 3000, conversions: 30 },
  clickFlagged: false,
  ...over,
});
const rules: TrafficRules = { ...DEFAULT_TRAFFIC_RULES };
const matched = (over: Partial<ConversionSignalsInput>) => matchedConversionRules(rules, clean(over));

describe('conversion rules', () => {
  it('a clean conversion matches none', () => {
    expect(matched({})).toEqual([]);
    expect(judgeConversion(rules, clean())).toEqual({ signals: [], refuse: null });
  });

  it('tooFast: under the goal’s floor only; a floor of 0 never', () => {
    expect(matched({ secondsToConvert: 9.9 })).toEqual(['tooFast']);
    expect(matched({ secondsToConvert: 10 })).toEqual([]);
    expect(matched({ secondsToConvert: 10.1 })).toEqual([]);
    expect(matched({ secondsToConvert: 2, minSecondsToConvert: 0 })).toEqual([]);
    expect(matched({ secondsToConvert: 29, minSecondsToConvert: 30 })).toEqual(['tooFast']);
    expect(matched({ secondsToConvert: null })).toEqual([]);
  });

  it('countryMismatch: two known countries that differ, whatever their case', () => {
    expect(matched({ conversionCountry: 'VN' })).toEqual(['countryMismatch']);
    expect(matched({ conversionCountry: 'fr' })).toEqual([]);
    expect(matched({ conversionCountry: null })).toEqual([]);
    expect(matched({ clickCountry: null, conversionCountry: 'VN' })).toEqual([]);
  });

  it('ipConversions: more than the limit a day from one address', () => {
    const limit = rules.conversionsPerIpPerDay;
    expect(matched({ ipConversions: limit - 1 })).toEqual([]);
    expect(matched({ ipConversions: limit })).toEqual([]);
    expect(matched({ ipConversions: limit + 1 })).toEqual(['ipConversions']);
    expect(matchedConversionRules({ conversionsPerIpPerDay: 10 }, clean({ ipConversions: 10 }))).toEqual([]);
    expect(matchedConversionRules({ conversionsPerIpPerDay: 10 }, clean({ ipConversions: 11 }))).toEqual(['ipConversions']); // prettier-ignore
  });

  it('duplicateTransaction and flaggedClick', () => {
    expect(matched({ duplicateTransaction: true })).toEqual(['duplicateTransaction']);
    expect(matched({ clickFlagged: true })).toEqual(['flaggedClick']);
  });

  it('conversionRateSpike: over three times the baseline, each period with enough clicks', () => {
    const baseline = { clicks: 1000, conversions: 10 }; // 1 %
    // 3 % is exactly three times: not over.
    expect(isRateSpike({ clicks: 1000, conversions: 29 }, baseline)).toBe(false);
    expect(isRateSpike({ clicks: 1000, conversions: 30 }, baseline)).toBe(false);
    expect(isRateSpike({ clicks: 1000, conversions: 31 }, baseline)).toBe(true);
    const min = CONVERSION_RATE_MIN_CLICKS;
    // Clicks: just under the minimum, at it, over it (a high rate in both cases).
    expect(isRateSpike({ clicks: min - 1, conversions: 100 }, baseline)).toBe(false);
    expect(isRateSpike({ clicks: min, conversions: 100 }, baseline)).toBe(true);
    expect(isRateSpike({ clicks: 1000, conversions: 100 }, { clicks: min - 1, conversions: 1 })).toBe(false);
    expect(isRateSpike({ clicks: 1000, conversions: 100 }, { clicks: min, conversions: 1 })).toBe(true);
    // A baseline without conversions counts as one: the first sale of a partner that never converted is no spike.
    expect(isRateSpike({ clicks: 1000, conversions: 1 }, { clicks: 1000, conversions: 0 })).toBe(false);
    expect(isRateSpike(null, baseline)).toBe(false);
    expect(matched({ recent: { clicks: 1000, conversions: 31 }, baseline })).toEqual(['conversionRateSpike']);
  });

  it('actions: allow drops the signal, flag lists it, refuse names the first refusing rule', () => {
    const input = clean({ secondsToConvert: 1, duplicateTransaction: true, conversionCountry: 'VN' });
    expect(judgeConversion(rules, input)).toEqual({
      signals: ['tooFast', 'countryMismatch', 'duplicateTransaction'],
      refuse: 'duplicateTransaction',
    });
    expect(judgeConversion({ ...rules, duplicateTransaction: 'allow' }, input)).toEqual({
      signals: ['tooFast', 'countryMismatch'],
      refuse: null,
    });
    expect(judgeConversion({ ...rules, tooFast: 'refuse', countryMismatch: 'allow' }, input)).toEqual({
      signals: ['tooFast', 'duplicateTransaction'],
      refuse: 'tooFast',
    });
  });

  it('the network’s row and an offer’s override resolve the conversion rules too; defaults otherwise', () => {
    const none = { bot: null, missingUserAgent: null, dataCentre: null, velocity: null, velocityPerMinute: null };
    const rows = [
      { offerId: null, ...none, tooFast: 'refuse', conversionsPerIpPerDay: 7 },
      { offerId: 5, ...none, tooFast: 'allow', countryMismatch: 'refuse' },
    ];
    expect(resolveRules([], null)).toMatchObject({ tooFast: 'flag', duplicateTransaction: 'refuse', conversionsPerIpPerDay: 3 }); // prettier-ignore
    expect(resolveRules(rows, null)).toMatchObject({ tooFast: 'refuse', countryMismatch: 'flag', conversionsPerIpPerDay: 7 }); // prettier-ignore
    expect(resolveRules(rows, 5)).toMatchObject({ tooFast: 'allow', countryMismatch: 'refuse', conversionsPerIpPerDay: 7 }); // prettier-ignore
    expect(resolveRules(rows, 6)).toMatchObject({ tooFast: 'refuse', countryMismatch: 'flag' });
  });
});
