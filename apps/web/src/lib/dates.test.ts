import { describe, expect, it } from 'vitest';
import { formatDayRange, isIsoDate, parseDayInput, parseDayRange } from './dates';

describe('day values', () => {
  it('knows a real calendar day', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
  });

  it('reads typed dates as the fields show them, dd/MM/yyyy, and refuses what is not a day', () => {
    expect(parseDayInput('01/10/2026')).toBe('2026-10-01');
    expect(parseDayInput(' 1/2/2026 ')).toBe('2026-02-01');
    expect(parseDayInput('2026-10-31')).toBe('2026-10-31');
    expect(parseDayInput('31/02/2026')).toBeNull();
    expect(parseDayInput('99/99/2026')).toBeNull();
    expect(parseDayInput('01/10')).toBeNull();
    expect(parseDayInput('')).toBeNull();
  });

  it('shows a range day first, with an open end as a dash', () => {
    expect(formatDayRange({ startDate: '2026-10-01', endDate: '2026-10-31' })).toBe('01/10/2026 – 31/10/2026');
    expect(formatDayRange({ startDate: '2026-10-01', endDate: '' })).toBe('01/10/2026 –');
    expect(formatDayRange({ startDate: '', endDate: '2026-10-31' })).toBe('– 31/10/2026');
    expect(formatDayRange({ startDate: '', endDate: '' })).toBe('');
  });

  it('reads a typed range as the field shows it, and nothing while it is half typed or not real days', () => {
    const october = { startDate: '2026-10-01', endDate: '2026-10-31' };
    expect(parseDayRange('01/10/2026 – 31/10/2026')).toEqual(october);
    expect(parseDayRange(' 1/10/2026 - 31/10/2026 ')).toEqual(october);
    expect(parseDayRange('01/10/2026 to 31/10/2026')).toEqual(october);
    expect(parseDayRange('01/10/2026 31/10/2026')).toEqual(october);
    expect(parseDayRange('2026-10-01-2026-10-31')).toEqual(october);
    // What formatDayRange writes reads back.
    expect(parseDayRange(formatDayRange(october))).toEqual(october);
    expect(parseDayRange('01/10/2026 –')).toEqual({ startDate: '2026-10-01', endDate: '' });
    expect(parseDayRange('01/10/2026')).toEqual({ startDate: '2026-10-01', endDate: '' });
    expect(parseDayRange('– 31/10/2026')).toEqual({ startDate: '', endDate: '2026-10-31' });
    expect(parseDayRange('  ')).toEqual({ startDate: '', endDate: '' });
    // Kept as typed: the form says the end is before the start.
    expect(parseDayRange('31/10/2026 – 01/10/2026')).toEqual({ startDate: '2026-10-31', endDate: '2026-10-01' });
    expect(parseDayRange('01/10/2026 – 3')).toBeNull();
    expect(parseDayRange('01/10/2026 – 31/02/2026')).toBeNull();
    expect(parseDayRange('October')).toBeNull();
  });
});
