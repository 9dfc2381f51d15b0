import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import { isDataException, isUniqueViolation } from '../../lib/errors.js';
import { flaggedRows, KnownTrafficPairs, RollupAccumulator, type RejectedKey } from '../rollups/index.js';
import { alertCap, nearlyReached, partnerAlertLevel, tellPartnersOfCap } from '../caps/index.js';
import { ClickCapCounters, type CapRef } from './click-caps.js';
import { clickJson, type BufferedClick } from './buffered-click.js';
import type { ClickJournal, ClickText, JournalEntry } from './click-journal.js';
import { addCapUsage, capUsageRows, insertClicksOnce, writeClickBatch } from './click.repository.js';
import { VelocityCounter, settleVelocity, velocityToSync } from '../traffic/index.js';

/** Where a buffered click keeps the cap counters it took (decision 045). */
const CAP_REFS = Symbol('capRefs');
/** Its sequence number in the journal (decision 053). */
const SEQ = Symbol('seq');
/**
 * Its JSON, where the journal wrote it (decision 143: bytes in the journal's slab, off the heap): the batch insert
 * sends the same text (decision 120: serialised once).
 */
const JSON_TEXT = Symbol('json');
type CappedClick = BufferedClick & { [CAP_REFS]?: CapRef[]; [SEQ]?: number; [JSON_TEXT]?: ClickText };

export type ClickBufferOptions = {
  /** Told each batch's write time in seconds (the metrics' histogram, issue 51). */
  onBatchWritten?: ((seconds: number) => void) | undefined;
  /** How often the flusher runs (decision 015: 100 ms). */
  intervalMs?: number;
  /** A batch this large is written at once, without waiting for the timer. */
  maxBatch?: number;
  /** The clicks' clock (the app's `now`): which cap periods are current. */
  now?: () => number;
  logger: FastifyBaseLogger;
  /** The journal every click is appended to before the database (decision 053); none in memory-only tests. */
  journal?: ClickJournal | null;
  /** Clicks held in memory while the database is away; past it, they wait in the journal only (or are refused). */
  maxBuffered?: number;
  /** Told what a journal replay skipped: torn or corrupt lines, clicks whose values the database refused. */
  onReplaySkipped?: ((kind: 'torn' | 'corrupt' | 'refused', count: number) => void) | undefined;
  /**
   * Whether a batch's clicks go to the database as their bytes (decision 155): node-postgres sends a `Buffer` parameter
   * as it is, so the clicks' JSON is neither decoded into a string here nor encoded again by the driver. PostgreSQL
   * only; PGlite is given the text.
   */
  batchBytes?: boolean;
};

/** Which clicks a drain writes (decision 146): everything, a tick's, or whole batches only. */
type DrainMode = 'all' | 'tick' | 'full';

/** What a replay of the journal did (decision 107). */
export type ReplayTotals = {
  /** Clicks written. */
  replayed: number;
  /** Clicks the database held already. */
  present: number;
  /** Clicks whose values the database refused. */
  dropped: number;
  /** Lines that were not a whole click. */
  skippedLines: number;
  /** Segments left on disk for a later try (the database did not take them). */
  kept: number;
  /** Segments that could not be read at all. */
  unreadable: number;
};

const emptyTotals = (): ReplayTotals => ({ replayed: 0, present: 0, dropped: 0, skippedLines: 0, kept: 0, unreadable: 0 }); // prettier-ignore
/** Tries of one replayed batch at start before its segment is left for the background (100 ms × 2^n between). */
const REPLAY_TRIES = 5;
const LEFTOVERS_RETRY_MS = 5_000;

/** What the buffer holds and has refused: /healthz shows it. */
export type ClickBufferState = {
  buffered: number;
  journalBytes: number | null;
  /** Whether clicks are waiting in the journal only (the database was away for long). */
  spilled: boolean;
  refused: number;
  databaseUp: boolean;
};

