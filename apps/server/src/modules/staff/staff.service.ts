import type { ApplicationStatus, DocumentType } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { diffFields, recordAudit, type AuditActor } from '../audit/index.js';
import { reviewDocuments, type Review, type ReviewContext } from '../documents/index.js';
import { decideApplications, type DecisionContext } from '../offers/index.js';
import { requiredDocumentTypes, saveRequiredDocumentTypes } from './partners.repository.js';

/** The staff's bulk decisions on applications: one transaction, all or none. */
export async function decideStaffApplications(
  db: Db,
  ids: readonly number[],
  decision: { status: ApplicationStatus; reason?: string | null | undefined },
  context: DecisionContext,
): Promise<{ decided: number; unchanged: number }> {
  return db.transaction((tx) => decideApplications(tx, ids, decision, context));
}

/** The staff's bulk reviews of compliance documents: one transaction, all or none. */
export async function reviewStaffDocuments(
  db: Db,
  ids: readonly number[],
  review: Review,
  context: ReviewContext,
): Promise<{ decided: number; unchanged: number }> {
  const { decided, unchanged } = await db.transaction((tx) => reviewDocuments(tx, ids, review, context));
  return { decided, unchanged };
}

/** Sets the document types every partner must hold (decision 040), audited in the same transaction when it changes. */
export async function saveComplianceSettings(
  db: Db,
  types: DocumentType[],
  { actor, userId, now }: { actor: AuditActor; userId: number; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await requiredDocumentTypes(tx);
    await saveRequiredDocumentTypes(tx, types, userId, now);
    const changes = diffFields({ requiredDocumentTypes: before }, { requiredDocumentTypes: types });
    if (changes.length > 0) {
      await recordAudit(
        tx,
        actor,
        [{ action: 'update', entityType: 'network_setting', entityId: 'compliance', changes }],
        now,
      );
    }
  });
}
