import { and, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { emailOutbox, smsOutbox } from '../db/schema.js';

/**
 * The timer and single-flight part shared by the outbox workers (mail, SMS): `drain()` runs the
 * worker's `sendDue()` at most once at a time, `start()` runs it periodically, `stop()` waits for
 * the round in flight. Each worker keeps its own claiming, sending and retry policy.
 */
export abstract class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  /** Sends what is due; resolves with how many messages left. */
  protected abstract sendDue(): Promise<number>;

  start(intervalMs = 1000): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.drain().catch(() => undefined), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** Sends every due message now; resolves with how many were sent. */
  async drain(): Promise<number> {
    if (this.running) return this.running;
    this.running = this.sendDue().finally(() => {
      this.running = null;
    });
    return this.running;
  }
}

/** The message outboxes: the same claiming columns (id, sent_at, next_attempt_at, attempts) under two names. */
type MessageOutbox = typeof emailOutbox | typeof smsOutbox;

/**
 * Claims up to `batch` due messages of an outbox (`FOR UPDATE SKIP LOCKED`, so several processes never take the same
 * row), counts the attempt and hides them for `leaseSeconds`: a crash mid-send retries them after the lease.
 */
export async function claimDueMessages<T extends MessageOutbox>(
  db: Db,
  outbox: T,
  options: { batch: number; leaseSeconds: number },
): Promise<T['$inferSelect'][]> {
  // Both tables declare these columns alike; one typing serves the query for either.
  const table = outbox as typeof emailOutbox;
  const rows = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(isNull(table.sentAt), lte(table.nextAttemptAt, new Date())))
      .orderBy(table.id)
      .limit(options.batch)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(table)
      .set({
        attempts: sql`${table.attempts} + 1`,
        nextAttemptAt: new Date(Date.now() + options.leaseSeconds * 1000),
      })
      .where(
        inArray(
          table.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
  return rows as T['$inferSelect'][];
}
