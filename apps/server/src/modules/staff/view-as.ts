import { VIEW_AS_TTL_MINUTES, type ViewAs } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { reaches, type StaffScope } from '../access/index.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { createViewSession } from '../auth/index.js';
import { firstEnabledUserId, partnerRow } from './partner-status.repository.js';

/**
 * Opens a read-only session of the partner's first enabled user for a staff member who handles the partner
 * (decision 039), audited in the same transaction; answers the sign-in link that hands it to a new tab.
 */
export async function viewAsPartner(
  db: Db,
  scope: StaffScope,
  partnerId: number,
  context: { now: Date; publicUrl: string; actor: AuditActor; ip?: string; userAgent?: string },
): Promise<ViewAs> {
  return db.transaction(async (tx) => {
    const partner = await partnerRow(tx, partnerId);
    if (!partner || !reaches(scope, partner.accountManagerId, { pendingUnassigned: partner.status === 'pending' })) {
      throw notFound('Partner not found.');
    }
    if (partner.status !== 'active') {
      throw conflict(`Only an active partner’s portal can be viewed; this one is ${partner.status}.`);
    }
    const userId = await firstEnabledUserId(tx, partner.id);
    if (userId === null) throw conflict('This partner has no enabled user to view the portal as.');
    const { token, expiresAt } = await createViewSession(
      tx,
      userId,
      scope.userId,
      context.now,
      VIEW_AS_TTL_MINUTES * 60_000,
      {
        ...(context.ip ? { ip: context.ip } : {}),
        ...(context.userAgent ? { userAgent: context.userAgent } : {}),
      },
    );
    const expireAt = expiresAt.toISOString();
    await recordAudit(
      tx,
      context.actor,
      [
        {
          action: 'view_as',
          entityType: 'partner',
          entityId: partner.id,
          partnerId: partner.id,
          changes: [{ field: 'readOnlySessionUntil', before: null, after: expireAt }],
        },
      ],
      context.now,
    );
    const query = new URLSearchParams({ token, expireAt, viewAs: '1' });
    return { token, expireAt, url: `${context.publicUrl}/login?${query.toString()}` };
  });
}
