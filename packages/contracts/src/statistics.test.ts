import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BasicReportQuerySchema,
  MAX_REPORT_RANGE_DAYS,
  currencyFigures,
  formatConversionRates,
  statsRowOf,
  type CurrencySlice,
  addDays,
  daysBetween,
  formatMoneyAmounts,
  formatLocalDate,
  formatLocalHour,
  localToday,
  ytdPayoutLabel,
  presetRange,
  toLocalIso,
} from './statistics.js';
import { RegisterBodySchema } from './register.js';

// Sunday 2026-11-22 23:30 UTC: already Monday 23 in +01:00, still Sunday in UTC and in -05:00.
const now = new Date('2026-11-22T23:30:00Z');

describe('report date presets', () => {
  it('cut days in the partner offset', () => {
    expect(localToday(now, null)).toBe('2026-11-22');
    expect(localToday(now, '+01:00')).toBe('2026-11-23');
    expect(localToday(now, '-05:00')).toBe('2026-11-22');
  });

  it('give every preset its range, weeks starting on Monday', () => {
    expect(presetRange('today', now, 'UTC')).toEqual({ startDate: '2026-11-22', endDate: '2026-11-22' });
    expect(presetRange('yesterday', now, null)).toEqual({ startDate: '2026-11-21', endDate: '2026-11-21' });
    expect(presetRange('this_week', now, null)).toEqual({ startDate: '2026-11-16', endDate: '2026-11-22' });
    expect(presetRange('this_week', now, '+01:00')).toEqual({ startDate: '2026-11-23', endDate: '2026-11-23' });
    expect(presetRange('last_week', now, null)).toEqual({ startDate: '2026-11-09', endDate: '2026-11-15' });
    expect(presetRange('this_month', now, null)).toEqual({ startDate: '2026-11-01', endDate: '2026-11-22' });
    expect(presetRange('last_month', now, null)).toEqual({ startDate: '2026-10-01', endDate: '2026-10-31' });
    expect(presetRange('this_year', now, null)).toEqual({ startDate: '2026-01-01', endDate: '2026-11-22' });
    expect(presetRange('last_year', now, null)).toEqual({ startDate: '2025-01-01', endDate: '2025-12-31' });
    expect(presetRange('custom', now, null)).toBeNull();
  });

  it('take the previous month across a year end and a leap February', () => {
    expect(presetRange('last_month', new Date('2027-01-10T12:00:00Z'), null)).toEqual({
      startDate: '2026-12-01',
      endDate: '2026-12-31',
    });
    expect(presetRange('last_month', new Date('2028-03-01T00:30:00Z'), null)).toEqual({
      startDate: '2028-02-01',
      endDate: '2028-02-29',
    });
  });

  it('always give a range that starts no later than it ends and contains or precedes today', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        fc.integer({ min: -12, max: 14 }),
        fc.constantFrom(
          'today',
          'yesterday',
          'this_week',
          'last_week',
          'this_month',
          'last_month',
          'this_year',
          'last_year',
        ) as fc.Arbitrary<Exclude<Parameters<typeof presetRange>[0], 'custom'>>,
        (date, hours, preset) => {
          const offset = `${hours < 0 ? '-' : '+'}${String(Math.abs(hours)).padStart(2, '0')}:00`;
          const range = presetRange(preset, date, offset)!;
          expect(daysBetween(range.startDate, range.endDate)).toBeGreaterThanOrEqual(1);
          expect(range.endDate <= localToday(date, offset)).toBe(true);
        },
      ),
    );
  });
});

