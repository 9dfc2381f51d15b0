import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { emailOutbox, smsOutbox } from '../db/schema.js';

/**
 * The message outboxes' SQL (mail and SMS, decision 010's outbox): rows written in the caller's transaction, claimed
 * and marked by the workers in mailer.ts and sms.ts. Infrastructure tables: no domain here.
 */

/** The message outboxes: the same claiming columns (id, sent_at, next_attempt_at, attempts) under two names. */
const OUTBOXES = { mail: emailOutbox, sms: smsOutbox };
export type MessageOutbox = keyof typeof OUTBOXES;
export type MailRow = typeof emailOutbox.$inferInsert;
export type SmsRow = typeof smsOutbox.$inferInsert;

/**
 * Locks up to `batch` due messages of an outbox (`FOR UPDATE SKIP LOCKED`, so several processes never take the same
 * row; run it in a transaction), counts the attempt and hides them until `leaseUntil`.
 */
export async function claimDueRows<K extends MessageOutbox>(
  tx: DbOrTx,
  outbox: K,
  batch: number,
  leaseUntil: Date,
): Promise<(typeof OUTBOXES)[K]['$inferSelect'][]> {
  // Both tables declare these columns alike; one typing serves the query for either.
  const table = OUTBOXES[outbox] as typeof emailOutbox;
  const due = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(isNull(table.sentAt), lte(table.nextAttemptAt, new Date())))
    .orderBy(table.id)
    .limit(batch)
    .for('update', { skipLocked: true });
  if (due.length === 0) return [];
  const rows = await tx
    .update(table)
    .set({ attempts: sql`${table.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(
      inArray(
        table.id,
        due.map((d) => d.id),
      ),
    )
    .returning();
  return rows as (typeof OUTBOXES)[K]['$inferSelect'][];
}

export async function insertMail(tx: DbOrTx, row: MailRow): Promise<void> {
  await tx.insert(emailOutbox).values(row);
}

/** A mail has left: its body (which may hold a one-time link) is not kept. */
export async function markMailSent(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(emailOutbox).set({ sentAt: at, text: '', html: null, lastError: null }).where(eq(emailOutbox.id, id));
}

export async function markMailFailed(db: DbOrTx, id: number, lastError: string, nextAttemptAt: Date): Promise<void> {
  await db.update(emailOutbox).set({ lastError, nextAttemptAt }).where(eq(emailOutbox.id, id));
}

export async function insertSms(tx: DbOrTx, row: SmsRow): Promise<void> {
  await tx.insert(smsOutbox).values(row);
}

/** An SMS has left: its text (a one-time code) is not kept. */
export async function markSmsSent(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(smsOutbox).set({ sentAt: at, text: '', lastError: null }).where(eq(smsOutbox.id, id));
}

export async function markSmsFailed(db: DbOrTx, id: number, lastError: string, nextAttemptAt: Date): Promise<void> {
  await db.update(smsOutbox).set({ lastError, nextAttemptAt }).where(eq(smsOutbox.id, id));
}
