import { formErrorText, moneyRuleIssues, type ScheduledChange, type ScheduledChangeCreate } from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { OutboxWorker } from '../../lib/outbox-worker.js';
import { badRequest, conflict, notFound, type FieldErrors } from '../../lib/errors.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import {
  claimDueChange,
  insertScheduledChange,
  lockOfferGoal,
  lockScheduledChange,
  offerGoalByCode,
  offerIdExists,
  scheduledChangesOf,
  setGoalMoney,
  updateScheduledChange,
  type ScheduledChangeRow,
} from './scheduled-changes.repository.js';
import { lockOffer } from './staff-offers.repository.js';
import { OFFER_NOT_FOUND } from './staff-offers.service.js';

/**
 * Scheduled payout and revenue changes (decision 098): staff set a goal's new payout and/or revenue from a future
 * moment; the job applies each pending change once its moment has passed, as the editor would have (the goal's money
 * and its base tier), audited on the offer in the editor's words, or marks it failed with why.
 */

type Context = { actor: AuditActor; now: Date };
type Money = { payoutAmount: number | null; payoutPercent: number | null; revenueAmount: number | null; revenuePercent: number | null }; // prettier-ignore
type Sides = Pick<ScheduledChangeRow, 'payoutSet' | 'payoutAmount' | 'payoutPercent' | 'revenueSet' | 'revenueAmount' | 'revenuePercent'>; // prettier-ignore

const CHANGE_NOT_FOUND = 'Scheduled change not found.';
const NEGATIVE_MARGIN = 'The payout would be above the revenue, which the goal does not allow.';

/** The goal's money once the change's sides replace the current ones. */
const moneyAfter = (current: Money, change: Sides): Money => ({
  payoutAmount: change.payoutSet ? change.payoutAmount : current.payoutAmount,
  payoutPercent: change.payoutSet ? change.payoutPercent : current.payoutPercent,
  revenueAmount: change.revenueSet ? change.revenueAmount : current.revenueAmount,
  revenuePercent: change.revenueSet ? change.revenuePercent : current.revenuePercent,
});

const moneyOf = (g: Money): Money => ({
  payoutAmount: g.payoutAmount,
  payoutPercent: g.payoutPercent,
  revenueAmount: g.revenueAmount,
  revenuePercent: g.revenuePercent,
});

export async function listScheduledChanges(db: DbOrTx, offerId: number): Promise<ScheduledChange[]> {
  if (!(await offerIdExists(db, offerId))) throw notFound(OFFER_NOT_FOUND);
  return scheduledChangesOf(db, offerId);
}

/**
 * Schedules a change: its moment in the future (400 on `effectiveAt` otherwise), a goal the offer pays on (400 on
 * `goal`), and money the goal's rules take with the other side as it is now (400 on the side's `amount`). Audited.
 */
export async function scheduleChange(
  db: DbOrTx,
  offerId: number,
  body: ScheduledChangeCreate,
  { actor, now }: Context,
): Promise<ScheduledChange> {
  const effectiveAt = new Date(body.effectiveAt);
  return db.transaction(async (tx) => {
    if (!(await lockOffer(tx, offerId))) throw notFound(OFFER_NOT_FOUND);
    const errors: FieldErrors = {};
    if (effectiveAt.getTime() <= now.getTime()) errors.effectiveAt = formErrorText('inThePast');
    const found = await offerGoalByCode(tx, offerId, body.goal);
    if (!found) errors.goal = formErrorText('oneOf');
    const sides: Sides = {
      payoutSet: body.payout !== undefined,
      payoutAmount: body.payout?.amount ?? null,
      payoutPercent: body.payout?.percent ?? null,
      revenueSet: body.revenue !== undefined,
      revenueAmount: body.revenue?.amount ?? null,
      revenuePercent: body.revenue?.percent ?? null,
    };
    if (found) {
      const after = { ...moneyAfter(found.goal, sides), allowNegativeMargin: found.goal.allowNegativeMargin };
      for (const issue of moneyRuleIssues(after)) {
        const side = issue.field.startsWith('payout') && sides.payoutSet ? 'payout' : sides.revenueSet ? 'revenue' : 'payout'; // prettier-ignore
        errors[`${side}.amount`] = formErrorText(issue.rule);
      }
    }
    if (Object.keys(errors).length > 0 || !found) throw badRequest('The request is invalid.', errors);
    const row = await insertScheduledChange(tx, {
      offerId,
      goalId: found.goal.goalId,
      ...sides,
      effectiveAt,
      createdBy: actor.actorId,
      createdAt: now,
    });
    const changes = [
      { field: 'goal', before: null, after: found.code },
      { field: 'effectiveAt', before: null, after: effectiveAt.toISOString() },
      ...(sides.payoutSet
        ? [
            { field: 'payoutAmount', before: found.goal.payoutAmount, after: sides.payoutAmount },
            { field: 'payoutPercent', before: found.goal.payoutPercent, after: sides.payoutPercent },
          ]
        : []),
      ...(sides.revenueSet
        ? [
            { field: 'revenueAmount', before: found.goal.revenueAmount, after: sides.revenueAmount },
            { field: 'revenuePercent', before: found.goal.revenuePercent, after: sides.revenuePercent },
          ]
        : []),
    ];
    await recordAudit(tx, actor, [{ action: 'create', entityType: 'scheduled_change', entityId: row.id, parentId: offerId, changes }], now); // prettier-ignore
    const [written] = await scheduledChangesOf(tx, offerId, row.id);
    return written!;
  });
}

