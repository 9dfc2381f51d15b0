import { describe, expect, it } from 'vitest';
import { billingMonth, billingMonthLabel, vatOn, vatRateOfTotals } from './billing.js';

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

describe('VAT of corrections (decision 070)', () => {
  it('rounds half away from zero, so a correction takes back exactly the VAT it carried', () => {
    expect(vatOn(1234, 20)).toBe(247);
    expect(vatOn(-1234, 20)).toBe(-247);
    expect(vatOn(-2, 20)).toBe(0);
    expect(vatOn(0, 20)).toBe(0);
  });

  it('reads an issued request’s rate back from its totals', () => {
    expect(vatRateOfTotals(18_000, 3_000)).toBe(20);
    expect(vatRateOfTotals(3 * 1234 + 740, 740)).toBe(20);
    expect(vatRateOfTotals(1998, 0)).toBe(0);
    // A correction at another rate inside it moves the ratio, not the nearest rate.
    expect(vatRateOfTotals(4000 + 1000, 1000)).toBe(20);
  });
});
