import { parse } from 'csv-parse/sync';
import {
  CONVERSION_NOTE_MAX_LENGTH,
  CONVERSION_REVERSAL_REASONS,
  SCRUB_ID_MAX_LENGTH,
  SCRUB_MAX_BYTES,
  SCRUB_MAX_LINES,
  type ConversionReversalReason,
  type ScrubErrorLine,
  type ScrubLineError,
} from '@portal/contracts';
import { AppError, badRequest } from '../../lib/errors.js';

/**
 * An advertiser's scrub file read (decision 069): `transaction_id[,reason]` lines, comma, semicolon or tab separated,
 * an optional header row. Pure: no database.
 */

/** One good line, as stored in `conversion_scrubs.lines`. */
export type ScrubLine = { line: number; transactionId: string; reason: ConversionReversalReason; note: string | null };

export type ParsedScrubFile = { lines: ScrubLine[]; errors: ScrubErrorLine[] };

const FIELD = 'file.data';
const HEADER_NAMES = new Set(['transaction_id', 'transactionid', 'transaction id', 'transaction', 'order_id']);

const MESSAGES: Record<ScrubLineError, string> = {
  emptyId: 'The transaction id is empty.',
  idTooLong: `The transaction id is longer than ${SCRUB_ID_MAX_LENGTH} characters.`,
  duplicateLine: 'This transaction id is already on an earlier line.',
  reasonTooLong: `The reason is longer than ${CONVERSION_NOTE_MAX_LENGTH} characters.`,
  tooManyColumns: 'A line holds a transaction id and a reason, nothing more.',
};

/** A reason cell: a known code, or free text kept as the note under 'other'; empty is 'other'. */
export function reasonOf(cell: string): { reason: ConversionReversalReason; note: string | null } {
  const text = cell.trim();
  const code = CONVERSION_REVERSAL_REASONS.find((c) => c === text.toLowerCase().replace(/[\s-]+/g, '_'));
  if (code) return { reason: code, note: null };
  return { reason: 'other', note: text || null };
}

type CsvRecord = { record: string[]; info: { lines: number } };

export function parseScrubFile(bytes: Buffer): ParsedScrubFile {
  if (bytes.length > SCRUB_MAX_BYTES) {
    const message = `The file is too large (${SCRUB_MAX_BYTES / 1024 / 1024} MB at most).`;
    throw new AppError(413, message, { [FIELD]: message });
  }
  let records: CsvRecord[];
  try {
    records = parse(bytes, {
      bom: true,
      delimiter: [',', ';', '\t'],
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      // One record more than the limit (and the header) is enough to know it is too long.
      to: SCRUB_MAX_LINES + 2,
    }) as unknown as CsvRecord[];
  } catch (error) {
    const { lines } = error as { lines?: number };
    const message = `The file is not a readable CSV${lines ? ` (line ${lines})` : ''}: ${(error as Error).message}`;
    throw badRequest(message, { [FIELD]: message });
  }
  // Lines left blank by trimming (",," or spaces) are blank lines too.
  records = records.filter(({ record }) => record.some((cell) => cell !== ''));
  if (records.length > 0 && HEADER_NAMES.has(records[0]!.record[0]!.toLowerCase())) records = records.slice(1);
  if (records.length === 0) throw badRequest('The file holds no line.', { [FIELD]: 'The file holds no line.' });
  if (records.length > SCRUB_MAX_LINES) {
    const message = `The file holds more than ${SCRUB_MAX_LINES.toLocaleString('en')} lines: split it.`;
    throw badRequest(message, { [FIELD]: message });
  }
  const lines: ScrubLine[] = [];
  const errors: ScrubErrorLine[] = [];
  const seen = new Set<string>();
  for (const { record, info } of records) {
    const [id = '', reasonCell = '', ...rest] = record;
    const fail = (error: ScrubLineError) =>
      errors.push({ line: info.lines, transactionId: id.slice(0, 100), error, message: MESSAGES[error] });
    if (id === '') fail('emptyId');
    else if (id.length > SCRUB_ID_MAX_LENGTH) fail('idTooLong');
    else if (rest.some((cell) => cell !== '')) fail('tooManyColumns');
    else if (reasonCell.length > CONVERSION_NOTE_MAX_LENGTH) fail('reasonTooLong');
    else if (seen.has(id)) fail('duplicateLine');
    else {
      seen.add(id);
      lines.push({ line: info.lines, transactionId: id, ...reasonOf(reasonCell) });
    }
  }
  return { lines, errors };
}