/** Cancels a pending change (409 once it is applied, failed or cancelled). Audited. */
export async function cancelScheduledChange(
  db: DbOrTx,
  offerId: number,
  changeId: number,
  { actor, now }: Context,
): Promise<ScheduledChange> {
  return db.transaction(async (tx) => {
    const row = await lockScheduledChange(tx, offerId, changeId);
    if (!row) throw notFound(CHANGE_NOT_FOUND);
    if (row.status !== 'pending') throw conflict(`This change is ${row.status} already.`);
    await updateScheduledChange(tx, changeId, { status: 'cancelled', cancelledBy: actor.actorId, cancelledAt: now });
    await recordAudit(
      tx,
      actor,
      [{ action: 'status', entityType: 'scheduled_change', entityId: changeId, parentId: offerId, changes: [{ field: 'status', before: 'pending', after: 'cancelled' }] }], // prettier-ignore
      now,
    );
    const [written] = await scheduledChangesOf(tx, offerId, changeId);
    return written!;
  });
}

const SYSTEM: AuditActor = { actorId: null, ip: null, requestId: null };

/**
 * Applies one due change in its own transaction: the goal's money and base tier set, the offer's update audited by
 * the system in the editor's words (`goals.<code>`), the change `applied`; a goal gone from the offer or a margin the
 * goal does not allow marks it `failed` with why, audited on the change. Answers false when nothing was due.
 */
async function applyOneDueChange(db: Db, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const change = await claimDueChange(tx, now);
    if (!change) return false;
    await lockOffer(tx, change.offerId);
    const found = await lockOfferGoal(tx, change.offerId, change.goalId);
    const after = found ? moneyAfter(found.goal, change) : null;
    const failure = !found
      ? 'The offer no longer pays on this goal.'
      : moneyRuleIssues({ ...after!, allowNegativeMargin: found.goal.allowNegativeMargin }).length > 0
        ? NEGATIVE_MARGIN
        : null;
    const reason = `Scheduled change #${change.id}, due ${change.effectiveAt.toISOString()}`;
    if (failure || !found || !after) {
      await updateScheduledChange(tx, change.id, { status: 'failed', failure, appliedAt: now });
      await recordAudit(tx, SYSTEM, [{ action: 'status', entityType: 'scheduled_change', entityId: change.id, parentId: change.offerId, changes: [{ field: 'status', before: 'pending', after: 'failed' }], reason: `${reason}: ${failure}` }], now); // prettier-ignore
      return true;
    }
    await setGoalMoney(tx, found.goal, after, now);
    await updateScheduledChange(tx, change.id, { status: 'applied', appliedAt: now });
    await recordAudit(
      tx,
      SYSTEM,
      [{ action: 'update', entityType: 'offer', entityId: change.offerId, changes: [{ field: `goals.${found.code}`, before: moneyOf(found.goal), after }], reason: `${reason}, applied.` }], // prettier-ignore
      now,
    );
    return true;
  });
}

/** Applies every change due at `now`, earliest first; answers how many were applied or failed. */
export async function applyDueChanges(db: Db, now: Date): Promise<number> {
  let done = 0;
  while (await applyOneDueChange(db, now)) done += 1;
  return done;
}

/**
 * The job (decision 098): every minute (the outbox workers' timer and single flight) it applies the changes whose
 * moment has passed by the injected clock; tests call `drain()` after moving it.
 */
export class ScheduledChangesJob extends OutboxWorker {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {
    super();
  }

  protected sendDue(): Promise<number> {
    return applyDueChanges(this.db, this.now());
  }
}
