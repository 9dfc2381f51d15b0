import { describe, expect, it } from 'vitest';
import { finishedBillingMonths } from './billing-months';

describe('finishedBillingMonths', () => {
  it('offers the finished Paris months, newest first', () => {
    expect(finishedBillingMonths(new Date('2026-03-15T12:00:00Z'), 3)).toEqual([
      { value: '2026-02', label: 'February 2026' },
      { value: '2026-01', label: 'January 2026' },
      { value: '2025-12', label: 'December 2025' },
    ]);
  });

  it('turns the month at Paris midnight, not UTC midnight', () => {
    // 1 March 00:30 in Paris is still 28 February in UTC: February is over.
    expect(finishedBillingMonths(new Date('2026-02-28T23:30:00Z'), 1)[0]?.value).toBe('2026-02');
    expect(finishedBillingMonths(new Date('2026-02-28T22:30:00Z'), 1)[0]?.value).toBe('2026-01');
  });
});
