import type { FastifyBaseLogger } from 'fastify';
import { formErrorText, type UpdatePartnerContactBody } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { FileStorage } from '../../lib/storage.js';
import { prepareUpload, storeThenCommit } from '../../lib/uploads.js';
import { loadDataLists } from '../reference/index.js';
import { findContact, saveContact } from './account.repository.js';

const CONTACT_NOT_FOUND = 'Contact not found.';

/**
 * Updates one of the partner's contacts, with its identity document when one is sent: the civility must be one of
 * the configuration's, the document is stored first and the contact saved in one transaction (the stored bytes are
 * removed again if that fails). Another partner's contact answers 404, as an unknown one.
 */
export async function updateContact(
  deps: { db: Db; storage: FileStorage },
  partnerId: number,
  contactId: number,
  body: UpdatePartnerContactBody,
  now: Date,
  log: FastifyBaseLogger,
) {
  const { db } = deps;
  const { document, ...fields } = body;
  if (!(await findContact(db, partnerId, contactId))) throw notFound(CONTACT_NOT_FOUND);
  if (fields.civility) {
    const civilities = (await loadDataLists(db)).civilityList.map((item) => item.value);
    if (!civilities.includes(fields.civility)) {
      throw badRequest('The request is invalid.', { civility: formErrorText('oneOf') });
    }
  }
  const upload = document ? await prepareUpload(document) : null;
  return storeThenCommit(
    deps.storage,
    upload,
    (stored) =>
      db.transaction(async (tx) => {
        const saved = await saveContact(tx, partnerId, contactId, fields, stored, now);
        // Thrown inside, so that nothing the transaction wrote stays.
        if (!saved) throw notFound(CONTACT_NOT_FOUND);
        return saved;
      }),
    log,
  );
}