/**
 * Clicks acknowledged by a redirect but not yet written. A flusher writes them in multi-row batches, each in
 * one transaction with its hourly rollups; a failed batch goes back to the front of the queue and is retried, with a
 * growing pause while the database is away. With a journal (decision 053), each click is appended to it before the
 * redirect and the journal is written before every batch, so that a hard kill loses at most one sync interval; past
 * `maxBuffered` clicks in memory (an outage), new clicks wait in the journal only and are read back from it, in
 * order, once the queue has drained. A full journal, or a full queue without one, refuses clicks (503).
 */
export class ClickBuffer {
  private queue: BufferedClick[] = [];
  /** The batch being written: with the queue, every click not yet committed (the postback's look-up). */
  private writing: BufferedClick[] = [];
  private rejected = new Map<string, RejectedKey & { count: number }>();
  private chain: Promise<void> = Promise.resolve();
  /** The process's click-cap counters (decision 045). */
  readonly caps = new ClickCapCounters();
  /** Clicks per (offer, address) this minute (decisions 083, 102): its counts ride on the batches like the caps'. */
  readonly velocity = new VelocityCounter();
  private timer: NodeJS.Timeout | null = null;
  private readonly intervalMs: number;
  private readonly maxBatch: number;
  /** How many clicks of the batch being written came from memory (those read back from the journal count there). */
  private writingFromMemory = 0;
  /** While stopping: when to leave the rest to the journal. */
  private stopBy: number | null = null;
  private readonly maxBuffered: number;
  private readonly now: () => number;
  private readonly journal: ClickJournal | null;
  private nextSeq = 0;
  /** The first click that waits in the journal only, or null while every uncommitted click is in memory. */
  private spillFrom: number | null = null;
  /** Clicks refused because neither memory nor the journal had room. */
  private refusedCount = 0;
  /** Consecutive failed writes (an outage): the next try waits 100 ms × 2^n, at most 5 s. */
  private failures = 0;
  private retryAt = 0;
  /**
   * A flush asked for by a full queue and not yet begun: the next clicks do not ask again. Before (decision 120), every
   * click pushed while the queue held a whole batch asked for one, each writing the journal on the spot.
   */
  private fullFlushAsked = false;
  /** Segments of an earlier process not yet replayed (the database did not take them at start), and when to retry. */
  private unreplayed: string[] = [];
  private leftoversRetryAt = 0;
  /** Segments whose skipped lines were reported already (a retried segment reports them once). */
  private readonly reported = new Set<string>();
  /** The (partner, offer) pairs committed to `partner_offer_traffic` by this process: later batches leave them out. */
  private readonly trafficPairs = new KnownTrafficPairs();

