import { BILLING_TIMEZONE, formatDate, formatHour } from '@portal/contracts';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day as yyyy-MM-dd ('2025-02-30' is not one). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  // '2026-13-01' does not parse at all; '2025-02-30' parses as 2 March.
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** What a date field accepts as typed: dd/MM/yyyy (as dates are shown) or yyyy-MM-dd; null unless a real date. */
export function parseDayInput(input: string): string | null {
  const text = input.trim();
  const dayFirst = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const iso = dayFirst ? `${dayFirst[3]}-${dayFirst[2]!.padStart(2, '0')}-${dayFirst[1]!.padStart(2, '0')}` : text;
  return isIsoDate(iso) ? iso : null;
}

/** A range of calendar days, each yyyy-MM-dd or '' when that end is open. */
export type DayRange = { startDate: string; endDate: string };

const DAY_TEXT = String.raw`\d{1,2}/\d{1,2}/\d{4}|\d{4}-\d{1,2}-\d{1,2}`;
/** A start, a separator (an en or em dash, a hyphen, a tilde or 'to') and an end, each of them optional. */
const RANGE_TEXT = new RegExp(String.raw`^\s*(${DAY_TEXT})?\s*(?:[–—~-]|to)?\s*(${DAY_TEXT})?\s*$`, 'i');

/** dd/MM/yyyy (spec section 9). */
const dayFirst = (isoDate: string) => isoDate.split('-').reverse().join('/');

/** A range as the range field shows it: '01/10/2026 – 31/10/2026', '01/10/2026 –' or '– 31/10/2026'. */
export function formatDayRange({ startDate, endDate }: DayRange): string {
  if (!startDate && !endDate) return '';
  return [startDate ? dayFirst(startDate) : '', endDate ? dayFirst(endDate) : ''].join(' – ').trim();
}

/**
 * What the range field accepts as typed: two days as `parseDayInput` reads them, separated by a dash, a tilde, 'to'
 * or spaces; one day alone is the start, one after the separator the end; nothing is no range. null while the text is
 * not such a range (half typed, or a day that does not exist). The days are kept in the order typed: a range that
 * ends before it starts is the form's error to show, not a reason to swap them.
 */
export function parseDayRange(input: string): DayRange | null {
  const match = RANGE_TEXT.exec(input);
  if (!match) return null;
  const [, start, end] = match;
  const startDate = start === undefined ? '' : parseDayInput(start);
  const endDate = end === undefined ? '' : parseDayInput(end);
  if (startDate === null || endDate === null) return null;
  return { startDate, endDate };
}

/**
 * dd/MM/yyyy HH:mm of a moment in Paris time, the billing reference (spec section 9): how staff read the payout
 * hold's moments (decision 072). Accepts the API's ISO text or a revived Date.
 */
export function formatParisMoment(moment: string | Date): string {
  const date = typeof moment === 'string' ? new Date(moment) : moment;
  return `${formatDate(date, BILLING_TIMEZONE)} ${formatHour(date, BILLING_TIMEZONE)}`;
}
