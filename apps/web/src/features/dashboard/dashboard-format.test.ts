import { describe, expect, it } from 'vitest';
import { chartPoints, chartRange, formatCount } from './dashboard-format';

// Intl puts narrow no-break spaces in French numbers: compare with plain spaces.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(plain(formatCount(1234567))).toBe('1 234 567');
    expect(formatCount(0)).toBe('0');
  });
});

describe('chartRange', () => {
  it('covers 30 days ending today in UTC by default', () => {
    expect(chartRange(new Date('2026-03-15T23:30:00Z'), null)).toEqual({
      startDate: '2026-02-14',
      endDate: '2026-03-15',
    });
  });

  it("follows the partner's offset across midnight", () => {
    expect(chartRange(new Date('2026-03-15T23:30:00Z'), '+02:00')).toEqual({
      startDate: '2026-02-15',
      endDate: '2026-03-16',
    });
    expect(chartRange(new Date('2026-03-01T01:00:00Z'), '-03:00')).toEqual({
      startDate: '2026-01-30',
      endDate: '2026-02-28',
    });
  });
});

describe('chartPoints', () => {
  const range = { startDate: '2026-02-27', endDate: '2026-03-02' };
  const row = (label: string, clicks: number, conversions: number, isTotal = false) => ({
    label,
    clicks,
    conversions,
    isTotal,
  });

  it('drops the totals row and fills the days without traffic with 0', () => {
    const points = chartPoints([row('2026-02-28', 40, 3), row('2026-03-02', 10, 1), row('Totals', 50, 4, true)], range);
    expect(points).toEqual([
      { date: '2026-02-27', label: '27/02', clicks: 0, conversions: 0 },
      { date: '2026-02-28', label: '28/02', clicks: 40, conversions: 3 },
      { date: '2026-03-01', label: '01/03', clicks: 0, conversions: 0 },
      { date: '2026-03-02', label: '02/03', clicks: 10, conversions: 1 },
    ]);
  });

  it('has one point per day of a 30-day range', () => {
    const points = chartPoints([], chartRange(new Date('2026-03-15T12:00:00Z'), null));
    expect(points).toHaveLength(30);
    expect(points[0]?.date).toBe('2026-02-14');
    expect(points.at(-1)?.date).toBe('2026-03-15');
  });
});
