import {
  formErrorText,
  type ChangedConversion,
  type ConversionAdd,
  type ConversionAdjust,
  type ConversionAdjustment,
  type ConversionAdjustmentKind,
  type ConversionAdjustmentSource,
  type ConversionApprove,
  type ConversionChangeResult,
  type ConversionRejectionReason,
  type ConversionReversalReason,
  type ConversionReverse,
  type ConversionStatus,
  CONVERSION_HAND_APPROVABLE_REASONS,
  CONVERSION_REVERSAL_REASONS,
  POSTBACK_ADJUSTMENT_STATUS,
  type PostbackChangeParams,
  type PostbackResult,
} from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { toIso } from '../../lib/reply.js';
import type { StaffScope } from '../access/index.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { giveBackConversionCaps, takeConversionCaps } from '../caps/index.js';
import { timeOfClickId } from '../click/index.js';
import { enqueuePostbackDeliveries } from '../postbacks/index.js';
import { hourOf, RollupAccumulator } from '../rollups/index.js';
import {
  adjustmentsOf,
  countedConversionOf,
  goalAllowsNegativeMargin,
  insertAdjustment,
  conversionInScope,
  lockConversion,
  lockConversionByTransaction,
  partnerWithinReach,
  updateConversion,
  type AdjustmentRow,
  type ConversionRow,
} from './conversion-changes.repository.js';
import { clickById, conversionByDedupeKey, insertConversion } from './conversions.repository.js';
import { goalWorth, offerFacts, otherCurrency, toMinorUnits } from './conversion-rules.js';

/**
 * Conversions changed after the fact (decision 069). Every change is one transaction: the conversion (locked first, so
 * a second change of it waits and then judges what the first left), the rollups of the hour it was recorded in on
 * every grain, its cap usage, one line of the adjustments ledger, the audit entry with before and after, and the
 * partner's postbacks when its status changed.
 */

/** Who changes it: staff (in its scope), the advertiser's own postback, or a scrub file staff applies. */
export type ChangeActor = {
  source: ConversionAdjustmentSource;
  audit: AuditActor;
  /** Staff's scope; null for the advertiser, which names its own conversion by transaction id. */
  scope: StaffScope | null;
  scrubId?: number | null;
};

type Change = {
  kind: ConversionAdjustmentKind;
  reasonCode?: ConversionReversalReason | null;
  note?: string | null | undefined;
};

const counted = (row: Pick<ConversionRow, 'status' | 'payout' | 'revenue'>) =>
  row.status === 'approved' ? { payout: row.payout, revenue: row.revenue } : { payout: 0, revenue: 0 };

/** What a conversion's rollups read of it. */
type RolledUp = Pick<
  ConversionRow,
  | 'partnerId'
  | 'offerId'
  | 'goal'
  | 'currency'
  | 'subid'
  | 'tc1'
  | 'tc2'
  | 'tc3'
  | 'tc4'
  | 'country'
  | 'landingPageId'
  | 'createdAt'
  | 'status'
  | 'payout'
  | 'revenue'
>;

/** What a conversion brings to its hour's rollup row by its status (as /postback adds it). */
function rollupCounts(row: RolledUp, sign: 1 | -1) {
  if (row.status === 'approved') return { conversions: sign, payout: sign * row.payout, revenue: sign * row.revenue };
  if (row.status === 'pending')
    return { pending: sign, pendingPayout: sign * row.payout, pendingRevenue: sign * row.revenue };
  return { rejected: sign };
}

const rollupKey = (row: RolledUp) => ({
  partnerId: row.partnerId!,
  offerId: row.offerId!,
  currency: row.currency,
  subid: row.subid,
  tc1: row.tc1,
  tc2: row.tc2,
  tc3: row.tc3,
  tc4: row.tc4,
  country: row.country,
  landingPageId: row.landingPageId,
  goal: row.goal,
  hour: hourOf(row.createdAt),
});

/** The hour's rollups lose what the conversion brought before and gain what it brings now (a row with no partner, an unknown click, was never counted). */
export async function moveRollups(tx: DbOrTx, before: RolledUp | null, after: RolledUp): Promise<void> {
  const rollups = new RollupAccumulator();
  if (before?.partnerId != null && before.offerId != null) rollups.add(rollupKey(before), rollupCounts(before, -1));
  if (after.partnerId != null && after.offerId != null) rollups.add(rollupKey(after), rollupCounts(after, 1));
  await rollups.write(tx);
}

