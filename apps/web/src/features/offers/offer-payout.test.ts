import { describe, expect, it } from 'vitest';
import { payoutLines } from './offer-payout';

describe('payout lines', () => {
  it('shows every goal: amounts as money, revenue shares as Variable with their rate', () => {
    const lines = payoutLines(
      [
        { goal: 'registration', name: 'Registration', amount: 1200, percent: null, currency: 'EUR', main: true },
        { goal: 'sale', name: 'Sale', amount: null, percent: 1250, currency: 'EUR', main: false },
        { goal: 'click', name: 'Click', amount: 25, percent: 500, currency: 'USD', main: false },
      ],
      'Variable',
    );
    expect(lines.map((l) => l.name)).toEqual(['Registration', 'Sale', 'Click']);
    expect(lines[0]?.value).toMatch(/^12,00\s€$/u);
    expect(lines[1]?.value).toMatch(/^Variable \(12,50\s%\)$/u);
    expect(lines[2]?.value).toMatch(/^0,25\s\$US \+ Variable \(5,00\s%\)$/u);
  });
});
