import { and, eq, exists, inArray, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { PostbackDeliveryStatus } from '@portal/contracts';
import type { DbOrTx } from '../../../db/client.js';
import { clicks, goals, postbackAttempts, postbackDeliveries, postbackOffers, postbacks } from '../../../db/schema.js';

/** A goal's name, for the {goal_name} macro. */
export async function goalNameOf(db: DbOrTx, goalId: number): Promise<string | null> {
  const [row] = await db.select({ name: goals.name }).from(goals).where(eq(goals.id, goalId)).limit(1);
  return row?.name ?? null;
}

/** The visitor's address of a click, for the {ip} macro: by its time when known (one partition), else by its id. */
export async function clickIpOf(db: DbOrTx, clickId: string, clickedAt: Date | null): Promise<string | null> {
  const where = clickedAt
    ? and(eq(clicks.clickId, clickId), eq(clicks.createdAt, clickedAt))
    : eq(clicks.clickId, clickId);
  const [row] = await db.select({ ip: clicks.ip }).from(clicks).where(where).limit(1);
  return row?.ip ?? null;
}

/** The postback outbox's SQL (decision 019): deliveries enqueued, claimed, attempted; the rules are in worker.ts. */

export type DeliveryRow = typeof postbackDeliveries.$inferSelect;
export type PostbackAttemptRow = typeof postbackAttempts.$inferSelect;
export type NewDelivery = typeof postbackDeliveries.$inferInsert;

/** What a conversion is matched on: its partner, offer, goal and sub-ID. */
export type DeliveryMatch = { partnerId: number; offerId: number; goalId: number | null; subid: string | null };

/**
 * The enabled postbacks of the partner that match the conversion: no offers or this offer, no goal or this goal, no
 * sub-ID or this sub-ID.
 */
export async function matchingPostbacks(tx: DbOrTx, conversion: DeliveryMatch): Promise<{ id: number; url: string }[]> {
  const boundToOffers = tx
    .select({ one: sql`1` })
    .from(postbackOffers)
    .where(eq(postbackOffers.postbackId, postbacks.id));
  const boundToThisOffer = tx
    .select({ one: sql`1` })
    .from(postbackOffers)
    .where(and(eq(postbackOffers.postbackId, postbacks.id), eq(postbackOffers.offerId, conversion.offerId)));
  const goalMatch =
    conversion.goalId === null
      ? isNull(postbacks.goalId)
      : or(isNull(postbacks.goalId), eq(postbacks.goalId, conversion.goalId));
  const subIdMatch =
    conversion.subid === null
      ? isNull(postbacks.subId)
      : or(isNull(postbacks.subId), eq(postbacks.subId, conversion.subid));
  return tx
    .select({ id: postbacks.id, url: postbacks.url })
    .from(postbacks)
    .where(
      and(
        eq(postbacks.partnerId, conversion.partnerId),
        eq(postbacks.enabled, true),
        or(notExists(boundToOffers), exists(boundToThisOffer)),
        goalMatch,
        subIdMatch,
      ),
    )
    .orderBy(postbacks.id);
}

/** Inserts pending deliveries; a repeat of the same event is dropped by the unique index. Answers how many were. */
export async function insertDeliveries(tx: DbOrTx, rows: NewDelivery[]): Promise<number> {
  const written = await tx
    .insert(postbackDeliveries)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: postbackDeliveries.id });
  return written.length;
}

/**
 * Locks up to `limit` due deliveries until `lockedUntil` and answers them: `FOR UPDATE SKIP LOCKED` keeps two workers
 * off the same rows while they claim (run it in a transaction). A delivery whose postback is disabled is not due.
 */
export async function claimDueDeliveries(
  tx: DbOrTx,
  now: Date,
  limit: number,
  lockedUntil: Date,
): Promise<DeliveryRow[]> {
  const due = await tx
    .select({ id: postbackDeliveries.id })
    .from(postbackDeliveries)
    .where(
      and(
        eq(postbackDeliveries.status, 'pending'),
        lte(postbackDeliveries.nextAttemptAt, now),
        or(isNull(postbackDeliveries.lockedUntil), lte(postbackDeliveries.lockedUntil, now)),
        sql`exists (select 1 from ${postbacks} where ${postbacks.id} = ${postbackDeliveries.postbackId} and ${postbacks.enabled})`,
      ),
    )
    .orderBy(postbackDeliveries.nextAttemptAt, postbackDeliveries.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  if (due.length === 0) return [];
  return tx
    .update(postbackDeliveries)
    .set({ lockedUntil })
    .where(
      inArray(
        postbackDeliveries.id,
        due.map((row) => row.id),
      ),
    )
    .returning();
}

/** Locks one delivery until `lockedUntil` unless another holds it now; undefined when unknown or held. */
export async function claimDelivery(
  db: DbOrTx,
  id: number,
  now: Date,
  lockedUntil: Date,
): Promise<DeliveryRow | undefined> {
  const [claimed] = await db
    .update(postbackDeliveries)
    .set({ lockedUntil })
    .where(
      and(
        eq(postbackDeliveries.id, id),
        or(isNull(postbackDeliveries.lockedUntil), lte(postbackDeliveries.lockedUntil, now)),
      ),
    )
    .returning();
  return claimed;
}

export async function deliveryExists(db: DbOrTx, id: number): Promise<boolean> {
  const [found] = await db
    .select({ id: postbackDeliveries.id })
    .from(postbackDeliveries)
    .where(eq(postbackDeliveries.id, id));
  return found !== undefined;
}

export async function insertAttempt(
  tx: DbOrTx,
  values: typeof postbackAttempts.$inferInsert,
): Promise<PostbackAttemptRow | undefined> {
  const [attempt] = await tx.insert(postbackAttempts).values(values).returning();
  return attempt;
}

/** One more attempt on the postback's counter. */
export async function countPostbackAttempt(tx: DbOrTx, postbackId: number): Promise<void> {
  await tx
    .update(postbacks)
    .set({ count: sql`${postbacks.count} + 1` })
    .where(eq(postbacks.id, postbackId));
}

export type DeliveryUpdate = {
  status: PostbackDeliveryStatus;
  attempts: number;
  lockedUntil: null;
  lastHttpStatus: number | null;
  lastError: string | null;
  updatedAt: Date;
  nextAttemptAt?: Date;
};

export async function updateDelivery(tx: DbOrTx, id: number, set: DeliveryUpdate): Promise<void> {
  await tx.update(postbackDeliveries).set(set).where(eq(postbackDeliveries.id, id));
}

/** Disables an enabled postback whose URL is gone; undefined when it was already disabled (a concurrent 410). */
export async function disableGonePostback(tx: DbOrTx, postbackId: number, now: Date) {
  const [disabled] = await tx
    .update(postbacks)
    .set({ enabled: false, disabledReason: 'gone', updatedAt: now })
    .where(and(eq(postbacks.id, postbackId), eq(postbacks.enabled, true)))
    .returning({ id: postbacks.id, name: postbacks.name, partnerId: postbacks.partnerId });
  return disabled;
}

/** The outbox's backlog for GET /metrics (issue 51): deliveries waiting, and the oldest one's creation (null: none). */
export async function pendingDeliveriesSummary(db: DbOrTx): Promise<{ pending: number; oldest: Date | null }> {
  const [row] = await db
    .select({ pending: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${postbackDeliveries.createdAt})` })
    .from(postbackDeliveries)
    .where(eq(postbackDeliveries.status, 'pending'));
  return { pending: Number(row?.pending ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}
