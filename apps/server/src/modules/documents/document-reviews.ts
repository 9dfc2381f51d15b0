import { DOCUMENT_TYPE_LABELS, type DocumentStatus, type DocumentType } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { reaches, type StaffScope } from '../access/index.js';
import { diffFields, recordAudit, type AuditActor } from '../audit/index.js';
import { notifyPartner } from '../notifications/index.js';
import { documentForReview, reviewDocument } from './documents.repository.js';

export type ReviewContext = { scope: StaffScope; actor: AuditActor; now: Date; publicUrl: string };

export type Review = {
  status: DocumentStatus;
  /** A UTC date, YYYY-MM-DD; null clears it; undefined keeps it. */
  expireAt?: string | null | undefined;
  reason?: string | null | undefined;
};

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

/**
 * Reviews compliance documents, one or many, inside the caller's transaction: all or none. Each is locked and checked
 * against the reader's scope (another's answers 404, the failing positions as field errors `ids.{n}`), changed,
 * audited field by field, and, when approved or refused anew, told to its partner with the reason.
 */
export async function reviewDocuments(
  tx: DbOrTx,
  ids: readonly number[],
  review: Review,
  { scope, actor, now, publicUrl }: ReviewContext,
) {
  const locked = [];
  const missing: Record<string, string> = {};
  const order = [...ids].map((id, index) => ({ id, index })).sort((a, b) => a.id - b.id);
  for (const { id, index } of order) {
    const found = await documentForReview(tx, id);
    // An account manager reviews only its own partners' documents; others look unknown.
    if (!found || !reaches(scope, found.accountManagerId)) missing[`ids.${index}`] = 'Not found.';
    else locked.push(found.document);
  }
  if (Object.keys(missing).length > 0) {
    throw new AppError(
      404,
      ids.length === 1 ? 'Document not found.' : 'Some documents were not found.',
      ids.length === 1 ? null : missing,
    );
  }
  const reason = review.reason ? review.reason : null;
  const rows = [];
  let decided = 0;
  for (const before of locked) {
    const expireAt =
      review.expireAt === undefined
        ? {}
        : { expireAt: review.expireAt ? new Date(`${review.expireAt}T00:00:00Z`) : null };
    const unchanged =
      before.status === review.status && (review.expireAt === undefined || day(before.expireAt) === review.expireAt);
    if (unchanged) {
      rows.push(before);
      continue;
    }
    const row = await reviewDocument(tx, before.id, { status: review.status, ...expireAt }, now);
    if (!row) throw new AppError(404, 'Document not found.');
    decided += 1;
    rows.push(row);
    await recordAudit(
      tx,
      actor,
      [
        {
          action: 'decision',
          entityType: 'partner_document',
          entityId: row.id,
          partnerId: row.partnerId,
          changes: diffFields(
            { status: before.status, expireAt: day(before.expireAt) },
            { status: row.status, expireAt: day(row.expireAt) },
          ),
          reason,
        },
      ],
      now,
    );
    if (review.status !== 'pending' && review.status !== before.status) {
      const label = (DOCUMENT_TYPE_LABELS[row.type as DocumentType] ?? row.type).toLowerCase();
      await notifyPartner(
        tx,
        {
          partnerId: row.partnerId,
          kind: 'document_reviewed',
          title: review.status === 'approved' ? `Your ${label} was approved.` : `Your ${label} was refused.`,
          ...(reason ? { body: `Reason: ${reason}` } : {}),
          link: '/my-account',
        },
        { publicUrl },
      );
    }
  }
  return { rows, decided, unchanged: locked.length - decided };
}
