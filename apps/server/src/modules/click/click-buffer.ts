import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import { capUsage, clicks, offerCaps } from '../../db/schema.js';
import { isDataException } from '../../lib/errors.js';
import { hourOf, RollupAccumulator, writeRejected, type RejectedKey } from '../rollups/index.js';
import { alertCap, nearlyReached } from '../caps/index.js';
import { ClickCapCounters, type CapRef } from './click-caps.js';

const ONE_CLICK = { clicks: 1 } as const;

/** Where a buffered click keeps the cap counters it took (issue 20). */
const CAP_REFS = Symbol('capRefs');
type CappedClick = BufferedClick & { [CAP_REFS]?: CapRef[] };

export type BufferedClick = {
  clickId: string;
  offerId: number;
  partnerId: number;
  /** The offer's currency: part of the rollup key. */
  currency: string;
  subid: string | null;
  tc1: string | null;
  tc2: string | null;
  tc3: string | null;
  tc4: string | null;
  ip: string | null;
  /** The visitor's country (issue 19), null when it could not be placed. */
  country: string | null;
  userAgent: string | null;
  referrer: string | null;
  createdAt: Date;
};

export type ClickBufferOptions = {
  /** How often the flusher runs (decision 015: 100 ms). */
  intervalMs?: number;
  /** A batch this large is written at once, without waiting for the timer. */
  maxBatch?: number;
  /** The clicks' clock (the app's `now`): which cap periods are current. */
  now?: () => number;
  logger: FastifyBaseLogger;
};

/**
 * Clicks acknowledged by a redirect but not yet written. A flusher writes them in multi-row batches, each in
 * one transaction with its hourly rollups; a failed batch goes back to the front of the queue and is retried.
 */
