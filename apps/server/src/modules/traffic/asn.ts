import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The autonomous system of an address, offline (decision 102): the npm package `@ip-location-db/asn` (RouteViews,
 * DB-IP and NRO data, CC BY 4.0) ships CSV tables of address ranges and their ASN, which are read once per process into
 * sorted typed arrays and searched by bisection: no database round trip and no allocation per look-up.
 *
 * Parsing the 21 MB IPv4 and 9 MB IPv6 tables costs a few hundred milliseconds, on every boot (integration tests boot
 * the app many times), so the arrays are also written once in a compact binary form (about 6 MB) under
 * `node_modules/.cache/portal-asn/` (or the system's temporary directory when that cannot be written), named after the
 * package's version: the next boot reads it in milliseconds. A new release of the package builds a new one.
 */

/** One table: the ranges sorted by start, none overlapping (a later, narrower range wins the shared part). */
export type AsnTable = {
  /** IPv4: [start, end] as unsigned 32-bit numbers, and the range's ASN. */
  v4Start: Uint32Array;
  v4End: Uint32Array;
  v4Asn: Uint32Array;
  /** IPv6: each address as four 32-bit words (most significant first), four entries per range. */
  v6Start: Uint32Array;
  v6End: Uint32Array;
  v6Asn: Uint32Array;
  /** Each ASN's organisation, as the table names it. */
  organisations: Map<number, string> | (() => Map<number, string>);
  /**
   * For each value of an IPv4 address's first 16 bits, how many ranges start below it (65,537 entries): a look-up
   * bisects only the ranges of its /16, a few cache lines instead of 19 steps across 5 MB.
   */
  v4Index: Uint32Array;
};

/** Builds `v4Index` from the sorted starts. */
function indexV4(starts: Uint32Array): Uint32Array {
  const index = new Uint32Array(65_537);
  let i = 0;
  for (let hi = 0; hi <= 65_536; hi++) {
    const bound = hi * 65_536;
    while (i < starts.length && starts[i]! < bound) i++;
    index[hi] = i;
  }
  return index;
}

const require = createRequire(import.meta.url);
const PACKAGE_DIR = path.dirname(require.resolve('@ip-location-db/asn/package.json'));
/** Bumped when the binary layout changes. */
const CACHE_FORMAT = 1;
const MAGIC = 0x41534e31; // "ASN1"

/** An IPv6 address's four 32-bit words, most significant first, into `out`; false when it is not one. */
function ipv6Words(text: string, out: Uint32Array): boolean {
  const gap = text.indexOf('::');
  if (gap >= 0 && text.indexOf('::', gap + 1) >= 0) return false;
  const head = gap < 0 ? text : text.slice(0, gap);
  const tail = gap < 0 ? '' : text.slice(gap + 2);
  const groups: number[] = [];
  const tailGroups: number[] = [];
  if (!hexGroups(head, groups) || !hexGroups(tail, tailGroups)) return false;
  const missing = 8 - groups.length - tailGroups.length;
  if (gap < 0 ? missing !== 0 : missing < 1) return false;
  for (let i = 0; i < missing; i++) groups.push(0);
  groups.push(...tailGroups);
  for (let w = 0; w < 4; w++) out[w] = ((groups[2 * w]! << 16) | groups[2 * w + 1]!) >>> 0;
  return true;
}

/** "a:b:c" as 16-bit numbers (an IPv4 tail as two), appended to `into`; false on anything else. */
function hexGroups(text: string, into: number[]): boolean {
  if (text === '') return true;
  let value = 0;
  let digits = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 58;
    if (c === 58) {
      if (digits === 0) return false;
      into.push(value);
      value = 0;
      digits = 0;
    } else if (c === 46) {
      const v4 = ipv4Number(text.slice(text.lastIndexOf(':', i) + 1));
      if (v4 < 0) return false;
      into.push(v4 >>> 16, v4 & 0xffff);
      return true;
    } else {
      const d = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1;
      if (d < 0 || ++digits > 4) return false;
      value = value * 16 + d;
    }
  }
  return true;
}

/** An IPv4 address as an unsigned 32-bit number, or -1 when it is not one. */
export function ipv4Number(text: string): number {
  let value = 0;
  let part = 0;
  let digits = 0;
  let parts = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 46;
    if (c === 46) {
      if (digits === 0 || part > 255) return -1;
      value = value * 256 + part;
      part = 0;
      digits = 0;
      parts++;
    } else if (c >= 48 && c <= 57 && digits < 3) {
      part = part * 10 + (c - 48);
      digits++;
    } else return -1;
  }
  return parts === 4 ? value : -1;
}

/** The CSV's rows: start and end (as written), ASN, and the organisation (decoded only when asked for). */
function* csvRows(buffer: Buffer): Generator<[string, string, number, () => string]> {
  let at = 0;
  const length = buffer.length;
  while (at < length) {
    let comma = buffer.indexOf(44, at);
    const start = buffer.toString('latin1', at, comma);
    let next = comma + 1;
    comma = buffer.indexOf(44, next);
    const end = buffer.toString('latin1', next, comma);
    next = comma + 1;
    let asn = 0;
    while (buffer[next] !== 44) asn = asn * 10 + buffer[next++]! - 48;
    const orgAt = next + 1;
    let eol = buffer.indexOf(10, orgAt);
    if (eol < 0) eol = length;
    at = eol + 1;
    yield [start, end, asn, () => organisationOf(buffer, orgAt, eol)];
  }
}