function changedConversionDto(row: ConversionRow): ChangedConversion {
  return {
    id: row.id,
    partnerId: row.partnerId!,
    offerId: row.offerId!,
    status: row.status as ConversionStatus,
    reason: row.reason as ConversionRejectionReason | null,
    reversalReason: row.reversalReason as ConversionReversalReason | null,
    note: row.note,
    payout: row.payout,
    originalPayout: row.originalPayout,
    revenue: row.revenue,
    currency: row.currency,
    transactionId: row.transactionId,
    changedAt: toIso(row.changedAt),
  };
}

function adjustmentDto(row: AdjustmentRow): ConversionAdjustment {
  return {
    id: row.id,
    conversionId: row.conversionId,
    partnerId: row.partnerId,
    currency: row.currency,
    kind: row.kind as ConversionAdjustmentKind,
    statusBefore: row.statusBefore as ConversionStatus | null,
    statusAfter: row.statusAfter as ConversionStatus,
    payoutBefore: row.payoutBefore,
    payoutAfter: row.payoutAfter,
    payoutDelta: row.payoutDelta,
    revenueDelta: row.revenueDelta,
    reasonCode: row.reasonCode as ConversionReversalReason | null,
    note: row.note,
    source: row.source as ConversionAdjustmentSource,
    actorId: row.actorId,
    billable: row.billable,
    billingRequestId: row.billingRequestId,
    createdAt: toIso(row.createdAt) ?? '',
  };
}

/**
 * Writes one change of a locked conversion (`before`; null for one added by hand) with everything that follows it.
 * A line is billable when the conversion's earlier amount was already billed: the next billing request carries it;
 * advertiser-billable when its earlier revenue was already on an advertiser invoice: the advertiser's next one does.
 */
async function applyChange(
  tx: DbOrTx,
  before: ConversionRow | null,
  after: ConversionRow,
  change: Change,
  actor: ChangeActor,
  now: Date,
): Promise<ConversionChangeResult> {
  const was = before ? counted(before) : { payout: 0, revenue: 0 };
  const is = counted(after);
  await moveRollups(tx, before, after);
  const wasCounted = before !== null && before.status !== 'rejected';
  const isCounted = after.status !== 'rejected';
  // A reversal gives back what the conversion took from its caps, each to the period it was taken from (decision 045).
  if (wasCounted && !isCounted) await giveBackConversionCaps(tx, after.id);
  // An approval or addition by hand takes its room where there is some; past a cap, staff's decision stands.
  if (!wasCounted && isCounted)
    await takeConversionCaps(
      tx,
      { id: after.id, offerId: after.offerId!, partnerId: after.partnerId!, createdAt: after.createdAt },
      { payout: after.payout, revenue: after.revenue },
    );
  const line = await insertAdjustment(tx, {
    conversionId: after.id,
    partnerId: after.partnerId!,
    advertiserId: after.advertiserId,
    offerId: after.offerId,
    currency: after.currency,
    kind: change.kind,
    statusBefore: before?.status ?? null,
    statusAfter: after.status,
    payoutBefore: before?.payout ?? 0,
    payoutAfter: after.payout,
    payoutDelta: is.payout - was.payout,
    revenueDelta: is.revenue - was.revenue,
    reasonCode: change.reasonCode ?? null,
    note: change.note || null,
    source: actor.source,
    actorId: actor.audit.actorId,
    scrubId: actor.scrubId ?? null,
    billable: before?.billingRequestId != null,
    originalBillingRequestId: before?.billingRequestId ?? null,
    // The advertiser's side (decision 073): its revenue was on an advertiser invoice, so its next one carries the delta.
    advertiserBillable: before?.advertiserInvoiceId != null,
    createdAt: now,
  });
  const fields = ['status', 'reason', 'reversalReason', 'payout', 'revenue', 'note'] as const;
  await recordAudit(
    tx,
    actor.audit,
    [
      {
        action: before ? 'update' : 'create',
        entityType: 'conversion',
        entityId: after.id,
        partnerId: after.partnerId,
        changes: [
          { field: 'change', before: null, after: change.kind },
          { field: 'source', before: null, after: actor.source },
          ...fields
            .filter((f) => (before ? before[f] : null) !== after[f])
            .map((f) => ({ field: f, before: before ? before[f] : null, after: after[f] })),
        ],
      },
    ],
    now,
  );
  // The partner's postbacks hear of a new status (the {status} macro); an adjustment alone fires none.
  if (before?.status !== after.status) {
    await enqueuePostbackDeliveries(tx, { ...after, partnerId: after.partnerId!, offerId: after.offerId! }, now, {
      statusChange: true,
    });
  }
  return { conversion: changedConversionDto(after), adjustment: adjustmentDto(line) };
}

