import type { CapPeriod } from '@portal/contracts';
import { PeriodClock } from '../caps/index.js';

/**
 * A cap that applies to an (offer, partner) pair: the partner's own or the whole offer's. `counts` for a click cap
 * (each click admitted adds one); a conversion, payout or revenue cap only stops clicks once its period's usage (taken
 * by conversions, read back from `cap_usage`) reaches its limit, so that a partner does not buy traffic that will not
 * be paid (decision 074). `current` remembers the counter of the period last seen, so that a click does not look it
 * up by key (the rule lives in the cached click context).
 */
export type ClickCapRule = {
  id: number;
  period: CapPeriod;
  limit: number;
  counts: boolean;
  current?: Counter | undefined;
};

/** One cap's count in one period: `base` as the database last said, `local` admitted here and not yet written. */
type Counter = {
  capId: number;
  periodStart: number;
  periodEnd: number;
  limit: number;
  base: number;
  local: number;
  /** Forgotten by the process (its period is over): a rule holding it looks its period up again. */
  dropped: boolean;
};

/** The caps and period a click was admitted against: what its batch adds to `cap_usage`. */
export type CapRef = Counter;

/**
 * Caps enforced at click time without a database round trip (decisions 045, 074): one counter per cap and
 * period in the process. A click is admitted when every cap that applies is below its limit, and counts in each at
 * once; the click batch adds its clicks to `cap_usage` in its own transaction and reads back every known counter,
 * so that each process learns the others' clicks at its next flush. The overshoot is bounded by what the other
 * processes admit between two of their flushes: processes × one batch.
 */
export class ClickCapCounters {
  private readonly counters = new Map<string, Counter>();
  private readonly clock = new PeriodClock();

  /**
   * The counters a click at `now` takes, or null when a cap is reached (the click is refused, over_cap). A counter of
   * a period not seen yet starts from 0 and from what the next flush reads back.
   */
  admit(rules: readonly ClickCapRule[], now: number): CapRef[] | null {
    for (const rule of rules) {
      const counter = this.counterOf(rule, now);
      if (counter.base + counter.local >= rule.limit) return null;
    }
    const refs: Counter[] = [];
    for (const rule of rules) {
      if (!rule.counts) continue;
      const counter = rule.current!;
      counter.local += 1;
      refs.push(counter);
    }
    return refs;
  }

  private counterOf(rule: ClickCapRule, now: number): Counter {
    const known = rule.current;
    if (known && now >= known.periodStart && now < known.periodEnd && !known.dropped) return known;
    const bounds = this.clock.bounds(rule.period, now);
    const key = `${rule.id}:${bounds.start}`;
    let counter = this.counters.get(key);
    if (!counter) {
      counter = { capId: rule.id, periodStart: bounds.start, periodEnd: bounds.end, limit: rule.limit, base: 0, local: 0, dropped: false }; // prettier-ignore
      this.counters.set(key, counter);
    }
    counter.limit = rule.limit;
    rule.current = counter;
    return counter;
  }

  /**
   * What the database holds for a cap's period (a context load): a click cap's counter takes it when this process has
   * no fresher figure; a conversion, payout or revenue cap's always does (no click of this process adds to it, so the
   * database is the freshest figure), so a cap reached by conversions stops clicks within the context's lifetime even
   * when no click batch reads it back.
   */
  prime(rule: ClickCapRule, periodStart: number, periodEnd: number, used: number): void {
    const key = `${rule.id}:${periodStart}`;
    const known = this.counters.get(key);
    if (!known)
      this.counters.set(key, { capId: rule.id, periodStart, periodEnd, limit: rule.limit, base: used, local: 0, dropped: false }); // prettier-ignore
    else if (!rule.counts) known.base = used;
  }

  /**
   * The counter named `capId:periodStart` (a click read back from the journal), or a detached one when this process
   * no longer has it: its clicks still reach `cap_usage`, and nothing here counts on it.
   */
  ref(key: string): CapRef {
    const known = this.counters.get(key);
    if (known) return known;
    const [capId, periodStart] = key.split(':').map(Number) as [number, number];
    return { capId, periodStart, periodEnd: periodStart, limit: Number.POSITIVE_INFINITY, base: 0, local: 0, dropped: true }; // prettier-ignore
  }

  /** Every counter of a current period: what a flush reads back (past periods are dropped). */
  known(now: number): Counter[] {
    const live: Counter[] = [];
    for (const [key, counter] of this.counters) {
      if (counter.periodEnd <= now) {
        counter.dropped = true;
        this.counters.delete(key);
      } else live.push(counter);
    }
    return live;
  }

  /**
   * After a batch committed: its clicks (`written`, per counter) left `local` for `base`, and `base` is what the
   * database now holds (`used`, per counter read back).
   */
  settle(written: Map<Counter, number>, used: Map<Counter, number>): void {
    for (const [counter, n] of written) counter.local = Math.max(counter.local - n, 0);
    for (const [counter, value] of used) counter.base = value;
  }

  get size(): number {
    return this.counters.size;
  }
}