function organisationOf(buffer: Buffer, from: number, to: number): string {
  const text = buffer.toString('utf8', from, to > from && buffer[to - 1] === 13 ? to - 1 : to);
  return text.startsWith('"') ? text.slice(1, -1).replaceAll('""', '"') : text;
}

/** Parses the package's CSV tables (`asn-ipv4-num.csv`, `asn-ipv6.csv`) into a table. */
export function parseAsnCsv(v4Csv: Buffer, v6Csv: Buffer): AsnTable {
  const organisations = new Map<number, string>();
  const v4: number[] = [];
  for (const [start, end, asn, org] of csvRows(v4Csv)) {
    v4.push(Number(start), Number(end), asn);
    if (!organisations.has(asn)) organisations.set(asn, org());
  }
  const v6: number[] = [];
  const words = new Uint32Array(4);
  for (const [start, end, asn, org] of csvRows(v6Csv)) {
    if (!ipv6Words(start, words)) continue;
    const s = [...words];
    if (!ipv6Words(end, words)) continue;
    v6.push(...s, ...words, asn);
    if (!organisations.has(asn)) organisations.set(asn, org());
  }
  const packed = packV4(v4);
  return { ...packed, ...packV6(v6), organisations, v4Index: indexV4(packed.v4Start) };
}

/** Sorted by start; a range overlapping the next one is cut short where the next begins. */
function packV4(flat: number[]): Pick<AsnTable, 'v4Start' | 'v4End' | 'v4Asn'> {
  const n = flat.length / 3;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => flat[a * 3]! - flat[b * 3]!);
  const v4Start = new Uint32Array(n);
  const v4End = new Uint32Array(n);
  const v4Asn = new Uint32Array(n);
  order.forEach((from, i) => {
    v4Start[i] = flat[from * 3]!;
    v4End[i] = flat[from * 3 + 1]!;
    v4Asn[i] = flat[from * 3 + 2]!;
  });
  for (let i = 0; i + 1 < n; i++) if (v4End[i]! >= v4Start[i + 1]!) v4End[i] = v4Start[i + 1]! - 1;
  return { v4Start, v4End, v4Asn };
}

function compareWords(a: ArrayLike<number>, ai: number, b: ArrayLike<number>, bi: number): number {
  for (let w = 0; w < 4; w++) {
    const d = a[ai + w]! - b[bi + w]!;
    if (d !== 0) return d;
  }
  return 0;
}

function packV6(flat: number[]): Pick<AsnTable, 'v6Start' | 'v6End' | 'v6Asn'> {
  const n = flat.length / 9;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => compareWords(flat, a * 9, flat, b * 9));
  const v6Start = new Uint32Array(n * 4);
  const v6End = new Uint32Array(n * 4);
  const v6Asn = new Uint32Array(n);
  order.forEach((from, i) => {
    for (let w = 0; w < 4; w++) {
      v6Start[i * 4 + w] = flat[from * 9 + w]!;
      v6End[i * 4 + w] = flat[from * 9 + 4 + w]!;
    }
    v6Asn[i] = flat[from * 9 + 8]!;
  });
  for (let i = 0; i + 1 < n; i++) {
    if (compareWords(v6End, i * 4, v6Start, (i + 1) * 4) < 0) continue;
    // End = the next start minus one.
    let borrow = 1;
    for (let w = 3; w >= 0; w--) {
      const value = v6Start[(i + 1) * 4 + w]! - borrow;
      borrow = value < 0 ? 1 : 0;
      v6End[i * 4 + w] = value >>> 0;
    }
  }
  return { v6Start, v6End, v6Asn };
}

/** The table as bytes: a header, the six arrays, the organisations as JSON. */
export function serialiseAsnTable(table: AsnTable): Buffer {
  const arrays = [table.v4Start, table.v4End, table.v4Asn, table.v6Start, table.v6End, table.v6Asn];
  const names = Buffer.from(JSON.stringify([...organisationsOf(table)]), 'utf8');
  const header = new Uint32Array([MAGIC, CACHE_FORMAT, ...arrays.map((a) => a.length), names.length]);
  return Buffer.concat([
    Buffer.from(header.buffer),
    ...arrays.map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength)),
    names,
  ]);
}

/**
 * The table from `serialiseAsnTable`'s bytes, or null when they are not such (a truncated or older file). The arrays
 * are views of the bytes when they are aligned (a file's buffer is), else copies; the organisations are decoded on
 * first use (evidence screens, not clicks, ask for them).
 */