async function locked(tx: DbOrTx, id: number, actor: ChangeActor): Promise<ConversionRow> {
  const row = await lockConversion(tx, id, actor.scope);
  // Another manager's partner's conversion does not exist for this staff member.
  if (!row) throw notFound('Conversion not found.');
  return row;
}

/** Reverses a locked approved or pending conversion: rejected, reason 'reversed', paying nothing. */
async function reverseLocked(
  tx: DbOrTx,
  before: ConversionRow,
  body: ConversionReverse,
  actor: ChangeActor,
  now: Date,
): Promise<ConversionChangeResult> {
  if (before.status === 'rejected') {
    throw conflict('This conversion is already rejected: there is nothing to reverse.', { status: before.status });
  }
  const note = body.note?.trim() || null;
  const after = await updateConversion(tx, before.id, {
    status: 'rejected',
    reason: 'reversed',
    reversalReason: body.reason,
    note,
    payout: 0,
    revenue: 0,
    originalPayout: before.originalPayout ?? before.payout,
    changedAt: now,
    updatedAt: now,
  });
  return applyChange(tx, before, after, { kind: 'reverse', reasonCode: body.reason, note }, actor, now);
}

export function reverseConversion(
  db: Db,
  id: number,
  body: ConversionReverse,
  actor: ChangeActor,
  now: Date,
): Promise<ConversionChangeResult> {
  return db.transaction(async (tx) => reverseLocked(tx, await locked(tx, id, actor), body, actor, now));
}

/** Reverses a conversion inside the caller's transaction (a scrub file applies many in one). */
export async function reverseConversionIn(
  tx: DbOrTx,
  id: number,
  body: ConversionReverse,
  actor: ChangeActor,
  now: Date,
): Promise<ConversionChangeResult> {
  return reverseLocked(tx, await locked(tx, id, actor), body, actor, now);
}

/** New absolute amounts of a locked approved conversion (a partial refund). */
async function adjustLocked(
  tx: DbOrTx,
  before: ConversionRow,
  body: ConversionAdjust,
  actor: ChangeActor,
  now: Date,
): Promise<ConversionChangeResult> {
  if (before.status !== 'approved') {
    throw conflict('Only an approved conversion can be adjusted.', { status: before.status });
  }
  const payout = body.payoutAmount ?? before.payout;
  const revenue = body.revenueAmount ?? before.revenue;
  if (payout > revenue && !(await goalAllowsNegativeMargin(tx, before.offerId!, before.goalId))) {
    throw badRequest('The payout cannot be above the revenue.', {
      [body.payoutAmount !== undefined ? 'payoutAmount' : 'revenueAmount']: formErrorText('overrideAboveRevenue'),
    });
  }
  if (payout === before.payout && revenue === before.revenue) {
    throw badRequest('Nothing to change: the amounts are the conversion’s own.', {
      [body.payoutAmount !== undefined ? 'payoutAmount' : 'revenueAmount']: 'The amounts are unchanged.',
    });
  }
  const note = body.note.trim();
  const after = await updateConversion(tx, before.id, {
    payout,
    revenue,
    note,
    originalPayout: before.originalPayout ?? before.payout,
    changedAt: now,
    updatedAt: now,
  });
  return applyChange(tx, before, after, { kind: 'adjust', note }, actor, now);
}

export function adjustConversion(
  db: Db,
  id: number,
  body: ConversionAdjust,
  actor: ChangeActor,
  now: Date,
): Promise<ConversionChangeResult> {
  return db.transaction(async (tx) => adjustLocked(tx, await locked(tx, id, actor), body, actor, now));
}

/**
 * Approves by hand a conversion rejected as unknown_click, click_too_old, over_cap or declined, with what the goal
 * (and the partner's override) pays today on the sale amount the advertiser sent. An unknown click must be known now.
 */
