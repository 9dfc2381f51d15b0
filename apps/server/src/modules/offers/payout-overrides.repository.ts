import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OverrideRequestStatus, PayoutOverride, PayoutOverrideRequest } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import {
  goals,
  offerGoals,
  offers,
  partners,
  payoutOverrideRequests,
  payoutOverrides,
  staffNotifications,
  users,
} from '../../db/schema.js';
import { toIso } from '../../lib/reply.js';
import { partnerReachSql, type StaffScope } from '../access/index.js';

// The SQL of payout overrides and their requests (decision 063); the rules are payout-overrides.ts's.

type Payout = { payoutAmount: number | null; payoutPercent: number | null };

const overrideColumns = {
  id: payoutOverrides.id,
  offerId: payoutOverrides.offerId,
  partnerId: partners.id,
  partnerName: partners.companyName,
  goal: goals.identifier,
  payoutAmount: payoutOverrides.payoutAmount,
  payoutPercent: payoutOverrides.payoutPercent,
  createdAt: payoutOverrides.createdAt,
  updatedAt: payoutOverrides.updatedAt,
};

const selectOverrides = (db: DbOrTx) =>
  db
    .select(overrideColumns)
    .from(payoutOverrides)
    .innerJoin(partners, eq(partners.id, payoutOverrides.partnerId))
    .innerJoin(goals, eq(goals.id, payoutOverrides.goalId));

const overrideDto = (r: Awaited<ReturnType<typeof selectOverrides>>[number]): PayoutOverride => ({
  id: r.id,
  offerId: r.offerId,
  partner: { id: r.partnerId, name: r.partnerName },
  goal: r.goal,
  payoutAmount: r.payoutAmount,
  payoutPercent: r.payoutPercent,
  createdAt: toIso(r.createdAt) ?? '',
  updatedAt: toIso(r.updatedAt) ?? '',
});

export async function offerExists(db: DbOrTx, offerId: number): Promise<boolean> {
  const [row] = await db.select({ id: offers.id }).from(offers).where(eq(offers.id, offerId));
  return Boolean(row);
}

/** The offer's overrides of the partners the scope reaches, by partner then goal. */
export async function overridesOfOffer(db: DbOrTx, offerId: number, scope: StaffScope): Promise<PayoutOverride[]> {
  const rows = await selectOverrides(db)
    .where(
      and(eq(payoutOverrides.offerId, offerId), partnerReachSql(scope, partners.accountManagerId, partners.status)),
    ) // prettier-ignore
    .orderBy(asc(partners.id), asc(goals.id));
  return rows.map(overrideDto);
}

export async function overrideById(db: DbOrTx, id: number): Promise<PayoutOverride | null> {
  const [row] = await selectOverrides(db).where(eq(payoutOverrides.id, id));
  return row ? overrideDto(row) : null;
}

export async function partnerForOverride(db: DbOrTx, partnerId: number) {
  const [row] = await db
    .select({ accountManagerId: partners.accountManagerId, status: partners.status })
    .from(partners)
    .where(eq(partners.id, partnerId));
  return row ?? null;
}

/** The goal of the offer named `identifier`, with both its sides: what an override is weighed against. */
export async function goalOfOffer(db: DbOrTx, offerId: number, goal: string | { goalId: number }) {
  const [row] = await db
    .select({
      id: goals.id,
      identifier: goals.identifier,
      revenueAmount: offerGoals.revenueAmount,
      revenuePercent: offerGoals.revenuePercent,
      payoutAmount: offerGoals.payoutAmount,
      payoutPercent: offerGoals.payoutPercent,
      allowNegativeMargin: offerGoals.allowNegativeMargin,
    })
    .from(offerGoals)
    .innerJoin(goals, eq(goals.id, offerGoals.goalId))
    .where(and(eq(offerGoals.offerId, offerId), typeof goal === 'string' ? eq(goals.identifier, goal) : eq(goals.id, goal.goalId))); // prettier-ignore
  return row ?? null;
}
export type GoalOfOffer = NonNullable<Awaited<ReturnType<typeof goalOfOffer>>>;

