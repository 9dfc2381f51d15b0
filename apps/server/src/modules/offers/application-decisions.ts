import type { ApplicationStatus, PartnerOffer } from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { reaches, type StaffScope } from '../access/index.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { notifyPartner } from '../notifications/index.js';
import { findApplication, lockApplicationForDecision, setApplicationStatus } from './offers.repository.js';

const DECISION_TITLES = {
  active: (offer: string) => `Your application to ${offer} has been approved.`,
  refused: (offer: string) => `Your application to ${offer} has been refused.`,
  pending: (offer: string) => `Your application to ${offer} is pending review again.`,
} as const;

export type DecisionContext = { scope: StaffScope; actor: AuditActor; now: Date; publicUrl: string };

/**
 * Decides applications, one or many, inside the caller's transaction: all or none. Each is locked, checked against
 * the reader's scope (another's answers 404, with the failing positions as field errors `ids.{n}`), moved, audited
 * and told to its partner with the reason. One already in the asked status is left alone and counted unchanged.
 */
export async function decideApplications(
  tx: DbOrTx,
  ids: readonly number[],
  decision: { status: ApplicationStatus; reason?: string | null | undefined },
  { scope, actor, now, publicUrl }: DecisionContext,
): Promise<{ decided: number; unchanged: number }> {
  const locked = [];
  const missing: Record<string, string> = {};
  // In id order, so that two bulk decisions over the same rows cannot deadlock.
  const order = [...ids].map((id, index) => ({ id, index })).sort((a, b) => a.id - b.id);
  for (const { id, index } of order) {
    const application = await lockApplicationForDecision(tx, id);
    // An account manager decides only for its own partners; another's application does not exist for it.
    if (!application || !reaches(scope, application.accountManagerId)) missing[`ids.${index}`] = 'Not found.';
    else locked.push(application);
  }
  if (Object.keys(missing).length > 0) {
    throw new AppError(
      404,
      ids.length === 1 ? 'Application not found.' : 'Some applications were not found.',
      ids.length === 1 ? null : missing,
    );
  }
  const reason = decision.reason ? decision.reason : null;
  let decided = 0;
  for (const application of locked) {
    if (application.status === decision.status) continue;
    decided += 1;
    await setApplicationStatus(tx, application.id, decision.status, now);
    await recordAudit(
      tx,
      actor,
      [
        {
          action: 'decision',
          entityType: 'application',
          entityId: application.id,
          parentId: application.offerId,
          partnerId: application.partnerId,
          changes: [{ field: 'status', before: application.status, after: decision.status }],
          reason,
        },
      ],
      now,
    );
    await notifyPartner(
      tx,
      {
        partnerId: application.partnerId,
        kind: 'application_decided',
        title: DECISION_TITLES[decision.status](application.offerName),
        ...(reason ? { body: `Reason: ${reason}` } : {}),
        link: `/offer/${application.offerId}`,
      },
      { publicUrl },
    );
  }
  return { decided, unchanged: locked.length - decided };
}

/** One staff decision on one application, in its own transaction; answers the application as it now is. */
export async function decideApplication(
  db: Db,
  id: number,
  decision: { status: ApplicationStatus; reason?: string | null | undefined },
  context: DecisionContext,
): Promise<PartnerOffer> {
  await db.transaction((tx) => decideApplications(tx, [id], decision, context));
  const decided = await findApplication(db, id);
  if (!decided) throw notFound('Application not found.');
  return decided;
}
