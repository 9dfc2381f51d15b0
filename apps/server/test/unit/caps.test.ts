import { describe, expect, it } from 'vitest';
import { capPeriod, PeriodClock } from '../../src/modules/caps/cap-periods.js';
import { ClickCapCounters } from '../../src/modules/click/click-caps.js';

const iso = (ms: number) => (Number.isFinite(ms) ? new Date(ms).toISOString() : String(ms));
const bounds = (period: 'day' | 'month' | 'total', at: string) => {
  const b = capPeriod(period, Date.parse(at));
  return [iso(b.start), iso(b.end)];
};

describe('cap periods: Paris days and months (decision 045)', () => {
  it('starts a winter day at 23:00 UTC and a summer day at 22:00 UTC', () => {
    expect(bounds('day', '2026-01-15T22:59:59.999Z')).toEqual(['2026-01-14T23:00:00.000Z', '2026-01-15T23:00:00.000Z']);
    expect(bounds('day', '2026-01-15T23:00:00.000Z')).toEqual(['2026-01-15T23:00:00.000Z', '2026-01-16T23:00:00.000Z']);
    expect(bounds('day', '2026-07-15T21:59:59.999Z')).toEqual(['2026-07-14T22:00:00.000Z', '2026-07-15T22:00:00.000Z']);
    expect(bounds('day', '2026-07-15T22:00:00.000Z')).toEqual(['2026-07-15T22:00:00.000Z', '2026-07-16T22:00:00.000Z']);
  });

  it('gives the days of the clock changes 23 and 25 hours', () => {
    expect(bounds('day', '2026-03-29T12:00:00Z')).toEqual(['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
    expect(bounds('day', '2026-10-25T12:00:00Z')).toEqual(['2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z']);
  });

  it('runs a month from its first Paris midnight to the next, across the year', () => {
    expect(bounds('month', '2026-10-31T23:30:00Z')).toEqual(['2026-10-31T23:00:00.000Z', '2026-11-30T23:00:00.000Z']);
    expect(bounds('month', '2026-12-31T23:30:00Z')).toEqual(['2026-12-31T23:00:00.000Z', '2027-01-31T23:00:00.000Z']);
    expect(bounds('total', '2026-12-31T23:30:00Z')).toEqual(['1970-01-01T00:00:00.000Z', 'Infinity']);
  });

  it('keeps bounds while the time stays inside them, and moves on when it leaves', () => {
    const clock = new PeriodClock();
    const first = clock.bounds('day', Date.parse('2026-01-15T10:00:00Z'));
    expect(clock.bounds('day', Date.parse('2026-01-15T20:00:00Z'))).toBe(first);
    expect(iso(clock.bounds('day', Date.parse('2026-01-15T23:00:00Z')).start)).toBe('2026-01-15T23:00:00.000Z');
    // The traffic seed replays the past: a time before the bounds moves them back.
    expect(iso(clock.bounds('day', Date.parse('2026-01-01T10:00:00Z')).start)).toBe('2025-12-31T23:00:00.000Z');
  });
});

describe('ClickCapCounters', () => {
  const now = Date.parse('2026-01-15T10:00:00Z');

  it('admits up to the limit, counting in every cap, and refuses the next without counting it', () => {
    const counters = new ClickCapCounters();
    const rule = { id: 1, period: 'day' as const, limit: 3, counts: true };
    const offerWide = { id: 2, period: 'month' as const, limit: 10, counts: true };
    for (let i = 0; i < 3; i++) expect(counters.admit([rule, offerWide], now)).not.toBeNull();
    expect(counters.admit([rule, offerWide], now)).toBeNull();
    // The refused click took nothing from the offer-wide cap: 7 more fit there for another partner.
    for (let i = 0; i < 7; i++) expect(counters.admit([offerWide], now)).not.toBeNull();
    expect(counters.admit([offerWide], now)).toBeNull();
  });

  it('starts from the database figure, settles a written batch, and opens a new day afresh', () => {
    const counters = new ClickCapCounters();
    // A rule as a freshly loaded click context holds it.
    const rule = { id: 1, period: 'day' as const, limit: 3, counts: true };
    const start = capPeriod('day', now);
    counters.prime(rule, start.start, start.end, 2);
    const taken = counters.admit([rule], now)!;
    expect(counters.admit([rule], now)).toBeNull();
    // The batch is written: the database now holds 3 (its 2 and this click), nothing is local any more.
    counters.settle(new Map([[taken[0]!, 1]]), new Map([[taken[0]!, 3]]));
    expect(counters.admit([rule], now)).toBeNull();
    // Another process's clicks seen at a flush: the figure read back replaces the base.
    counters.settle(new Map(), new Map([[taken[0]!, 1]]));
    expect(counters.admit([rule], now)).not.toBeNull();
    expect(counters.admit([rule], start.end)).not.toBeNull();
    expect(counters.known(start.end).map((c) => c.periodStart)).toEqual([start.end]);
  });

  it('lets a conversion cap stop clicks once reached, without counting clicks in it (decision 074)', () => {
    const counters = new ClickCapCounters();
    const conversions = { id: 7, period: 'day' as const, limit: 3, counts: false };
    const clicks = { id: 8, period: 'day' as const, limit: 100, counts: true };
    const start = capPeriod('day', now);
    counters.prime(conversions, start.start, start.end, 2);
    // Under its limit: clicks pass and take only from the click cap.
    const taken = counters.admit([conversions, clicks], now)!;
    expect(taken.map((ref) => ref.capId)).toEqual([8]);
    for (let i = 0; i < 5; i++) expect(counters.admit([conversions, clicks], now)).not.toBeNull();
    // The third conversion lands: the next context load (or flush) says 3 of 3, and clicks are refused.
    counters.prime(conversions, start.start, start.end, 3);
    expect(counters.admit([conversions, clicks], now)).toBeNull();
    // A decline gives one back: the database figure is taken again.
    counters.prime(conversions, start.start, start.end, 2);
    expect(counters.admit([conversions, clicks], now)).not.toBeNull();
    // The next day starts afresh.
    counters.prime(conversions, start.start, start.end, 3);
    expect(counters.admit([conversions, clicks], start.end)).not.toBeNull();
  });
});
