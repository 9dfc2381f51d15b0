import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decimalText,
  flagEmoji,
  formatBasisPoints,
  parseBasisPoints,
  parseMinorUnits,
  formatDate,
  formatHour,
  formatIsoDate,
  formatMoney,
  formatMoneyMinor,
  formatPayout,
  formatCount,
  formatPercent,
  minorUnitDigits,
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

/** The digits of a formatted number, whatever the grouping, decimal and currency signs. */
const digitsOf = (text: string) => text.replace(/[^0-9]/g, '');

describe('money and percent formatters, exactness', () => {
  const MINOR_DIGITS: Record<string, number> = { EUR: 2, USD: 2, GBP: 2, CHF: 2, JPY: 0, KWD: 3, BHD: 3 };

  it("divides minor units by the currency's own minor-unit power, as Intl formats the major amount", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.constantFrom(...Object.keys(MINOR_DIGITS)),
        (minor, currency) => {
          const digits = MINOR_DIGITS[currency] ?? 2;
          expect(minorUnitDigits(currency)).toBe(digits);
          const expected = new Intl.NumberFormat('fr-FR', { style: 'currency', currency }).format(minor / 10 ** digits);
          expect(formatMoneyMinor(minor, currency)).toBe(expected);
          expect(formatMoneyMinor(minor, currency.toLowerCase())).toBe(expected);
        },
      ),
    );
  });

  it('never loses or rounds a cent: the digits shown are the minor amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        const text = formatMoneyMinor(cents);
        expect(digitsOf(text)).toBe(String(Math.abs(cents)).padStart(3, '0'));
        expect(text.startsWith('-')).toBe(cents < 0);
        expect(text).toMatch(/,\d{2}\s€$/u);
        expect(text).toBe(formatMoney(cents / 100, 'EUR'));
      }),
    );
  });

  it("formats major units in any currency as Intl does, with the ISO code's symbol", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom('EUR', 'USD', 'GBP', 'CHF', 'JPY'),
        (amount, currency) => {
          expect(formatMoney(amount, currency)).toBe(
            new Intl.NumberFormat('fr-FR', { style: 'currency', currency }).format(amount),
          );
        },
      ),
    );
    expect(formatMoney(1234.5, 'USD')).toMatch(/^1\s234,50\s\$US$/u);
    expect(formatMoney(-0.5)).toMatch(/^-0,50\s€$/u);
  });

  it('shows basis points as an exact percentage with two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (basisPoints) => {
        const text = formatBasisPoints(basisPoints);
        expect(text).toBe(
          new Intl.NumberFormat('fr-FR', {
            style: 'percent',
            minimumFractionDigits: 2,
            maximumFractionDigits: 2,
          }).format(basisPoints / 10_000),
        );
        expect(digitsOf(text)).toBe(String(basisPoints).padStart(3, '0'));
        expect(text).toMatch(/,\d{2}\s%$/u);
      }),
    );
    expect(formatBasisPoints(1250)).toMatch(/^12,50\s%$/u);
  });

  it('formats an offer payout: an amount, a share, or both', () => {
    expect(formatPayout({ amount: 1500, percent: null, currency: 'EUR' })).toMatch(/^15,00\s€$/u);
    expect(formatPayout({ amount: 1500, percent: null, currency: 'USD' })).toMatch(/^15,00\s\$US$/u);
    expect(formatPayout({ amount: null, percent: 750, currency: 'EUR' })).toMatch(/^7,50\s%$/u);
    expect(formatPayout({ amount: 1000, percent: 500, currency: 'GBP' })).toMatch(/^10,00\s£GB \+ 5,00\s%$/u);
    expect(formatPayout({ amount: 0, percent: null })).toMatch(/^0,00\s€$/u);
    expect(formatPayout({ amount: null, percent: null, currency: 'EUR' })).toBe('');
    expect(formatPayout(null)).toBe('');
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

describe('formatCount', () => {
  it('groups thousands as the money does, and shows a missing count as 0', () => {
    expect(formatCount(2963)).toBe('2\u202f963');
    expect(formatCount(9989)).toBe('9\u202f989');
    expect(formatCount(1_234_567)).toBe('1\u202f234\u202f567');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(null)).toBe('0');
    // The same separator as the money formatter's.
    expect(formatMoney(2963).replace(/,.*$/u, '')).toBe(formatCount(2963));
  });
});

describe('parseMinorUnits, parseBasisPoints and decimalText', () => {
  it('reads what people type into integer minor units and basis points', () => {
    expect(parseMinorUnits('12.50', 'EUR')).toBe(1250);
    expect(parseMinorUnits('12,5', 'EUR')).toBe(1250);
    expect(parseMinorUnits(' 7 ', 'EUR')).toBe(700);
    expect(parseMinorUnits('', 'EUR')).toBeNull();
    expect(parseMinorUnits('0.01', 'EUR')).toBe(1);
    expect(parseBasisPoints('12.5')).toBe(1250);
    expect(parseBasisPoints('100')).toBe(10000);
  });

  it('answers NaN for a sign, letters or more decimals than the currency has', () => {
    for (const text of ['-1', '1.234', 'abc', '1e3', '1.2.3']) expect(parseMinorUnits(text, 'EUR')).toBeNaN();
  });

  it('shows minor units back as the input had them', () => {
    expect(decimalText(1250)).toBe('12.50');
    expect(decimalText(null)).toBe('');
    expect(decimalText(parseMinorUnits('19.99')!)).toBe('19.99');
  });
});