const keyOf = (key: { offerId: number; partnerId: number; goalId: number }) =>
  and(eq(payoutOverrides.offerId, key.offerId), eq(payoutOverrides.partnerId, key.partnerId), eq(payoutOverrides.goalId, key.goalId)); // prettier-ignore

/** The override of that partner, offer and goal, locked for a change. */
export async function lockOverride(tx: DbOrTx, key: { offerId: number; partnerId: number; goalId: number }) {
  const [row] = await tx.select().from(payoutOverrides).where(keyOf(key)).for('update');
  return row ?? null;
}

/** Writes the override (replacing the earlier one, `beforeId`); answers its id. */
export async function upsertOverride(
  tx: DbOrTx,
  key: { offerId: number; partnerId: number; goalId: number },
  values: Payout,
  beforeId: number | null,
  actorId: number | null,
  now: Date,
): Promise<number> {
  const [row] =
    beforeId !== null
      ? await tx.update(payoutOverrides).set({ ...values, updatedAt: now }).where(eq(payoutOverrides.id, beforeId)).returning({ id: payoutOverrides.id }) // prettier-ignore
      : await tx.insert(payoutOverrides).values({ ...key, ...values, createdBy: actorId, createdAt: now, updatedAt: now }).returning({ id: payoutOverrides.id }); // prettier-ignore
  return row!.id;
}

/** The override with its partner's manager, locked for its removal. */
export async function lockOverrideById(tx: DbOrTx, offerId: number, overrideId: number) {
  const [row] = await tx
    .select({
      override: payoutOverrides,
      accountManagerId: partners.accountManagerId,
      status: partners.status,
      goal: goals.identifier,
    }) // prettier-ignore
    .from(payoutOverrides)
    .innerJoin(partners, eq(partners.id, payoutOverrides.partnerId))
    .innerJoin(goals, eq(goals.id, payoutOverrides.goalId))
    .where(and(eq(payoutOverrides.id, overrideId), eq(payoutOverrides.offerId, offerId)))
    .for('update');
  return row ?? null;
}

export async function deleteOverride(tx: DbOrTx, overrideId: number): Promise<void> {
  await tx.delete(payoutOverrides).where(eq(payoutOverrides.id, overrideId));
}

/**
 * The payout resolver (decision 045): a partner's overrides on some offers, keyed `offerId:goal`. Every place a partner's
 * payout is shown applies them with `resolvePayout`; a conversion reads the same rows in its own query.
 */
export async function overridesOf(
  db: DbOrTx,
  partnerId: number,
  offerIds: number[],
): Promise<Map<string, { amount: number | null; percent: number | null }>> {
  if (offerIds.length === 0) return new Map();
  const rows = await db
    .select({
      offerId: payoutOverrides.offerId,
      goal: goals.identifier,
      amount: payoutOverrides.payoutAmount,
      percent: payoutOverrides.payoutPercent,
    }) // prettier-ignore
    .from(payoutOverrides)
    .innerJoin(goals, eq(goals.id, payoutOverrides.goalId))
    .where(and(eq(payoutOverrides.partnerId, partnerId), inArray(payoutOverrides.offerId, offerIds)));
  return new Map(rows.map((r) => [`${r.offerId}:${r.goal}`, { amount: r.amount, percent: r.percent }]));
}

// ---------------------------------------------------------------- requests (decision 063)

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

