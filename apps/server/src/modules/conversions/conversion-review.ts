import type {
  ConversionDeclineReason,
  ConversionRejectionReason,
  ConversionStatus,
  StaffConversion,
} from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { enqueuePostbackDeliveries } from '../postbacks/index.js';
import { giveBackConversionCaps } from '../caps/index.js';
import type { StaffScope } from '../access/index.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { moveRollups } from './conversion-changes.js';
import { lockConversionsForReview, setReviewedStatus, type ReviewRow as Row } from './conversions.repository.js';

/** Who reviews: every partner's conversions, or only those of the partners the account manager looks after. */
export type Reviewer = StaffScope;

/** A decision on pending conversions: approve, or decline with its code and a note the partner reads (decision 079). */
export type ReviewDecision = {
  status: 'approved' | 'rejected';
  reason?: ConversionDeclineReason | undefined;
  note?: string | undefined;
};

function dto(row: Row): StaffConversion {
  return {
    id: row.id,
    partnerId: row.partnerId!,
    offerId: row.offerId!,
    goal: row.goal,
    transactionId: row.transactionId,
    status: row.status as ConversionStatus,
    reason: row.reason as ConversionRejectionReason | null,
    payout: row.payout,
    currency: row.currency,
    subid: row.subid,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Moves one locked pending conversion: status, rollups, caps, audit and, on approval, the partner's postbacks. */
async function decideOne(
  tx: DbOrTx,
  current: Row,
  decision: ReviewDecision,
  now: Date,
  actor: AuditActor,
): Promise<Row | null> {
  const reason: ConversionRejectionReason | null = decision.status === 'rejected' ? 'declined' : null;
  // A declined conversion pays nothing, as one rejected on arrival; its code and note are the partner's to read.
  const updated = await setReviewedStatus(tx, current.id, {
    status: decision.status,
    reason,
    declineReason: reason ? (decision.reason ?? null) : null,
    note: reason ? (decision.note ?? null) : null,
    updatedAt: now,
  });
  if (!updated) return null;
  // A declined conversion frees what it took from its caps, in the periods it took it from (decision 045).
  if (reason) await giveBackConversionCaps(tx, updated.id);
  await moveRollups(tx, current, updated);
  const fields = ['status', 'reason', 'declineReason', 'payout', 'note'] as const;
  await recordAudit(
    tx,
    actor,
    [
      {
        action: 'decision',
        entityType: 'conversion',
        entityId: updated.id,
        partnerId: updated.partnerId,
        changes: fields
          .filter((field) => field === 'status' || current[field] !== updated[field])
          .map((field) => ({ field, before: current[field], after: updated[field] })),
        ...(updated.note && reason ? { reason: updated.note } : {}),
      },
    ],
    now,
  );
  if (updated.status === 'approved') {
    await enqueuePostbackDeliveries(tx, { ...updated, partnerId: updated.partnerId!, offerId: updated.offerId! }, now);
  }
  return updated;
}

/**
 * Decides pending conversions, one or many, inside the caller's transaction: all or none (decision 079). Each is
 * locked in id order and checked against the reviewer's scope (another's answers 404, the failing positions as field
 * errors `ids.{n}`); one already in the asked status is left alone and counted unchanged, one decided otherwise
 * refuses the whole decision (409, its position named). Every one goes through the single decision's steps.
 */
export async function decideConversions(
  tx: DbOrTx,
  reviewer: Reviewer,
  ids: readonly number[],
  decision: ReviewDecision,
  now: Date,
  actor: AuditActor,
): Promise<{ decided: number; unchanged: number; rows: Row[] }> {
  const locked = await lockConversionsForReview(tx, reviewer, ids);
  const byId = new Map(locked.map((row) => [row.id, row]));
  const positions = (test: (id: number) => boolean) =>
    Object.fromEntries(ids.flatMap((id, index) => (test(id) ? [[`ids.${index}`, 'Not found.']] : [])));
  const missing = positions((id) => !byId.has(id));
  if (Object.keys(missing).length > 0) {
    throw new AppError(404, 'Some conversions were not found.', missing);
  }
  const settled = (row: Row) => row.status !== 'pending';
  const decidedOtherwise = locked.filter((row) => settled(row) && row.status !== decision.status);
  if (decidedOtherwise.length > 0) {
    const others = new Set(decidedOtherwise.map((row) => row.id));
    const fields = Object.fromEntries(
      ids.flatMap((id, index) => (others.has(id) ? [[`ids.${index}`, 'Only a pending conversion can be reviewed.']] : [])), // prettier-ignore
    );
    throw new AppError(409, 'Some conversions are no longer pending.', fields);
  }
  const rows: Row[] = [];
  for (const current of locked) {
    if (settled(current)) continue;
    const updated = await decideOne(tx, current, decision, now, actor);
    // Locked above and pending: the UPDATE moves it.
    if (updated) rows.push(updated);
  }
  return { decided: rows.length, unchanged: locked.length - rows.length, rows };
}

/**
 * Approves or declines a pending conversion (decision 023), in one transaction, through the bulk decision's steps:
 * the status (and the reason 'declined', with its code and note, decision 079), the rollups of the hour the conversion
 * was recorded in (pending out, approved or rejected in), and, on approval, the partner's postbacks for the new status.
 * Only a pending conversion can be reviewed: one already decided answers 409.
 */
export async function reviewConversion(
  db: Db,
  reviewer: Reviewer,
  id: number,
  review: ReviewDecision,
  now: Date,
  actor: AuditActor,
): Promise<StaffConversion> {
  return db.transaction(async (tx) => {
    const [current] = await lockConversionsForReview(tx, reviewer, [id]);
    // Another manager's partner's conversion does not exist for this reviewer.
    if (!current) throw notFound('Conversion not found.');
    if (current.status !== 'pending')
      throw conflict('Only a pending conversion can be reviewed.', { status: 'pending' });
    const { rows } = await decideConversions(tx, reviewer, [id], review, now, actor);
    return dto(rows[0]!);
  });
}

/** Decides many pending conversions in one transaction: all or none (decision 079). */
export async function reviewConversions(
  db: Db,
  reviewer: Reviewer,
  ids: readonly number[],
  decision: ReviewDecision,
  now: Date,
  actor: AuditActor,
): Promise<{ decided: number; unchanged: number }> {
  const { decided, unchanged } = await db.transaction((tx) =>
    decideConversions(tx, reviewer, ids, decision, now, actor),
  );
  return { decided, unchanged };
}
