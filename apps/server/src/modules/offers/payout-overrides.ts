import { and, asc, eq, inArray } from 'drizzle-orm';
import { formErrorText, type PayoutOverride, type PayoutOverrideCreate } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { goals, offerGoals, offers, partners, payoutOverrides } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { toIso } from '../../lib/reply.js';
import { partnerReachSql, reaches, type StaffScope } from '../access/index.js';
import { diffFields, recordAudit, type AuditActor } from '../audit/index.js';

const OFFER_NOT_FOUND = 'Offer not found.';
const OVERRIDE_NOT_FOUND = 'Payout override not found.';
type Context = { actor: AuditActor; now: Date; scope: StaffScope };

const columns = {
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
type Row = Awaited<ReturnType<typeof selectOverrides>>[number];

const dto = (r: Row): PayoutOverride => ({
  id: r.id,
  offerId: r.offerId,
  partner: { id: r.partnerId, name: r.partnerName },
  goal: r.goal,
  payoutAmount: r.payoutAmount,
  payoutPercent: r.payoutPercent,
  createdAt: toIso(r.createdAt) ?? '',
  updatedAt: toIso(r.updatedAt) ?? '',
});

const selectOverrides = (db: DbOrTx) =>
  db
    .select(columns)
    .from(payoutOverrides)
    .innerJoin(partners, eq(partners.id, payoutOverrides.partnerId))
    .innerJoin(goals, eq(goals.id, payoutOverrides.goalId));

async function offerExists(db: DbOrTx, offerId: number) {
  const [row] = await db.select({ id: offers.id }).from(offers).where(eq(offers.id, offerId));
  if (!row) throw notFound(OFFER_NOT_FOUND);
}

/** The offer's overrides of the partners the caller reaches, by partner then goal. */
export async function listOverrides(db: DbOrTx, offerId: number, scope: StaffScope): Promise<PayoutOverride[]> {
  await offerExists(db, offerId);
  const rows = await selectOverrides(db)
    .where(
      and(eq(payoutOverrides.offerId, offerId), partnerReachSql(scope, partners.accountManagerId, partners.status)),
    )
    .orderBy(asc(partners.id), asc(goals.id));
  return rows.map(dto);
}

const auditFields = (r: { payoutAmount: number | null; payoutPercent: number | null }) => ({
  payoutAmount: r.payoutAmount,
  payoutPercent: r.payoutPercent,
});

/**
 * Sets the partner's payout on a goal of the offer (replacing an earlier one): the partner must be within the caller's
 * reach and the goal one the offer pays on, else a field error; audited with its before and after.
 */
export async function setOverride(db: DbOrTx, offerId: number, body: PayoutOverrideCreate, { actor, now, scope }: Context): Promise<PayoutOverride> {
  await offerExists(db, offerId);
  const [partner] = await db
    .select({ accountManagerId: partners.accountManagerId, status: partners.status })
    .from(partners)
    .where(eq(partners.id, body.partnerId));
  const [goal] = await db
    .select({ id: goals.id })
    .from(offerGoals)
    .innerJoin(goals, eq(goals.id, offerGoals.goalId))
    .where(and(eq(offerGoals.offerId, offerId), eq(goals.identifier, body.goal)));
  const errors: Record<string, string> = {};
  if (!partner || !reaches(scope, partner.accountManagerId, { pendingUnassigned: partner.status === 'pending' })) errors.partnerId = 'No such partner.';
  if (!goal) errors.goal = formErrorText('oneOf');
  if (!partner || !goal || Object.keys(errors).length > 0) throw badRequest('The request is invalid.', errors);
  const values = { payoutAmount: body.payoutAmount ?? null, payoutPercent: body.payoutPercent ?? null };
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(payoutOverrides)
      .where(and(eq(payoutOverrides.offerId, offerId), eq(payoutOverrides.partnerId, body.partnerId), eq(payoutOverrides.goalId, goal.id)))
      .for('update');
    const [row] = before
      ? await tx.update(payoutOverrides).set({ ...values, updatedAt: now }).where(eq(payoutOverrides.id, before.id)).returning({ id: payoutOverrides.id })
      : await tx.insert(payoutOverrides).values({ offerId, partnerId: body.partnerId, goalId: goal.id, ...values, createdBy: actor.actorId, createdAt: now, updatedAt: now }).returning({ id: payoutOverrides.id });
    const changes = diffFields(before ? auditFields(before) : null, auditFields(values));
    if (changes.length > 0) {
      const context = [{ field: 'offerId', before: null, after: offerId }, { field: 'partnerId', before: null, after: body.partnerId }, { field: 'goal', before: null, after: body.goal }]; // prettier-ignore
      await recordAudit(tx, actor, [{ action: before ? 'update' : 'create', entityType: 'payout_override', entityId: row!.id, changes: before ? changes : [...context, ...changes] }], now); // prettier-ignore
    }
    const [saved] = await selectOverrides(tx).where(eq(payoutOverrides.id, row!.id));
    return dto(saved!);
  });
} // prettier-ignore

/** Removes an override of a partner within reach: the goal's payout applies again to its later conversions. */
export async function removeOverride(db: DbOrTx, offerId: number, overrideId: number, { actor, now, scope }: Context): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ override: payoutOverrides, accountManagerId: partners.accountManagerId, status: partners.status, goal: goals.identifier })
      .from(payoutOverrides)
      .innerJoin(partners, eq(partners.id, payoutOverrides.partnerId))
      .innerJoin(goals, eq(goals.id, payoutOverrides.goalId))
      .where(and(eq(payoutOverrides.id, overrideId), eq(payoutOverrides.offerId, offerId)))
      .for('update');
    if (!row || !reaches(scope, row.accountManagerId, { pendingUnassigned: row.status === 'pending' })) throw notFound(OVERRIDE_NOT_FOUND);
    await tx.delete(payoutOverrides).where(eq(payoutOverrides.id, overrideId));
    const o = row.override;
    await recordAudit(tx, actor, [{ action: 'delete', entityType: 'payout_override', entityId: overrideId, changes: [
      { field: 'offerId', before: o.offerId, after: null }, { field: 'partnerId', before: o.partnerId, after: null }, { field: 'goal', before: row.goal, after: null },
      ...diffFields(auditFields(o), null),
    ] }], now);
  });
} // prettier-ignore

/**
 * The payout resolver: a partner's overrides on some offers, keyed `offerId:goal`. Every place a partner's
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

/** A goal's base payout for the partner: its override when it has one (both sides together), else the goal's. */
export function resolvePayout<T extends { amount: number | null; percent: number | null }>(
  overrides: Map<string, { amount: number | null; percent: number | null }>,
  offerId: number,
  goal: string,
  payout: T,
): T {
  const override = overrides.get(`${offerId}:${goal}`);
  return override ? { ...payout, amount: override.amount, percent: override.percent } : payout;
}
