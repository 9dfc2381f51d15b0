import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PREFIX, newsEndpoints, staffNewsEndpoints } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/reply.js';
import { UPLOAD_BODY_LIMIT } from '../../lib/uploads.js';
import { partnerIdOf } from '../../plugins/auth.js';
import type { AppContext } from '../../context.js';
import { auditActorOf } from '../audit/index.js';
import { listPublishedNews, listStaffNews } from './news.repository.js';
import { changeNews, createNews, removeNews, uploadStaffImage } from './news.service.js';

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

  // ---------------------------------------------------------------- staff (decision 042)
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
      const id = await uploadStaffImage(ctx, kind, image, context(request), request.log);
      return ok({ id, url: `${API_PREFIX}/image/${id}` }, { message: 'The picture was stored.' });
    },
  });
};
