import { stringify, type Stringifier } from 'csv-stringify';
import { toLocalIso } from '@portal/contracts';

/** What a spreadsheet reads as the start of a formula (OWASP, CSV injection): = + - @ tab and carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal ('-1.50', '42'): a spreadsheet reads it as a number, never as a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A text cell made inert for spreadsheets: one that starts like a formula gets a leading `'` (OWASP's rule), so
 * `=HYPERLINK(…)` or `+cmd|…` is shown as text instead of run. Plain decimals ('-1.50') are numbers, not formulas,
 * and stay as they are (decision 029).
 */
export function neutraliseCsvText(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/**
 * The one CSV writer of the server: a csv-stringify stream whose text cells go through neutraliseCsvText, while
 * numbers stay numbers and null or undefined become empty cells. Every CSV the server sends is written by it, as a
 * spreadsheet opens it as it is (decision 077): a UTF-8 byte order mark first (without it Excel reads the accents
 * and the "–" as Windows-1252) and CRLF line ends (RFC 4180).
 */
export function csvStringifier(): Stringifier {
  return stringify({
    cast: { string: (value) => neutraliseCsvText(value) },
    bom: true,
    record_delimiter: 'windows',
  });
}

/**
 * A moment as every spreadsheet reads a date and time, `yyyy-MM-dd HH:mm:ss` (decision 077), from a local ISO moment
 * ('2026-10-01T12:00:00+01:00') on its own wall clock: the zone is named by the file (csvZoneTag), not each cell,
 * since a cell with an offset stays text in Excel and LibreOffice.
 */
export function csvDateTime(localIso: string): string;
export function csvDateTime(localIso: string | null): string | null;
export function csvDateTime(localIso: string | null): string | null {
  return localIso === null ? null : `${localIso.slice(0, 10)} ${localIso.slice(11, 19)}`;
}

/** The zone of a file's moments and days for its name: 'GMT+01-00' (Windows refuses a colon in a file name). */
export function csvZoneTag(offset: string | null | undefined): string {
  return `GMT${toLocalIso(new Date(0), offset).slice(19).replace(':', '-')}`;
}