export function deserialiseAsnTable(bytes: Buffer): AsnTable | null {
  if (bytes.length < 36) return null;
  const header = new Uint32Array(9);
  for (let i = 0; i < 9; i++) header[i] = bytes.readUInt32LE(i * 4);
  if (header[0] !== MAGIC || header[1] !== CACHE_FORMAT) return null;
  const lengths = [...header.slice(2, 8)];
  let at = 36;
  const arrays: Uint32Array[] = [];
  for (const length of lengths) {
    if (at + length * 4 > bytes.length) return null;
    const offset = bytes.byteOffset + at;
    let array: Uint32Array;
    if (offset % 4 === 0) array = new Uint32Array(bytes.buffer, offset, length);
    else {
      array = new Uint32Array(length);
      Buffer.from(array.buffer).set(bytes.subarray(at, at + length * 4));
    }
    arrays.push(array);
    at += length * 4;
  }
  if (at + header[8]! !== bytes.length) return null;
  const names = bytes.subarray(at);
  const [v4Start, v4End, v4Asn, v6Start, v6End, v6Asn] = arrays as [Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array]; // prettier-ignore
  let organisations: Map<number, string> | undefined;
  const decode = () => (organisations ??= new Map(JSON.parse(names.toString('utf8')) as [number, string][]));
  return { v4Start, v4End, v4Asn, v6Start, v6End, v6Asn, organisations: decode, v4Index: indexV4(v4Start) };
}

function organisationsOf(table: AsnTable): Map<number, string> {
  return typeof table.organisations === 'function' ? table.organisations() : table.organisations;
}

/** Where the binary form is kept: the package's version names it. */
function cacheFiles(): string[] {
  const { version } = JSON.parse(readFileSync(path.join(PACKAGE_DIR, 'package.json'), 'utf8')) as { version: string };
  const name = `asn-${version}-f${CACHE_FORMAT}.bin`;
  return [path.join(PACKAGE_DIR, '..', '..', '.cache', 'portal-asn', name), path.join(tmpdir(), 'portal-asn', name)];
}

/** How the table was last loaded (the decision's measurements; the bench prints it). */
export const asnLoadInfo = { source: 'none' as 'none' | 'cache' | 'csv', ms: 0 };

/** Reads the binary form if one is there, else parses the CSV tables and writes it (best effort). */
export function loadAsnTable(): AsnTable {
  const started = performance.now();
  const files = cacheFiles();
  for (const file of files) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch {
      continue;
    }
    const table = deserialiseAsnTable(bytes);
    if (table) {
      Object.assign(asnLoadInfo, { source: 'cache', ms: performance.now() - started });
      return table;
    }
  }
  const table = parseAsnCsv(
    readFileSync(path.join(PACKAGE_DIR, 'asn-ipv4-num.csv')),
    readFileSync(path.join(PACKAGE_DIR, 'asn-ipv6.csv')),
  );
  const bytes = serialiseAsnTable(table);
  for (const file of files) {
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      // Written aside and renamed: a concurrent boot never reads half a file.
      const partial = `${file}.${process.pid}.tmp`;
      writeFileSync(partial, bytes);
      renameSync(partial, file);
      break;
    } catch {
      // Not writable here: try the next place; with none, each boot parses the CSV.
    }
  }
  Object.assign(asnLoadInfo, { source: 'csv', ms: performance.now() - started });
  return table;
}

let loaded: AsnTable | null = null;

/** The process's table, loaded on first use (the app loads it at start, off the first click's path). */
export function asnTable(): AsnTable {
  return (loaded ??= loadAsnTable());
}

/** Replaces the process's table (tests). */
export function useAsnTable(table: AsnTable | null): void {
  loaded = table;
}

const WORDS = new Uint32Array(4);

/** The ASN announcing an address (v4, v6 or v4-mapped v6), or 0 when none does or it is not an address. */
export function asnNumberOf(ip: string, table: AsnTable = asnTable()): number {
  let v4 = ipv4Number(ip);
  if (v4 < 0 && ip.length > 7 && (ip.charCodeAt(0) === 58 || ip.charCodeAt(0) === 48)) {
    const lower = ip.toLowerCase();
    if (lower.startsWith('::ffff:')) v4 = ipv4Number(ip.slice(7));
  }
  if (v4 >= 0) {
    const starts = table.v4Start;
    const slash16 = v4 >>> 16;
    let lo = table.v4Index[slash16]!;
    let hi = table.v4Index[slash16 + 1]! - 1;
    // The range holding v4 is the last starting at or below it: in this /16, or the last of those before.
    let at = lo - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (starts[mid]! <= v4) {
        at = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return at >= 0 && table.v4End[at]! >= v4 ? table.v4Asn[at]! : 0;
  }
  if (!ipv6Words(ip, WORDS)) return 0;
  const starts = table.v6Start;
  let lo = 0;
  let hi = table.v6Asn.length - 1;
  let at = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (compareWords(starts, mid * 4, WORDS, 0) <= 0) {
      at = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return at >= 0 && compareWords(table.v6End, at * 4, WORDS, 0) >= 0 ? table.v6Asn[at]! : 0;
}

/** The organisation the table names for an ASN, or undefined. */
export function asnOrganisation(asn: number, table: AsnTable = asnTable()): string | undefined {
  return organisationsOf(table).get(asn);
}