  constructor(
    private readonly db: Db,
    private readonly options: ClickBufferOptions,
  ) {
    this.intervalMs = options.intervalMs ?? 100;
    this.maxBatch = options.maxBatch ?? 1000;
    this.maxBuffered = options.maxBuffered ?? 50_000;
    this.now = options.now ?? Date.now;
    this.journal = options.journal ?? null;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.flushInBackground(), this.intervalMs);
    this.timer.unref();
    this.journal?.start();
  }

  /**
   * Stops the timer and writes what is still buffered (graceful shutdown). With a journal, the writing stops after
   * `budgetMs` (a backlog read back after an outage can take longer than the process is given to stop): what is left
   * stays in the journal, as it does when the database is away, for the next start to write.
   */
  async stop(budgetMs = 5_000): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.retryAt = 0;
    if (this.journal) this.stopBy = Date.now() + budgetMs;
    try {
      await this.flush();
      if (this.size > 0)
        this.options.logger.warn(`clicks not written in time: ${this.size} left in the journal for the next start`);
    } catch (error) {
      if (!this.journal) throw error;
      this.options.logger.error(
        { err: error },
        `clicks not written: ${this.size} left in the journal for the next start`,
      );
    } finally {
      this.journal?.close();
    }
  }

  /** Records a click; false when it cannot be kept (memory and journal full): the caller answers 503. */
  push(click: BufferedClick, caps?: CapRef[] | null): boolean {
    const seq = this.nextSeq;
    let text: ClickText | null = null;
    if (this.journal) {
      const capKeys = caps ? caps.map((ref) => `${ref.capId}:${ref.periodStart}`) : undefined;
      text = this.journal.appendText(seq, clickJson(click), capKeys);
      if (text === null) return this.refuse(caps);
    } else if (this.queue.length >= this.maxBuffered) return this.refuse(caps);
    this.nextSeq++;
    // Past the memory bound (an outage), clicks wait in the journal only, and stay there until the queue has drained.
    if (this.spillFrom === null && this.queue.length >= this.maxBuffered) this.spillFrom = seq;
    if (this.spillFrom !== null) return true;
    // The counters a capped click took ride on it under a symbol: JSON.stringify of the batch leaves them out.
    const held = click as CappedClick;
    if (caps) held[CAP_REFS] = caps;
    held[SEQ] = seq;
    if (text !== null) held[JSON_TEXT] = text;
    this.queue.push(click);
    // A whole batch waits: written at once rather than at the next tick, asked for once (not once per click).
    if (this.queue.length >= this.maxBatch && !this.fullFlushAsked) {
      this.fullFlushAsked = true;
      this.flushInBackground('full');
    }
    return true;
  }

  /**
   * Runs `then` once the clicks pushed so far are in the journal (decision 132): a click's redirect is sent from
   * here, so no click is acknowledged that a kill -9 can take. At once without a journal, or when nothing waits.
   */
  afterJournal(then: () => void): void {
    if (this.journal) this.journal.afterWrite(then);
    else then();
  }

  private refuse(caps?: CapRef[] | null): false {
    // The counters the click took are given back: it was not admitted after all.
    if (caps) for (const ref of caps) ref.local = Math.max(ref.local - 1, 0);
    if (this.refusedCount++ % 1000 === 0) {
      this.options.logger.error(
        { refused: this.refusedCount },
        'clicks refused: the click buffer and journal are full',
      );
    }
    return false;
  }

  reject(key: RejectedKey, count = 1): void {
    const id = `${key.hour.getTime()}\u0000${key.reason}\u0000${key.offerId}\u0000${key.partnerId}\u0000${key.landingPageId}`;
    const row = this.rejected.get(id);
    if (row) row.count += count;
    else
      this.rejected.set(id, {
        hour: key.hour,
        reason: key.reason,
        offerId: key.offerId,
        partnerId: key.partnerId,
        landingPageId: key.landingPageId,
        count,
      });
  }

  /**
   * A click acknowledged but not yet committed, if any. A scan, not an index: postbacks are rare beside clicks
   * and seldom arrive within the ~100 ms a click waits, so the redirect does not pay for a map (decision 022).
   */
  find(clickId: string): BufferedClick | undefined {
    const match = (click: BufferedClick) => click.clickId === clickId;
    return this.queue.find(match) ?? this.writing.find(match);
  }

  /** Whether clicks wait in the journal only: a click not found may still be among them (the postback answers 503). */
  get catchingUp(): boolean {
    return this.spillFrom !== null;
  }

  /** Clicks acknowledged and not yet committed: queued, being written from memory, or waiting in the journal. */
  get size(): number {
    return this.queue.length + this.writingFromMemory + (this.spillFrom === null ? 0 : this.nextSeq - this.spillFrom);
  }

  get state(): ClickBufferState {
    return {
      buffered: this.size,
      journalBytes: this.journal ? this.journal.bytes : null,
      spilled: this.spillFrom !== null,
      refused: this.refusedCount,
      databaseUp: this.failures === 0,
    };
  }

  /** Writes everything buffered so far; flushes run one after the other. */
  flush(): Promise<void> {
    return this.flushAs('all');
  }

  private flushAs(mode: DrainMode): Promise<void> {
    const run = this.chain.then(() => this.drain(mode));
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** The timer's flush (`tick`: what is queued, then whole batches only) or a full queue's (`full`: whole batches). */
  private flushInBackground(mode: DrainMode = 'tick'): void {
    // The journal is written on every tick, whatever the database does.
    this.journal?.write();
    if (this.unreplayed.length > 0 && Date.now() >= this.leftoversRetryAt) this.retryLeftovers();
    if (this.queue.length === 0 && this.rejected.size === 0 && this.spillFrom === null) return;
    if (Date.now() < this.retryAt) return;
    this.flushAs(mode).catch((err: unknown) => {
      // One line when the database goes away, not one every tick.
      if (this.failures === 1) this.options.logger.error({ err }, 'click batch not written; retrying');
    });
  }

  private failed(): void {
    this.failures++;
    this.retryAt = Date.now() + Math.min(100 * 2 ** Math.min(this.failures, 6), 5000);
  }

  private succeeded(): void {
    if (this.failures > 0) this.options.logger.warn({ failures: this.failures }, 'click batches written again');
    this.failures = 0;
    this.retryAt = 0;
  }

  /**
   * Writes the queue in batches of at most `maxBatch`. `all` (a `flush()`: stopping, tests) writes everything; the
   * timer's `tick` writes what is queued then carries on only while a whole batch waits, and a full queue's `full`
   * writes whole batches only (decision 146). Before, every drain carried on until the queue was empty, so at a high
   * rate each batch took what had arrived while the last one was written: the faster the database answered, the
   * smaller the batches (~300 clicks on a quiet machine) and the dearer each click in PostgreSQL (30 µs against 9–12
   * under load, where batches were full). What is left waits for the next tick (`intervalMs`), in the journal already.
   */
  private async drain(mode: DrainMode): Promise<void> {
    this.fullFlushAsked = false;
    // The clicks of the batches below are on disk before the database sees them.
    this.journal?.write();
    for (let batches = 0; ; batches++) {
      // Stopping, past its budget: the rest waits in the journal (the first batch carries the refused-traffic counts).
      if (batches > 0 && this.stopBy !== null && Date.now() >= this.stopBy) return;
      // A part batch waits for the next tick (not while stopping, nor while clicks wait in the journal only: those are
      // read back, in order, once the queue has drained).
      const partWaits = mode === 'full' || (mode === 'tick' && batches > 0);
      if (partWaits && this.queue.length < this.maxBatch && this.stopBy === null && this.spillFrom === null) return;
      if (this.queue.length > 0 || this.rejected.size > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        // Still waiting while it is written (a write can wait seconds for a connection that is not coming).
        this.writingFromMemory = batch.length;
        try {
          await this.writeBatch(batch, false, () => this.putBack(batch));
        } finally {
          this.writingFromMemory = 0;
        }
        continue;
      }
      if (this.spillFrom === null || !this.journal) return;
      // The queue has drained: read back what waited in the journal only, in order. Nothing awaits between the read
      // that comes back empty and the switch back to memory, so no click can fall between the two.
      const entries = this.journal.readFrom(this.spillFrom, this.maxBatch);
      if (entries.length === 0) {
        this.spillFrom = null;
        return;
      }
      const batch = entries.map((entry) => this.revive(entry));
      await this.writeBatch(batch, true, () => {
        this.writing = [];
      });
      this.spillFrom = entries[entries.length - 1]!.seq + 1;
    }
  }

  /** One batch and the refused-traffic counts, then the journal told what is committed. */
  private async writeBatch(batch: BufferedClick[], idempotent: boolean, undo: () => void): Promise<void> {
    this.writing = batch;
    const rejected = [...this.rejected.values()];
    this.rejected = new Map();
    const started = performance.now();
    let once = idempotent;
    try {
      await this.write(batch, rejected, once).catch((error: unknown) => {
        // Clicks of this batch the table holds already: an earlier write of it committed and its answer was lost (a
        // connection cut after the commit, decision 132). Written again skipping them, not retried for ever.
        if (once || !isUniqueViolation(error)) throw error;
        once = true;
        return this.write(batch, rejected, true);
      });
      this.options.onBatchWritten?.((performance.now() - started) / 1000);
    } catch (error) {
      // A value the database refuses fails the whole batch: write it row by row instead, so that one bad row
      // cannot hold up every click after it. An outage puts the batch back, to be retried.
      if (!isDataException(error)) {
        undo();
        for (const row of rejected) this.reject(row, row.count);
        this.failed();
        throw error;
      }
      await this.writeRowByRow(batch, rejected, once);
    }
    this.succeeded();
    this.writing = [];
    const last = batch[batch.length - 1] as CappedClick | undefined;
    if (last?.[SEQ] !== undefined) this.journal?.committed(last[SEQ]);
    // Let waiting requests in between batches: an embedded database writes on this very thread.
    await new Promise((resolve) => setImmediate(resolve));
  }

  /** A journal entry as a buffered click: its caps resolved to this process's counters where it still has them. */
  private revive(entry: JournalEntry): BufferedClick {
    const click = entry.click as CappedClick;
    click[SEQ] = entry.seq;
    if (entry.caps) click[CAP_REFS] = entry.caps.map((key) => this.caps.ref(key));
    return click;
  }

  /**
   * Writes what an earlier process left in the journal (a hard kill, or an outage it did not outlive), skipping the
   * clicks the database already holds, then deletes it: before the server listens (decision 053). Never fatal
   * (decision 107): a line that is not a whole click is skipped and reported, the rest replayed; a click whose values
   * the database refuses is dropped and reported; a batch the database could not take (a deadlock, a lost connection)
   * is retried a few times, and past that its segment stays on disk and is replayed in the background, from the flush
   * timer, until it is written.
   */
  async recover(): Promise<ReplayTotals> {
    const totals = emptyTotals();
    if (!this.journal) return totals;
    await this.replaySegments(this.journal.leftovers(), totals, REPLAY_TRIES);
    this.reportReplay(totals);
    return totals;
  }

  /** Segments of an earlier process that a start could not write: retried from the flush timer. */
  get leftoversWaiting(): number {
    return this.unreplayed.length;
  }

  private reportReplay(totals: ReplayTotals): void {
    if (totals.replayed + totals.present > 0) {
      this.options.logger.warn(totals, 'click journal replayed: clicks an earlier process acknowledged are written');
    }
    if (totals.kept > 0) {
      this.options.logger.error(
        totals,
        'click journal not all replayed: the database did not take it; its segments stay on disk and are retried',
      );
    }
  }

  private async replaySegments(names: string[], totals: ReplayTotals, tries: number): Promise<void> {
    const journal = this.journal!;
    for (const name of names) {
      let read: ReturnType<ClickJournal['readSegmentChecked']>;
      try {
        read = journal.readSegmentChecked(name);
      } catch (error) {
        // Not readable at all (permissions, a folder in its place): left where it is for an operator to look at.
        totals.unreadable++;
        this.options.logger.error({ err: error, segment: name }, 'click journal segment not readable: left on disk');
        continue;
      }
      if (read.skipped.length > 0 && !this.reported.has(name)) {
        this.reported.add(name);
        for (const kind of ['torn', 'corrupt'] as const) {
          const lines = read.skipped.filter((line) => line.kind === kind).map((line) => line.line);
          if (lines.length === 0) continue;
          totals.skippedLines += lines.length;
          this.options.onReplaySkipped?.(kind, lines.length);
          // A torn last line is what a kill leaves (its click was never acknowledged); anything else is damage.
          const message =
            kind === 'torn'
              ? 'click journal: a torn last line skipped (a write cut by the kill; its click was not acknowledged)'
              : 'click journal: lines that are not a whole click skipped; the rest of the segment is replayed';
          this.options.logger[kind === 'torn' ? 'warn' : 'error']({ segment: name, lines }, message);
        }
      }
      try {
        for (let i = 0; i < read.entries.length; i += this.maxBatch) {
          const batch = read.entries.slice(i, i + this.maxBatch).map((entry) => {
            const click = entry.click as CappedClick;
            if (entry.caps) click[CAP_REFS] = entry.caps.map((key) => this.caps.ref(key));
            return click;
          });
          const written = await this.replayBatch(batch, tries);
          totals.replayed += written.inserted;
          totals.present += batch.length - written.inserted - written.dropped;
          totals.dropped += written.dropped;
        }
      } catch (error) {
        // Idempotent: what this segment already wrote is skipped when it is read again.
        totals.kept++;
        this.unreplayed.push(name);
        this.options.logger.error({ err: error, segment: name }, 'click journal segment not replayed; retrying later');
        continue;
      }
      journal.remove(name);
      this.reported.delete(name);
    }
  }

  /** One replayed batch, retried past a transient failure; a value the database refuses drops only its click. */
  private async replayBatch(batch: BufferedClick[], tries: number): Promise<{ inserted: number; dropped: number }> {
    for (let attempt = 1; ; attempt++) {
      try {
        return { inserted: await this.write(batch, [], true), dropped: 0 };
      } catch (error) {
        if (isDataException(error)) break;
        if (attempt >= tries) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
      }
    }
    let inserted = 0;
    let dropped = 0;
    for (const click of batch) {
      try {
        inserted += await this.write([click], [], true);
      } catch (error) {
        if (!isDataException(error)) throw error;
        dropped++;
        this.options.onReplaySkipped?.('refused', 1);
        this.options.logger.error({ err: error, click }, 'click dropped: the database refused its values');
      }
    }
    return { inserted, dropped };
  }

  /** The start's left-over segments again, one at a time with the flushes, every few seconds until written. */
  private retryLeftovers(): void {
    const names = this.unreplayed;
    this.unreplayed = [];
    this.leftoversRetryAt = Number.POSITIVE_INFINITY;
    const run = this.chain.then(async () => {
      const totals = emptyTotals();
      await this.replaySegments(names, totals, 1);
      if (totals.replayed + totals.present > 0)
        this.options.logger.warn(totals, 'click journal replayed: clicks an earlier process acknowledged are written');
    });
    this.chain = run.catch(() => undefined);
    void run.finally(() => (this.leftoversRetryAt = Date.now() + LEFTOVERS_RETRY_MS)).catch(() => undefined);
  }

  private async writeRowByRow(
    batch: BufferedClick[],
    rejected: (RejectedKey & { count: number })[],
    idempotent: boolean,
  ): Promise<void> {
    for (let i = -1; i < batch.length; i++) {
      try {
        // First the refused-traffic counts alone, then each click in its own transaction.
        await (i < 0 ? this.write([], rejected, idempotent) : this.write([batch[i]!], [], idempotent));
      } catch (error) {
        if (!isDataException(error)) {
          // An outage midway: the rest goes back and waits for the backoff, as a whole batch would.
          this.putBack(batch.slice(Math.max(i, 0)), i < 0 ? rejected : []);
          this.failed();
          throw error;
        }
        this.options.logger.error({ err: error, click: batch[i] }, 'click dropped: the database refused its values');
      }
    }
  }

  private putBack(batch: BufferedClick[], rejected: (RejectedKey & { count: number })[] = []): void {
    // Clicks read back from the journal are not queued: they are read again from there.
    const queued =
      this.spillFrom === null ? batch : batch.filter((c) => ((c as CappedClick)[SEQ] ?? -1) < this.spillFrom!);
    this.queue.unshift(...queued);
    this.writing = [];
    for (const row of rejected) this.reject(row, row.count);
  }

  /** A batch's clicks as the statement's parameter: their bytes where the driver takes them (decision 155), else text. */
  private clicksOf(batch: BufferedClick[]): string | Buffer {
    if (this.options.batchBytes) return batchBytes(batch) ?? batchJsonOf(batch);
    return batchJson(batch);
  }

  /**
   * One statement (decision 128): the clicks, their rollups and flagged counts, refused-traffic counts and the velocity
   * counts, its text fixed and each table's rows one JSON parameter, the rollups summed here first. A batch with caps
   * to count or read back runs it in a transaction with `cap_usage` (the caps first, the rollups' row locks last,
   * decision 107). `idempotent` (a replay) inserts the clicks first in that transaction, skipping those the database
   * already holds, and counts only the others. Answers how many clicks were inserted.
   */
  private async write(
    batch: BufferedClick[],
    rejected: (RejectedKey & { count: number })[],
    idempotent = false,
  ): Promise<number> {
    const now = this.now();
    const known = this.caps.size > 0 ? this.caps.known(now) : [];
    const velocity = velocityToSync(this.velocity, now);
    const pairs = this.trafficPairs.unknownOf(batch);
    let readBack = new Map<CapRef, number>();
    let written = new Map<CapRef, number>();
    const inputOf = (counted: BufferedClick[], clicks: string | Buffer) => {
      const rollups = new RollupAccumulator();
      for (const click of counted) rollups.addClickAt(click.createdAt, click);
      const flagged = flaggedOf(counted);
      return {
        clicks,
        pairs,
        velocity: velocity.adds,
        purgeVelocityBefore: velocity.purge,
        rejected,
        hourly: rollups.hourlyRows(),
        flagged: flagged.length > 0 ? flaggedRows('click', flagged) : [],
      };
    };
    const capped = known.length > 0 || batch.some((click) => (click as CappedClick)[CAP_REFS] !== undefined);
    let counted = batch;
    let sums: Awaited<ReturnType<typeof writeClickBatch>>;
    if (!capped && !idempotent) sums = await writeClickBatch(this.db, inputOf(batch, this.clicksOf(batch)));
    else {
      sums = await this.db.transaction(async (tx) => {
        if (idempotent) {
          const ids = await insertClicksOnce(tx, batchJson(batch));
          counted = batch.filter((click) => ids.has(click.clickId));
        }
        if (capped) {
          written = new Map<CapRef, number>();
          for (const click of counted) {
            const refs = (click as CappedClick)[CAP_REFS];
            if (refs) for (const ref of refs) written.set(ref, (written.get(ref) ?? 0) + 1);
          }
          if (written.size > 0 || known.length > 0) readBack = await syncCapUsage(tx, written, known, new Date(now));
        }
        return writeClickBatch(tx, inputOf(counted, idempotent ? '[]' : this.clicksOf(batch)));
      });
    }
    // Known once committed: a batch rolled back leaves its pairs to the next one.
    this.trafficPairs.add(pairs);
    this.caps.settle(written, readBack);
    settleVelocity(this.velocity, velocity.deltas, sums);
    return counted.length;
  }
}

