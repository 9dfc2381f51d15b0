import type { FastifyBaseLogger } from 'fastify';
import type {
  NewsAudience,
  NewsCreate,
  NewsUpdate,
  StaffImageKind,
  StaffNews,
  UploadDocument,
} from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, notFound, type FieldErrors } from '../../lib/errors.js';
import { sanitizeHtml } from '../../lib/html.js';
import type { FileStorage } from '../../lib/storage.js';
import { prepareUpload, storeThenCommit } from '../../lib/uploads.js';
import { insertFile } from '../files/index.js';
import { diffFields, recordAudit, type AuditActor } from '../audit/index.js';
import {
  deleteNews,
  existingIds,
  fileMimeType,
  insertNews,
  lockNews,
  staffNewsDto,
  updateNews,
} from './news.repository.js';

const NOT_FOUND = 'News item not found.';
type Context = { actor: AuditActor; now: Date };

/** The ids an audience names must exist, and its picture must be a stored image: each unknown one is a field error. */
async function checkReferences(db: DbOrTx, body: { imageId?: number | null | undefined; audience?: NewsAudience | undefined }) {
  const errors: FieldErrors = {};
  if (body.imageId) {
    const mimeType = await fileMimeType(db, body.imageId);
    if (!mimeType?.startsWith('image/')) errors.imageId = 'No such picture.';
  }
  const audience = body.audience;
  if (audience && audience.kind !== 'all') {
    const ids = audience.kind === 'offers' ? audience.offerIds : audience.partnerIds;
    const found = await existingIds(db, audience.kind, ids);
    const field = audience.kind === 'offers' ? 'offerIds' : 'partnerIds';
    ids.forEach((id, index) => {
      if (!found.has(id)) errors[`audience.${field}.${index}`] = audience.kind === 'offers' ? 'No such offer.' : 'No such partner.';
    });
  }
  if (Object.keys(errors).length > 0) throw badRequest('The request is invalid.', errors);
} // prettier-ignore

type NewsRow = NonNullable<Awaited<ReturnType<typeof lockNews>>>;

/** The audited fields: the content by its length, not its text, which the item itself keeps. */
const auditFields = (row: NewsRow) => ({
  title: row.title,
  excerpt: row.excerpt,
  contentLength: row.content.length,
  imageId: row.imageId,
  publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
  audience: JSON.stringify(row.audience),
});

export async function createNews(db: DbOrTx, body: NewsCreate, { actor, now }: Context): Promise<StaffNews> {
  await checkReferences(db, body);
  return db.transaction(async (tx) => {
    const row = await insertNews(tx, {
      title: body.title,
      excerpt: body.excerpt ?? '',
      content: sanitizeHtml(body.content ?? ''),
      imageId: body.imageId ?? null,
      publishedAt: body.publishedAt ? new Date(body.publishedAt) : null,
      audience: body.audience ?? { kind: 'all' },
      createdBy: actor.actorId,
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(
      tx,
      actor,
      [{ action: 'create', entityType: 'news', entityId: row.id, changes: diffFields(null, auditFields(row)) }],
      now,
    );
    return staffNewsDto(row, now);
  });
}

export async function changeNews(db: DbOrTx, id: number, body: NewsUpdate, { actor, now }: Context): Promise<StaffNews> {
  await checkReferences(db, body);
  return db.transaction(async (tx) => {
    const before = await lockNews(tx, id);
    if (!before) throw notFound(NOT_FOUND);
    const values: Partial<NewsRow> = {};
    if (body.title !== undefined) values.title = body.title;
    if (body.excerpt !== undefined) values.excerpt = body.excerpt;
    if (body.content !== undefined) values.content = sanitizeHtml(body.content);
    if (body.imageId !== undefined) values.imageId = body.imageId;
    if (body.publishedAt !== undefined) values.publishedAt = body.publishedAt ? new Date(body.publishedAt) : null;
    if (body.audience !== undefined) values.audience = body.audience;
    const changes = diffFields(auditFields(before), auditFields({ ...before, ...values }));
    const contentChanged = values.content !== undefined && values.content !== before.content;
    if (changes.length === 0 && !contentChanged) return staffNewsDto(before, now);
    const after = await updateNews(tx, id, { ...values, updatedAt: now });
    if (!after) throw notFound(NOT_FOUND);
    await recordAudit(
      tx,
      actor,
      [
        {
          action: 'update',
          entityType: 'news',
          entityId: id,
          changes: contentChanged && changes.length === 0 ? [{ field: 'content', before: '[changed]', after: '[changed]' }] : changes,
        },
      ],
      now,
    );
    return staffNewsDto(after, now);
  });
} // prettier-ignore

export async function removeNews(db: DbOrTx, id: number, { actor, now }: Context): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockNews(tx, id);
    if (!before) throw notFound(NOT_FOUND);
    await deleteNews(tx, id);
    await recordAudit(
      tx,
      actor,
      [{ action: 'delete', entityType: 'news', entityId: id, changes: diffFields(auditFields(before), null) }],
      now,
    );
  });
}

/** The stored type of each kind of staff picture: what GET /image serves publicly (decision 008). */
const IMAGE_TYPES: Record<StaffImageKind, string> = {
  news: 'news_image',
  offer: 'offer_image',
  logo: 'logo',
  creative: 'creative_image',
};

/**
 * A staff picture (news, offer, logo, creative): a PNG or JPEG only, stored, then its file row and audit entry in
 * one transaction (the stored bytes are removed again if that fails). Answers the file's id.
 */
export async function uploadStaffImage(
  deps: { db: Db; storage: FileStorage },
  kind: StaffImageKind,
  image: UploadDocument,
  { actor, now }: Context,
  log: FastifyBaseLogger,
): Promise<number> {
  const upload = await prepareUpload(image, 'image.data');
  if (upload.mimeType === 'application/pdf') {
    throw badRequest('The picture must be a PNG or JPEG image.', {
      'image.data': 'The picture must be a PNG or JPEG image.',
    });
  }
  return storeThenCommit(
    deps.storage,
    upload,
    async (stored) => {
      if (!stored) throw new Error('upload not stored');
      const fileId = await deps.db.transaction(async (tx) => {
        const created = await insertFile(tx, {
          type: IMAGE_TYPES[kind],
          filename: stored.filename,
          mimeType: stored.mimeType,
          size: stored.bytes.length,
          storageKey: stored.storageKey,
          createdAt: now,
        });
        await recordAudit(
          tx,
          actor,
          [
            {
              action: 'create',
              entityType: 'image',
              entityId: created,
              changes: diffFields(null, { kind, filename: stored.filename, size: stored.bytes.length }),
            },
          ],
          now,
        );
        return created;
      });
      return { result: fileId, obsoleteKeys: [] };
    },
    log,
  );
}
