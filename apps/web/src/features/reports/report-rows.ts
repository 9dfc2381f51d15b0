import {
  formatCount,
  formatLocalDate,
  formatLocalHour,
  formatMoneyAmounts,
  formatMoneyMinor,
  formatConversionRates,
  type BasicReportRow,
  type BasicReportType,
  type ClickRow,
  type ConversionRow,
} from '@portal/contracts';

/** What a cell shows when a value is missing: nothing is "0" (spec section 2), not blank. */
const count = (value: number | null | undefined) => (Number.isFinite(value) ? Number(value) : 0);

export type BasicReportCells = {
  key: string;
  isTotal: boolean;
  label: string;
  /** Grouped as on the dashboard ('2 963'). */
  clicks: string;
  conversions: string;
  conversionRate: string;
  revenue: string;
  epc: string;
};

export type RowLabels = { totals: string; noSubid: string };

/** One basic-report row as the table shows it: the day as dd/MM/yyyy (daily) or the sub-ID. */
export function basicReportCells(
  row: Partial<BasicReportRow>,
  type: BasicReportType,
  currency: string,
  labels: RowLabels,
  index: number,
): BasicReportCells {
  const isTotal = row.isTotal === true;
  const raw = row.label ?? '';
  let label: string;
  if (isTotal) label = labels.totals;
  else if (type === 'daily') label = raw ? formatLocalDate(raw) : '';
  else label = raw === '' ? labels.noSubid : raw;
  return {
    key: isTotal ? 'totals' : `${index}:${raw}`,
    isTotal,
    label,
    clicks: formatCount(count(row.clicks)),
    conversions: formatCount(count(row.conversions)),
    conversionRate: formatConversionRates({ conversionRate: count(row.conversionRate), byCurrency: row.byCurrency }),
    revenue: formatMoneyAmounts(row.revenue, currency),
    epc: formatMoneyAmounts(row.epc, currency),
  };
}

/** The daily chart's points: one per day, without the totals row. */
export function dailyChartPoints(rows: readonly BasicReportRow[]) {
  return rows
    .filter((row) => !row.isTotal)
    .map((row) => ({
      date: formatLocalDate(row.label),
      clicks: count(row.clicks),
      conversions: count(row.conversions),
    }));
}

const orEmpty = (value: string | null | undefined) => value ?? '';

export type ClickCells = {
  key: string;
  date: string;
  hour: string;
  offerId: number;
  offerName: string;
  clickId: string;
  ip: string;
  subid: string;
  trackers: [string, string, string, string];
  /** ISO 3166-1 alpha-2, or ''. */
  country: string;
  deviceType: ClickRow['deviceType'];
  browser: string;
  converted: boolean;
};

/** A click row: its local moment split into Date (dd/MM/yyyy) and Hour (HH:mm). */
export function clickCells(row: ClickRow): ClickCells {
  return {
    key: row.clickid,
    date: formatLocalDate(row.date),
    hour: formatLocalHour(row.date),
    offerId: row.offer.id,
    offerName: row.offer.name,
    clickId: row.clickid,
    ip: orEmpty(row.ip),
    subid: orEmpty(row.subid),
    trackers: [orEmpty(row.tc1), orEmpty(row.tc2), orEmpty(row.tc3), orEmpty(row.tc4)],
    country: orEmpty(row.country),
    deviceType: row.deviceType ?? 'unknown',
    browser: orEmpty(row.browser),
    converted: row.converted === true,
  };
}

export type ConversionCells = {
  key: string;
  id: number;
  offerId: number;
  offerName: string;
  date: string;
  revenue: string;
  /** The goal's name; its code (`goal`) shows on hover. */
  goalName: string;
  goal: string;
  /** The click's id, its moment (dd/MM/yyyy HH:mm), the advertiser's transaction id and the click's country, or ''. */
  clickId: string;
  clickDate: string;
  transactionId: string;
  country: string;
  subid: string;
  trackers: [string, string, string, string];
  status: ConversionRow['status'];
  reason: ConversionRow['reason'];
  /** A reversal's code (decision 069), or null. */
  reversalReason: ConversionRow['reversalReason'];
  /** A decline's code on review (decision 079), or null. */
  declineReason: ConversionRow['declineReason'];
  /** The rules holding it for review or refusing it (decision 101); never their thresholds. */
  signals: ConversionRow['signals'];
  /** The note of the latest change after the fact, or ''. */
  note: string;
  /** The payout before a reversal or an adjustment, formatted; null when it never changed. */
  originalRevenue: string | null;
};

/** A conversion row: Date as dd/MM/yyyy HH:mm on the partner's clock, revenue in its own currency. */
export function conversionCells(row: ConversionRow): ConversionCells {
  return {
    key: String(row.id),
    id: row.id,
    offerId: row.offer.id,
    offerName: row.offer.name,
    date: `${formatLocalDate(row.date)} ${formatLocalHour(row.date)}`,
    revenue: formatMoneyMinor(count(row.revenue.amount), row.revenue.currency),
    goal: row.goal,
    goalName: row.goalName || row.goal,
    clickId: orEmpty(row.clickId),
    clickDate: row.clickDate ? `${formatLocalDate(row.clickDate)} ${formatLocalHour(row.clickDate)}` : '',
    transactionId: orEmpty(row.transactionId),
    country: orEmpty(row.country),
    subid: orEmpty(row.subid),
    trackers: [orEmpty(row.tc1), orEmpty(row.tc2), orEmpty(row.tc3), orEmpty(row.tc4)],
    status: row.status,
    reason: row.reason,
    reversalReason: row.reversalReason ?? null,
    declineReason: row.declineReason ?? null,
    signals: row.signals ?? [],
    note: orEmpty(row.note).trim(),
    originalRevenue: row.originalPayout
      ? formatMoneyMinor(count(row.originalPayout.amount), row.originalPayout.currency)
      : null,
  };
}