const selectRequests = (db: DbOrTx) =>
  db
    .select({
      request: payoutOverrideRequests,
      offer: { id: offers.id, name: offers.name, currency: offers.currency },
      partner: { id: partners.id, name: partners.companyName },
      goal: goals.identifier,
      goalSides: {
        revenueAmount: offerGoals.revenueAmount,
        revenuePercent: offerGoals.revenuePercent,
        payoutAmount: offerGoals.payoutAmount,
        payoutPercent: offerGoals.payoutPercent,
      },
      current: { amount: payoutOverrides.payoutAmount, percent: payoutOverrides.payoutPercent, id: payoutOverrides.id },
      requesterName: sql<string>`trim(${requester.firstname} || ' ' || ${requester.lastname})`,
      deciderName: sql<string | null>`trim(${decider.firstname} || ' ' || ${decider.lastname})`,
    })
    .from(payoutOverrideRequests)
    .innerJoin(offers, eq(offers.id, payoutOverrideRequests.offerId))
    .innerJoin(partners, eq(partners.id, payoutOverrideRequests.partnerId))
    .innerJoin(goals, eq(goals.id, payoutOverrideRequests.goalId))
    // A goal since removed from the offer leaves its sides null: the request can no longer be approved.
    .leftJoin(
      offerGoals,
      and(eq(offerGoals.offerId, payoutOverrideRequests.offerId), eq(offerGoals.goalId, payoutOverrideRequests.goalId)),
    ) // prettier-ignore
    .leftJoin(
      payoutOverrides,
      and(
        eq(payoutOverrides.offerId, payoutOverrideRequests.offerId),
        eq(payoutOverrides.partnerId, payoutOverrideRequests.partnerId),
        eq(payoutOverrides.goalId, payoutOverrideRequests.goalId),
      ),
    ) // prettier-ignore
    .innerJoin(requester, eq(requester.id, payoutOverrideRequests.requestedBy))
    .leftJoin(decider, eq(decider.id, payoutOverrideRequests.decidedBy));

type RequestRow = Awaited<ReturnType<typeof selectRequests>>[number];
const minus = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);

function requestDto(r: RequestRow): PayoutOverrideRequest {
  const q = r.request;
  const goal = r.goalSides ?? { revenueAmount: null, revenuePercent: null, payoutAmount: null, payoutPercent: null };
  // The payout in force now: the partner's override when it has one, else the goal's.
  const current = r.current?.id ? { amount: r.current.amount, percent: r.current.percent } : { amount: goal.payoutAmount, percent: goal.payoutPercent }; // prettier-ignore
  return {
    id: q.id,
    offer: r.offer,
    partner: r.partner,
    goal: r.goal,
    payoutAmount: q.payoutAmount,
    payoutPercent: q.payoutPercent,
    currentPayout: current,
    revenue: { amount: goal.revenueAmount, percent: goal.revenuePercent },
    margin: { amount: minus(goal.revenueAmount, q.payoutAmount), percent: minus(goal.revenuePercent, q.payoutPercent) },
    status: q.status as OverrideRequestStatus,
    reason: q.reason,
    requestedBy: { id: q.requestedBy, name: r.requesterName },
    requestedAt: toIso(q.requestedAt) ?? '',
    decidedBy: q.decidedBy !== null ? { id: q.decidedBy, name: r.deciderName ?? '' } : null,
    decidedAt: toIso(q.decidedAt),
  };
}

/** Requests of the partners the scope reaches, of one status (or all) and one offer, newest first. */
export async function listRequests(
  db: DbOrTx,
  scope: StaffScope,
  query: { page: number; count: number; status: OverrideRequestStatus | 'all'; offerId?: number | undefined },
): Promise<{ list: PayoutOverrideRequest[]; total: number }> {
  const where: (SQL | undefined)[] = [partnerReachSql(scope, partners.accountManagerId, partners.status)];
  if (query.status !== 'all') where.push(eq(payoutOverrideRequests.status, query.status));
  if (query.offerId) where.push(eq(payoutOverrideRequests.offerId, query.offerId));
  const condition = and(...where);
  const rows = await selectRequests(db)
    .where(condition)
    .orderBy(desc(payoutOverrideRequests.requestedAt), desc(payoutOverrideRequests.id))
    .limit(query.count)
    .offset((query.page - 1) * query.count);
  const [total] = await db
    .select({ n: count() })
    .from(payoutOverrideRequests)
    .innerJoin(partners, eq(partners.id, payoutOverrideRequests.partnerId))
    .where(condition);
  return { list: rows.map(requestDto), total: Number(total?.n ?? 0) };
}