const HOUR_MS = 3_600_000;

/**
 * The flagged clicks of a batch as `flaggedRows` reads them: each flags text split once per batch, not per click, and
 * a run of alike flagged clicks (the same hour, flags, offer, partner and page) one item with its count (decision 152).
 */
export function flaggedOf(clicks: BufferedClick[]) {
  const rulesOf = new Map<string, string[]>();
  const flagged: { createdAt: Date; offerId: number; partnerId: number; landingPageId?: number | null | undefined; rules: string[]; count: number }[] = []; // prettier-ignore
  let last: BufferedClick | null = null;
  let lastHour = Number.NaN;
  for (const click of clicks) {
    if (!click.flags) continue;
    const hour = Math.floor(click.createdAt.getTime() / HOUR_MS);
    if (
      last !== null &&
      hour === lastHour &&
      click.flags === last.flags &&
      click.offerId === last.offerId &&
      click.partnerId === last.partnerId &&
      (click.landingPageId ?? 0) === (last.landingPageId ?? 0)
    ) {
      flagged[flagged.length - 1]!.count++;
      continue;
    }
    let rules = rulesOf.get(click.flags);
    if (!rules) rulesOf.set(click.flags, (rules = click.flags.split(',')));
    flagged.push({ createdAt: click.createdAt, offerId: click.offerId, partnerId: click.partnerId, landingPageId: click.landingPageId, rules, count: 1 }); // prettier-ignore
    last = click;
    lastHour = hour;
  }
  return flagged;
}

