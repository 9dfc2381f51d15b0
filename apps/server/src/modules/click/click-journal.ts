import fs from 'node:fs';
import path from 'node:path';
import type { BufferedClick } from './buffered-click.js';

/** A click as the journal holds it: the buffer's click, its sequence number and the cap counters it took. */
export type JournalEntry = {
  seq: number;
  click: BufferedClick;
  /** `capId:periodStart` of each click cap the click counted against (decision 045). */
  caps?: string[];
};

export type ClickJournalOptions = {
  /** Where the segments live (under DATA_DIR). */
  dir: string;
  /** How often what was appended is written and fsynced (decision 053: 50 ms). */
  syncMs?: number;
  /** Past this many bytes on disk and waiting, new clicks are refused (CLICK_JOURNAL_MAX_BYTES). */
  maxBytes?: number;
  /** A segment this large is closed and a new one begun. */
  segmentBytes?: number;
  onError?: (error: unknown) => void;
};

type Segment = { name: string; bytes: number; lastSeq: number };

/**
 * Where a click's JSON lies in the journal's memory (decision 143): bytes `[start, end)` of `slab`, the UTF-8 text
 * `clickJson` made, which the buffer sends to the database as it is. Off the JavaScript heap, so a click waiting for its
 * batch costs the garbage collector a few words instead of its whole text.
 */
export type ClickText = { slab: Buffer; start: number; end: number };

/** The bytes appended lines are written into, one slab after another, each used once (decision 143). */
const SLAB_BYTES = 256 * 1024;
/** Lines written into a slab and not yet to the file: `[start, end)` of `slab`. */
type PendingBytes = { slab: Buffer; start: number; end: number };

/** A journal line that was not a whole click (decision 107). */
export type SkippedLine = { line: number; kind: 'torn' | 'corrupt' };

const SEGMENT = /^clicks-(\d{13})-(\d{12})\.ndjson$/;

/**
 * The click journal (decision 053): every acknowledged click is appended here before the database sees it,
 * so that a hard kill loses at most the clicks of the last sync interval and a database outage spills to disk instead
 * of memory. Append-only NDJSON segments, named so that their order is their names' order; a segment is deleted once
 * every click in it is committed. All file writes are synchronous (they land in the page cache, a few microseconds);
 * the fsync that makes them survive the machine's crash runs on libuv's pool, at most once per `syncMs`.
 */
export class ClickJournal {
  private readonly dir: string;
  private readonly syncMs: number;
  readonly maxBytes: number;
  private readonly segmentBytes: number;
  /** Closed segments, oldest first, and the one being appended to (last). */
  private segments: Segment[] = [];
  private fd: number | null = null;
  /**
   * The lines appended since the last write, as UTF-8 bytes in slabs (decision 143): the lines of the current slab from
   * `pendingFrom` to `slabUsed`, after those of earlier slabs in `pendingEarlier`. A slab is filled once and never
   * written over: the clicks' `ClickText`s point into it until their batch is written.
   */
  private slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
  private slabUsed = 0;
  private pendingFrom = 0;
  private pendingEarlier: PendingBytes[] = [];
  private pendingLines = 0;
  private pendingBytes = 0;
  private pendingLastSeq = -1;
  private diskBytes = 0;
  private syncing = false;
  private dirty = false;
  private timer: NodeJS.Timeout | null = null;
  /** Sequence number of the last click written to a segment. */
  private writtenSeq = -1;
  private readonly startedAt = Date.now();
  private cached: { name: string; entries: JournalEntry[] } | null = null;
  /** What waits for the queued lines to be written: the redirects of their clicks (`afterWrite`). */
  private waiting: (() => void)[] = [];
  private writeScheduled = false;
  private readonly writeLater = () => {
    this.writeScheduled = false;
    try {
      this.write();
    } catch (error) {
      this.options.onError?.(error);
    }
  };