export function approveConversion(
  db: Db,
  id: number,
  body: ConversionApprove,
  actor: ChangeActor,
  now: Date,
): Promise<ConversionChangeResult> {
  return db.transaction(async (tx) => {
    const before = await locked(tx, id, actor);
    const approvable = (CONVERSION_HAND_APPROVABLE_REASONS as readonly string[]).includes(before.reason ?? '');
    if (before.status !== 'rejected' || !approvable) {
      throw conflict(
        `Only a conversion rejected as ${CONVERSION_HAND_APPROVABLE_REASONS.join(', ')} can be approved by hand.`,
        { status: before.status, ...(before.reason ? { reason: before.reason } : {}) },
      );
    }
    const click = before.clickId ? await clickById(tx, before.clickId, timeOfClickId(before.clickId)) : null;
    if (!click) throw conflict('The click of this conversion is still unknown: it cannot be attributed.');
    const facts = await offerFacts(tx, click.offerId, click.partnerId, before.goal);
    if (!facts || facts.advertiserId !== before.advertiserId) {
      throw conflict('The click belongs to another advertiser’s offer: it cannot be attributed.');
    }
    if (!facts.goal) throw conflict(`The offer pays no goal '${before.goal}'.`, { goal: before.goal });
    const worth = goalWorth(facts.goal, before.amount);
    if (!worth) throw conflict('This goal pays a share of the sale, and the advertiser sent no sale amount.');
    if (before.partnerId === null) {
      // A counted conversion of the same click and goal already exists: this one stays a duplicate.
      const counted = await countedConversionOf(tx, click.clickId, facts.goal.goalId);
      if (counted !== null) {
        throw conflict(`Conversion ${counted} already counts this click and goal.`, { conversionId: String(counted) });
      }
    }
    const note = body.note?.trim() || null;
    const after = await updateConversion(tx, before.id, {
      status: 'approved',
      reason: null,
      partnerId: click.partnerId,
      offerId: click.offerId,
      goalId: facts.goal.goalId,
      currency: facts.currency,
      subid: click.subid,
      tc1: click.tc1,
      tc2: click.tc2,
      tc3: click.tc3,
      tc4: click.tc4,
      country: click.country,
      landingPageId: click.landingPageId,
      clickedAt: click.createdAt,
      payout: worth.payout,
      revenue: worth.revenue,
      note,
      changedAt: now,
      updatedAt: now,
    });
    return applyChange(tx, before, after, { kind: 'approve', note }, actor, now);
  });
}

/**
 * A conversion added by hand on a known click, approved, deduplicated like a postback: the same transaction id (or,
 * without one, the same click and goal) of the advertiser answers 409 naming the conversion recorded under it.
 */
