import { parse } from 'csv-parse/sync';

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
