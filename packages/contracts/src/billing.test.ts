import { describe, expect, it } from 'vitest';
import { billingMonth, billingMonthLabel } from './billing.js';

describe('billing months', () => {
  it('turn at Paris midnight, in winter and in summer', () => {
    expect(billingMonth(new Date('2026-02-28T22:59:59Z'))).toBe('2026-02');
    expect(billingMonth(new Date('2026-02-28T23:00:00Z'))).toBe('2026-03');
    expect(billingMonth(new Date('2026-07-31T21:59:59Z'))).toBe('2026-07');
    expect(billingMonth(new Date('2026-07-31T22:00:00Z'))).toBe('2026-08');
  });

  it('count back across years', () => {
    expect(billingMonth(new Date('2026-01-15T12:00:00Z'), 1)).toBe('2025-12');
    expect(billingMonth(new Date('2026-01-15T12:00:00Z'), 13)).toBe('2024-12');
  });

  it('read as words', () => {
    expect(billingMonthLabel('2026-10')).toBe('October 2026');
  });
});
