import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  flagEmoji,
  formatDate,
  formatHour,
  formatIsoDate,
  formatMoney,
  formatMoneyMinor,
  formatPercent,
  partnerDisplayName,
} from './format.js';

describe('money formatters (French locale, ISO currency)', () => {
  it('formats minor units as the major amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom('EUR', 'USD', 'GBP'), (cents, currency) => {
        const expected = new Intl.NumberFormat('fr-FR', { style: 'currency', currency }).format(cents / 100);
        expect(formatMoneyMinor(cents, currency)).toBe(expected);
      }),
    );
  });

  it('honours currencies without or with three decimals', () => {
    expect(formatMoneyMinor(1234, 'JPY')).toBe(
      new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'JPY' }).format(1234),
    );
    expect(formatMoneyMinor(1234, 'KWD')).toBe(
      new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'KWD' }).format(1.234),
    );
  });

  it('formats major units and defaults to EUR', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (amount) => {
        expect(formatMoney(amount)).toBe(
          new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(amount),
        );
      }),
    );
    expect(formatMoneyMinor(1250)).toMatch(/^12,50\s€$/u);
  });
});

describe('percent formatter', () => {
  it('is the ratio times 100 with a comma decimal and a % sign', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 10, noNaN: true }), (ratio) => {
        const expected = new Intl.NumberFormat('fr-FR', {
          style: 'percent',
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        }).format(ratio);
        expect(formatPercent(ratio)).toBe(expected);
      }),
    );
    expect(formatPercent(0.1234)).toMatch(/^12,34\s%$/u);
    expect(formatPercent(Number.NaN)).toMatch(/^0,00\s%$/u);
  });
});

describe('dates and names', () => {
  const date = new Date('2025-08-04T22:30:00Z');
  it('formats dd/MM/yyyy and HH:mm in a time zone', () => {
    expect(formatDate(date, 'UTC')).toBe('04/08/2025');
    expect(formatDate(date, 'Europe/Paris')).toBe('05/08/2025');
    expect(formatHour(date, 'UTC')).toBe('22:30');
    expect(formatHour(date, 'Europe/Paris')).toBe('00:30');
    expect(formatIsoDate(date)).toBe('2025-08-04');
  });

  it('derives flags from ISO codes and partner display names', () => {
    expect(flagEmoji('fr')).toBe('🇫🇷');
    expect(flagEmoji('US')).toBe('🇺🇸');
    expect(flagEmoji('X')).toBe('');
    expect(partnerDisplayName('Northwind Media', 12)).toBe('Northwind Media #12');
  });
});