export async function requestById(db: DbOrTx, id: number): Promise<PayoutOverrideRequest | null> {
  const [row] = await selectRequests(db).where(eq(payoutOverrideRequests.id, id));
  return row ? requestDto(row) : null;
}

/** The request with its partner's manager, locked for a decision. */
export async function lockRequest(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({
      request: payoutOverrideRequests,
      accountManagerId: partners.accountManagerId,
      partnerStatus: partners.status,
      partnerName: partners.companyName,
      goal: goals.identifier,
      offerName: offers.name,
    }) // prettier-ignore
    .from(payoutOverrideRequests)
    .innerJoin(partners, eq(partners.id, payoutOverrideRequests.partnerId))
    .innerJoin(goals, eq(goals.id, payoutOverrideRequests.goalId))
    .innerJoin(offers, eq(offers.id, payoutOverrideRequests.offerId))
    .where(eq(payoutOverrideRequests.id, id))
    .for('update', { of: payoutOverrideRequests });
  return row ?? null;
}

/**
 * Stores a pending request for that partner, offer and goal, replacing the pending one there may be (its values,
 * requester and date); answers its id and whether it replaced one.
 */
export async function savePendingRequest(
  tx: DbOrTx,
  key: { offerId: number; partnerId: number; goalId: number },
  values: Payout,
  requestedBy: number,
  now: Date,
): Promise<{ id: number; before: (Payout & { id: number }) | null }> {
  const [before] = await tx
    .select({
      id: payoutOverrideRequests.id,
      payoutAmount: payoutOverrideRequests.payoutAmount,
      payoutPercent: payoutOverrideRequests.payoutPercent,
    }) // prettier-ignore
    .from(payoutOverrideRequests)
    .where(
      and(
        eq(payoutOverrideRequests.offerId, key.offerId),
        eq(payoutOverrideRequests.partnerId, key.partnerId),
        eq(payoutOverrideRequests.goalId, key.goalId),
        eq(payoutOverrideRequests.status, 'pending'),
      ),
    ) // prettier-ignore
    .for('update');
  if (before) {
    await tx.update(payoutOverrideRequests).set({ ...values, requestedBy, requestedAt: now }).where(eq(payoutOverrideRequests.id, before.id)); // prettier-ignore
    return { id: before.id, before };
  }
  const [row] = await tx
    .insert(payoutOverrideRequests)
    .values({ ...key, ...values, status: 'pending', requestedBy, requestedAt: now })
    .returning({ id: payoutOverrideRequests.id });
  return { id: row!.id, before: null };
}

export async function closeRequest(
  tx: DbOrTx,
  id: number,
  decision: { status: 'approved' | 'refused'; reason: string | null; decidedBy: number | null; now: Date },
): Promise<void> {
  await tx
    .update(payoutOverrideRequests)
    .set({ status: decision.status, reason: decision.reason, decidedBy: decision.decidedBy, decidedAt: decision.now })
    .where(eq(payoutOverrideRequests.id, id));
}

/** A staff member's notification on the staff home, and its e-mail address (for the mail beside it). */
export async function notifyStaffMember(
  tx: DbOrTx,
  userId: number,
  note: { kind: string; title: string; body: string; link: string; now: Date },
): Promise<{ email: string; firstname: string } | null> {
  const [user] = await tx
    .select({ email: users.email, firstname: users.firstname, enabled: users.enabled })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.enabled) return null;
  await tx.insert(staffNotifications).values({ userId, kind: note.kind, title: note.title, body: note.body, link: note.link, createdAt: note.now }); // prettier-ignore
  return user;
}