/**
 * The batch as the JSON array the insert reads: the clicks' own texts as the journal wrote them (decision 120), copied
 * from its slabs into one buffer (decision 143), or null when a click has no text there (clicks read back from the
 * journal, a buffer without one). node-postgres sends the buffer as it is (decision 155).
 */
function batchBytes(batch: BufferedClick[]): Buffer | null {
  let bytes = batch.length + 1; // the brackets and the commas
  for (const click of batch) {
    const text = (click as CappedClick)[JSON_TEXT];
    if (text === undefined) return null;
    bytes += text.end - text.start;
  }
  const out = Buffer.allocUnsafeSlow(Math.max(bytes, 2));
  let at = 0;
  out[at++] = 0x5b; // '['
  for (let i = 0; i < batch.length; i++) {
    const text = (batch[i] as CappedClick)[JSON_TEXT]!;
    if (i > 0) out[at++] = 0x2c; // ','
    at += text.slab.copy(out, at, text.start, text.end);
  }
  out[at++] = 0x5d; // ']'
  return out.subarray(0, at);
}

/** `batchBytes` decoded once (PGlite), else serialised here, each click as `clickJson` makes it. */
function batchJson(batch: BufferedClick[]): string {
  return batchBytes(batch)?.toString('utf8') ?? batchJsonOf(batch);
}

