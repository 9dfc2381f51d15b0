import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, presetRange, REPORT_DATE_PRESETS } from '@portal/contracts';
import {
  DEFAULT_REPORT_VIEW,
  canRunReport,
  conversionReportQueryOf,
  filtersForPreset,
  hasChangedView,
  hasDateRange,
  matchingPreset,
  pagedReportQueryOf,
  parsePagination,
  parseReportSearch,
  parseReportView,
  rangeError,
  reportQueryOf,
  reportSearchParams,
  searchForTab,
  subidReportQueryOf,
  type Clock,
  type ReportFilters,
} from './report-filters';

// A Wednesday, late in the evening in UTC: already Thursday in +05:00.
const clock: Clock = { now: new Date('2026-03-18T21:30:00Z'), offset: null };
const parse = (search: string, at: Clock = clock) => parseReportSearch(new URLSearchParams(search), at);

const EMPTY = { offerId: '', country: [], subid: '', tc1: '', tc2: '', tc3: '', tc4: '' };

describe('report filter in the address', () => {
  it('opens on the previous month when the address says nothing about dates', () => {
    expect(parse('')).toEqual({ ...EMPTY, preset: 'last_month', startDate: '2026-02-01', endDate: '2026-02-28' });
  });

  it("resolves presets in the partner's time zone", () => {
    const east: Clock = { ...clock, offset: '+05:00' };
    expect(parse('preset=today', east)).toMatchObject({ startDate: '2026-03-19', endDate: '2026-03-19' });
    expect(parse('preset=today')).toMatchObject({ startDate: '2026-03-18', endDate: '2026-03-18' });
    // New Year's Eve 23:30 UTC is already next year two hours east.
    const newYear: Clock = { now: new Date('2025-12-31T23:30:00Z'), offset: '+02:00' };
    expect(parse('', newYear)).toMatchObject({ startDate: '2025-12-01', endDate: '2025-12-31' });
  });

  it('gives every preset the range of the contracts, custom none', () => {
    for (const preset of REPORT_DATE_PRESETS) {
      const range = presetRange(preset, clock.now, clock.offset);
      expect(parse(`preset=${preset}`)).toMatchObject({
        preset,
        startDate: range?.startDate ?? '',
        endDate: range?.endDate ?? '',
      });
    }
    expect(parse('preset=this_week')).toMatchObject({ startDate: '2026-03-16', endDate: '2026-03-18' });
    expect(parse('preset=last_week')).toMatchObject({ startDate: '2026-03-09', endDate: '2026-03-15' });
  });

  it('keeps the exact days of a shared link, naming the preset only while it still fits', () => {
    expect(parse('preset=last_month&startDate=2026-02-01&endDate=2026-02-28').preset).toBe('last_month');
    const old = parse('preset=last_month&startDate=2025-10-01&endDate=2025-10-31');
    expect(old).toMatchObject({ preset: 'custom', startDate: '2025-10-01', endDate: '2025-10-31' });
    // Dates that happen to be a preset's are labelled so even without the hint.
    expect(parse('startDate=2026-03-18&endDate=2026-03-18').preset).toBe('today');
    expect(parse('startDate=2026-03-01').preset).toBe('custom');
  });

  it('keeps a range the partner emptied empty: no dates, no call', () => {
    const filters = parse('preset=custom');
    expect(filters).toMatchObject({ preset: 'custom', startDate: '', endDate: '' });
    expect(hasDateRange(filters)).toBe(false);
    expect(hasDateRange({ ...filters, endDate: '2026-01-01' })).toBe(true);
  });

  it('drops malformed values of a hand-edited link', () => {
    const filters = parse('preset=someday&startDate=2026-02-30&endDate=yesterday&offerId=-4&subid=%20%20');
    expect(filters).toEqual({ ...EMPTY, preset: 'last_month', startDate: '2026-02-01', endDate: '2026-02-28' });
    expect(parse('offerId=12abc').offerId).toBe('');
    expect(parse('subid=' + 'x'.repeat(300)).subid).toHaveLength(255);
  });

  it('round-trips the filter and the page through the address', () => {
    const filters: ReportFilters = {
      preset: 'custom',
      startDate: '2026-01-05',
      endDate: '2026-01-20',
      offerId: '17',
      country: ['FR', 'DE'],
      subid: 'spring sale',
      tc1: 'a',
      tc2: '',
      tc3: 'c&d',
      tc4: '',
    };
    const params = reportSearchParams(filters, { page: 3, count: 20 });
    expect(params.toString()).toBe(
      'preset=custom&startDate=2026-01-05&endDate=2026-01-20&offerId=17&country=FR&country=DE&subid=spring+sale&tc1=a&tc3=c%26d&page=3&count=20',
    );
    expect(parse(params.toString())).toEqual(filters);
    expect(parsePagination(params)).toEqual({ page: 3, count: 20 });
    expect(reportSearchParams(filters, { page: 1, count: DEFAULT_PAGE_SIZE }).has('page')).toBe(false);
  });

  it('reads page and count, falling back on nonsense', () => {
    expect(parsePagination(new URLSearchParams(''))).toEqual({ page: 1, count: 50 });
    expect(parsePagination(new URLSearchParams('page=0&count=501'))).toEqual({ page: 1, count: 50 });
    expect(parsePagination(new URLSearchParams('page=2.5&count=abc'))).toEqual({ page: 1, count: 50 });
  });

  it('carries the filter to another tab, without the page', () => {
    expect(searchForTab(new URLSearchParams('preset=today&subid=x&page=4&count=10'))).toBe('?preset=today&subid=x');
    expect(searchForTab(new URLSearchParams('page=2'))).toBe('');
  });
});

