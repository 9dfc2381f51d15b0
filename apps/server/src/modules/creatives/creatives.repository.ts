import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  API_PREFIX,
  OFFER_CREATIVES_MAX,
  OFFER_LANDING_PAGES_MAX,
  expandClickUrl,
  type Creative,
  type CreativeInput,
  type LandingPage,
  type LandingPageInput,
  type PartnerLandingPage,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { files, offerCreatives, offerLandingPages, offers, partnerOffers } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { FileStorage } from '../../lib/storage.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { offerViewerOf, viewerApplication, visibleToViewer } from '../offers/index.js';

export const OFFER_NOT_FOUND = 'Offer not found.';
const imageUrl = (fileId: number | null) => (fileId ? `${API_PREFIX}/image/${fileId}` : null);
/** Pictures a creative or a landing page may show: those uploaded for creatives or offers. */
const PICTURE_TYPES = ['creative_image', 'offer_image'];

type Context = { actor: AuditActor; now: Date; storage: FileStorage };

const creativeColumns = {
  id: offerCreatives.id,
  offerId: offerCreatives.offerId,
  kind: offerCreatives.kind,
  name: offerCreatives.name,
  imageId: offerCreatives.imageId,
  width: offerCreatives.width,
  height: offerCreatives.height,
  html: offerCreatives.html,
  text: offerCreatives.text,
  createdAt: offerCreatives.createdAt,
};

type CreativeRow = { [K in keyof typeof creativeColumns]: (typeof creativeColumns)[K]['_']['data'] | null } & {
  id: number;
  offerId: number;
  kind: string;
  name: string;
  createdAt: Date;
};

const toCreative = (r: CreativeRow): Creative => ({
  id: r.id,
  offerId: r.offerId,
  kind: r.kind as Creative['kind'],
  name: r.name,
  image: imageUrl(r.imageId),
  imageId: r.imageId,
  width: r.width,
  height: r.height,
  html: r.html,
  text: r.text,
  createdAt: r.createdAt.toISOString(),
});

const toLandingPage = (r: typeof offerLandingPages.$inferSelect): LandingPage => ({
  id: r.id,
  offerId: r.offerId,
  name: r.name,
  url: r.url,
  previewImageId: r.previewImageId,
  preview: imageUrl(r.previewImageId),
  createdAt: r.createdAt.toISOString(),
});

export async function listCreatives(db: DbOrTx, offerId: number): Promise<Creative[]> {
  const rows = await db
    .select(creativeColumns)
    .from(offerCreatives)
    .where(eq(offerCreatives.offerId, offerId))
    .orderBy(asc(offerCreatives.id));
  return rows.map((r) => toCreative(r as CreativeRow));
}

export async function listLandingPages(db: DbOrTx, offerId: number): Promise<LandingPage[]> {
  const rows = await db
    .select()
    .from(offerLandingPages)
    .where(eq(offerLandingPages.offerId, offerId))
    .orderBy(asc(offerLandingPages.id));
  return rows.map(toLandingPage);
}

/**
 * The offer row locked for the write (one writer of an offer's creatives and pages at a time, so the limit holds),
 * then a conflict when the offer already holds `max` rows of `table`.
 */
async function lockWithRoom(
  tx: DbOrTx,
  offerId: number,
  table: typeof offerCreatives | typeof offerLandingPages,
  max: number,
  what: string,
): Promise<void> {
  // prettier-ignore
  const [offer] = await tx.select({ id: offers.id }).from(offers).where(eq(offers.id, offerId)).for('update');
  if (!offer) throw notFound(OFFER_NOT_FOUND);
  const [{ n }] = (await tx.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.offerId, offerId))) as [{ n: number }]; // prettier-ignore
  if (n >= max) throw conflict(`An offer holds at most ${max} ${what}.`);
}

/** A picture uploaded for creatives or offers, or a field error naming `field`. */
async function pictureOf(tx: DbOrTx, id: number, field: string) {
  const [file] = await tx
    .select({ id: files.id, storageKey: files.storageKey })
    .from(files)
    .where(and(eq(files.id, id), inArray(files.type, PICTURE_TYPES)));
  if (!file) throw badRequest('The picture does not exist.', { [field]: 'No such picture: upload it first.' });
  return file;
}

/** A banner's size, read from its picture (sharp reads the header only). */
async function sizeOf(
  storage: FileStorage,
  storageKey: string,
): Promise<{ width: number | null; height: number | null }> {
  const bytes = await storage.get(storageKey);
  if (!bytes) return { width: null, height: null };
  const meta = await sharp(bytes).metadata();
  return { width: meta.width ?? null, height: meta.height ?? null };
}

