import type { ConversionRejectionReason, ConversionReview, ConversionStatus, StaffConversion } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { enqueuePostbackDeliveries } from '../postbacks/index.js';
import { giveBackConversionCaps } from '../caps/index.js';
import type { StaffScope } from '../access/index.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { moveRollups } from './conversion-changes.js';
import { conversionForReview, setReviewedStatus, type ReviewRow as Row } from './conversions.repository.js';

/** Who reviews: every partner's conversions, or only those of the partners the account manager looks after. */
export type Reviewer = StaffScope;

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

/**
 * Approves or declines a pending conversion (decision 023), in one transaction: the status (and the reason
 * 'declined'), the rollups of the hour the conversion was recorded in (pending out, approved or rejected in), and, on
 * approval, the partner's postbacks for the new status. Only a pending conversion can be reviewed: the status check
 * is part of the UPDATE, so two reviewers cannot both move it.
 */
export async function reviewConversion(
  db: Db,
  reviewer: Reviewer,
  id: number,
  review: ConversionReview,
  now: Date,
  actor: AuditActor,
): Promise<StaffConversion> {
  return db.transaction(async (tx) => {
    const current = await conversionForReview(tx, reviewer, id);
    // Another manager's partner's conversion does not exist for this reviewer.
    if (!current) throw notFound('Conversion not found.');
    const reason: ConversionRejectionReason | null = review.status === 'rejected' ? 'declined' : null;
    // A declined conversion pays nothing, as one rejected on arrival.
    const updated = await setReviewedStatus(tx, id, { status: review.status, reason, updatedAt: now });
    if (!updated) throw conflict('Only a pending conversion can be reviewed.', { status: 'pending' });
    // A declined conversion frees what it took from its caps, in the periods it took it from (decision 045).
    if (reason) await giveBackConversionCaps(tx, updated.id);
    await moveRollups(tx, current, updated);
    await recordAudit(
      tx,
      actor,
      [
        {
          action: 'decision',
          entityType: 'conversion',
          entityId: updated.id,
          partnerId: updated.partnerId,
          changes: [
            { field: 'status', before: current.status, after: updated.status },
            ...(current.reason !== updated.reason
              ? [{ field: 'reason', before: current.reason, after: updated.reason }]
              : []),
            ...(current.payout !== updated.payout
              ? [{ field: 'payout', before: current.payout, after: updated.payout }]
              : []),
          ],
        },
      ],
      now,
    );
    if (updated.status === 'approved') {
      await enqueuePostbackDeliveries(
        tx,
        { ...updated, partnerId: updated.partnerId!, offerId: updated.offerId! },
        now,
      );
    }
    return dto(updated);
  });
}
