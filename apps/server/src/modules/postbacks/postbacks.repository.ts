import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type {
  Postback,
  PostbackAttempt,
  PostbackBody,
  PostbackDeliveryStatus,
  PostbackGroup,
  PostbackPatch,
  PostbackStats,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import {
  goals,
  offers,
  partnerOffers,
  partnerPostbackSecrets,
  postbackAttempts,
  postbackDeliveries,
  postbackOffers,
  postbacks,
} from '../../db/schema.js';
import type { FieldErrors } from '../../lib/errors.js';
import { offerViewerOf, viewerApplication, visibleToViewer } from '../offers/index.js';

type Row = typeof postbacks.$inferSelect;

async function goalsOf(db: DbOrTx, rows: Row[]) {
  const ids = [...new Set(rows.map((row) => row.goalId).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map<number, { id: number; identifier: string; name: string }>();
  const list = await db
    .select({ id: goals.id, identifier: goals.identifier, name: goals.name })
    .from(goals)
    .where(inArray(goals.id, ids));
  return new Map(list.map((goal) => [goal.id, goal]));
}

async function offersOf(db: DbOrTx, rows: Row[]) {
  const byPostback = new Map<number, { id: number; name: string }[]>(rows.map((row) => [row.id, []]));
  if (rows.length === 0) return byPostback;
  const links = await db
    .select({ postbackId: postbackOffers.postbackId, id: offers.id, name: offers.name })
    .from(postbackOffers)
    .innerJoin(offers, eq(offers.id, postbackOffers.offerId))
    .where(
      inArray(
        postbackOffers.postbackId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(offers.name, offers.id);
  for (const link of links) byPostback.get(link.postbackId)?.push({ id: link.id, name: link.name });
  return byPostback;
}

/** Rows as spec section 3's Postback, with `goal` and `offers` when the groups name them. */
async function toDtos(db: DbOrTx, rows: Row[], groups: readonly PostbackGroup[]): Promise<Postback[]> {
  const goalById = groups.includes('goal') ? await goalsOf(db, rows) : null;
  const offersById = groups.includes('offers') ? await offersOf(db, rows) : null;
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    partnerId: row.partnerId,
    subId: row.subId,
    goalId: row.goalId,
    ...(goalById ? { goal: row.goalId === null ? null : (goalById.get(row.goalId) ?? null) } : {}),
    url: row.url,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    count: row.count,
    ...(offersById ? { offers: offersById.get(row.id) ?? [] } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** The partner's postbacks, newest first. */
export async function listPostbacks(
  db: DbOrTx,
  partnerId: number,
  groups: readonly PostbackGroup[],
): Promise<Postback[]> {
  const rows = await db
    .select()
    .from(postbacks)
    .where(eq(postbacks.partnerId, partnerId))
    .orderBy(desc(postbacks.createdAt), desc(postbacks.id));
  return toDtos(db, rows, groups);
}

/** One of the partner's postbacks; another partner's is as absent as one that never existed. */
export async function findPostbackRow(db: DbOrTx, partnerId: number, id: number): Promise<Row | null> {
  const [row] = await db
    .select()
    .from(postbacks)
    .where(and(eq(postbacks.id, id), eq(postbacks.partnerId, partnerId)))
    .limit(1);
  return row ?? null;
}

export async function findPostback(
  db: DbOrTx,
  partnerId: number,
  id: number,
  groups: readonly PostbackGroup[] = ['goal', 'offers'],
): Promise<Postback | null> {
  const row = await findPostbackRow(db, partnerId, id);
  if (!row) return null;
  const [dto] = await toDtos(db, [row], groups);
  return dto ?? null;
}

export async function postbackCount(db: DbOrTx, partnerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(postbacks).where(eq(postbacks.partnerId, partnerId));
  return Number(row?.n ?? 0);
}

/**
 * Per-field errors of the goal and offers a body names: the goal must exist, and every offer must be one the
 * partner may run (visible under decision 006 and, when it requires approval, with an active application).
 */
export async function referenceErrors(
  db: DbOrTx,
  partnerId: number,
  body: { goalId?: number | null | undefined; offers?: number[] | undefined },
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (body.goalId !== undefined && body.goalId !== null) {
    const [goal] = await db.select({ id: goals.id }).from(goals).where(eq(goals.id, body.goalId)).limit(1);
    if (!goal) errors.goalId = 'This goal does not exist.';
  }
  const wanted = body.offers ?? [];
  if (wanted.length > 0) {
    const viewer = await offerViewerOf(db, partnerId);
    const runnable = new Set<number>();
    if (viewer) {
      const rows = await db
        .select({ id: offers.id, requireApproval: offers.requireApproval, application: partnerOffers.status })
        .from(offers)
        .leftJoin(partnerOffers, viewerApplication(viewer))
        .where(and(inArray(offers.id, [...new Set(wanted)]), visibleToViewer(viewer)));
      for (const row of rows) if (!row.requireApproval || row.application === 'active') runnable.add(row.id);
    }
    wanted.forEach((offerId, index) => {
      if (!runnable.has(offerId)) errors[`offers.${index}`] = 'You cannot run this offer.';
    });
  }
  return errors;
}

async function replaceOffers(tx: DbOrTx, postbackId: number, offerIds: number[]): Promise<void> {
  await tx.delete(postbackOffers).where(eq(postbackOffers.postbackId, postbackId));
  const unique = [...new Set(offerIds)];
  if (unique.length) await tx.insert(postbackOffers).values(unique.map((offerId) => ({ postbackId, offerId })));
}

const blankToNull = (value: string | null | undefined) => (value ? value : null);

/** Call inside a transaction: the postback and its offers are written together. */
export async function createPostback(tx: DbOrTx, partnerId: number, body: PostbackBody, now: Date): Promise<number> {
  const [row] = await tx
    .insert(postbacks)
    .values({
      partnerId,
      name: blankToNull(body.name),
      url: body.url,
      goalId: body.goalId,
      subId: blankToNull(body.subId),
      enabled: body.enabled,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: postbacks.id });
  if (!row) throw new Error('postback insert returned nothing');
  await replaceOffers(tx, row.id, body.offers);
  return row.id;
}

/**
 * Call inside a transaction. Only the fields sent change; `offers` replaces the whole set. Enabling or disabling
 * by hand clears the reason the server had disabled it for. False when the partner has no such postback.
 */
export async function updatePostback(
  tx: DbOrTx,
  partnerId: number,
  id: number,
  patch: PostbackPatch,
  now: Date,
): Promise<boolean> {
  const [row] = await tx
    .update(postbacks)
    .set({
      ...(patch.name !== undefined ? { name: blankToNull(patch.name) } : {}),
      ...(patch.url !== undefined ? { url: patch.url } : {}),
      ...(patch.goalId !== undefined ? { goalId: patch.goalId } : {}),
      ...(patch.subId !== undefined ? { subId: blankToNull(patch.subId) } : {}),
      ...(patch.enabled !== undefined ? { enabled: patch.enabled, disabledReason: null } : {}),
      updatedAt: now,
    })
    .where(and(eq(postbacks.id, id), eq(postbacks.partnerId, partnerId)))
    .returning({ id: postbacks.id });
  if (!row) return false;
  if (patch.offers !== undefined) await replaceOffers(tx, id, patch.offers);
  return true;
}

/** Deletes the postback with its offers, deliveries and attempts; false when the partner has no such postback. */
export async function deletePostback(db: DbOrTx, partnerId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: postbacks.id })
      .from(postbacks)
      .where(and(eq(postbacks.id, id), eq(postbacks.partnerId, partnerId)))
      .limit(1);
    if (!row) return false;
    // postback_attempts reference the deliveries, which cascade from the postback.
    await tx.delete(postbacks).where(eq(postbacks.id, id));
    return true;
  });
}

// ------------------------------------------------------------------ deliveries and attempts

type AttemptRow = typeof postbackAttempts.$inferSelect;

const attemptColumns = {
  id: postbackAttempts.id,
  deliveryId: postbackDeliveries.deliveryId,
  conversionId: postbackDeliveries.conversionId,
  test: postbackDeliveries.test,
  attemptedAt: postbackAttempts.attemptedAt,
  url: postbackAttempts.url,
  httpStatus: postbackAttempts.httpStatus,
  durationMs: postbackAttempts.durationMs,
  responseSnippet: postbackAttempts.responseSnippet,
  error: postbackAttempts.error,
  deliveryStatus: postbackAttempts.deliveryStatus,
  success: postbackAttempts.success,
};

type AttemptJoined = Omit<PostbackAttempt, 'attemptedAt' | 'deliveryStatus'> & {
  attemptedAt: Date;
  deliveryStatus: string;
};

const toAttemptDto = (row: AttemptJoined): PostbackAttempt => ({
  ...row,
  attemptedAt: row.attemptedAt.toISOString(),
  deliveryStatus: row.deliveryStatus as PostbackDeliveryStatus,
});

/** One recorded attempt as the Stats view lists it (the Test action's answer). */
export async function attemptById(db: DbOrTx, attempt: AttemptRow): Promise<PostbackAttempt | null> {
  const [row] = await db
    .select(attemptColumns)
    .from(postbackAttempts)
    .innerJoin(postbackDeliveries, eq(postbackDeliveries.id, postbackAttempts.deliveryId))
    .where(eq(postbackAttempts.id, attempt.id))
    .limit(1);
  return row ? toAttemptDto(row) : null;
}

/**
 * The postback's deliveries by state, the attempts made (`sent`, as the list's count: the Test action's included,
 * flagged `test` in the log) and a page of them, newest first.
 */
export async function postbackStats(
  db: DbOrTx,
  postbackId: number,
  page: number,
  pageSize: number,
): Promise<PostbackStats> {
  const [counts] = await db
    .select({
      succeeded: sql<number>`count(*) filter (where ${postbackDeliveries.status} = 'succeeded')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${postbackDeliveries.status} = 'failed')`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${postbackDeliveries.status} = 'pending')`.mapWith(Number),
    })
    .from(postbackDeliveries)
    .where(eq(postbackDeliveries.postbackId, postbackId));
  const [total] = await db
    .select({ n: count() })
    .from(postbackAttempts)
    .where(eq(postbackAttempts.postbackId, postbackId));
  const rows = await db
    .select(attemptColumns)
    .from(postbackAttempts)
    .innerJoin(postbackDeliveries, eq(postbackDeliveries.id, postbackAttempts.deliveryId))
    .where(eq(postbackAttempts.postbackId, postbackId))
    .orderBy(desc(postbackAttempts.attemptedAt), desc(postbackAttempts.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    sent: Number(total?.n ?? 0),
    succeeded: counts?.succeeded ?? 0,
    failed: counts?.failed ?? 0,
    pending: counts?.pending ?? 0,
    attempts: rows.map(toAttemptDto),
    attemptsTotal: Number(total?.n ?? 0),
  };
}

/** Test deliveries the partner asked for since `since` (the Test action's rate limit). */
export async function testDeliveriesSince(db: DbOrTx, partnerId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(postbackDeliveries)
    .where(
      and(
        eq(postbackDeliveries.partnerId, partnerId),
        eq(postbackDeliveries.test, true),
        gte(postbackDeliveries.createdAt, since),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * A Test delivery: no conversion, the URL expanded with the sample values. The route attempts it at once; it is due
 * only `holdMs` later, so the worker does not pick it up meanwhile (it is never retried once attempted).
 */
export async function createTestDelivery(
  db: DbOrTx,
  postback: { id: number; partnerId: number },
  url: string,
  now: Date,
  holdMs: number,
): Promise<number> {
  const [row] = await db
    .insert(postbackDeliveries)
    .values({
      postbackId: postback.id,
      partnerId: postback.partnerId,
      conversionId: null,
      conversionStatus: null,
      url,
      test: true,
      status: 'pending',
      nextAttemptAt: new Date(now.getTime() + holdMs),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: postbackDeliveries.id });
  if (!row) throw new Error('delivery insert returned nothing');
  return row.id;
}

export type ResendOutcome = 'not_found' | 'succeeded' | 'queued' | 'queued_disabled';

/**
 * A manual re-send: a failed (or still pending) delivery of one of the partner's postbacks is due again now, its
 * attempts kept. A pending delivery a worker holds right now keeps its lock, so it is never sent twice at once.
 * The worker sends it only while its postback is enabled ('queued_disabled' says it waits).
 */
export async function resendDelivery(
  db: DbOrTx,
  partnerId: number,
  deliveryId: string,
  now: Date,
): Promise<ResendOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: postbackDeliveries.id, status: postbackDeliveries.status, enabled: postbacks.enabled })
      .from(postbackDeliveries)
      .innerJoin(postbacks, eq(postbacks.id, postbackDeliveries.postbackId))
      .where(and(eq(postbackDeliveries.deliveryId, deliveryId), eq(postbacks.partnerId, partnerId)))
      .for('update', { of: postbackDeliveries })
      .limit(1);
    if (!row) return 'not_found';
    if (row.status === 'succeeded') return 'succeeded';
    await tx
      .update(postbackDeliveries)
      .set({
        status: 'pending',
        nextAttemptAt: now,
        ...(row.status === 'failed' ? { lockedUntil: null } : {}),
        updatedAt: now,
      })
      .where(eq(postbackDeliveries.id, row.id));
    return row.enabled ? 'queued' : 'queued_disabled';
  });
}

export type PostbackSecret = { secret: string; rotatedAt: Date };

export async function postbackSecretRow(db: DbOrTx, partnerId: number): Promise<PostbackSecret | undefined> {
  const [row] = await db
    .select({ secret: partnerPostbackSecrets.secret, rotatedAt: partnerPostbackSecrets.rotatedAt })
    .from(partnerPostbackSecrets)
    .where(eq(partnerPostbackSecrets.partnerId, partnerId));
  return row;
}

/** Inserts the partner's first secret; does nothing when another first use inserted one meanwhile. */
export async function insertPostbackSecret(db: DbOrTx, partnerId: number, secret: string, now?: Date): Promise<void> {
  await db
    .insert(partnerPostbackSecrets)
    .values({ partnerId, secret, ...(now ? { rotatedAt: now } : {}) })
    .onConflictDoNothing();
}

export async function upsertPostbackSecret(
  db: DbOrTx,
  partnerId: number,
  secret: string,
  now: Date,
): Promise<PostbackSecret | undefined> {
  const [row] = await db
    .insert(partnerPostbackSecrets)
    .values({ partnerId, secret, rotatedAt: now })
    .onConflictDoUpdate({ target: partnerPostbackSecrets.partnerId, set: { secret, rotatedAt: now } })
    .returning({ secret: partnerPostbackSecrets.secret, rotatedAt: partnerPostbackSecrets.rotatedAt });
  return row;
}
