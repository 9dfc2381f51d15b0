import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, offerSearchParams, offersQueryOf, parseOfferSearch } from './offer-filters';

describe('offer filters in the address', () => {
  it('round-trips every filter and the page', () => {
    const filters = {
      name: 'casino',
      conversionType: 'cpa' as const,
      verticals: ['finance', 'gaming'],
      status: 'apply_to_run' as const,
      countries: ['FR', 'BE'],
    };
    const params = offerSearchParams(filters, 3);
    expect(params.toString()).toBe(
      'name=casino&conversionType=cpa&verticals=finance%2Cgaming&status=apply_to_run&countries=FR%2CBE&page=3',
    );
    expect(parseOfferSearch(params)).toEqual({ filters, page: 3 });
  });

  it('leaves out what is not set, and the first page', () => {
    expect(offerSearchParams(EMPTY_FILTERS, 1).toString()).toBe('');
    expect(parseOfferSearch(new URLSearchParams())).toEqual({ filters: EMPTY_FILTERS, page: 1 });
  });

  it('drops malformed values from a hand-edited link instead of sending them', () => {
    const parsed = parseOfferSearch(
      new URLSearchParams('conversionType=bogus&status=maybe&page=-2&countries=fr,XYZ,be,fr&verticals=Finance!,dating'),
    );
    expect(parsed).toEqual({
      filters: { ...EMPTY_FILTERS, countries: ['FR', 'BE'], verticals: ['dating'] },
      page: 1,
    });
    expect(parseOfferSearch(new URLSearchParams('page=2.5')).page).toBe(1);
  });

  it('maps status Public / Apply to run onto requireApproval false / true', () => {
    expect(offersQueryOf({ ...EMPTY_FILTERS, status: 'public' }, 1)).toEqual({
      page: 1,
      count: 50,
      requireApproval: false,
    });
    expect(offersQueryOf({ ...EMPTY_FILTERS, status: 'apply_to_run', name: '  x ' }, 2)).toEqual({
      page: 2,
      count: 50,
      name: 'x',
      requireApproval: true,
    });
    expect(offersQueryOf(EMPTY_FILTERS, 1)).toEqual({ page: 1, count: 50 });
  });
});
