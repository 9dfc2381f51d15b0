import { parse } from 'csv-parse/sync';
import { expect } from 'vitest';

/**
 * A CSV export read as a spreadsheet reads it (RFC 4180: quoted cells holding commas, doubled quotes and line
 * breaks), by csv-parse, a parser this project did not write; a leading byte-order mark is not part of the first cell.
 */
export function parseCsv(text: string, options: { crlfOnly?: boolean } = {}): string[][] {
  return parse(text, {
    bom: true,
    relax_column_count: true,
    // Our staff exports end every line with CRLF: a bare line feed outside quotes then stays in its cell.
    ...(options.crlfOnly ? { record_delimiter: '\r\n' } : {}),
  }) as string[][];
}

/** A moment as the exports write it (decision 077): a date and time every spreadsheet reads as one. */
export const CSV_DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
/** A number as the exports write it: a dot, no grouping, no exponent. */
export const CSV_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * An export as a spreadsheet opens it (decision 077): a UTF-8 byte order mark first, every line ended by CRLF (the
 * file read with CRLF as the only line end is the file read with any: no bare line feed outside a quoted cell).
 * Answers the header and the lines.
 */
export function readSpreadsheetCsv(text: string): { header: string[]; lines: string[][] } {
  expect(text.charCodeAt(0), 'a byte order mark').toBe(0xfeff);
  expect(text.endsWith('\r\n'), 'CRLF at the end').toBe(true);
  const rows = parseCsv(text, { crlfOnly: true });
  expect(parseCsv(text), 'no bare line feed').toEqual(rows);
  const [header = [], ...lines] = rows;
  return { header, lines };
}

/** The sum of a column (by its header) over the lines, in hundredths so that decimals add exactly. */
export function columnSum(header: string[], lines: string[][], name: string): number {
  const at = header.indexOf(name);
  expect(at, `a column ${name}`).toBeGreaterThanOrEqual(0);
  return lines.reduce((sum, line) => {
    expect(line[at], `${name} is a plain number`).toMatch(CSV_NUMBER);
    return sum + Math.round(Number(line[at]) * 100);
  }, 0);
}
