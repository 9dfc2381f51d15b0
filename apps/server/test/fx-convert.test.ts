import { describe, expect, it } from 'vitest';
import { FxConverter, roundHalfEven } from '../src/modules/fx-rates/fx-convert.js';

const rates = (list: [currency: string, day: string, rate: string][]) => {
  const map = new Map<string, { currency: string; day: string; rate: string; source: 'ecb' }[]>();
  for (const [currency, day, rate] of list) map.set(currency, [...(map.get(currency) ?? []), { currency, day, rate, source: 'ecb' }]); // prettier-ignore
  return map;
};

/** Decision 111: a row's amounts summed exactly and rounded once, half to even, whichever path decides it. */
describe('conversion to the base currency', () => {
  it('rounds halves to the even cent, below and above', () => {
    expect([roundHalfEven(5n, 2n), roundHalfEven(7n, 2n), roundHalfEven(-5n, 2n), roundHalfEven(11n, 4n)]).toEqual([2, 4, -2, 3]); // prettier-ignore
  });

  it('finds a half made of inexact terms (1/3 + 1/6) and rounds it to even, not down', () => {
    const fx = new FxConverter(
      'EUR',
      rates([
        ['USD', '2026-03-02', '3'],
        ['GBP', '2026-03-02', '6'],
      ]),
    );
    expect(fx.sum([{ currency: 'USD', day: '2026-03-02', amount: 1 }, { currency: 'GBP', day: '2026-03-02', amount: 1 }])).toBe(0); // prettier-ignore
    expect(fx.sum([{ currency: 'USD', day: '2026-03-02', amount: 3 }, { currency: 'GBP', day: '2026-03-02', amount: 3 }])).toBe(2); // prettier-ignore
  });

  it('answers as the exact fraction would, on many mixed sums', () => {
    const days = ['2026-03-02', '2026-03-03', '2026-03-04'];
    const fx = new FxConverter('USD', rates(days.flatMap((day, i) => [['USD', day, (1.1642 + i / 997).toFixed(4)], ['GBP', day, (0.87905 - i / 1009).toFixed(5)], ['CHF', day, (0.9331 + i / 991).toFixed(4)]] as [string, string, string][]))); // prettier-ignore
    let seed = 7;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647);
    for (let n = 0; n < 200; n += 1) {
      const amounts = Array.from({ length: 1 + (next() % 12) }, () => ({ currency: ['EUR', 'GBP', 'CHF', 'USD'][next() % 4]!, day: days[next() % 3]!, amount: next() % 100_000 })); // prettier-ignore
      let num = 0n;
      let den = 1n;
      for (const a of amounts) {
        const f = fx.factor(a.currency, a.day);
        num = num * f.den + BigInt(a.amount) * f.num * den;
        den *= f.den;
      }
      expect(fx.sum(amounts)).toBe(roundHalfEven(num, den));
    }
  });

  it("converts with the factor table's rounded-down factors as SQL does: the span holds the exact sum, negative amounts included (decision 130)", () => {
    const days = ['2026-03-02', '2026-03-03', '2026-03-04'];
    const fx = new FxConverter('USD', rates(days.flatMap((day, i) => [['USD', day, (1.1642 + i / 997).toFixed(4)], ['GBP', day, (0.87905 - i / 1009).toFixed(5)], ['CHF', day, (0.9331 + i / 991).toFixed(4)]] as [string, string, string][]))); // prettier-ignore
    const currencies = ['EUR', 'GBP', 'CHF', 'USD'];
    const table = fx.factorTable(currencies, days);
    // The base's own amounts are exact; some of the others are cut off at 10^-18.
    expect(table.exact[table.currency.indexOf('USD')]).toBe(true);
    expect(table.exact.some((e) => !e)).toBe(true);
    let seed = 11;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647);
    let decided = 0;
    for (let n = 0; n < 300; n += 1) {
      const amounts = Array.from({ length: 1 + (next() % 12) }, () => ({ currency: currencies[next() % 4]!, day: days[next() % 3]!, amount: (next() % 100_000) - 20_000 })); // prettier-ignore
      // What inBaseColumns sums: amount × q, lowered by |amount| for a negative amount whose q was cut off.
      let total = 0n;
      let inexact = 0n;
      let num = 0n;
      let den = 1n;
      for (const a of amounts) {
        const i = table.currency.findIndex((c, k) => c === a.currency && table.day[k] === a.day);
        const amount = BigInt(a.amount);
        total += amount * BigInt(table.q[i]!) + (amount < 0n && !table.exact[i] ? amount : 0n);
        if (!table.exact[i]) inexact += amount < 0n ? -amount : amount;
        const f = fx.factor(a.currency, a.day);
        num = num * f.den + amount * f.num * den;
        den *= f.den;
      }
      // The exact sum, in 10^-18 of a minor unit, lies in [total, total + inexact).
      const scaled = num * 10n ** 18n;
      const sign = den < 0n ? -1n : 1n;
      expect(scaled * sign >= total * den * sign).toBe(true);
      if (inexact === 0n) expect(scaled).toBe(total * den);
      else expect(scaled * sign < (total + inexact) * den * sign).toBe(true);
      const rounded = fx.decide({ total, inexact });
      if (rounded !== null) {
        decided += 1;
        expect(rounded).toBe(roundHalfEven(num, den));
      }
    }
    expect(decided).toBe(300);
  });

  it('builds the factor table as `factor` reads each day: own rates, borrowed ones noted, none an error, days in any order (decision 145)', () => {
    // GBP starts on the 3rd, USD (the base) skips the 5th, CHF has one rate before the window and none after it.
    const fx = new FxConverter(
      'USD',
      rates([
        ['USD', '2026-03-02', '1.1642'],
        ['USD', '2026-03-03', '1.1651'],
        ['USD', '2026-03-04', '1.1667'],
        ['USD', '2026-03-06', '1.1702'],
        ['GBP', '2026-03-03', '0.87905'],
        ['GBP', '2026-03-06', '0.8801'],
        ['CHF', '2026-02-27', '0.9331'],
      ]),
    );
    const ascending = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07'];
    const shuffled = ['2026-03-05', '2026-03-02', '2026-03-07', '2026-03-03', '2026-03-06', '2026-03-04'];
    const currencies = ['EUR', 'GBP', 'CHF', 'USD'];
    for (const days of [ascending, shuffled]) {
      const table = fx.factorTable(currencies, days);
      expect(table.day.length).toBe(currencies.length * days.length);
      for (let i = 0; i < table.day.length; i += 1) {
        const [currency, day] = [table.currency[i]!, table.day[i]!];
        // What `factor` answers for that currency and day, read alone on a fresh converter.
        const alone = new FxConverter('USD', rates([['USD', '2026-03-02', '1.1642'], ['USD', '2026-03-03', '1.1651'], ['USD', '2026-03-04', '1.1667'], ['USD', '2026-03-06', '1.1702'], ['GBP', '2026-03-03', '0.87905'], ['GBP', '2026-03-06', '0.8801'], ['CHF', '2026-02-27', '0.9331']])); // prettier-ignore
        let f: { num: bigint; den: bigint } | null = null;
        let error = '';
        try {
          f = alone.factor(currency, day);
        } catch (e) {
          error = (e as Error).message;
        }
        if (f === null) {
          expect(table.q[i]).toBeNull();
          expect(error).toContain(table.err[i]!.split(' ')[0]!);
          expect(error).toContain(day);
          continue;
        }
        expect(table.err[i]).toBeNull();
        expect(table.q[i]).toBe(((f.num * 10n ** 18n) / f.den).toString());
        expect(table.exact[i]).toBe((f.num * 10n ** 18n) % f.den === 0n);
        // The days read at an earlier day's rate, as `factor` lists them in missingDays.
        const noted = alone.missingDays().map((m) => `${m.currency} ${m.date}`);
        expect(table.notes[i] === '' ? [] : table.notes[i]!.split(',').sort()).toEqual(noted.sort());
      }
    }
    // GBP before its first rate has no factor; the base's skipped 5th and the weekend are noted as borrowed.
    const table = fx.factorTable(currencies, ascending);
    const at = (currency: string, day: string) => ascending.indexOf(day) + currencies.indexOf(currency) * ascending.length; // prettier-ignore
    expect(table.err[at('GBP', '2026-03-02')]).toBe('GBP 2026-03-02');
    expect(table.notes[at('GBP', '2026-03-05')]).toBe('USD 2026-03-05,GBP 2026-03-05');
    expect(table.notes[at('CHF', '2026-03-07')]).toBe('USD 2026-03-07,CHF 2026-03-07');
  });
});