  constructor(private readonly options: ClickJournalOptions) {
    this.dir = options.dir;
    this.syncMs = options.syncMs ?? 50;
    this.maxBytes = options.maxBytes ?? 1024 ** 3;
    this.segmentBytes = options.segmentBytes ?? 8 * 1024 ** 2;
    fs.mkdirSync(this.dir, { recursive: true });
  }

  /** Segments left by an earlier process (a crash, or an outage it did not outlive): what `recover` replays. */
  leftovers(): string[] {
    return fs
      .readdirSync(this.dir)
      .filter((name) => SEGMENT.test(name))
      .sort();
  }

  /** Reads one segment's clicks; lines that are not a whole click are left out (see `readSegmentChecked`). */
  readSegment(name: string): JournalEntry[] {
    return this.readSegmentChecked(name).entries;
  }

  /**
   * Reads one segment line by line. A line that is not a whole click is skipped, never fatal, and named in `skipped`
   * (its 1-based line number): `torn` for the last line without its newline (a write cut by a kill: its click was
   * never acknowledged, the write precedes the redirect), `corrupt` for any other (a damaged disk, an edited file).
   * Throws only when the file cannot be read at all.
   */
  readSegmentChecked(name: string): { entries: JournalEntry[]; skipped: SkippedLine[] } {
    const text = fs.readFileSync(path.join(this.dir, name), 'utf8');
    const entries: JournalEntry[] = [];
    const skipped: SkippedLine[] = [];
    const lines = text.split('\n');
    lines.forEach((line, index) => {
      if (!line) return;
      const entry = parseEntry(line);
      if (entry) entries.push(entry);
      else skipped.push({ line: index + 1, kind: index === lines.length - 1 ? 'torn' : 'corrupt' });
    });
    return { entries, skipped };
  }

