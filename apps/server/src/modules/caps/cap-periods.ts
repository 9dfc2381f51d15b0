import { BILLING_TIMEZONE, type CapPeriod } from '@portal/contracts';

/** A cap's period: [start, end) in epoch milliseconds; a total cap's runs from the epoch for ever. */
export type PeriodBounds = { start: number; end: number };

const TOTAL: PeriodBounds = { start: 0, end: Number.POSITIVE_INFINITY };

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: BILLING_TIMEZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The Paris wall-clock fields of an instant. */
function wallClock(at: number): { y: number; m: number; d: number; offset: number } {
  const f: Record<string, number> = {};
  for (const p of parts.formatToParts(at)) if (p.type !== 'literal') f[p.type] = Number(p.value);
  const asUtc = Date.UTC(f.year!, f.month! - 1, f.day!, f.hour!, f.minute!, f.second!);
  return { y: f.year!, m: f.month!, d: f.day!, offset: asUtc - Math.floor(at / 1000) * 1000 };
}

/**
 * The instant of Paris midnight on a calendar date. Paris changes its offset at 01:00 UTC, never near midnight, so the
 * offset an hour before UTC's midnight (Paris's midnight or an hour after it) is the midnight's own.
 */
function parisMidnight(y: number, m: number, d: number): number {
  const utcMidnight = Date.UTC(y, m - 1, d);
  const offset = wallClock(utcMidnight - 3_600_000).offset;
  return utcMidnight - offset;
}

/** The Paris day, Paris month or total period holding `at` (decision 045). */
export function capPeriod(period: CapPeriod, at: number): PeriodBounds {
  if (period === 'total') return TOTAL;
  const { y, m, d } = wallClock(at);
  if (period === 'day') {
    const next = new Date(Date.UTC(y, m - 1, d + 1));
    return {
      start: parisMidnight(y, m, d),
      end: parisMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()),
    };
  }
  const next = new Date(Date.UTC(y, m, 1));
  return { start: parisMidnight(y, m, 1), end: parisMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, 1) };
}

/**
 * The bounds of a period type, kept while `at` stays inside them: the click path asks once per click and cap, and
 * the answer changes once a day.
 */
export class PeriodClock {
  private cache = new Map<CapPeriod, PeriodBounds>();

  bounds(period: CapPeriod, at: number): PeriodBounds {
    const known = this.cache.get(period);
    if (known && at >= known.start && at < known.end) return known;
    const fresh = capPeriod(period, at);
    this.cache.set(period, fresh);
    return fresh;
  }
}
