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
    if (currency === FX_QUOTE_CURRENCY) return SCALE;
    const list = this.byCurrency.get(currency) ?? [];
    let found: StoredRate | undefined;
    for (const r of list) {
      if (r.day > day) break;
      found = r;
    }
    if (!found) {
      throw conflict(`No reference rate for ${currency} on or before ${day}: finance can enter one under Exchange rates.`); // prettier-ignore
    }
    if (found.day !== day) this.missing.set(`${currency} ${day}`, { currency, date: day, rateOf: found.day });
    return scaledRate(found.rate);
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
    const [whole, fraction] = floorDivMod(total, PRECISION);
    if (inexact === 0n) return roundHalfEven(total, PRECISION);
    if (fraction + inexact <= HALF) return Number(whole);
    if (fraction > HALF) return Number(whole + 1n);
    return exactSum(terms);
  }

  /** Each currency and day converted at an earlier day's rate, by date then currency. */
  missingDays(): FxMissingDay[] {
    return [...this.missing.values()].sort((a, b) => (a.date === b.date ? (a.currency < b.currency ? -1 : 1) : a.date < b.date ? -1 : 1)); // prettier-ignore
  }
}
