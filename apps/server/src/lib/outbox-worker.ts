import type { Db } from '../db/client.js';
import { claimDueRows, type MessageOutbox } from './outbox.repository.js';

/**
 * The timer and single-flight part shared by the outbox workers (mail, SMS): `drain()` runs the
 * worker's `sendDue()` at most once at a time, `start()` runs it periodically, `stop()` waits for
 * the round in flight. Each worker keeps its own claiming, sending and retry policy.
 */
export abstract class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  /** The round that starts once the running one ends: the one a `drain()` made meanwhile waits for. */
  private next: Promise<number> | null = null;

  /** Sends what is due; resolves with how many messages left. */
  protected abstract sendDue(): Promise<number>;

  start(intervalMs = 1000): void {
    if (this.timer) return;
    // The timer's round is skipped while one runs: that one, or the next a drain() asked for, sends what is due.
    this.timer = setInterval(() => {
      if (!this.running) void this.drain().catch(() => undefined);
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
    await this.next?.catch(() => undefined);
  }

  /**
   * Sends every message due when it is called; resolves with how many were sent. A round already under way may have
   * claimed before the caller's messages were written (a request's own drain, then a test's or another request's):
   * the caller then waits for the round that starts after it, one for all who asked meanwhile.
   */
  async drain(): Promise<number> {
    if (!this.running) return this.startRound();
    this.next ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.next = null;
        return this.startRound();
      });
    return this.next;
  }

  private startRound(): Promise<number> {
    this.running = this.sendDue().finally(() => {
      this.running = null;
    });
    return this.running;
  }
}

/**
 * Claims up to `batch` due messages of an outbox (`FOR UPDATE SKIP LOCKED`, so several processes never take the same
 * row), counts the attempt and hides them for `leaseSeconds`: a crash mid-send retries them after the lease.
 */
export async function claimDueMessages<K extends MessageOutbox>(
  db: Db,
  outbox: K,
  options: { batch: number; leaseSeconds: number },
) {
  return db.transaction((tx) =>
    claimDueRows(tx, outbox, options.batch, new Date(Date.now() + options.leaseSeconds * 1000)),
  );
}

/** A worker whose round is a plain function: the daily digests' timers (decisions 072, 105). */
export class PeriodicRound extends OutboxWorker {
  constructor(private readonly round: () => Promise<number>) {
    super();
  }

  protected sendDue(): Promise<number> {
    return this.round();
  }
}
