import {
  addDays,
  daysBetween,
  type DateRange,
  type MoneyAmount,
  type NetworkBreakdown,
  type NetworkLeafRow,
  type NetworkReportRow,
} from '@portal/contracts';

/** The period of the same length just before a range: what `compare=previous` reads (decision 089). */
export function previousRange(range: DateRange): DateRange {
  const days = daysBetween(range.startDate, range.endDate);
  return { startDate: addDays(range.startDate, -days), endDate: addDays(range.startDate, -1) };
}

const ZERO = { clicks: 0, conversions: 0, advertiserRevenue: [], payout: [], margin: [] } satisfies NetworkReportRow['previous']; // prettier-ignore
const figures = (row: NetworkLeafRow): NonNullable<NetworkReportRow['previous']> => ({
  clicks: row.clicks,
  conversions: row.conversions,
  advertiserRevenue: row.advertiserRevenue as MoneyAmount[],
  payout: row.payout,
  margin: row.margin,
});

/**
 * Each row beside its match in the previous period: the same key for partners, offers and the like; for periods of
 * time the same place in the range (the 3rd day beside the 3rd day before), an hour beside the hour `days` earlier.
 */
export function withPrevious(
  breakdown: NetworkBreakdown,
  rows: NetworkReportRow[],
  before: NetworkReportRow[],
  days: number,
): NetworkReportRow[] {
  const body = before.filter((r) => !r.isTotal);
  const byKey = new Map(body.map((r) => [r.key, r]));
  const ordered = breakdown === 'day' || breakdown === 'week' || breakdown === 'month';
  return rows.map((row, index) => {
    let match: NetworkReportRow | undefined;
    if (row.isTotal) match = before.find((r) => r.isTotal);
    else if (ordered) match = body[index];
    else if (breakdown === 'hour') match = byKey.get(`${addDays(row.key.slice(0, 10), -days)}${row.key.slice(10)}`);
    else match = byKey.get(row.key);
    // Nested rows (decision 106) beside the same key under the matching row.
    const inner = new Map((match?.children ?? []).map((c) => [c.key, c]));
    const children = row.children?.map((c) => ({ ...c, previous: inner.has(c.key) ? figures(inner.get(c.key)!) : ZERO })); // prettier-ignore
    return { ...row, previous: match ? figures(match) : ZERO, ...(children ? { children } : {}) };
  });
}