/** `batchJson` of clicks some of which have no text in the journal: each made or decoded as a string. */
function batchJsonOf(batch: BufferedClick[]): string {
  let json = '[';
  for (let i = 0; i < batch.length; i++) {
    const click = batch[i] as CappedClick;
    const text = click[JSON_TEXT];
    const own = text ? text.slab.toString('utf8', text.start, text.end) : clickJson(click);
    json += i === 0 ? own : `,${own}`;
  }
  return `${json}]`;
}

/**
 * Adds a batch's capped clicks to `cap_usage` (of caps that still exist) and reads back every counter this process
 * knows, in the batch's transaction: the others' clicks arrive with it (decision 045). A counter at 90 % alerts, once.
 */
async function syncCapUsage(
  tx: DbOrTx,
  written: Map<CapRef, number>,
  known: CapRef[],
  now: Date,
): Promise<Map<CapRef, number>> {
  const adds = [...written].map(([ref, n]) => ({
    capId: ref.capId,
    periodStart: new Date(ref.periodStart).toISOString(),
    n,
  }));
  await addCapUsage(tx, adds);
  const refs = [...new Set([...written.keys(), ...known])];
  const rows = await capUsageRows(
    tx,
    refs.map((r) => ({ capId: r.capId, periodStart: new Date(r.periodStart) })),
  );
  const byKey = new Map(rows.map((r) => [`${r.capId}:${r.periodStart.getTime()}`, r]));
  const used = new Map<CapRef, number>();
  for (const ref of refs) {
    const row = byKey.get(`${ref.capId}:${ref.periodStart}`);
    if (!row) continue;
    used.set(ref, row.used);
    if (row.alertedAt === null && nearlyReached(row.used, ref.limit)) {
      await alertCap(tx, ref.capId, row.periodStart, row.used, now);
    }
    // The partners under the cap, at 80 % and at 100 % (decision 105).
    const level = partnerAlertLevel(row.used, ref.limit);
    if (level > row.partnerAlertPercent) await tellPartnersOfCap(tx, ref.capId, row.periodStart, row.used, level, now);
  }
  return used;
}
