import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OFFER_SORT,
  EMPTY_FILTERS,
  nextOfferSort,
  offerSearchParams,
  offersQueryOf,
  parseOfferSearch,
  parseOfferSort,
} from './offer-filters';

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

  it("sends the status as the partner's status, every badge included", () => {
    expect(offersQueryOf({ ...EMPTY_FILTERS, status: 'public' }, 1)).toEqual({
      page: 1,
      count: 50,
      partnerStatus: 'public',
    });
    expect(offersQueryOf({ ...EMPTY_FILTERS, status: 'active', name: '  x ' }, 2)).toEqual({
      page: 2,
      count: 50,
      name: 'x',
      partnerStatus: 'active',
    });
    expect(parseOfferSearch(new URLSearchParams('status=refused')).filters.status).toBe('refused');
    expect(offersQueryOf(EMPTY_FILTERS, 1)).toEqual({ page: 1, count: 50 });
  });

  it('keeps the order in the address, flips it on the same column and starts a new one best first', () => {
    const sort = { name: 'epc' as const, order: 'desc' as const };
    const params = offerSearchParams({ ...EMPTY_FILTERS, name: 'x' }, 2, sort);
    expect(params.toString()).toBe('name=x&sort=epc&order=desc&page=2');
    expect(parseOfferSort(params)).toEqual(sort);
    expect(offersQueryOf(EMPTY_FILTERS, 1, sort)).toEqual({ page: 1, count: 50, sortName: 'epc', sortOrder: 'desc' });
    expect(parseOfferSort(new URLSearchParams('sort=bogus&order=asc'))).toEqual(DEFAULT_OFFER_SORT);
    expect(offerSearchParams(EMPTY_FILTERS, 1, DEFAULT_OFFER_SORT).toString()).toBe('');
    expect(nextOfferSort(sort, 'epc')).toEqual({ name: 'epc', order: 'asc' });
    expect(nextOfferSort(sort, 'name')).toEqual({ name: 'name', order: 'asc' });
    expect(nextOfferSort(sort, 'payout')).toEqual({ name: 'payout', order: 'desc' });
  });
});