export async function createCreative(
  db: DbOrTx,
  offerId: number,
  input: CreativeInput & { kind: Creative['kind'] },
  { actor, now, storage }: Context,
): Promise<Creative> {
  // prettier-ignore
  return db.transaction(async (tx) => {
    await lockWithRoom(tx, offerId, offerCreatives, OFFER_CREATIVES_MAX, 'creatives');
    const banner = input.kind === 'banner';
    let size = { width: null as number | null, height: null as number | null };
    if (banner) size = await sizeOf(storage, (await pictureOf(tx, input.imageId!, 'imageId')).storageKey);
    const html = input.kind === 'html' || input.kind === 'email' ? (input.html ?? null) : null;
    const text = input.kind === 'text' ? (input.text ?? null) : null;
    const [row] = await tx
      .insert(offerCreatives)
      .values({ offerId, kind: input.kind, name: input.name, imageId: banner ? input.imageId! : null, ...size, html, text, createdBy: actor.actorId, createdAt: now }) // prettier-ignore
      .returning(creativeColumns);
    await recordAudit(tx, actor, [{ action: 'create', entityType: 'creative', entityId: row!.id, parentId: offerId, changes: [
      { field: 'offerId', before: null, after: offerId },
      { field: 'kind', before: null, after: input.kind },
      { field: 'name', before: null, after: input.name },
      ...(banner ? [{ field: 'imageId', before: null, after: input.imageId! }] : []),
      ...(html !== null ? [{ field: 'html', before: null, after: html }] : []),
      ...(text !== null ? [{ field: 'text', before: null, after: text }] : []),
    ] }], now); // prettier-ignore
    return toCreative(row as CreativeRow);
  });
}

export async function deleteCreative(
  db: DbOrTx,
  offerId: number,
  id: number,
  { actor, now }: Omit<Context, 'storage'>,
) {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(offerCreatives)
      .where(and(eq(offerCreatives.id, id), eq(offerCreatives.offerId, offerId)))
      .returning({ kind: offerCreatives.kind, name: offerCreatives.name });
    if (!gone) throw notFound('Creative not found.');
    await recordAudit(tx, actor, [{ action: 'delete', entityType: 'creative', entityId: id, parentId: offerId, changes: [
      { field: 'kind', before: gone.kind, after: null },
      { field: 'name', before: gone.name, after: null },
    ] }], now); // prettier-ignore
  });
}

export async function createLandingPage(
  db: DbOrTx,
  offerId: number,
  input: LandingPageInput & { url: string },
  { actor, now }: Omit<Context, 'storage'>,
): Promise<LandingPage> {
  // prettier-ignore
  return db.transaction(async (tx) => {
    await lockWithRoom(tx, offerId, offerLandingPages, OFFER_LANDING_PAGES_MAX, 'landing pages');
    const previewImageId = input.previewImageId ?? null;
    if (previewImageId !== null) await pictureOf(tx, previewImageId, 'previewImageId');
    const [row] = await tx
      .insert(offerLandingPages)
      .values({ offerId, name: input.name, url: input.url, previewImageId, createdBy: actor.actorId, createdAt: now })
      .returning();
    await recordAudit(tx, actor, [{ action: 'create', entityType: 'landing_page', entityId: row!.id, parentId: offerId, changes: [
      { field: 'offerId', before: null, after: offerId },
      { field: 'name', before: null, after: input.name },
      { field: 'url', before: null, after: input.url },
      { field: 'previewImageId', before: null, after: previewImageId },
    ] }], now); // prettier-ignore
    return toLandingPage(row!);
  });
}

export async function deleteLandingPage(
  db: DbOrTx,
  offerId: number,
  id: number,
  { actor, now }: Omit<Context, 'storage'>,
) {
  // prettier-ignore
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(offerLandingPages)
      .where(and(eq(offerLandingPages.id, id), eq(offerLandingPages.offerId, offerId)))
      .returning({ name: offerLandingPages.name, url: offerLandingPages.url });
    if (!gone) throw notFound('Landing page not found.');
    await recordAudit(tx, actor, [{ action: 'delete', entityType: 'landing_page', entityId: id, parentId: offerId, changes: [
      { field: 'name', before: gone.name, after: null },
      { field: 'url', before: gone.url, after: null },
    ] }], now); // prettier-ignore
  });
}

export async function offerExists(db: DbOrTx, offerId: number): Promise<boolean> {
  const [row] = await db.select({ id: offers.id }).from(offers).where(eq(offers.id, offerId)).limit(1);
  return Boolean(row);
}

/**
 * Whether the partner sees the offer (decision 006, as the offer detail: else 404) and may run it (an offer that
 * requires approval only with an active application, as /click decides).
 */
export async function partnerAccess(
  db: DbOrTx,
  partnerId: number,
  offerId: number,
): Promise<'run' | 'approval_required' | null> {
  // prettier-ignore
  const viewer = await offerViewerOf(db, partnerId);
  if (!viewer) return null;
  const [row] = await db
    .select({ requireApproval: offers.requireApproval, status: partnerOffers.status })
    .from(offers)
    .leftJoin(partnerOffers, viewerApplication(viewer))
    .where(and(eq(offers.id, offerId), visibleToViewer(viewer)))
    .limit(1);
  if (!row) return null;
  return !row.requireApproval || row.status === 'active' ? 'run' : 'approval_required';
}

/** A partner's landing pages: the page's URL with every macro left empty, to look at, never to send traffic to. */
export async function partnerLandingPages(db: DbOrTx, offerId: number): Promise<PartnerLandingPage[]> {
  return (await listLandingPages(db, offerId)).map((p) => ({
    id: p.id,
    name: p.name,
    preview: p.preview,
    previewUrl: expandClickUrl(p.url, {}),
  }));
}

/** One creative of the offer with its picture's storage, for a download. */
export async function creativeFile(db: DbOrTx, offerId: number, id: number) {
  const [row] = await db
    .select({ ...creativeColumns, storageKey: files.storageKey, mimeType: files.mimeType })
    .from(offerCreatives)
    .leftJoin(files, eq(files.id, offerCreatives.imageId))
    .where(and(eq(offerCreatives.id, id), eq(offerCreatives.offerId, offerId)))
    .limit(1);
  return row ?? null;
}
