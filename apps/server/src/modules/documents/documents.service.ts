import type { FastifyBaseLogger } from 'fastify';
import { formErrorText, type DocumentType } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import type { FileStorage } from '../../lib/storage.js';
import { prepareUpload, storeThenCommit } from '../../lib/uploads.js';
import { reviewDocuments, type Review, type ReviewContext } from './document-reviews.js';
import { documentDto, lockDocument, saveDocumentFile } from './documents.repository.js';

const NOT_FOUND = 'Document not found.';

/**
 * Stores a partner's document file, one record per type: `id` null (POST) of a type the partner already has replaces
 * its file, like PUT. The file is stored first, the record saved in one transaction, and the replaced file's bytes
 * removed after the commit.
 */
export async function saveDocument(
  deps: { db: Db; storage: FileStorage },
  partnerId: number,
  type: DocumentType,
  id: number | null,
  data: { filename: string; data: string },
  now: Date,
  log: FastifyBaseLogger,
) {
  const upload = await prepareUpload(data);
  return storeThenCommit(
    deps.storage,
    upload,
    (stored) =>
      deps.db.transaction(async (tx) => {
        const existing = await lockDocument(tx, partnerId, id === null ? { type } : { id });
        if (id !== null && !existing) throw notFound(NOT_FOUND);
        if (existing && existing.type !== type) {
          throw badRequest('The request is invalid.', { type: formErrorText('oneOf') });
        }
        if (!stored) throw new Error('upload not stored');
        const { row, obsoleteKey } = await saveDocumentFile(tx, partnerId, existing, type, stored, now);
        return { result: await documentDto(tx, row, now), obsoleteKeys: obsoleteKey ? [obsoleteKey] : [] };
      }),
    log,
  ).catch((error: unknown) => {
    // Two first uploads of one type at once: the unique index keeps one, the other is told.
    if (isUniqueViolation(error)) throw conflict('This document was just saved by another request. Please try again.');
    throw error;
  });
}

/** One document reviewed by staff, in one transaction with its audit and notice (document-reviews.ts). */
export async function reviewOneDocument(db: Db, id: number, review: Review, context: ReviewContext) {
  return db.transaction(async (tx) => {
    const [row] = (await reviewDocuments(tx, [id], review, context)).rows;
    if (!row) throw notFound(NOT_FOUND);
    return documentDto(tx, row, context.now);
  });
}
