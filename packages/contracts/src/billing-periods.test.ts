import { describe, expect, it } from 'vitest';
import {
  billingPeriodLabel,
  dueOn,
  parisDayOf,
  parisMidnightOf,
  periodContaining,
  periodKindOf,
  periodsOver,
} from './billing-periods.js';

const bounds = (kind: Parameters<typeof periodContaining>[0], day: string) => {
  const period = periodContaining(kind, day);
  return [period.startDate, period.endDate, period.start.toISOString(), period.end.toISOString()];
};

describe('billing periods by payment terms (decision 070)', () => {
  it('maps terms to period kinds', () => {
    expect(['daily', 'weekly', 'bi_monthly', 'net0', 'net30', 'net90', 'odd'].map(periodKindOf)).toEqual([
      'day',
      'week',
      'half_month',
      'month',
      'month',
      'month',
      'month',
    ]);
  });

  it('Paris midnights as instants across the daylight-saving changes', () => {
    expect(parisMidnightOf('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(parisMidnightOf('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(parisMidnightOf('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(parisMidnightOf('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(parisDayOf(new Date('2026-03-29T21:59:59Z'))).toBe('2026-03-29');
    expect(parisDayOf(new Date('2026-03-29T22:00:00Z'))).toBe('2026-03-30');
    expect(parisDayOf(new Date('2026-10-25T22:59:59Z'))).toBe('2026-10-25');
    expect(parisDayOf(new Date('2026-10-25T23:00:00Z'))).toBe('2026-10-26');
  });

  it('daily: a Paris day, 23 hours on 29 March, 25 on 25 October', () => {
    expect(bounds('day', '2026-03-29')).toEqual([
      '2026-03-29',
      '2026-03-29',
      '2026-03-28T23:00:00.000Z',
      '2026-03-29T22:00:00.000Z',
    ]);
    const october = periodContaining('day', '2026-10-25');
    expect(october.end.getTime() - october.start.getTime()).toBe(25 * 3_600_000);
  });

  it('weekly: Monday to Sunday, across a month end and the DST change', () => {
    // 2026-03-29 is a Sunday: the week of 23 March ends that day, 167 hours long.
    expect(bounds('week', '2026-03-25')).toEqual([
      '2026-03-23',
      '2026-03-29',
      '2026-03-22T23:00:00.000Z',
      '2026-03-29T22:00:00.000Z',
    ]);
    expect(bounds('week', '2026-03-29')[0]).toBe('2026-03-23');
    expect(bounds('week', '2026-03-30')[0]).toBe('2026-03-30');
    // A week over a month end and the October change (25 October is a Sunday).
    expect(bounds('week', '2026-10-25')).toEqual([
      '2026-10-19',
      '2026-10-25',
      '2026-10-18T22:00:00.000Z',
      '2026-10-25T23:00:00.000Z',
    ]);
    expect(bounds('week', '2026-03-01').slice(0, 2)).toEqual(['2026-02-23', '2026-03-01']);
    expect(bounds('week', '2026-01-01').slice(0, 2)).toEqual(['2025-12-29', '2026-01-04']);
  });

  it('bi_monthly: 1st–15th and 16th–end, February of 28 and 29 days, months of 30 and 31', () => {
    expect(bounds('half_month', '2026-02-15').slice(0, 2)).toEqual(['2026-02-01', '2026-02-15']);
    expect(bounds('half_month', '2026-02-16')).toEqual([
      '2026-02-16',
      '2026-02-28',
      '2026-02-15T23:00:00.000Z',
      '2026-02-28T23:00:00.000Z',
    ]);
    expect(bounds('half_month', '2028-02-29').slice(0, 2)).toEqual(['2028-02-16', '2028-02-29']);
    expect(bounds('half_month', '2026-04-30').slice(0, 2)).toEqual(['2026-04-16', '2026-04-30']);
    expect(bounds('half_month', '2026-03-31')).toEqual([
      '2026-03-16',
      '2026-03-31',
      '2026-03-15T23:00:00.000Z',
      '2026-03-31T22:00:00.000Z',
    ]);
  });

  it('monthly (netN): the calendar month in Paris time', () => {
    expect(bounds('month', '2026-02-10')).toEqual([
      '2026-02-01',
      '2026-02-28',
      '2026-01-31T23:00:00.000Z',
      '2026-02-28T23:00:00.000Z',
    ]);
    expect(bounds('month', '2026-10-31').slice(2)).toEqual(['2026-09-30T22:00:00.000Z', '2026-10-31T23:00:00.000Z']);
    expect(bounds('month', '2028-02-29').slice(0, 2)).toEqual(['2028-02-01', '2028-02-29']);
  });

  it('due days: issue day + N for netN, the issue day for daily, weekly and bi_monthly', () => {
    expect(dueOn('net30', '2026-01-31')).toBe('2026-03-02');
    expect(dueOn('net0', '2026-03-01')).toBe('2026-03-01');
    expect(dueOn('net15', '2026-02-20')).toBe('2026-03-07');
    expect(dueOn('net90', '2026-12-01')).toBe('2027-03-01');
    expect(dueOn('daily', '2026-03-30')).toBe('2026-03-30');
    expect(dueOn('weekly', '2026-03-30')).toBe('2026-03-30');
    expect(dueOn('bi_monthly', '2026-03-16')).toBe('2026-03-16');
  });

  it('periods over by a moment, after the last one billed', () => {
    const until = parisMidnightOf('2026-03-04');
    const days = periodsOver('day', new Date('2026-02-27T12:00:00Z'), until);
    expect(days.map((p) => p.startDate)).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
    ]);
    expect(
      periodsOver('day', new Date('2026-02-27T12:00:00Z'), until, parisMidnightOf('2026-03-02')).map(
        (p) => p.startDate,
      ),
    ).toEqual(['2026-03-02', '2026-03-03']);
    expect(periodsOver('half_month', new Date('2026-01-20T12:00:00Z'), until).map((p) => p.startDate)).toEqual([
      '2026-01-16',
      '2026-02-01',
      '2026-02-16',
    ]);
    expect(periodsOver('month', new Date('2026-03-01T12:00:00Z'), until)).toEqual([]);
  });

  it('labels', () => {
    expect(billingPeriodLabel(periodContaining('month', '2026-10-02'))).toBe('October 2026');
    expect(billingPeriodLabel(periodContaining('half_month', '2026-10-02'))).toBe('1–15 October 2026');
    expect(billingPeriodLabel(periodContaining('day', '2026-10-25'))).toBe('25 October 2026');
    expect(billingPeriodLabel(periodContaining('week', '2026-10-28'))).toBe('26 October – 1 November 2026');
    expect(billingPeriodLabel(periodContaining('week', '2026-01-01'))).toBe('29 December 2025 – 4 January 2026');
  });
});
