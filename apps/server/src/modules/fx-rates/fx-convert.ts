/**
 * Amounts converted to the base currency at the rate of their day, exactly (decision 111): rates as integers scaled
 * by 10^6, a row's amounts summed as one fraction, rounded half to even once, to whole minor units.
 */
import { FX_QUOTE_CURRENCY } from '@portal/contracts';
import { conflict } from '../../lib/errors.js';
import type { StoredRate } from './fx-rates.repository.js';

const SCALE = 1_000_000n;

/** '1.0823' → 1082300n: a rate of the table (at most 6 decimals) as an integer of millionths. */
export function scaledRate(rate: string): bigint {
  const [whole, fraction = ''] = rate.split('.');
  return BigInt(whole!) * SCALE + BigInt(fraction.padEnd(6, '0').slice(0, 6));
}

const gcd = (a: bigint, b: bigint): bigint => {
  let [x, y] = [a < 0n ? -a : a, b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

/** A fraction's nearest integer, a half to the even one (banker's rounding): no bias over many rows. */
export function roundHalfEven(num: bigint, den: bigint): number {
  const [q, r] = floorDivMod(num, den);
  const twice = 2n * r;
  return Number(twice > den || (twice === den && q % 2n !== 0n) ? q + 1n : q);
}

const PRECISION = 10n ** 18n;
const HALF = PRECISION / 2n;

/** Floor division and its remainder (0 ≤ r < d) for d > 0. */
function floorDivMod(n: bigint, d: bigint): [bigint, bigint] {
  let q = n / d;
  let r = n % d;
  if (r < 0n) {
    q -= 1n;
    r += d;
  }
  return [q, r];
}

/** Terms amount × num / den summed as one exact fraction, rounded half to even. */
function exactSum(terms: { amount: bigint; num: bigint; den: bigint }[]): number {
  let num = 0n;
  let den = 1n;
  for (const t of terms) {
    num = num * t.den + t.amount * t.num * den;
    den *= t.den;
    const g = gcd(num, den);
    if (g > 1n) {
      num /= g;
      den /= g;
    }
  }
  return roundHalfEven(num, den);
}

export type FxMissingDay = { currency: string; date: string; rateOf: string };

const noRate = (currency: string, day: string) =>
  conflict(`No reference rate for ${currency} on or before ${day}: finance can enter one under Exchange rates.`);

/**
 * Each (currency, day)'s factor as one row per pair, for a conversion done in SQL (decisions 123, 130): `q` the factor
 * num/den in 10^-18 of a minor unit of the base, rounded down (an integer, as text), `exact` when nothing was cut off;
 * `q` null with `err` ('USD 2026-03-02', the currency and day without a rate) when there is none; `notes` the currencies
 * and days read at an earlier day's rate ('USD 2026-03-07,…', '' for none).
 */
export type FxFactorTable = { currency: string[]; day: string[]; q: (string | null)[]; exact: boolean[]; notes: string[]; err: (string | null)[] }; // prettier-ignore

/**
 * Amounts converted to 10^-18 of a minor unit of the base: the exact sum lies in [total, total + inexact). `inexact` is
 * the width of that span: how many terms were rounded down (`sum`), or, converted in SQL with a factor rounded down
 * (decision 130), the sum of the amounts' sizes whose factor was.
 */
export type FxPartial = { total: bigint; inexact: bigint };
export type FxAmount = { currency: string; day: string; amount: number };

/** The rates of a report's currencies and days, and the days that had to use an earlier day's rate. */
export class FxConverter {
  private readonly missing = new Map<string, FxMissingDay>();

  constructor(
    readonly base: string,
    /** Each currency's rates by day, in order. */
    private readonly byCurrency: Map<string, StoredRate[]>,
  ) {}

  /** The rate of a currency that applies to a day: its own, else the last before it (noted), else none (409). */
  private rateOn(currency: string, day: string): bigint {
    const found = this.findRate(currency, day);
    if (!found) throw noRate(currency, day);
    if (found.missing) this.missing.set(`${currency} ${day}`, found.missing);
    return found.rate;
  }

  /** The rate that applies, and the earlier day it is of when the day has none; null: no rate on or before it. */
  private findRate(currency: string, day: string): { rate: bigint; missing?: FxMissingDay } | null {
    if (currency === FX_QUOTE_CURRENCY) return { rate: SCALE };
    const list = this.byCurrency.get(currency) ?? [];
    let found: StoredRate | undefined;
    for (const r of list) {
      if (r.day > day) break;
      found = r;
    }
    if (!found) return null;
    return { rate: scaledRate(found.rate), ...(found.day !== day ? { missing: { currency, date: day, rateOf: found.day } } : {}) }; // prettier-ignore
  }

  /** An amount of a currency on a day is worth amount × num / den of the base. */
  factor(currency: string, day: string): { num: bigint; den: bigint } {
    if (currency === this.base) return { num: 1n, den: 1n };
    return { num: this.rateOn(this.base, day), den: this.rateOn(currency, day) };
  }

  /**
   * Amounts of any currencies and days as one amount of the base, in whole minor units, rounded once, half to even.
   * Each term is first taken to 10^-18 of a minor unit (rounded down, its remainder noted): the exact sum lies within
   * [sum, sum + inexact terms) of those units, which decides the rounding unless a half falls in that span; only then
   * is the sum taken again as one exact fraction (growing denominators, slow, and rare).
   */
  sum(amounts: Iterable<FxAmount>): number {
    const terms: { amount: bigint; num: bigint; den: bigint }[] = [];
    let total = 0n;
    let inexact = 0n;
    for (const a of amounts) {
      if (a.amount === 0) continue;
      const f = this.factor(a.currency, a.day);
      const term = { amount: BigInt(a.amount), ...f };
      terms.push(term);
      const [q, r] = floorDivMod(term.amount * term.num * PRECISION, term.den);
      total += q;
      if (r !== 0n) inexact += 1n;
    }
    return this.decide({ total, inexact }) ?? exactSum(terms);
  }

  /**
   * The rounded amount of terms summed at 10^-18 of a minor unit, when their sum decides it: null when a half falls
   * in the span the inexact terms leave (the exact fraction must decide, rare).
   */
  decide({ total, inexact }: FxPartial): number | null {
    const [whole, fraction] = floorDivMod(total, PRECISION);
    if (inexact === 0n) return roundHalfEven(total, PRECISION);
    if (fraction + inexact <= HALF) return Number(whole);
    if (fraction > HALF) return Number(whole + 1n);
    return null;
  }

  /**
   * The factors of some currencies over some days, for SQL (decisions 123, 130): the same rates `factor` reads, in
   * 10^-18 of a minor unit, the days without one noted only when `noted` is told that an amount used them.
   */
  factorTable(currencies: readonly string[], days: readonly string[]): FxFactorTable {
    const table: FxFactorTable = { currency: [], day: [], q: [], exact: [], notes: [], err: [] };
    // Each currency's rate on each day found by one walk of its rates (days ascending), each rate scaled once
    // (decision 145: a search of the list from its start and a scaling per currency and day cost ~1 ms a report).
    type Found = { rate: bigint; missing?: FxMissingDay } | null;
    const onDays = (currency: string): Found[] => {
      if (currency === FX_QUOTE_CURRENCY) return days.map(() => ({ rate: SCALE }));
      const found: Found[] = [];
      const list = this.byCurrency.get(currency) ?? [];
      let at = -1;
      let rate = 0n;
      for (const day of days) {
        // Days out of order start the walk again.
        if (at >= 0 && list[at]!.day > day) [at, rate] = [-1, 0n];
        let next = at;
        while (next + 1 < list.length && list[next + 1]!.day <= day) next += 1;
        if (next !== at) [at, rate] = [next, scaledRate(list[next]!.rate)];
        const r = list[at];
        found.push(!r ? null : r.day === day ? { rate } : { rate, missing: { currency, date: day, rateOf: r.day } });
      }
      return found;
    };
    const base = onDays(this.base);
    for (const currency of currencies) {
      const own = currency !== this.base ? onDays(currency) : null;
      for (let i = 0; i < days.length; i += 1) {
        const day = days[i]!;
        let num: bigint | null = 1n;
        let den: bigint | null = 1n;
        let err: string | null = null;
        let notes = '';
        if (own) {
          // The base's rate first, as `factor` reads it: a missing one names the base.
          const b = base[i]!;
          const c = b ? own[i]! : null;
          if (!b || !c) {
            [num, den, err] = [null, null, `${b ? currency : this.base} ${day}`];
          } else {
            [num, den] = [b.rate, c.rate];
            for (const m of [b.missing, c.missing]) {
              if (!m) continue;
              const note = `${m.currency} ${m.date}`;
              this.candidates.set(note, m);
              notes = notes === '' ? note : `${notes},${note}`;
            }
          }
        }
        table.currency.push(currency);
        table.day.push(day);
        if (num !== null && den !== null) {
          const scaled = num * PRECISION;
          table.q.push((scaled / den).toString());
          table.exact.push(scaled % den === 0n);
        } else {
          table.q.push(null);
          table.exact.push(false);
        }
        table.notes.push(notes);
        table.err.push(err);
      }
    }
    return table;
  }

  private readonly candidates = new Map<string, FxMissingDay>();

  /** The factor table's notes ('USD 2026-03-07') that an amount read: their days are listed as missing. */
  noted(notes: Iterable<string>): void {
    for (const note of notes) {
      const m = this.candidates.get(note);
      if (m) this.missing.set(note, m);
    }
  }

  /** A factor table's `err` ('USD 2026-03-02') that an amount met: no rate on or before the day, 409. */
  unrated(err: string): never {
    const [currency, day] = err.split(' ');
    throw noRate(currency!, day!);
  }

  /** Each currency and day converted at an earlier day's rate, by date then currency. */
  missingDays(): FxMissingDay[] {
    return [...this.missing.values()].sort((a, b) => (a.date === b.date ? (a.currency < b.currency ? -1 : 1) : a.date < b.date ? -1 : 1)); // prettier-ignore
  }
}
