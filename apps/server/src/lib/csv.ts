import { stringify, type Stringifier } from 'csv-stringify';

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
 * numbers stay numbers and null or undefined become empty cells. Every CSV the server sends is written by it.
 * `spreadsheet` writes the file a spreadsheet opens as it is: a UTF-8 byte order mark first (without it Excel reads
 * the accents as Windows-1252) and CRLF line ends (RFC 4180).
 */
export function csvStringifier(options: { spreadsheet?: boolean } = {}): Stringifier {
  return stringify({
    cast: { string: (value) => neutraliseCsvText(value) },
    ...(options.spreadsheet ? { bom: true, record_delimiter: 'windows' as const } : {}),
  });
}
