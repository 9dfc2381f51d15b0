import { BILLING_TIMEZONE } from './account-settings.js';
import { addDays } from './statistics.js';

/**
 * Billing periods by payment terms (decision 070), in Paris time (spec section 9): `daily` bills a Paris day,
 * `weekly` Monday to Sunday, `bi_monthly` the 1st–15th and the 16th–end of a month, `net0`…`net90` (and unknown
 * terms) a calendar month. Days are yyyy-MM-dd; a period's bounds are the Paris midnights that open and close it,
 * as instants (23 or 25 hours long across a daylight-saving change).
 */

/** What billing_requests.period_kind holds. */
export const BILLING_PERIOD_KINDS = ['month', 'half_month', 'week', 'day'] as const;
export type BillingPeriodKind = (typeof BILLING_PERIOD_KINDS)[number];

export type BillingPeriod = {
  kind: BillingPeriodKind;
  /** The first and last Paris days, included. */
  startDate: string;
  endDate: string;
  /** The first moment of the first day and of the day after the last: [start, end). */
  start: Date;
  end: Date;
};

/** The period kind a partner's payment terms bill by. */
export function periodKindOf(terms: string): BillingPeriodKind {
  if (terms === 'daily') return 'day';
  if (terms === 'weekly') return 'week';
  if (terms === 'bi_monthly') return 'half_month';
  return 'month';
}

/**
 * Days from an invoice's issue to its due day under terms billed by period (decision 070): `netN` is N days; `daily`,
 * `weekly` and `bi_monthly` are due the day they are issued (their period is the delay); unknown terms as net30.
 */
export function dueDaysOf(terms: string): number {
  const net = /^net(\d+)$/.exec(terms);
  if (net) return Number(net[1]);
  if (terms === 'daily' || terms === 'weekly' || terms === 'bi_monthly') return 0;
  return 30;
}

/** The due day of an invoice issued on `issuedOn` (yyyy-MM-dd, Paris) under the terms. */
export const dueOn = (terms: string, issuedOn: string): string => addDays(issuedOn, dueDaysOf(terms));

const parisParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: BILLING_TIMEZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Minutes Paris is ahead of UTC at an instant (60 in winter, 120 in summer). */
function parisOffsetMinutes(at: number): number {
  const parts = Object.fromEntries(parisParts.formatToParts(new Date(at)).map((part) => [part.type, part.value]));
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((wall - Math.floor(at / 1000) * 1000) / 60_000);
}

/** The instant a Paris day starts (its midnight never falls in a daylight-saving gap: Paris changes at 02:00/03:00). */
export function parisMidnightOf(day: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`);
  const first = wall - parisOffsetMinutes(wall) * 60_000;
  return new Date(wall - parisOffsetMinutes(first) * 60_000);
}

/** The Paris day (yyyy-MM-dd) of an instant. */
export function parisDayOf(at: Date): string {
  const shifted = at.getTime() + parisOffsetMinutes(at.getTime()) * 60_000;
  return new Date(shifted).toISOString().slice(0, 10);
}

const lastDayOfMonth = (day: string): string => {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return `${day.slice(0, 7)}-${String(new Date(Date.UTC(year, month, 0)).getUTCDate()).padStart(2, '0')}`;
};

/** 0 for Monday … 6 for Sunday. */
const weekdayOf = (day: string): number => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

const periodOf = (kind: BillingPeriodKind, startDate: string, endDate: string): BillingPeriod => ({
  kind,
  startDate,
  endDate,
  start: parisMidnightOf(startDate),
  end: parisMidnightOf(addDays(endDate, 1)),
});

/** The period of a kind that holds a Paris day. */
export function periodContaining(kind: BillingPeriodKind, day: string): BillingPeriod {
  switch (kind) {
    case 'day':
      return periodOf(kind, day, day);
    case 'week': {
      const monday = addDays(day, -weekdayOf(day));
      return periodOf(kind, monday, addDays(monday, 6));
    }
    case 'half_month':
      return Number(day.slice(8, 10)) <= 15
        ? periodOf(kind, `${day.slice(0, 7)}-01`, `${day.slice(0, 7)}-15`)
        : periodOf(kind, `${day.slice(0, 7)}-16`, lastDayOfMonth(day));
    case 'month':
      return periodOf(kind, `${day.slice(0, 7)}-01`, lastDayOfMonth(day));
  }
}

/** The period of a kind that holds an instant (its Paris day). */
export const periodAt = (kind: BillingPeriodKind, at: Date): BillingPeriod => periodContaining(kind, parisDayOf(at));

/** The period after this one. */
export const nextPeriod = (period: BillingPeriod): BillingPeriod =>
  periodContaining(period.kind, addDays(period.endDate, 1));

/**
 * The periods of a kind that are over by `until` (their end at or before it) and end after `after` (when given), in
 * order; the first is the one holding `from` (an instant), or the one after `after`'s. At most `limit` (a guard).
 */
export function periodsOver(
  kind: BillingPeriodKind,
  from: Date,
  until: Date,
  after?: Date,
  limit = 5000,
): BillingPeriod[] {
  const periods: BillingPeriod[] = [];
  let period = periodAt(kind, from);
  while (period.end.getTime() <= until.getTime() && periods.length < limit) {
    if (!after || period.end.getTime() > after.getTime()) periods.push(period);
    period = nextPeriod(period);
  }
  return periods;
}

const dayLabel = (day: string, withYear = true) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

/** A period in words: 'October 2026', '1–15 October 2026', '26 October 2026', '26 October – 1 November 2026'. */
export function billingPeriodLabel(period: Pick<BillingPeriod, 'kind' | 'startDate' | 'endDate'>): string {
  const { startDate, endDate } = period;
  if (period.kind === 'month')
    return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${startDate}T00:00:00Z`),
    );
  if (startDate === endDate) return dayLabel(startDate);
  if (startDate.slice(0, 7) === endDate.slice(0, 7)) return `${Number(startDate.slice(8, 10))}–${dayLabel(endDate)}`;
  return `${dayLabel(startDate, startDate.slice(0, 4) !== endDate.slice(0, 4))} – ${dayLabel(endDate)}`;
}
