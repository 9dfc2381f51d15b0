import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PREFIX, newsEndpoints, staffNewsEndpoints, type StaffImageKind } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { badRequest } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { UPLOAD_BODY_LIMIT, prepareUpload, storeThenCommit } from '../../lib/uploads.js';
import { partnerIdOf } from '../../plugins/auth.js';
import type { AppContext } from '../../context.js';
import { auditActorOf, diffFields, recordAudit } from '../audit/index.js';
import { insertFile } from '../files/index.js';
import { listPublishedNews, listStaffNews } from './news.repository.js';
import { changeNews, createNews, removeNews } from './news.service.js';

/** The stored type of each kind of staff picture: what GET /image serves publicly (decision 008). */
const IMAGE_TYPES: Record<StaffImageKind, string> = {
  news: 'news_image',
  offer: 'offer_image',
  logo: 'logo',
  creative: 'creative_image',
};

export const newsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({
    ...routeOf(newsEndpoints.list),
    // A portal call: partner users only, like the rest of the partner-facing API.
    onRequest: app.requireAuth(['ROLE_PARTNER']),
    handler: async (request) => {
      const { page, count, sort, order, groups } = request.query;
      const { list, total } = await listPublishedNews(
        ctx.db,
        ctx.now(),
        { page, count, sort, order, groups: groups ?? [] },
        partnerIdOf(request),
      );
      return ok(list, { total });
    },
  });

  // ---------------------------------------------------------------- staff (issue 19)
  const admin = app.requireStaff(['ROLE_ADMIN']);
  const context = (request: Parameters<typeof auditActorOf>[0]) => ({ actor: auditActorOf(request), now: ctx.now() });

  app.route({
    ...routeOf(staffNewsEndpoints.list),
    onRequest: admin,
    handler: async (request) => {
      const { list, total } = await listStaffNews(ctx.db, ctx.now(), request.query);
      return ok(list, { total });
    },
  });

  app.route({
    ...routeOf(staffNewsEndpoints.create),
    onRequest: admin,
    handler: async (request) =>
      ok(await createNews(ctx.db, request.body, context(request)), { message: 'The news item was saved.' }),
  });

  app.route({
    ...routeOf(staffNewsEndpoints.update),
    onRequest: admin,
    handler: async (request) =>
      ok(await changeNews(ctx.db, request.params.id, request.body, context(request)), {
        message: 'The news item was saved.',
      }),
  });

  app.route({
    ...routeOf(staffNewsEndpoints.delete),
    onRequest: admin,
    handler: async (request) => {
      await removeNews(ctx.db, request.params.id, context(request));
      return ok(null, { message: 'The news item was deleted.' });
    },
  });

  app.route({
    ...routeOf(staffNewsEndpoints.uploadImage),
    onRequest: admin,
    bodyLimit: UPLOAD_BODY_LIMIT,
    handler: async (request) => {
      const { kind, image } = request.body;
      const upload = await prepareUpload(image, 'image.data');
      if (upload.mimeType === 'application/pdf') {
        throw badRequest('The picture must be a PNG or JPEG image.', {
          'image.data': 'The picture must be a PNG or JPEG image.',
        });
      }
      const id = await storeThenCommit(
        ctx.storage,
        upload,
        async (stored) => {
          if (!stored) throw new Error('upload not stored');
          const now = ctx.now();
          const fileId = await ctx.db.transaction(async (tx) => {
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
              auditActorOf(request),
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
        request.log,
      );
      return ok({ id, url: `${API_PREFIX}/image/${id}` }, { message: 'The picture was stored.' });
    },
  });
};
