import type { FastifyBaseLogger } from 'fastify';
import { DOCUMENT_TYPES, DUTY_ROLES } from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { FileStorage } from '../../lib/storage.js';
import { removeStored } from '../../lib/uploads.js';
import type { StaffScope } from '../access/index.js';
import { staffReadsFile } from './file-readers.js';
import { deleteOwnFile, fileWithOwner, ownFile } from './files.repository.js';

/**
 * A partner's file of a kind the staff member reads, of a partner it reaches, or an advertiser invoice's PDF for those
 * who bill advertisers (admins and finance, decision 073); null otherwise, like a missing one.
 */
export async function staffFile(db: DbOrTx, scope: StaffScope, id: number) {
  const found = await fileWithOwner(db, id);
  if (!found) return null;
  if (found.file.ownerPartnerId === null) {
    const billsAdvertisers = scope.roles.some((role) =>
      (DUTY_ROLES.bill_advertisers as readonly string[]).includes(role),
    );
    return found.file.type === 'advertiser_invoice' && billsAdvertisers ? found.file : null;
  }
  const owner = {
    accountManagerId: found.accountManagerId,
    pendingUnassigned: found.partnerStatus === 'pending' && found.accountManagerId === null,
  };
  return staffReadsFile(scope, found.file.type, owner) ? found.file : null;
}

/** Files a partner may delete: its own uploads, never what staff produced for it (invoices, logo). */
const DELETABLE_TYPES: readonly string[] = ['contact_document', ...DOCUMENT_TYPES];

/** Deletes one of the partner's own uploads: the row in a transaction, then the stored bytes once it commits. */
export async function deleteOwnUpload(
  db: Db,
  storage: FileStorage,
  partnerId: number,
  fileId: number,
  log?: FastifyBaseLogger,
): Promise<void> {
  const key = await db.transaction(async (tx) => {
    const file = await ownFile(tx, partnerId, fileId, true);
    if (!file) throw notFound('File not found.');
    if (!DELETABLE_TYPES.includes(file.type)) throw forbidden('This file cannot be deleted.');
    return deleteOwnFile(tx, partnerId, file.id);
  });
  await removeStored(storage, key ? [key] : [], log);
}