  remove(name: string): void {
    fs.rmSync(path.join(this.dir, name), { force: true });
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.sync(), this.syncMs);
    this.timer.unref();
  }

  /** Whether `bytes` more would still fit under the bound. */
  fits(bytes: number): boolean {
    return this.diskBytes + this.pendingBytes + bytes <= this.maxBytes;
  }

  /** Queues a click for the next write; false (nothing queued) when the journal is full. */
  append(entry: JournalEntry): boolean {
    return this.appendText(entry.seq, JSON.stringify(entry.click), entry.caps) !== null;
  }

  /**
   * `append` of a click already serialised (`clickJson`, its `JSON.stringify`): the line is the very text `append`
   * writes, and the buffer sends the same click text to the database (decision 120), so a click is serialised once.
   * The line is encoded straight into the journal's slab (decision 143): answers where the click's text lies there,
   * or null (nothing queued) when the journal is full.
   */
  appendText(seq: number, clickJson: string, caps?: string[]): ClickText | null {
    const head = `{"seq":${seq},"click":`;
    const tail = caps ? `,"caps":${JSON.stringify(caps)}}\n` : '}\n';
    // UTF-8 takes at most 3 bytes per UTF-16 unit; the head and the caps are ASCII.
    const most = head.length + 3 * clickJson.length + tail.length;
    if (this.slab.length - this.slabUsed < most) this.nextSlab(most);
    const slab = this.slab;
    // The line in one write (decision 152: one call into the buffer's encoder, not three): the head and the tail are
    // ASCII, one byte a character, so the click's text lies between them.
    const bytes = slab.write(head + clickJson + tail, this.slabUsed, 'utf8');
    const start = this.slabUsed + head.length;
    const end = this.slabUsed + bytes - tail.length;
    if (!this.fits(bytes)) return null;
    this.slabUsed += bytes;
    this.pendingLines++;
    this.pendingBytes += bytes;
    this.pendingLastSeq = seq;
    // Written at the end of this turn of the event loop, one write for every click the turn took; their redirects
    // wait for it (`afterWrite`), so a killed process loses no acknowledged click; the machine's crash, those
    // acknowledged since the last fsync.
    if (!this.writeScheduled) {
      this.writeScheduled = true;
      setImmediate(this.writeLater);
    }
    return { slab, start, end };
  }

  /** A fresh slab for lines of up to `bytes`: what the current one holds and is not written yet waits in the list. */
  private nextSlab(bytes: number): void {
    if (this.slabUsed > this.pendingFrom)
      this.pendingEarlier.push({ slab: this.slab, start: this.pendingFrom, end: this.slabUsed });
    this.slab = Buffer.allocUnsafeSlow(Math.max(SLAB_BYTES, bytes));
    this.slabUsed = 0;
    this.pendingFrom = 0;
  }

  get bytes(): number {
    return this.diskBytes + this.pendingBytes;
  }

  get lastWrittenSeq(): number {
    return this.writtenSeq;
  }

  /**
   * Runs `then` once every line queued so far is written: at once when none waits, else after the write at the end
   * of this turn (decision 132). A click's redirect waits for its line, so a killed process has acknowledged no click
   * its journal lacks; the clicks one turn acknowledged still share one write.
   */
  afterWrite(then: () => void): void {
    if (this.pendingLines === 0) then();
    else this.waiting.push(then);
  }

  /** Writes what is queued to the current segment (synchronously: the page cache outlives a killed process). */
  write(): void {
    if (this.pendingLines === 0) return;
    try {
      this.writePending();
    } finally {
      // Told even when the write failed: their clicks are in memory and go to the database with the next batch, as
      // before the journal; the failure itself goes to `onError` (the segment is retried on the next write).
      this.release();
    }
  }

  private release(): void {
    if (this.waiting.length === 0) return;
    const waiting = this.waiting;
    this.waiting = [];
    for (const then of waiting) {
      try {
        then();
      } catch (error) {
        // One answer that cannot be sent must not keep the others waiting.
        this.options.onError?.(error);
      }
    }
  }

  private writePending(): void {
    const segment = this.current();
    // The slabs' bytes as they are: no string joined, none encoded here (decision 143). A failed write leaves what it
    // did not take queued for the next write.
    const fd = this.fd!;
    while (this.pendingEarlier.length > 0) {
      const earlier = this.pendingEarlier[0]!;
      while (earlier.start < earlier.end)
        earlier.start += fs.writeSync(fd, earlier.slab, earlier.start, earlier.end - earlier.start);
      this.pendingEarlier.shift();
    }
    // A file's write may take part of what it is given: what it took is not written twice.
    while (this.pendingFrom < this.slabUsed)
      this.pendingFrom += fs.writeSync(fd, this.slab, this.pendingFrom, this.slabUsed - this.pendingFrom);
    segment.bytes += this.pendingBytes;
    segment.lastSeq = this.pendingLastSeq;
    this.diskBytes += this.pendingBytes;
    this.writtenSeq = this.pendingLastSeq;
    this.pendingLines = 0;
    this.pendingBytes = 0;
    this.dirty = true;
    if (segment.bytes >= this.segmentBytes) this.closeCurrent();
  }

  /** Writes, then fsyncs on libuv's pool unless one is already running. */
  sync(): void {
    try {
      this.write();
    } catch (error) {
      this.options.onError?.(error);
      return;
    }
    if (!this.dirty || this.syncing || this.fd === null) return;
    this.dirty = false;
    this.syncing = true;
    fs.fdatasync(this.fd, (error) => {
      this.syncing = false;
      if (error) this.options.onError?.(error);
    });
  }

  /** Every click up to `seq` is committed: the segments wholly before it go. */
  committed(seq: number): void {
    while (this.segments.length > 0) {
      const first = this.segments[0]!;
      const isCurrent = this.segments.length === 1 && this.fd !== null;
      if (first.lastSeq > seq || first.lastSeq < 0) break;
      if (isCurrent) {
        // The segment being appended to: restart it once it holds something and all of it is committed.
        if (this.pendingLines > 0 || first.bytes < 1024 * 1024) break;
        this.closeCurrent();
      }
      this.segments.shift();
      this.diskBytes -= first.bytes;
      if (this.cached?.name === first.name) this.cached = null;
      this.remove(first.name);
    }
  }

  /**
   * The clicks from `fromSeq` on, oldest first, at most `max`: what spilled while the database was away. Reads
   * whole segments (each at most `segmentBytes`), after writing what is queued.
   */
  readFrom(fromSeq: number, max: number): JournalEntry[] {
    this.write();
    const out: JournalEntry[] = [];
    for (const segment of this.segments) {
      if (segment.lastSeq < fromSeq) continue;
      for (const entry of this.entriesOf(segment)) {
        if (entry.seq < fromSeq) continue;
        out.push(entry);
        if (out.length >= max) return out;
      }
    }
    return out;
  }

  /** A closed segment is read once and kept parsed while it is read back; the open one is read afresh. */
  private entriesOf(segment: Segment): JournalEntry[] {
    const open = this.fd !== null && segment === this.segments[this.segments.length - 1];
    if (open) return this.readSegment(segment.name);
    if (this.cached?.name !== segment.name)
      this.cached = { name: segment.name, entries: this.readSegment(segment.name) };
    return this.cached.entries;
  }

  /** Stops the timer, writes and fsyncs what is left (graceful stop); the segments stay until committed. */
  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.write();
    if (this.fd !== null) {
      fs.fdatasyncSync(this.fd);
      fs.closeSync(this.fd);
      this.fd = null;
    }
  }

  private current(): Segment {
    if (this.fd !== null) return this.segments[this.segments.length - 1]!;
    const first = this.pendingLastSeq - this.pendingLines + 1;
    const name = `clicks-${String(this.startedAt).padStart(13, '0')}-${String(Math.max(first, 0)).padStart(12, '0')}.ndjson`;
    this.fd = fs.openSync(path.join(this.dir, name), 'a');
    const segment = { name, bytes: 0, lastSeq: -1 };
    this.segments.push(segment);
    return segment;
  }

  private closeCurrent(): void {
    if (this.fd === null) return;
    const fd = this.fd;
    this.fd = null;
    fs.fdatasync(fd, () => fs.close(fd, () => undefined));
  }
}