export function addConversion(
  db: Db,
  body: ConversionAdd,
  actor: ChangeActor,
  now: Date,
): Promise<ConversionChangeResult> {
  return db.transaction(async (tx) => {
    const click = await clickById(tx, body.clickId, timeOfClickId(body.clickId));
    if (!click) throw badRequest('No click has this id.', { clickId: 'No click has this id.' });
    // An account manager adds conversions for its own partners only.
    if (actor.scope && !(await partnerWithinReach(tx, actor.scope, click.partnerId))) {
      throw badRequest('No click has this id.', { clickId: 'No click has this id.' });
    }
    const facts = await offerFacts(tx, click.offerId, click.partnerId, body.goal);
    if (!facts) throw badRequest('No click has this id.', { clickId: 'No click has this id.' });
    if (!facts.goal)
      throw badRequest(`The offer pays no goal '${body.goal}'.`, { goal: 'The offer pays no such goal.' });
    const amount = body.amount === undefined ? null : toMinorUnits(body.amount);
    const worth = goalWorth(facts.goal, amount);
    if (!worth) throw badRequest('This goal pays a share of the sale: enter the amount.', { amount: 'required' });
    const dedupeKey = body.transactionId ? `tx:${body.transactionId}` : `cg:${click.clickId}:${body.goal}`;
    const existing = await conversionByDedupeKey(tx, facts.advertiserId, dedupeKey);
    const counted = existing ? null : await countedConversionOf(tx, click.clickId, facts.goal.goalId);
    const taken = existing?.id ?? counted;
    if (taken != null) {
      throw conflict(
        `Conversion ${taken} is already recorded under this ${existing ? 'transaction' : 'click and goal'}.`,
        {
          conversionId: String(taken),
        },
      );
    }
    const note = body.note?.trim() || null;
    const id = await insertConversion(tx, {
      clickId: click.clickId,
      advertiserId: facts.advertiserId,
      dedupeKey,
      offerId: click.offerId,
      partnerId: click.partnerId,
      goalId: facts.goal.goalId,
      goal: body.goal,
      transactionId: body.transactionId ?? null,
      amount,
      payout: worth.payout,
      revenue: worth.revenue,
      currency: facts.currency,
      status: 'approved',
      subid: click.subid,
      tc1: click.tc1,
      tc2: click.tc2,
      tc3: click.tc3,
      tc4: click.tc4,
      country: click.country,
      landingPageId: click.landingPageId,
      clickedAt: click.createdAt,
      source: 'manual',
      note,
      changedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    if (id === null) throw conflict('A conversion is already recorded under this transaction, click and goal.');
    const after = await lockConversion(tx, id, null);
    return applyChange(tx, null, after!, { kind: 'add', note }, actor, now);
  });
}

/** The ledger lines of a conversion the staff member may see. */
export async function conversionHistory(db: Db, id: number, scope: StaffScope): Promise<ConversionAdjustment[]> {
  const row = await conversionInScope(db, id, scope);
  if (!row) throw notFound('Conversion not found.');
  return (await adjustmentsOf(db, id)).map(adjustmentDto);
}

/** `value` × `part` / `whole`, rounded half up to the minor unit: a partial refund's share of the payout. */
const scaled = (value: number, part: number, whole: number) =>
  Number((BigInt(value) * BigInt(part) + BigInt(whole) / 2n) / BigInt(whole));

/** The reversal code a postback's status (or its `reason`, when it is one) gives. */
function reversalCodeOf(status: string, reason: string | undefined): ConversionReversalReason {
  if (status === 'refunded') return 'refund';
  if (status === 'chargeback') return 'chargeback';
  const named = CONVERSION_REVERSAL_REASONS.find((code) => code === reason?.trim().toLowerCase());
  return named ?? 'other';
}

/**
 * The advertiser changes its own conversion, named by its transaction id (decision 069): `status=reversed` (or
 * refunded, chargeback, rejected) reverses it, `status=adjusted` with a smaller `amount` lowers it (a partial refund:
 * payout and revenue in proportion). Same answer shape as a postback that records: a transaction id never sent is
 * `rejected`/`unknown_transaction`, a repeat is `duplicate: true`.
 */
export function changeByPostback(
  db: Db,
  advertiserId: number,
  params: PostbackChangeParams,
  now: Date,
): Promise<PostbackResult> {
  const status = (params.status ?? '').trim().toLowerCase();
  const note = params.reason?.trim() || null;
  const actor: ChangeActor = {
    source: 'advertiser',
    audit: { actorId: null, ip: null, requestId: null },
    scope: null,
  };
  return db.transaction(async (tx) => {
    const before = await lockConversionByTransaction(tx, advertiserId, params.transaction_id);
    if (!before) return { status: 'rejected', reason: 'unknown_transaction', conversionId: null, duplicate: false };
    // A change in another currency than the conversion's changes nothing (decision 077).
    if (otherCurrency(params.currency, before.currency))
      return { status: 'rejected', reason: 'currency_mismatch', conversionId: before.id, duplicate: false };
    const unchanged: PostbackResult = {
      status: before.status as ConversionStatus,
      reason: before.reason as ConversionRejectionReason | null,
      conversionId: before.id,
      duplicate: true,
    };
    if (status !== POSTBACK_ADJUSTMENT_STATUS) {
      // A second reversal (or one of a conversion rejected on arrival) changes nothing.
      if (before.status === 'rejected') return unchanged;
      const done = await reverseLocked(tx, before, { reason: reversalCodeOf(status, params.reason), note: note ?? undefined }, actor, now); // prettier-ignore
      return {
        status: done.conversion.status,
        reason: done.conversion.reason,
        conversionId: before.id,
        duplicate: false,
      };
    }
    if (params.amount === undefined) throw badRequest('An adjustment needs the new amount.', { amount: 'required' });
    const amount = toMinorUnits(params.amount);
    if (before.status !== 'approved') {
      if (before.status === 'rejected') return unchanged;
      throw conflict('Only an approved conversion can be adjusted.', { status: before.status });
    }
    if (!before.amount) {
      throw badRequest('The conversion was recorded without a sale amount: it cannot be adjusted by one.', {
        amount: 'The conversion has no sale amount to lower.',
      });
    }
    if (amount === before.amount) return unchanged;
    if (amount > before.amount) {
      throw badRequest('An adjustment lowers the sale amount (a partial refund).', {
        amount: `The amount must be below the original ${before.amount / 100}.`,
      });
    }
    const after = await updateConversion(tx, before.id, {
      amount,
      payout: scaled(before.payout, amount, before.amount),
      revenue: scaled(before.revenue, amount, before.amount),
      note,
      originalPayout: before.originalPayout ?? before.payout,
      changedAt: now,
      updatedAt: now,
    });
    await applyChange(tx, before, after, { kind: 'adjust', note }, actor, now);
    return { status: 'approved', reason: null, conversionId: before.id, duplicate: false };
  });
}
