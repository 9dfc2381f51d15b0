import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { API_PREFIX, MAX_UPLOAD_BYTES, type FileDto, type UploadDocument } from '@portal/contracts';
import { AppError } from './errors.js';
import { toIso } from './reply.js';
import type { FileStorage } from './storage.js';

/**
 * Body limit of the routes that carry a file: the largest file as base64 (4/3 of its size)
 * plus room for the other fields. Anything larger is refused by Fastify with 413.
 */
export const UPLOAD_BODY_LIMIT = Math.ceil((MAX_UPLOAD_BYTES * 4) / 3) + 64 * 1024;

const MAX_INPUT_PIXELS = 50_000_000;
const TYPE_ERROR = 'Only PDF, PNG and JPEG files are accepted.';
const SIZE_ERROR = 'The file is too large (10 MB at most).';
/** Markup that turns a file into something a browser might run; never part of a genuine scan. */
const MARKUP = [
  '<html',
  '<script',
  '<svg',
  '<!doctype',
  '<body',
  '<iframe',
  '<?php',
  '<object',
  '<embed',
  'javascript:',
];

export type AcceptedType = { mimeType: 'application/pdf' | 'image/png' | 'image/jpeg'; extension: string };
const PDF: AcceptedType = { mimeType: 'application/pdf', extension: 'pdf' };
const PNG: AcceptedType = { mimeType: 'image/png', extension: 'png' };
const JPEG: AcceptedType = { mimeType: 'image/jpeg', extension: 'jpg' };

/** A checked upload, ready to be stored: the bytes to keep, their type and a safe display name. */
export type PreparedUpload = AcceptedType & { bytes: Buffer; filename: string };

const unsupported = (field: string) => new AppError(415, TYPE_ERROR, { [field]: TYPE_ERROR });
const tooLarge = (field: string) => new AppError(413, SIZE_ERROR, { [field]: SIZE_ERROR });

const LONGEST_MARKER = Math.max(...MARKUP.map((marker) => marker.length));
/** Bytes read at a time: the whole file is scanned without turning 10 MB into one lower-cased string. */
const SCAN_CHUNK = 64 * 1024;

/** Whether markup occurs anywhere in the bytes (case-insensitive); chunks overlap so no marker falls between two. */
function containsMarkup(bytes: Buffer): boolean {
  for (let start = 0; start < bytes.length; start += SCAN_CHUNK) {
    const end = Math.min(bytes.length, start + SCAN_CHUNK + LONGEST_MARKER - 1);
    const text = bytes.subarray(start, end).toString('latin1').toLowerCase();
    if (MARKUP.some((marker) => text.includes(marker))) return true;
  }
  return false;
}

/** Decodes a base64 data URL; the declared media type is ignored, the bytes decide. */
export function decodeDataUrl(dataUrl: string, field = 'document.data'): Buffer {
  const comma = dataUrl.indexOf(',');
  const header = dataUrl.slice(0, comma);
  if (comma < 0 || !/^data:[^,]*;base64$/i.test(header)) {
    throw new AppError(400, 'The request is invalid.', { [field]: 'The file must be sent as a base64 data URL.' });
  }
  const payload = dataUrl.slice(comma + 1).replace(/\s+/g, '');
  // Checked before decoding, so a huge upload costs no allocation.
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  if ((payload.length * 3) / 4 - padding > MAX_UPLOAD_BYTES) throw tooLarge(field);
  if (!isBase64(payload)) {
    throw new AppError(400, 'The request is invalid.', { [field]: 'The file is not valid base64.' });
  }
  return Buffer.from(payload, 'base64');
}

/**
 * Whole base64 quads, the padding (at most two '=') only at the end. Checked by a search for a character outside the
 * alphabet rather than by `/^[A-Za-z0-9+/]+={0,2}$/`: on a 10 MB upload (14 M characters) that pattern's greedy loop
 * can overflow V8's backtracking stack ("Maximum call stack size exceeded", a 500), as the integration suite saw in a
 * shuffled run; a character-class search never backtracks.
 */
function isBase64(payload: string): boolean {
  if (payload.length === 0 || payload.length % 4 !== 0 || /[^A-Za-z0-9+/=]/.test(payload)) return false;
  const padding = payload.indexOf('=');
  return padding < 0 || (padding >= payload.length - 2 && /^=+$/.test(payload.slice(padding)));
}

/** Which accepted type the bytes are, by their signature only. */
export function sniffType(bytes: Buffer): AcceptedType | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return PDF;
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return PNG;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return JPEG;
  return null;
}

