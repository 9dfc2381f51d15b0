import {
  MAX_REPORT_RANGE_DAYS,
  QUICK_STATS_DAYS,
  addDays,
  daysBetween,
  formErrorText,
  localToday,
  offsetToMinutes,
  presetRange,
  type DateRange,
  type StatsPeriod,
  type TopOfferDate,
} from '@portal/contracts';
import { badRequest } from '../../lib/errors.js';

const DAY_MS = 86_400_000;

/** A half-open UTC interval [start, end); both ends on whole hours, so it is an exact set of rollup hours. */
export type UtcWindow = { start: Date; end: Date };

/**
 * The dates of a report call (decision 017): both missing is the previous month; only the end is the first day of
 * the end's month up to the end; only the start runs up to today. The range is checked again once completed.
 */
export function resolveRange(
  query: { startDate?: string | undefined; endDate?: string | undefined },
  now: Date,
  offset: string | null,
): DateRange {
  const { startDate, endDate } = query;
  let range: DateRange;
  if (startDate && endDate) range = { startDate, endDate };
  else if (endDate) range = { startDate: `${endDate.slice(0, 7)}-01`, endDate };
  else if (startDate) range = { startDate, endDate: localToday(now, offset) };
  else range = presetRange('last_month', now, offset)!;
  const days = daysBetween(range.startDate, range.endDate);
  if (days < 1) throw badRequest('The request is invalid.', { endDate: formErrorText('min') });
  if (days > MAX_REPORT_RANGE_DAYS) throw badRequest('The request is invalid.', { endDate: formErrorText('max') });
  return range;
}

/** Local dates (both included) in a fixed whole-hour offset → the UTC hours they cover. */
export function utcWindow(range: DateRange, offset: string | null): UtcWindow {
  const shift = offsetToMinutes(offset) * 60_000;
  return {
    start: new Date(Date.parse(`${range.startDate}T00:00:00Z`) - shift),
    end: new Date(Date.parse(`${range.endDate}T00:00:00Z`) + DAY_MS - shift),
  };
}

/** Every local date of a range, in order. */
export function daysOf(range: DateRange): string[] {
  const count = daysBetween(range.startDate, range.endDate);
  return Array.from({ length: Math.max(count, 0) }, (_, i) => addDays(range.startDate, i));
}

/**
 * The periods of a Stats row (decision 017), ending today in the partner's offset: week and month are the last 7 and
 * 30 days, year the last 365; wtd starts on Monday, mtd on the 1st, ytd on 1 January.
 */
export function periodRanges(now: Date, offset: string | null): Record<StatsPeriod, DateRange> {
  const today = localToday(now, offset);
  const last = (days: number): DateRange => ({ startDate: addDays(today, -(days - 1)), endDate: today });
  return {
    today: { startDate: today, endDate: today },
    wtd: presetRange('this_week', now, offset)!,
    week: last(7),
    mtd: presetRange('this_month', now, offset)!,
    month: last(30),
    ytd: presetRange('this_year', now, offset)!,
    year: last(365),
  };
}

export const TOP_OFFER_PERIOD: Record<TopOfferDate, StatsPeriod> = {
  today: 'today',
  week: 'week',
  month: 'month',
  year: 'year',
};

export function quickStatsRange(now: Date, offset: string | null): DateRange {
  const today = localToday(now, offset);
  return { startDate: addDays(today, -(QUICK_STATS_DAYS - 1)), endDate: today };
}

/** The smallest range containing all the given ones. */
export function spanOf(ranges: DateRange[]): DateRange {
  return {
    startDate: ranges.map((r) => r.startDate).reduce((a, b) => (a < b ? a : b)),
    endDate: ranges.map((r) => r.endDate).reduce((a, b) => (a > b ? a : b)),
  };
}
