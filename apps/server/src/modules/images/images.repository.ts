import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { files } from '../../db/schema.js';

/** File types that are public pictures; documents never go through the image route. */
export const PUBLIC_IMAGE_TYPES = ['avatar', 'logo', 'offer_image', 'news_image', 'creative_image'] as const;

/** A stored file that is a public picture, or null (a document's id answers null, like a missing one). */
export async function findPublicImage(db: DbOrTx, id: number) {
  const rows = await db
    .select({ id: files.id, storageKey: files.storageKey, mimeType: files.mimeType })
    .from(files)
    .where(and(eq(files.id, id), inArray(files.type, [...PUBLIC_IMAGE_TYPES])))
    .limit(1);
  return rows[0] ?? null;
}
