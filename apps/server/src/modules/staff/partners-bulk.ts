import {
  PARTNER_STATUS_TRANSITIONS,
  type BulkChangeResult,
  type PartnerStatus,
  type PartnerStatusBody,
} from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, conflict, isUniqueViolation } from '../../lib/errors.js';
import { reaches, type StaffScope } from '../access/index.js';
import { diffFields, recordAudit, type AuditActor } from '../audit/index.js';
import { movePartner, type StatusContext } from './partner-status.js';
import type { PartnerRow } from './partner-status.repository.js';
import { lockPartnerRow, updatePartnerRow } from './partners.repository.js';
import { checkReassignment } from './partners.service.js';

/**
 * Bulk changes on partners (decision 080): one transaction, all or none. Each partner is locked in id order (two bulk
 * changes over the same rows cannot deadlock), checked against the reader's scope (another's answers 404 with the
 * failing positions as field errors `ids.{n}`, as the bulk decisions do), then changed and audited one by one, as the
 * single change would. One already as asked is left alone and counted unchanged.
 */
async function lockReachable(tx: DbOrTx, scope: StaffScope, ids: readonly number[]) {
  const locked: { row: PartnerRow; index: number }[] = [];
  const missing: Record<string, string> = {};
  const order = ids.map((id, index) => ({ id, index })).sort((a, b) => a.id - b.id);
  for (const { id, index } of order) {
    const row = await lockPartnerRow(tx, id);
    if (!row || !reaches(scope, row.accountManagerId, { pendingUnassigned: row.status === 'pending' })) {
      missing[`ids.${index}`] = 'Not found.';
    } else locked.push({ row, index });
  }
  if (Object.keys(missing).length > 0) {
    throw new AppError(
      404,
      ids.length === 1 ? 'Partner not found.' : 'Some partners were not found.',
      ids.length === 1 ? null : missing,
    );
  }
  return locked;
}

const EMAIL_TAKEN = 'A user with this partner’s e-mail already exists.';

/** Moves every partner to one status; a partner that may not go there refuses the whole change (409, `ids.{n}`). */
export async function bulkPartnerStatus(
  db: Db,
  scope: StaffScope,
  ids: readonly number[],
  body: PartnerStatusBody,
  context: StatusContext,
): Promise<BulkChangeResult> {
  const result = await db
    .transaction(async (tx) => {
      const locked = await lockReachable(tx, scope, ids);
      const refused: Record<string, string> = {};
      for (const { row, index } of locked) {
        const from = row.status as PartnerStatus;
        if (from !== body.status && !PARTNER_STATUS_TRANSITIONS[from].includes(body.status)) {
          refused[`ids.${index}`] = `Not allowed from ${from}.`;
        }
      }
      if (Object.keys(refused).length > 0) {
        throw conflict(`Some partners cannot be made ${body.status}.`, refused);
      }
      let changed = 0;
      for (const { row } of locked) {
        if (row.status === body.status) continue;
        changed += 1;
        await movePartner(tx, row, body, context);
      }
      return { changed, unchanged: locked.length - changed };
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? conflict(EMAIL_TAKEN, { ids: EMAIL_TAKEN }) : error;
    });
  void context.mailer.drain().catch(() => undefined);
  return result;
}

/** Hands every partner to one account manager, as the partner page does (admins anyone, team managers their team). */
export async function bulkPartnerManager(
  db: Db,
  scope: StaffScope,
  ids: readonly number[],
  accountManagerId: number,
  { actor, now }: { actor: AuditActor; now: Date },
): Promise<BulkChangeResult> {
  return db.transaction(async (tx) => {
    await checkReassignment(tx, scope, accountManagerId);
    const locked = await lockReachable(tx, scope, ids);
    let changed = 0;
    for (const { row } of locked) {
      const changes = diffFields({ accountManagerId: row.accountManagerId }, { accountManagerId });
      if (changes.length === 0) continue;
      changed += 1;
      await updatePartnerRow(tx, row.id, { accountManagerId }, now);
      await recordAudit(
        tx,
        actor,
        [{ action: 'update', entityType: 'partner', entityId: row.id, partnerId: row.id, changes }],
        now,
      );
    }
    return { changed, unchanged: locked.length - changed };
  });
}