/**
 * A PDF must start with its header at offset 0 (a viewer tolerates junk before it, which is how
 * HTML/PDF polyglots work), end with %%EOF in its last kilobyte, and carry no markup anywhere:
 * a browser sniffing the file as HTML would find a script in the middle as well (decision 031).
 */
function checkPdf(bytes: Buffer, field: string): Buffer {
  const tail = bytes.subarray(Math.max(0, bytes.length - 1024));
  if (!tail.toString('latin1').includes('%%EOF')) throw unsupported(field);
  if (containsMarkup(bytes)) throw unsupported(field);
  return bytes;
}

/**
 * An image is decoded completely and re-encoded: what is stored is only pixels, without
 * metadata or anything appended after the image data. Markup anywhere in the original is refused.
 */
async function reencodeImage(bytes: Buffer, type: AcceptedType, field: string): Promise<Buffer> {
  if (containsMarkup(bytes)) throw unsupported(field);
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' });
    const meta = await image.metadata();
    if (meta.format !== (type === PNG ? 'png' : 'jpeg')) throw unsupported(field);
    const pipeline = image.rotate();
    return await (type === PNG ? pipeline.png() : pipeline.jpeg({ quality: 92 })).toBuffer();
  } catch {
    throw unsupported(field);
  }
}

/** Keeps only a base name without control or quote characters, with the extension of the real type. */
export function safeFilename(name: string, type: AcceptedType): string {
  const base =
    (name.split(/[\\/]/).pop() ?? '')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
      .trim()
      .slice(0, 200) || 'document';
  const hasExtension = type === JPEG ? /\.jpe?g$/i.test(base) : base.toLowerCase().endsWith(`.${type.extension}`);
  return hasExtension ? base : `${base}.${type.extension}`;
}

/** Checks an upload (size, then type by its bytes) and answers what to store. 413 / 415 when refused. */
export async function prepareUpload(document: UploadDocument, field = 'document.data'): Promise<PreparedUpload> {
  const raw = decodeDataUrl(document.data, field);
  if (raw.length > MAX_UPLOAD_BYTES) throw tooLarge(field);
  const type = sniffType(raw);
  if (!type) throw unsupported(field);
  const bytes = type === PDF ? checkPdf(raw, field) : await reencodeImage(raw, type, field);
  if (bytes.length > MAX_UPLOAD_BYTES) throw tooLarge(field);
  return { ...type, bytes, filename: safeFilename(document.filename, type) };
}

export type StoredUpload = PreparedUpload & { storageKey: string };

/**
 * Writes the file first, then runs the database work; if that fails the file is removed again,
 * and once it succeeded the storage keys it made obsolete are deleted. Nothing is half-written:
 * a failed request leaves neither a row pointing nowhere nor an orphan file.
 */
export async function storeThenCommit<T>(
  storage: FileStorage,
  upload: PreparedUpload | null,
  work: (stored: StoredUpload | null) => Promise<{ result: T; obsoleteKeys: string[] }>,
  log?: FastifyBaseLogger,
): Promise<T> {
  const stored = upload ? { ...upload, storageKey: `${randomUUID()}.${upload.extension}` } : null;
  if (stored) await storage.put(stored.storageKey, stored.bytes);
  let outcome: { result: T; obsoleteKeys: string[] };
  try {
    outcome = await work(stored);
  } catch (error) {
    if (stored) await storage.delete(stored.storageKey).catch(() => undefined);
    throw error;
  }
  await removeStored(storage, outcome.obsoleteKeys, log);
  return outcome.result;
}

/** Deletes stored bytes after their rows are gone; a failure only leaves an unreferenced file. */
export async function removeStored(storage: FileStorage, keys: string[], log?: FastifyBaseLogger) {
  for (const key of keys) {
    await storage.delete(key).catch((error: unknown) => log?.warn({ err: error, key }, 'stored file not removed'));
  }
}

/** The columns of a stored file (the `files` table) the DTO reads. */
type FileRow = { id: number; createdAt: Date; type: string; filename: string; expireAt: Date | null };

/** The spec's File as the portal reads it; `url` is where a signed download link is asked for. */
export function fileDto(file: FileRow | null | undefined): FileDto | null {
  if (!file) return null;
  return {
    id: file.id,
    createdAt: file.createdAt.toISOString(),
    type: file.type,
    filename: file.filename,
    url: `${API_PREFIX}/file/${file.id}/url`,
    expireAt: toIso(file.expireAt),
  };
}