describe('countries and a second grouping (decision 110)', () => {
  it('reads repeated countries from the address: codes only, upper case, each once', () => {
    expect(parse('country=fr&country=DE&country=France&country=FR').country).toEqual(['FR', 'DE']);
    expect(parse('').country).toEqual([]);
  });

  it('sends the countries as a list, only when some are chosen', () => {
    const filters = { ...filtersForPreset('last_month', clock), country: ['IT', 'ES'] };
    expect(reportQueryOf(filters)).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28', country: ['IT', 'ES'] });
    expect(reportQueryOf(filtersForPreset('last_month', clock))).not.toHaveProperty('country');
  });

  it('keeps a second grouping in the address and the query, never equal to the first', () => {
    const view = parseReportView(new URLSearchParams('groupBy=tc1&then=offer'));
    expect(view).toMatchObject({ groupBy: 'tc1', then: 'offer' });
    expect(reportSearchParams(filtersForPreset('today', clock), undefined, view).get('then')).toBe('offer');
    expect(subidReportQueryOf(filtersForPreset('today', clock), { page: 1, count: 50 }, view)).toMatchObject({
      groupBy: 'tc1',
      then: 'offer',
    });
    expect(parseReportView(new URLSearchParams('groupBy=tc1&then=tc1')).then).toBe('');
    expect(parseReportView(new URLSearchParams('then=continent')).then).toBe('');
    expect(subidReportQueryOf(filtersForPreset('today', clock), { page: 1, count: 50 }, DEFAULT_REPORT_VIEW)).not.toHaveProperty('then'); // prettier-ignore
  });
});

