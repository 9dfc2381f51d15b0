import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { clicks } from '../../db/schema.js';
import { isoTime, unnestRows, type BulkColumn } from './bulk.js';
import { hourOf, RollupAccumulator, writeRejected, type RejectedKey } from './rollups.js';

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
  userAgent: string | null;
  referrer: string | null;
  createdAt: Date;
};

export type ClickBufferOptions = {
  /** How often the flusher runs (decision 015: 100 ms). */
  intervalMs?: number;
  /** A batch this large is written at once, without waiting for the timer. */
  maxBatch?: number;
  logger: FastifyBaseLogger;
};

/**
 * Clicks acknowledged by a redirect but not yet written. A flusher writes them in multi-row batches, each in
 * one transaction with its hourly rollups; a failed batch goes back to the front of the queue and is retried.
 */
export class ClickBuffer {
  private queue: BufferedClick[] = [];
  /** Every click not yet committed, including the batch being written, for the postback's look-up. */
  private readonly pending = new Map<string, BufferedClick>();
  private rejected = new Map<string, RejectedKey & { count: number }>();
  private chain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private readonly intervalMs: number;
  private readonly maxBatch: number;

  constructor(
    private readonly db: Db,
    private readonly options: ClickBufferOptions,
  ) {
    this.intervalMs = options.intervalMs ?? 100;
    this.maxBatch = options.maxBatch ?? 1000;
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

  push(click: BufferedClick): void {
    this.queue.push(click);
    this.pending.set(click.clickId, click);
    if (this.queue.length >= this.maxBatch) this.flushInBackground();
  }

  reject(key: RejectedKey): void {
    const id = `${key.hour.getTime()}\u0000${key.reason}\u0000${key.offerId}\u0000${key.partnerId}`;
    const row = this.rejected.get(id);
    if (row) row.count += 1;
    else this.rejected.set(id, { ...key, count: 1 });
  }

  /** A click acknowledged but not yet committed, if any. */
  find(clickId: string): BufferedClick | undefined {
    return this.pending.get(clickId);
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
      const rejected = this.rejected;
      this.rejected = new Map();
      try {
        await this.write(batch, [...rejected.values()]);
      } catch (error) {
        this.queue.unshift(...batch);
        for (const [id, row] of rejected) {
          const current = this.rejected.get(id);
          if (current) current.count += row.count;
          else this.rejected.set(id, row);
        }
        throw error;
      }
      for (const click of batch) this.pending.delete(click.clickId);
    }
  }

  private async write(batch: BufferedClick[], rejected: (RejectedKey & { count: number })[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (batch.length > 0) {
        const column = (name: string, type: string, value: (click: BufferedClick) => unknown): BulkColumn => [
          name,
          type,
          batch.map(value),
        ];
        await tx.execute(
          sql`insert into ${clicks} ${unnestRows([
            column('click_id', 'text', (c) => c.clickId),
            column('offer_id', 'int', (c) => c.offerId),
            column('partner_id', 'int', (c) => c.partnerId),
            column('subid', 'text', (c) => c.subid),
            column('tc1', 'text', (c) => c.tc1),
            column('tc2', 'text', (c) => c.tc2),
            column('tc3', 'text', (c) => c.tc3),
            column('tc4', 'text', (c) => c.tc4),
            column('ip', 'text', (c) => c.ip),
            column('user_agent', 'text', (c) => c.userAgent),
            column('referrer', 'text', (c) => c.referrer),
            column('created_at', 'timestamptz', (c) => isoTime(c.createdAt)),
          ])}`,
        );
        const rollups = new RollupAccumulator();
        for (const click of batch) rollups.add({ ...click, hour: hourOf(click.createdAt) }, { clicks: 1 });
        await rollups.write(tx);
      }
      await writeRejected(tx, rejected);
    });
  }
}
