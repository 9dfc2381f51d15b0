import { and, eq } from 'drizzle-orm';
import type { ComplianceDocument, DocumentStatus, DocumentType } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { files, partnerDocuments, partners } from '../../db/schema.js';
import { toIso } from '../../lib/reply.js';
import { fileDto, type StoredUpload } from '../../lib/uploads.js';
import { insertFile } from '../files/index.js';

type DocumentRow = typeof partnerDocuments.$inferSelect;

export async function documentDto(db: DbOrTx, row: DocumentRow, now: Date): Promise<ComplianceDocument> {
  const file = row.fileId ? (await db.select().from(files).where(eq(files.id, row.fileId)).limit(1))[0] : null;
  return {
    id: row.id,
    type: row.type as DocumentType,
    status: row.status as DocumentStatus,
    expireAt: toIso(row.expireAt),
    expired: row.expireAt !== null && row.expireAt.getTime() <= now.getTime(),
    document: fileDto(file),
  };
}

/** The partner's record of one type, locked for the rest of the transaction. */
export async function lockDocument(db: DbOrTx, partnerId: number, where: { id: number } | { type: DocumentType }) {
  const condition =
    'id' in where
      ? and(eq(partnerDocuments.partnerId, partnerId), eq(partnerDocuments.id, where.id))
      : and(eq(partnerDocuments.partnerId, partnerId), eq(partnerDocuments.type, where.type));
  const rows = await db.select().from(partnerDocuments).where(condition).limit(1).for('update');
  return rows[0] ?? null;
}

/**
 * Stores a new file for the record (creating the record if needed): the status goes back to
 * pending and the expiry is cleared, since nobody has reviewed this file yet. Answers the record
 * and the storage key of the file it replaced.
 */
export async function saveDocumentFile(
  tx: DbOrTx,
  partnerId: number,
  existing: DocumentRow | null,
  type: DocumentType,
  stored: StoredUpload,
  now: Date,
): Promise<{ row: DocumentRow; obsoleteKey: string | null }> {
  const fileId = await insertFile(tx, {
    type,
    filename: stored.filename,
    mimeType: stored.mimeType,
    size: stored.bytes.length,
    storageKey: stored.storageKey,
    ownerPartnerId: partnerId,
    createdAt: now,
  });
  const values = { status: 'pending', expireAt: null, fileId, updatedAt: now };
  const [row] = existing
    ? await tx.update(partnerDocuments).set(values).where(eq(partnerDocuments.id, existing.id)).returning()
    : await tx
        .insert(partnerDocuments)
        .values({ partnerId, type, ...values, createdAt: now })
        .returning();
  if (!row) throw new Error('document write returned nothing');
  let obsoleteKey: string | null = null;
  if (existing?.fileId) {
    const [old] = await tx.delete(files).where(eq(files.id, existing.fileId)).returning({ key: files.storageKey });
    obsoleteKey = old?.key ?? null;
  }
  return { row, obsoleteKey };
}

/** A document with its partner's account manager, for a staff review. */
export async function documentForReview(db: DbOrTx, id: number) {
  const rows = await db
    .select({ document: partnerDocuments, accountManagerId: partners.accountManagerId })
    .from(partnerDocuments)
    .innerJoin(partners, eq(partners.id, partnerDocuments.partnerId))
    .where(eq(partnerDocuments.id, id))
    .limit(1)
    .for('update', { of: partnerDocuments });
  return rows[0] ?? null;
}

export async function reviewDocument(
  tx: DbOrTx,
  id: number,
  values: { status: DocumentStatus; expireAt?: Date | null },
  now: Date,
) {
  const [row] = await tx
    .update(partnerDocuments)
    .set({ ...values, updatedAt: now })
    .where(eq(partnerDocuments.id, id))
    .returning();
  return row ?? null;
}