describe('report queries', () => {
  it('drops empty values and sends dates as yyyy-MM-dd', () => {
    const filters = { ...filtersForPreset('last_month', clock), subid: '  ', tc2: ' b ', offerId: '42' };
    expect(reportQueryOf(filters)).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28', offerId: 42, tc2: 'b' });
    expect(reportQueryOf(filtersForPreset('custom', clock))).toEqual({});
    expect(pagedReportQueryOf(filters, { page: 2, count: 50 })).toEqual({
      startDate: '2026-02-01',
      endDate: '2026-02-28',
      offerId: 42,
      tc2: 'b',
      page: 2,
      count: 50,
    });
  });

  it('refuses a range that ends before it starts or is too long', () => {
    expect(rangeError({ startDate: '2026-02-02', endDate: '2026-02-01' })).toBe('min');
    expect(rangeError({ startDate: '2024-01-01', endDate: '2026-01-01' })).toBe('max');
    expect(rangeError({ startDate: '2026-02-01', endDate: '2026-02-01' })).toBeNull();
    expect(rangeError({ startDate: '', endDate: '2026-02-01' })).toBeNull();
  });

  it('names the preset of a range, preferring the one chosen', () => {
    // On a Monday "today" and "this week" are the same day.
    const monday: Clock = { now: new Date('2026-03-16T10:00:00Z'), offset: null };
    expect(matchingPreset('2026-03-16', '2026-03-16', monday)).toBe('today');
    expect(matchingPreset('2026-03-16', '2026-03-16', monday, 'this_week')).toBe('this_week');
    // The rolling presets (decision 033) name what no calendar preset does.
    expect(matchingPreset('2026-03-10', '2026-03-16', monday)).toBe('last_7_days');
    expect(matchingPreset('2026-02-15', '2026-03-16', monday)).toBe('last_30_days');
    expect(matchingPreset('2026-03-09', '2026-03-16', monday)).toBe('custom');
  });

  it('keeps the status, grouping and sort in the address only when they are not the defaults', () => {
    const filters = parse('preset=last_month');
    expect(parseReportView(new URLSearchParams(''))).toEqual(DEFAULT_REPORT_VIEW);
    expect(reportSearchParams(filters, undefined, DEFAULT_REPORT_VIEW).toString()).toBe(
      'preset=last_month&startDate=2026-02-01&endDate=2026-02-28',
    );
    const view = { ...DEFAULT_REPORT_VIEW, status: 'rejected', groupBy: 'tc2', sort: 'label', order: 'desc' } as const;
    const params = reportSearchParams(filters, { page: 3, count: 20 }, view);
    expect(params.toString()).toBe(
      'preset=last_month&startDate=2026-02-01&endDate=2026-02-28&page=3&count=20&status=rejected&groupBy=tc2&sort=label&order=desc',
    );
    expect(parseReportView(params)).toEqual(view);
    // A label sorts from A unless told; nonsense falls back.
    expect(parseReportView(new URLSearchParams('sort=label'))).toMatchObject({ sort: 'label', order: 'asc' });
    expect(parseReportView(new URLSearchParams('status=paid&groupBy=continent&sort=x&order=up'))).toEqual(
      DEFAULT_REPORT_VIEW,
    );
    expect(subidReportQueryOf(filters, { page: 2, count: 50 }, { ...view, status: '' })).toEqual({
      startDate: '2026-02-01',
      endDate: '2026-02-28',
      groupBy: 'tc2',
      sort: 'label',
      order: 'desc',
      page: 2,
      count: 50,
    });
    expect(conversionReportQueryOf(filters, { page: 1, count: 50 }, view)).toMatchObject({ status: 'rejected' });
    expect(conversionReportQueryOf(filters, { page: 1, count: 50 }, DEFAULT_REPORT_VIEW)).not.toHaveProperty('status');
  });

  it('reads the digest’s link to the changed conversions: the days of the changes, conversions of every date', () => {
    const params = new URLSearchParams('changedFrom=2026-03-10');
    const filters = parse(params.toString());
    const view = parseReportView(params);
    expect(filters).toMatchObject({ preset: 'custom', startDate: '', endDate: '' });
    expect(view).toMatchObject({ changed: false, changedFrom: '2026-03-10', changedTo: '' });
    expect(hasChangedView(view)).toBe(true);
    expect(canRunReport('conversion', filters, view)).toBe(true);
    expect(canRunReport('click', filters, view)).toBe(false);
    expect(conversionReportQueryOf(filters, { page: 1, count: 50 }, view)).toEqual({
      changedFrom: '2026-03-10',
      page: 1,
      count: 50,
    });
    expect(reportSearchParams(filters, undefined, view).toString()).toBe('preset=custom&changedFrom=2026-03-10');
    // With dates in the link, they still apply; a malformed day is dropped; changed=true alone is kept.
    expect(parse('changedFrom=2026-03-10&preset=this_month')).toMatchObject({ preset: 'this_month' });
    expect(parseReportView(new URLSearchParams('changedFrom=2026-02-30'))).toMatchObject({ changedFrom: '' });
    const changedOnly = parseReportView(new URLSearchParams('changed=true'));
    expect(conversionReportQueryOf(parse('changed=true'), { page: 1, count: 50 }, changedOnly)).toEqual({
      changed: true,
      page: 1,
      count: 50,
    });
    // The filter on changes is the conversion report's: another tab does not carry it.
    expect(searchForTab(new URLSearchParams('preset=custom&changedFrom=2026-03-10&offerId=4'))).toBe(
      '?preset=custom&offerId=4',
    );
  });
});
