import { describe, expect, it } from 'vitest';
import { isIsoDate, parseDayInput } from './dates';

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
});
