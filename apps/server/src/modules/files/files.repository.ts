import { and, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { files, partnerDocuments, partners } from '../../db/schema.js';

export async function fileById(db: DbOrTx, id: number) {
  const rows = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return rows[0] ?? null;
}

/** A file with its owning partner's account manager and status, for a staff member's reach. */
export async function fileWithOwner(db: DbOrTx, id: number) {
  const rows = await db
    .select({ file: files, accountManagerId: partners.accountManagerId, partnerStatus: partners.status })
    .from(files)
    .leftJoin(partners, eq(partners.id, files.ownerPartnerId))
    .where(eq(files.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** A partner's own file; another partner's answers null, like a missing one. */
export async function ownFile(db: DbOrTx, partnerId: number, id: number, forUpdate = false) {
  const query = db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.ownerPartnerId, partnerId)))
    .limit(1);
  const rows = forUpdate ? await query.for('update') : await query;
  return rows[0] ?? null;
}

/**
 * Removes the file row and what exists only to carry it: a compliance record goes with its file
 * (the type then shows 'No document saved'); a contact keeps its other fields (the foreign key
 * clears its document). Answers the storage key to delete once committed.
 */
export async function deleteOwnFile(tx: DbOrTx, partnerId: number, fileId: number) {
  await tx
    .delete(partnerDocuments)
    .where(and(eq(partnerDocuments.partnerId, partnerId), eq(partnerDocuments.fileId, fileId)));
  const [removed] = await tx.delete(files).where(eq(files.id, fileId)).returning({ key: files.storageKey });
  return removed?.key ?? null;
}

/** A stored file's row: what every upload, generated PDF and seeded picture records once its bytes are written. */
export type NewFile = {
  /** 'contact_document', a compliance document's type, 'invoice', 'avatar', 'logo', 'offer_image', 'news_image'. */
  type: string;
  filename: string;
  mimeType: string;
  size: number;
  storageKey: string;
  /** The partner whose signed links may download it; none for public pictures. */
  ownerPartnerId?: number | null;
  /** Now by default; an invoice's file takes the invoice's own time. */
  createdAt?: Date | SQL;
};

/** Records a stored file; answers its id. */
export async function insertFile(db: DbOrTx, file: NewFile): Promise<number> {
  const [row] = await db.insert(files).values(file).returning({ id: files.id });
  if (!row) throw new Error('file insert returned nothing');
  return row.id;
}
