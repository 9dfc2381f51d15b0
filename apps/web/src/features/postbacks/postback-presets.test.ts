import { describe, expect, it } from 'vitest';
import { PostbackUrlSchema, expandPostbackUrl, macrosOf, unknownMacros } from '@portal/contracts';
import { POSTBACK_PRESETS, POSTBACK_PRESET_URLS } from './postback-presets';

describe('postback presets (decision 118)', () => {
  it.each(POSTBACK_PRESETS)(
    '%s: a valid postback URL using only our macros, the click id sent back as {subid}',
    (preset) => {
      const url = POSTBACK_PRESET_URLS[preset];
      expect(unknownMacros(url)).toEqual([]);
      expect(PostbackUrlSchema.safeParse(url).success).toBe(true);
      expect(macrosOf(url)).toContain('subid');
      // The receiver's own parts stay for the partner to replace, in capitals; no macro is left unexpanded.
      expect(expandPostbackUrl(url, { subid: 'abc' })).not.toMatch(/[{}]/);
    },
  );

  it('names each receiver’s documented parameters', () => {
    const params = (preset: (typeof POSTBACK_PRESETS)[number]) =>
      Object.fromEntries([...new URL(expandPostbackUrl(POSTBACK_PRESET_URLS[preset], {})).searchParams.keys()].map((k) => [k, true])); // prettier-ignore
    expect(Object.keys(params('keitaro'))).toEqual(['subid', 'status', 'payout', 'currency', 'tid', 'lead_status', 'sale_status']); // prettier-ignore
    expect(Object.keys(params('binom'))).toEqual(['cnv_id', 'payout', 'cnv_status', 'cnv_currency']);
    expect(Object.keys(params('voluum'))).toEqual(['cid', 'payout', 'txid', 'currency']);
    expect(Object.keys(params('redtrack'))).toEqual(['clickid', 'sum']);
    expect(Object.keys(params('trafficstars'))).toEqual(['clickid', 'value', 'key']);
    expect(Object.keys(params('adsterra'))).toEqual(['subid_short']);
  });
});
