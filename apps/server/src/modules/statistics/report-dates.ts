import {
  MAX_REPORT_RANGE_DAYS,
  QUICK_STATS_DAYS,
  addDays,
  daysBetween,
  formErrorText,
  hasChangedFilter,
  localToday,
  offsetToMinutes,
  presetRange,
  type ChangedFilter,
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

/** Later than any row: the open end of a window without an end. */
const END_OF_TIME = new Date('9999-12-31T00:00:00Z');

type DatedQuery = ChangedFilter & { startDate?: string | undefined; endDate?: string | undefined };

/**
 * The conversion report's window of creation dates: the report's dates as everywhere, except that a filter on changes
 * after the fact without dates reads every date (a change today may touch a conversion of any month, decision 069);
 * `range` is null then.
 */
export function conversionWindow(
  query: DatedQuery,
  now: Date,
  offset: string | null,
): { range: DateRange | null; window: UtcWindow } {
  if (hasChangedFilter(query) && !query.startDate && !query.endDate) {
    return { range: null, window: { start: new Date(0), end: END_OF_TIME } };
  }
  const range = resolveRange(query, now, offset);
  return { range, window: utcWindow(range, offset) };
}

/** The UTC span of the `changedFrom`…`changedTo` days (both included), open on a missing side; null without either. */
export function changedWindow(query: ChangedFilter, offset: string | null): UtcWindow | null {
  if (!query.changedFrom && !query.changedTo) return null;
  const from = query.changedFrom
    ? utcWindow({ startDate: query.changedFrom, endDate: query.changedFrom }, offset)
    : null;
  const to = query.changedTo ? utcWindow({ startDate: query.changedTo, endDate: query.changedTo }, offset) : null;
  return { start: from?.start ?? new Date(0), end: to?.end ?? END_OF_TIME };
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
