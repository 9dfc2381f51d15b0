import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { BASE_PAYOUT_TIER, type ScheduledChange } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { goalTypes, goals, offerGoalTypes, offerGoals, offerScheduledChanges, offers, users } from '../../db/schema.js';
import { toIso } from '../../lib/reply.js';

/**
 * The scheduled payout and revenue changes' queries (decision 098): listed with their goal and people, written,
 * claimed when due, and applied to the goal. The rules and the transactions are scheduled-changes.ts's.
 */

export type ScheduledChangeRow = typeof offerScheduledChanges.$inferSelect;
export type ScheduledChangeInsert = typeof offerScheduledChanges.$inferInsert;

const creator = alias(users, 'creator');
const canceller = alias(users, 'canceller');
const nameOf = (u: { id: number; firstname: string; lastname: string } | null) =>
  u === null ? null : { id: u.id, name: `${u.firstname} ${u.lastname}`.trim() };

/** An offer's changes (or one of them): pending first by moment, then the others newest first. */
export async function scheduledChangesOf(db: DbOrTx, offerId: number, changeId?: number): Promise<ScheduledChange[]> {
  const rows = await db
    .select({
      change: offerScheduledChanges,
      goal: { code: goals.identifier, name: goals.name },
      creator: { id: creator.id, firstname: creator.firstname, lastname: creator.lastname },
      canceller: { id: canceller.id, firstname: canceller.firstname, lastname: canceller.lastname },
    })
    .from(offerScheduledChanges)
    .innerJoin(goals, eq(goals.id, offerScheduledChanges.goalId))
    .leftJoin(creator, eq(creator.id, offerScheduledChanges.createdBy))
    .leftJoin(canceller, eq(canceller.id, offerScheduledChanges.cancelledBy))
    .where(
      and(
        eq(offerScheduledChanges.offerId, offerId),
        changeId === undefined ? undefined : eq(offerScheduledChanges.id, changeId),
      ),
    )
    .orderBy(
      sql`case when ${offerScheduledChanges.status} = 'pending' then 0 else 1 end`,
      sql`case when ${offerScheduledChanges.status} = 'pending' then ${offerScheduledChanges.effectiveAt} end asc`,
      desc(offerScheduledChanges.effectiveAt),
      desc(offerScheduledChanges.id),
    )
    .limit(100);
  return rows.map(({ change: c, goal, creator: by, canceller: cancelledBy }) => ({
    id: c.id,
    offerId: c.offerId,
    goal,
    payout: c.payoutSet ? { amount: c.payoutAmount, percent: c.payoutPercent } : null,
    revenue: c.revenueSet ? { amount: c.revenueAmount, percent: c.revenuePercent } : null,
    effectiveAt: toIso(c.effectiveAt) ?? '',
    status: c.status as ScheduledChange['status'],
    failure: c.failure,
    createdBy: nameOf(by),
    createdAt: toIso(c.createdAt) ?? '',
    cancelledBy: nameOf(cancelledBy),
    cancelledAt: toIso(c.cancelledAt),
    appliedAt: toIso(c.appliedAt),
  }));
}

export async function offerIdExists(db: DbOrTx, offerId: number): Promise<boolean> {
  const [row] = await db.select({ id: offers.id }).from(offers).where(eq(offers.id, offerId));
  return row !== undefined;
}

/** The offer's goal a code names, with its money as it is now; null when the offer does not pay on it. */
export async function offerGoalByCode(db: DbOrTx, offerId: number, code: string) {
  const [row] = await db
    .select({ goal: offerGoals, code: goals.identifier })
    .from(offerGoals)
    .innerJoin(goals, eq(goals.id, offerGoals.goalId))
    .where(and(eq(offerGoals.offerId, offerId), eq(goals.identifier, code)));
  return row ?? null;
}

/** The offer's goal row for a goal id, locked for the change; null when the offer no longer pays on it. */
export async function lockOfferGoal(tx: DbOrTx, offerId: number, goalId: number) {
  const [row] = await tx
    .select({ goal: offerGoals, code: goals.identifier })
    .from(offerGoals)
    .innerJoin(goals, eq(goals.id, offerGoals.goalId))
    .where(and(eq(offerGoals.offerId, offerId), eq(offerGoals.goalId, goalId)))
    .for('update', { of: offerGoals });
  return row ?? null;
}

export async function insertScheduledChange(tx: DbOrTx, values: ScheduledChangeInsert): Promise<ScheduledChangeRow> {
  const [row] = await tx.insert(offerScheduledChanges).values(values).returning();
  if (!row) throw new Error('scheduled change insert returned nothing');
  return row;
}

export async function lockScheduledChange(tx: DbOrTx, offerId: number, id: number) {
  const [row] = await tx
    .select()
    .from(offerScheduledChanges)
    .where(and(eq(offerScheduledChanges.id, id), eq(offerScheduledChanges.offerId, offerId)))
    .for('update');
  return row ?? null;
}

export async function updateScheduledChange(tx: DbOrTx, id: number, values: Partial<ScheduledChangeInsert>) {
  await tx.update(offerScheduledChanges).set(values).where(eq(offerScheduledChanges.id, id));
}

/**
 * The earliest pending change whose moment has come, locked; one another process holds is skipped (`SKIP LOCKED`),
 * so two servers never apply the same change.
 */
export async function claimDueChange(tx: DbOrTx, now: Date): Promise<ScheduledChangeRow | null> {
  const [row] = await tx
    .select()
    .from(offerScheduledChanges)
    .where(and(eq(offerScheduledChanges.status, 'pending'), lte(offerScheduledChanges.effectiveAt, now)))
    .orderBy(asc(offerScheduledChanges.effectiveAt), asc(offerScheduledChanges.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

type GoalMoneyColumns = Pick<
  typeof offerGoals.$inferInsert,
  'payoutAmount' | 'payoutPercent' | 'revenueAmount' | 'revenuePercent'
>;

/** Sets the goal's money, its base payout tier (p1) with its payout, and the offer's `updatedAt`. */
export async function setGoalMoney(
  tx: DbOrTx,
  offerGoal: { id: number; offerId: number },
  money: GoalMoneyColumns,
  now: Date,
): Promise<void> {
  await tx.update(offerGoals).set(money).where(eq(offerGoals.id, offerGoal.id));
  const [base] = await tx
    .select({ id: goalTypes.id })
    .from(goalTypes)
    .where(eq(goalTypes.identifier, BASE_PAYOUT_TIER));
  if (base) {
    await tx
      .update(offerGoalTypes)
      .set({ payoutAmount: money.payoutAmount, payoutPercent: money.payoutPercent })
      .where(and(eq(offerGoalTypes.offerGoalId, offerGoal.id), eq(offerGoalTypes.goalTypeId, base.id)));
  }
  await tx.update(offers).set({ updatedAt: now }).where(eq(offers.id, offerGoal.offerId));
}