export class ClickBuffer {
  private queue: BufferedClick[] = [];
  /** The batch being written: with the queue, every click not yet committed (the postback's look-up). */
  private writing: BufferedClick[] = [];
  private rejected = new Map<string, RejectedKey & { count: number }>();
  private chain: Promise<void> = Promise.resolve();
  /** The process's click-cap counters (decision 045). */
  readonly caps = new ClickCapCounters();
  private timer: NodeJS.Timeout | null = null;
  private readonly intervalMs: number;
  private readonly maxBatch: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    private readonly options: ClickBufferOptions,
  ) {
    this.intervalMs = options.intervalMs ?? 100;
    this.maxBatch = options.maxBatch ?? 1000;
    this.now = options.now ?? Date.now;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.flushInBackground(), this.intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and writes everything still buffered (graceful shutdown). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  push(click: BufferedClick, caps?: CapRef[] | null): void {
    // The counters a capped click took ride on it under a symbol: JSON.stringify of the batch leaves them out.
    if (caps) (click as CappedClick)[CAP_REFS] = caps;
    this.queue.push(click);
    if (this.queue.length >= this.maxBatch) this.flushInBackground();
  }

  reject(key: RejectedKey, count = 1): void {
    const id = `${key.hour.getTime()}\u0000${key.reason}\u0000${key.offerId}\u0000${key.partnerId}`;
    const row = this.rejected.get(id);
    if (row) row.count += count;
    else
      this.rejected.set(id, {
        hour: key.hour,
        reason: key.reason,
        offerId: key.offerId,
        partnerId: key.partnerId,
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

  get size(): number {
    return this.queue.length;
  }

  /** Writes everything buffered so far; flushes run one after the other. */
  flush(): Promise<void> {
    const run = this.chain.then(() => this.drain());
    this.chain = run.catch(() => undefined);
    return run;
  }

  private flushInBackground(): void {
    if (this.queue.length === 0 && this.rejected.size === 0) return;
    this.flush().catch((err: unknown) => this.options.logger.error({ err }, 'click batch not written; retrying'));
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0 || this.rejected.size > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.writing = batch;
      const rejected = [...this.rejected.values()];
      this.rejected = new Map();
      try {
        await this.write(batch, rejected);
      } catch (error) {
        // A value the database refuses fails the whole batch: write it row by row instead, so that one bad row
        // cannot hold up every click after it. An outage puts the batch back, to be retried.
        if (!isDataException(error)) {
          this.putBack(batch, rejected);
          throw error;
        }
        await this.writeRowByRow(batch, rejected);
      }
      this.writing = [];
      // Let waiting requests in between batches: an embedded database writes on this very thread.
      if (this.queue.length > 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private async writeRowByRow(batch: BufferedClick[], rejected: (RejectedKey & { count: number })[]): Promise<void> {
    for (let i = -1; i < batch.length; i++) {
      try {
        // First the refused-traffic counts alone, then each click in its own transaction.
        await (i < 0 ? this.write([], rejected) : this.write([batch[i]!], []));
      } catch (error) {
        if (!isDataException(error)) {
          this.putBack(batch.slice(Math.max(i, 0)), i < 0 ? rejected : []);
          throw error;
        }
        this.options.logger.error({ err: error, click: batch[i] }, 'click dropped: the database refused its values');
      }
    }
  }

  private putBack(batch: BufferedClick[], rejected: (RejectedKey & { count: number })[]): void {
    this.queue.unshift(...batch);
    this.writing = [];
    for (const row of rejected) this.reject(row, row.count);
  }

  private async write(batch: BufferedClick[], rejected: (RejectedKey & { count: number })[]): Promise<void> {
    const written = new Map<CapRef, number>();
    if (this.caps.size > 0) {
      for (const click of batch) {
        const refs = (click as CappedClick)[CAP_REFS];
        if (refs) for (const ref of refs) written.set(ref, (written.get(ref) ?? 0) + 1);
      }
    }
    const now = this.now();
    const known = this.caps.size > 0 ? this.caps.known(now) : [];
    let readBack = new Map<CapRef, number>();
    await this.db.transaction(async (tx) => {
      if (batch.length > 0) {
        // The batch as one JSON parameter, the clicks as they are (decision 022): JSON.stringify is native, where
        // encoding twelve arrays element by element in the driver cost more than the rest of a click's work.
        await tx.execute(sql`insert into ${clicks}
          (click_id, offer_id, partner_id, subid, tc1, tc2, tc3, tc4, ip, country, user_agent, referrer, created_at)
          select "clickId", "offerId", "partnerId", subid, tc1, tc2, tc3, tc4, ip, country, "userAgent", referrer,
            "createdAt"
          from json_to_recordset(${JSON.stringify(batch)}::json) as x("clickId" text, "offerId" int, "partnerId" int,
            subid text, tc1 text, tc2 text, tc3 text, tc4 text, ip text, country text, "userAgent" text, referrer text,
            "createdAt" timestamptz)`);
        const rollups = new RollupAccumulator();
        for (const click of batch) rollups.add({ ...click, hour: hourOf(click.createdAt) }, ONE_CLICK);
        await rollups.write(tx);
      }
      await writeRejected(tx, rejected);
      if (written.size > 0 || known.length > 0) readBack = await syncCapUsage(tx, written, known, new Date(now));
    });
    this.caps.settle(written, readBack);
  }
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
  if (adds.length > 0) {
    await tx.execute(sql`insert into ${capUsage} (cap_id, period_start, used)
      select x."capId", x."periodStart", x.n
      from json_to_recordset(${JSON.stringify(adds)}::json) as x("capId" int, "periodStart" timestamptz, n bigint)
      where exists (select 1 from ${offerCaps} c where c.id = x."capId")
      order by x."capId"
      on conflict (cap_id, period_start) do update set used = ${capUsage}.used + excluded.used`);
  }
  const refs = [...new Set([...written.keys(), ...known])];
  const rows = await tx
    .select({
      capId: capUsage.capId,
      periodStart: capUsage.periodStart,
      used: capUsage.used,
      alertedAt: capUsage.alertedAt,
    }) // prettier-ignore
    .from(capUsage)
    .where(or(...refs.map((r) => and(eq(capUsage.capId, r.capId), eq(capUsage.periodStart, new Date(r.periodStart))))));
  const byKey = new Map(rows.map((r) => [`${r.capId}:${r.periodStart.getTime()}`, r]));
  const used = new Map<CapRef, number>();
  for (const ref of refs) {
    const row = byKey.get(`${ref.capId}:${ref.periodStart}`);
    if (!row) continue;
    used.set(ref, row.used);
    if (row.alertedAt === null && nearlyReached(row.used, ref.limit)) {
      await alertCap(tx, ref.capId, row.periodStart, row.used, now);
    }
  }
  return used;
}
