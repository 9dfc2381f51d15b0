import {
  DASHBOARD_CHART_DAYS,
  addDays,
  formatLocalDate,
  localToday,
  type BasicReportRow,
  type DateRange,
} from '@portal/contracts';

/** Clicks and conversions: the one count formatter of every screen (reports included). */
export { formatCount } from '@portal/contracts';

/** The chart's days: the last 30, today included, on the partner's wall clock (null offset = UTC). */
export function chartRange(now: Date, offset: string | null | undefined): DateRange {
  const endDate = localToday(now, offset);
  return { startDate: addDays(endDate, -(DASHBOARD_CHART_DAYS - 1)), endDate };
}

export type ChartPoint = { date: string; label: string; clicks: number; conversions: number };

/**
 * One point per day of the range, oldest first: the daily report's rows without its totals row, and 0
 * for a day the report leaves out (no traffic), so the line never skips a day.
 */
export function chartPoints(
  rows: readonly Pick<BasicReportRow, 'label' | 'isTotal' | 'clicks' | 'conversions'>[],
  range: DateRange,
): ChartPoint[] {
  const byDay = new Map(rows.filter((row) => !row.isTotal).map((row) => [row.label, row]));
  const points: ChartPoint[] = [];
  for (let date = range.startDate; date <= range.endDate; date = addDays(date, 1)) {
    const row = byDay.get(date);
    points.push({
      date,
      label: formatLocalDate(date).slice(0, 5),
      clicks: row?.clicks ?? 0,
      conversions: row?.conversions ?? 0,
    });
  }
  return points;
}
