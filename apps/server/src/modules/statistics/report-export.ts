import { Readable, pipeline } from 'node:stream';
import {
  currencyFigures,
  localToday,
  type ConvertedTotal,
  type ChangedFilter,
  type ClickRow,
  type ConversionRow,
  type DateRange,
  type ReportType,
  type SubidGrouping,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { csvDateTime, csvStringifier, csvZoneTag } from '../../lib/csv.js';
import {
  clickRowOf,
  conversionRowOf,
  rawChunks,
  type RawClick,
  type RawConversion,
  type RawFilters,
} from './raw-rows.repository.js';
import { utcWindow, type UtcWindow } from './report-dates.js';
import { convertedConversionTotal, convertedTotal } from './converted-total.js';
import {
  TOTALS_LABEL,
  basicReport,
  offerNames,
  subidReport,
  type Grouping,
  type KeyedSlice,
  type ReportFilters,
  type Slice,
} from './statistics.repository.js';

/**
 * CSV exports (decision 017): the report's columns, money as major-unit decimals beside a currency column, moments
 * in the partner's offset. Raw reports stream keyset chunks of the raw rows through the server's one CSV writer
 * (lib/csv.ts: formula-like text made inert, decision 029), so memory stays flat whatever the range; basic reports are
 * a few hundred rollup lines at most.
 */
const major = (minor: number) => (minor / 100).toFixed(2);
const majorEpc = (minor: number) => (minor / 100).toFixed(4);
const percent = (ratio: number) => (ratio * 100).toFixed(2);

const BASIC_HEADER = ['Clicks', 'Conversions', 'Conversion Rate (%)', 'Currency', 'Revenue', 'EPC'];

/**
 * One line per label and currency: clicks and conversions are those of offers paid in that currency, so every column
 * adds up; a label without traffic is one line of zeros without a currency.
 */
function basicLines(label: string, slices: Slice[]): string[][] {
  if (slices.length === 0) return [[label, '0', '0', percent(0), '', major(0), majorEpc(0)]];
  // The screen's own figures (decision 091): one computation, in contracts.
  return currencyFigures(slices).map((f) => [
    label,
    String(f.clicks),
    String(f.conversions),
    percent(f.conversionRate),
    f.currency,
    major(f.revenue),
    majorEpc(f.epc),
  ]);
}

/**
 * The label of the converted total's line (decision 118): after the totals, the payout of the totals line as one
 * amount in the payment currency at each day's rate (decision 112). Its count columns stay empty, so a column sum of
 * clicks or conversions that leaves out the totals lines leaves it out too; its label says it is not booked money.
 */
export const CONVERTED_LABEL = "Converted at the day's rate";

/** The converted line of a daily or sub-ID export: the approved payout (the Revenue column's), nothing else. */
const convertedLine = (converted: ConvertedTotal): string[] => [
  CONVERTED_LABEL,
  '',
  '',
  '',
  converted.currency,
  major(converted.payout),
  '',
];

/** The label column of each grouping, as the report's screen names it. */
const LABEL_HEADER: Record<Grouping, string> = {
  day: 'Date',
  subid: 'SubID',
  tc1: 'Tracker1',
  tc2: 'Tracker2',
  tc3: 'Tracker3',
  tc4: 'Tracker4',
  offer: 'Offer',
  country: 'Country',
};

/** The sub-ID export's groupings: the first, and the second when the screen nests one (decision 110). */
export type SubidExportGrouping = { groupBy: SubidGrouping; then?: SubidGrouping | undefined };

async function* basicRecords(
  db: DbOrTx,
  partnerId: number,
  type: 'daily' | 'subid',
  range: DateRange,
  filters: ReportFilters,
  offset: string | null,
  grouping: SubidExportGrouping,
): AsyncGenerator<string[]> {
  if (type === 'subid' && grouping.then !== undefined) {
    yield* nestedRecords(db, partnerId, range, filters, offset, { groupBy: grouping.groupBy, then: grouping.then });
    return;
  }
  const by: Grouping = type === 'daily' ? 'day' : grouping.groupBy;
  const [{ rows, slices }, converted] = await Promise.all([
    basicReport(db, partnerId, by, range, filters, offset),
    convertedTotal(db, partnerId, utcWindow(range, offset), filters),
  ]);
  const byKey = new Map<string, KeyedSlice[]>();
  for (const s of slices) byKey.set(s.key, [...(byKey.get(s.key) ?? []), s]);
  // Grouped by offer, the key is the offer's id: the file carries the id and the name, as the screen shows it.
  const names = by === 'offer' ? await offerNames(db, [...byKey.keys()].map(Number)) : new Map<number, string>();
  const withId = (line: string[], key: string | null) => (by === 'offer' ? [key ?? '', ...line] : line);
  yield withId([LABEL_HEADER[by], ...BASIC_HEADER], 'Offer ID');
  for (const row of rows) {
    if (row.isTotal) {
      for (const line of basicLines(TOTALS_LABEL, slices)) yield withId(line, '');
      continue;
    }
    const label = by === 'offer' ? (names.get(Number(row.label)) ?? `Offer #${row.label}`) : row.label;
    for (const line of basicLines(label, byKey.get(row.label) ?? [])) yield withId(line, row.label);
  }
  if (converted) yield withId(convertedLine(converted), '');
}

/**
 * The sub-ID export with a second grouping (decision 110): one line per row, child and currency, the two labels
 * first (an offer's id in an 'Offer ID' column before them, whichever level it is), in the screen's label order; the
 * children of a row add up to it, so no subtotal line is written; the totals last.
 */
async function* nestedRecords(
  db: DbOrTx,
  partnerId: number,
  range: DateRange,
  filters: ReportFilters,
  offset: string | null,
  grouping: { groupBy: SubidGrouping; then: SubidGrouping },
): AsyncGenerator<string[]> {
  const { groupBy, then } = grouping;
  const [{ rows, slices }, converted] = await Promise.all([
    subidReport(db, partnerId, range, filters, grouping, offset),
    convertedTotal(db, partnerId, utcWindow(range, offset), filters),
  ]);
  const withOffer = groupBy === 'offer' || then === 'offer';
  const withId = (line: string[], id: number | string | undefined) => (withOffer ? [String(id ?? ''), ...line] : line);
  yield withId([LABEL_HEADER[groupBy], LABEL_HEADER[then], ...BASIC_HEADER], 'Offer ID');
  const sliceKey = (key: string, sub: string) => `${key}\u0000${sub}`;
  const bySub = new Map<string, KeyedSlice[]>();
  for (const s of slices) {
    const id = sliceKey(s.key, s.sub ?? '');
    bySub.set(id, [...(bySub.get(id) ?? []), s]);
  }
  for (const row of rows) {
    if (row.isTotal) {
      for (const line of basicLines(TOTALS_LABEL, slices)) yield withId([TOTALS_LABEL, '', ...line.slice(1)], '');
      continue;
    }
    const key = row.offer ? String(row.offer.id) : row.label;
    for (const child of row.children ?? []) {
      const sub = child.offer ? String(child.offer.id) : child.label;
      const lines = basicLines(child.label, bySub.get(sliceKey(key, sub)) ?? []);
      for (const line of lines) yield withId([row.label, ...line], row.offer?.id ?? child.offer?.id);
    }
  }
  if (converted) {
    const [label, ...rest] = convertedLine(converted);
    yield withId([label!, '', ...rest], '');
  }
}

/** A column of a raw report's CSV: its header, and its cell from the row the JSON report answers for the same line. */
export type CsvColumn<R> = { header: string; cell: (row: R) => string | number | null };

const trackerColumns = <R extends ClickRow | ConversionRow>(): CsvColumn<R>[] => [
  { header: 'Tracker1', cell: (row) => row.tc1 },
  { header: 'Tracker2', cell: (row) => row.tc2 },
  { header: 'Tracker3', cell: (row) => row.tc3 },
  { header: 'Tracker4', cell: (row) => row.tc4 },
];

/** The click export's columns, in order (the front door exports them, so the tests read them rather than copy them). */
export const CLICK_CSV_COLUMNS: readonly CsvColumn<ClickRow>[] = [
  { header: 'Date', cell: (row) => csvDateTime(row.date) },
  { header: 'Click ID', cell: (row) => row.clickid },
  { header: 'Offer ID', cell: (row) => row.offer.id },
  { header: 'Offer', cell: (row) => row.offer.name },
  { header: 'IP Address', cell: (row) => row.ip },
  { header: 'SubID', cell: (row) => row.subid },
  ...trackerColumns<ClickRow>(),
  // Appended for reconciling with a tracker (issue 47): the columns above keep their positions.
  { header: 'Country', cell: (row) => row.country },
  { header: 'Device Type', cell: (row) => row.deviceType },
  { header: 'Browser', cell: (row) => row.browser },
  { header: 'Converted', cell: (row) => (row.converted ? 'yes' : 'no') },
];

/** Why the row has its status, in the words the report screen shows ('Reversed: duplicate sale'). */
function statusReason(row: ConversionRow): string | null {
  if (!row.reason) return null;
  if (row.reason === 'reversed' && row.reversalReason) return `Reversed: ${row.reversalReason.replaceAll('_', ' ')}`;
  if (row.reason === 'declined' && row.declineReason) {
    return `Declined on review: ${row.declineReason.replaceAll('_', ' ')}`;
  }
  return REASON_WORDS[row.reason];
}

/** The reasons as the report screen names them (en-reports.json `reports.reasons`). */
const REASON_WORDS: Record<NonNullable<ConversionRow['reason']>, string> = {
  unknown_click: 'Unknown click',
  duplicate: 'Duplicate',
  click_too_old: 'Click too old',
  goal_not_found: 'Goal not found',
  offer_disabled: 'Offer disabled',
  partner_inactive: 'Partner inactive',
  amount_required: 'Amount required',
  declined: 'Declined on review',
  over_cap: 'Over cap',
  reversed: 'Reversed',
  unknown_transaction: 'Unknown transaction',
  currency_mismatch: 'Currency mismatch',
  fraud_review: 'Under review',
  too_fast: 'Refused: converted too soon after the click',
  country_mismatch: 'Refused: country changed between click and conversion',
  ip_conversions: 'Refused: too many conversions from one address',
  duplicate_transaction: 'Refused: transaction already reported',
  conversion_rate_spike: 'Refused: unusual conversion rate',
  flagged_click: 'Refused: the click was flagged',
};

/** The conversion export's columns, in order: money as a major-unit decimal beside its currency. */
export const CONVERSION_CSV_COLUMNS: readonly CsvColumn<ConversionRow>[] = [
  { header: 'Conversion ID', cell: (row) => row.id },
  { header: 'Date', cell: (row) => csvDateTime(row.date) },
  { header: 'Offer ID', cell: (row) => row.offer.id },
  { header: 'Offer', cell: (row) => row.offer.name },
  { header: 'Goal', cell: (row) => row.goal },
  { header: 'Status', cell: (row) => row.status },
  { header: 'Reason', cell: (row) => row.reason },
  { header: 'Currency', cell: (row) => row.revenue.currency },
  { header: 'Revenue', cell: (row) => major(row.revenue.amount) },
  { header: 'SubID', cell: (row) => row.subid },
  ...trackerColumns<ConversionRow>(),
  // Appended (decision 069), so that a spreadsheet reading the columns above by position keeps working.
  { header: 'Status Reason', cell: (row) => statusReason(row) },
  { header: 'Reversal Reason', cell: (row) => row.reversalReason },
  { header: 'Note', cell: (row) => row.note },
  { header: 'Original Payout', cell: (row) => (row.originalPayout ? major(row.originalPayout.amount) : null) },
  // Appended for reconciling with a tracker (issue 47).
  { header: 'Click ID', cell: (row) => row.clickId },
  { header: 'Click Date', cell: (row) => (row.clickDate ? csvDateTime(row.clickDate) : null) },
  { header: 'Transaction ID', cell: (row) => row.transactionId },
  { header: 'Country', cell: (row) => row.country },
  { header: 'Goal Name', cell: (row) => row.goalName },
];

async function* clickRecords(
  db: DbOrTx,
  partnerId: number,
  range: DateRange,
  filters: ReportFilters,
  offset: string | null,
): AsyncGenerator<(string | number | null)[]> {
  yield CLICK_CSV_COLUMNS.map((column) => column.header);
  for await (const chunk of rawChunks(db, 'click', partnerId, utcWindow(range, offset), filters)) {
    for (const raw of chunk as RawClick[]) {
      const row = clickRowOf(raw, offset);
      yield CLICK_CSV_COLUMNS.map((column) => column.cell(row));
    }
  }
}

async function* conversionRecords(
  db: DbOrTx,
  partnerId: number,
  window: UtcWindow,
  filters: RawFilters,
  offset: string | null,
): AsyncGenerator<(string | number | null)[]> {
  yield CONVERSION_CSV_COLUMNS.map((column) => column.header);
  for await (const chunk of rawChunks(db, 'conversion', partnerId, window, filters)) {
    for (const raw of chunk as RawConversion[]) {
      const row = conversionRowOf(raw, offset);
      yield CONVERSION_CSV_COLUMNS.map((column) => column.cell(row));
    }
  }
  // After the rows, the filter's payouts in the payment currency (decision 118): one line per status that has money,
  // its label in the Conversion ID column, the status, currency and amount in theirs, every other cell empty.
  const converted = await convertedConversionTotal(db, partnerId, window, filters);
  if (!converted) return;
  const headers = CONVERSION_CSV_COLUMNS.map((column) => column.header);
  const line = (status: 'approved' | 'pending', amount: number) =>
    headers.map((header) =>
      header === 'Conversion ID'
        ? CONVERTED_LABEL
        : header === 'Status'
          ? status
          : header === 'Currency'
            ? converted.currency
            : header === 'Revenue'
              ? major(amount)
              : null,
    );
  yield line('approved', converted.payout);
  if (converted.pendingPayout !== 0) yield line('pending', converted.pendingPayout);
}

/**
 * `conversion-report_2026-10-01_2026-10-31_GMT+01-00.csv`: the range and the time zone its days were cut in
 * (decision 033), in the name rather than as a first line, which spreadsheet and BI importers would take for data.
 * The offset's colon becomes a hyphen: Windows refuses colons in file names.
 */
export const exportFilename = (type: ReportType, range: DateRange, offset: string | null) =>
  `${type}-report_${range.startDate}_${range.endDate}_${csvZoneTag(offset)}.csv`;

/**
 * The conversion export of a filter on changes without dates (every date, decision 069):
 * `conversion-report_changed_2026-11-26_2026-11-27_GMT+01-00.csv`, the days of the changes ('all' when open).
 */
export const changedExportFilename = (query: ChangedFilter, now: Date, offset: string | null) =>
  exportFilename(
    'conversion',
    { startDate: `changed_${query.changedFrom ?? 'all'}`, endDate: query.changedTo ?? localToday(now, offset) },
    offset,
  );

/**
 * The CSV of a report as a stream: records are produced as the client reads (backpressure through Readable.from).
 * `window` is the UTC span of `range`, or for the conversion export of a filter on changes without dates (decision
 * 069) every date, when `range` is null; only the conversion export may go without a range.
 */
export function reportCsv(
  db: DbOrTx,
  partnerId: number,
  type: ReportType,
  span: { range: DateRange | null; window: UtcWindow },
  filters: RawFilters,
  offset: string | null,
  grouping: SubidExportGrouping,
  onError: (error: Error) => void,
): Readable {
  const { range, window } = span;
  let records: AsyncGenerator<(string | number | null)[]>;
  if (type === 'conversion') records = conversionRecords(db, partnerId, window, filters, offset);
  else if (range === null) throw new Error(`the ${type} export needs a date range`);
  else if (type === 'click') records = clickRecords(db, partnerId, range, filters, offset);
  else records = basicRecords(db, partnerId, type, range, filters, offset, grouping);
  // null becomes an empty cell. pipeline, not pipe: a failed read destroys the response instead of leaving it open.
  return pipeline(Readable.from(records), csvStringifier(), (error) => {
    if (error) onError(error);
  });
}