describe('local moments', () => {
  it('keep the wall clock of the offset they were cut in', () => {
    const iso = toLocalIso(new Date('2026-11-22T23:30:09Z'), '+01:00');
    expect(iso).toBe('2026-11-23T00:30:09+01:00');
    expect(formatLocalDate(iso)).toBe('23/11/2026');
    expect(formatLocalHour(iso)).toBe('00:30');
    expect(toLocalIso(new Date('2026-11-22T02:00:00Z'), '-12:00')).toBe('2026-11-21T14:00:00-12:00');
    expect(toLocalIso(new Date('2026-11-22T02:00:00Z'), null)).toBe('2026-11-22T02:00:00+00:00');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('report filter', () => {
  it('drops empty values and checks the range', () => {
    expect(
      BasicReportQuerySchema.parse({ startDate: '2026-10-01', endDate: '2026-10-31', subid: '', offerId: '' }),
    ).toEqual({
      startDate: '2026-10-01',
      endDate: '2026-10-31',
    });
    expect(BasicReportQuerySchema.safeParse({ startDate: '2026-02-30' }).success).toBe(false);
    expect(BasicReportQuerySchema.safeParse({ startDate: '2026-10-02', endDate: '2026-10-01' }).success).toBe(false);
    const tooLong = { startDate: '2024-01-01', endDate: addDays('2024-01-01', MAX_REPORT_RANGE_DAYS) };
    expect(BasicReportQuerySchema.safeParse(tooLong).success).toBe(false);
    expect(BasicReportQuerySchema.safeParse({ unknown: 'x' }).success).toBe(false);
  });
});

// Intl puts narrow no-break spaces in French numbers: compare with plain spaces.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('formatMoneyAmounts', () => {
  it('formats each currency in French and joins them, never summing', () => {
    const amounts = [
      { currency: 'EUR', amount: 123456 },
      { currency: 'USD', amount: 1200 },
    ];
    expect(plain(formatMoneyAmounts(amounts, 'EUR'))).toBe('1 234,56 € · 12,00 $US');
  });

  it('shows 0 in the fallback currency for an empty list', () => {
    expect(plain(formatMoneyAmounts([], 'EUR'))).toBe('0,00 €');
    expect(plain(formatMoneyAmounts(null, 'USD'))).toBe('0,00 $US');
    expect(plain(formatMoneyAmounts([{ currency: 'GBP', amount: 0 }], 'EUR'))).toBe('0,00 €');
  });

  it('leaves out the currencies that earned nothing', () => {
    const amounts = [
      { currency: 'EUR', amount: 35 },
      { currency: 'GBP', amount: 0 },
      { currency: 'USD', amount: 0 },
    ];
    expect(plain(formatMoneyAmounts(amounts, 'EUR'))).toBe('0,35 €');
  });

  it('rounds the fraction of a minor unit an EPC keeps', () => {
    expect(plain(formatMoneyAmounts([{ currency: 'EUR', amount: 12.5 }], 'EUR'))).toBe('0,13 €');
    expect(plain(formatMoneyAmounts([{ currency: 'EUR', amount: 0.4 }], 'EUR'))).toBe('0,00 €');
  });
});

describe('ytdPayoutLabel', () => {
  it("keeps the spec's form with the year the figure covers, on the partner's wall clock", () => {
    const eve = new Date('2026-12-31T23:30:00Z');
    expect(ytdPayoutLabel(eve, null)).toBe('PAYOUT (2026 YTD)');
    expect(ytdPayoutLabel(eve, '+02:00')).toBe('PAYOUT (2027 YTD)');
    expect(ytdPayoutLabel(new Date('2027-01-01T02:00:00Z'), '-05:00')).toBe('PAYOUT (2026 YTD)');
  });
});

describe('rates and EPC per currency (decision 091)', () => {
  type RawClick = { currency: string };
  type RawConversion = { currency: string; status: 'approved' | 'pending' | 'rejected'; payout: number };
  /** The raw rows summed the way the rollups hold them: one slice per currency. */
  const slicesOf = (clicks: RawClick[], conversions: RawConversion[]): CurrencySlice[] =>
    [...new Set([...clicks, ...conversions].map((row) => row.currency))].map((currency) => {
      const mine = conversions.filter((c) => c.currency === currency);
      const of = (status: RawConversion['status']) => mine.filter((c) => c.status === status);
      return {
        currency,
        clicks: clicks.filter((c) => c.currency === currency).length,
        conversions: of('approved').length,
        pending: of('pending').length,
        rejected: of('rejected').length,
        payout: of('approved').reduce((sum, c) => sum + c.payout, 0),
        pendingPayout: of('pending').reduce((sum, c) => sum + c.payout, 0),
      };
    });
  const repeat = <T>(n: number, row: T): T[] => Array.from({ length: n }, () => row);

  // 300 clicks on EUR offers, 100 on USD offers: each currency's EPC is over its own clicks only.
  const clicks = [...repeat(300, { currency: 'EUR' }), ...repeat(100, { currency: 'USD' })];
  const conversions: RawConversion[] = [
    ...repeat(6, { currency: 'EUR', status: 'approved' as const, payout: 1340 }),
    ...repeat(2, { currency: 'EUR', status: 'pending' as const, payout: 45_000 }),
    ...repeat(5, { currency: 'USD', status: 'approved' as const, payout: 328 }),
    { currency: 'USD', status: 'rejected', payout: 0 },
  ];

  it('divides each currency revenue by the clicks of that currency offers', () => {
    const row = statsRowOf(slicesOf(clicks, conversions));
    expect(row.clicks).toBe(400);
    expect(row.conversions).toBe(11);
    expect(row.revenue).toEqual([
      { currency: 'EUR', amount: 8040 },
      { currency: 'USD', amount: 1640 },
    ]);
    expect(row.epc).toEqual([
      { currency: 'EUR', amount: 8040 / 300 },
      { currency: 'USD', amount: 16.4 },
    ]);
    expect(formatMoneyAmounts(row.epc, 'EUR').replace(/\s/g, ' ')).toBe('0,27 € · 0,16 $US');
    const usd = row.byCurrency.find((f) => f.currency === 'USD')!;
    expect(usd).toMatchObject({ clicks: 100, conversions: 5, rejected: 1, conversionRate: 0.05 });
  });

  it('keeps pending payouts apart from the approved revenue', () => {
    const eur = statsRowOf(slicesOf(clicks, conversions)).byCurrency.find((f) => f.currency === 'EUR')!;
    expect(eur).toMatchObject({ conversions: 6, pending: 2, revenue: 8040, pendingRevenue: 90_000 });
    expect(eur.conversionRate).toBe(6 / 300);
  });

  it('shows one rate for one currency and each rate with its code for several', () => {
    const both = statsRowOf(slicesOf(clicks, conversions));
    expect(formatConversionRates(both).replace(/\s/g, ' ')).toBe('2,00 % EUR · 5,00 % USD');
    const eurOnly = statsRowOf(slicesOf(clicks.slice(0, 300), conversions.slice(0, 8)));
    expect(formatConversionRates(eurOnly).replace(/\s/g, ' ')).toBe('2,00 %');
    expect(statsRowOf([])).toEqual({
      clicks: 0,
      conversions: 0,
      conversionRate: 0,
      revenue: [],
      epc: [],
      byCurrency: [],
    });
  });

  it('never lets one currency clicks change another currency EPC', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 0, max: 500 }), (eurClicks, usdClicks) => {
        const slices = slicesOf(
          [...repeat(eurClicks, { currency: 'EUR' }), ...repeat(usdClicks, { currency: 'USD' })],
          [{ currency: 'EUR', status: 'approved', payout: 1000 }],
        );
        const eurEpc = currencyFigures(slices).find((f) => f.currency === 'EUR')!.epc;
        return eurEpc === 1000 / eurClicks;
      }),
    );
  });
});

describe('the zone a registration stores (decision 092)', () => {
  it('is the browser zone when given, UTC when not, and never anything else', () => {
    const body = RegisterBodySchema.shape.timezone;
    expect(body.parse('-05:00')).toBe('-05:00');
    expect(body.parse(undefined)).toBe('+00:00');
    expect(body.safeParse('Mars/Olympus').success).toBe(false);
  });
});