const optionalText = (value: unknown) => value === undefined || value === null || typeof value === 'string';
const positiveInteger = (value: unknown) => Number.isSafeInteger(value) && (value as number) > 0;
const TEXT_FIELDS = ['subid', 'tc1', 'tc2', 'tc3', 'tc4', 'ip', 'country', 'userAgent', 'referrer', 'flags'] as const;

/** One journal line as an entry, or null when it is not a whole click (torn, damaged, or not what this code wrote). */
function parseEntry(line: string): JournalEntry | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const entry = value as Partial<JournalEntry>;
  const click = entry.click as Record<string, unknown> | undefined;
  if (!Number.isSafeInteger(entry.seq) || (entry.seq as number) < 0) return null;
  if (typeof click !== 'object' || click === null) return null;
  if (typeof click.clickId !== 'string' || click.clickId.length === 0) return null;
  if (!positiveInteger(click.offerId) || !positiveInteger(click.partnerId)) return null;
  if (typeof click.currency !== 'string' || !TEXT_FIELDS.every((field) => optionalText(click[field]))) return null;
  if (click.landingPageId !== undefined && click.landingPageId !== null && !positiveInteger(click.landingPageId)) return null; // prettier-ignore
  const createdAt = typeof click.createdAt === 'string' ? new Date(click.createdAt) : null;
  if (!createdAt || Number.isNaN(createdAt.getTime())) return null;
  if (entry.caps !== undefined && !(Array.isArray(entry.caps) && entry.caps.every((c) => /^\d+:\d+$/.test(String(c)))))
    return null;
  (click as { createdAt: Date }).createdAt = createdAt;
  return entry as JournalEntry;
}
