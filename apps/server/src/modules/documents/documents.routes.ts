import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentsEndpoints } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/reply.js';
import { UPLOAD_BODY_LIMIT } from '../../lib/uploads.js';
import { partnerIdOf } from '../../plugins/auth.js';
import { staffScopeOf } from '../access/index.js';
import { auditActorOf } from '../audit/index.js';
import type { AppContext } from '../../context.js';
import { reviewOneDocument, saveDocument } from './documents.service.js';

const SAVED = 'Your documents have been successfully updated.';

/** Compliance documents: the partner uploads and replaces them, staff review them. */
export const documentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.route({
    ...routeOf(documentsEndpoints.create),
    onRequest: app.requireAuth(),
    bodyLimit: UPLOAD_BODY_LIMIT,
    handler: async (request) => {
      const { type, document } = request.body;
      const saved = await saveDocument(ctx, partnerIdOf(request), type, null, document, ctx.now(), request.log);
      return ok(saved, { message: SAVED });
    },
  });

  app.route({
    ...routeOf(documentsEndpoints.replace),
    onRequest: app.requireAuth(),
    bodyLimit: UPLOAD_BODY_LIMIT,
    handler: async (request) => {
      const { type, document } = request.body;
      const saved = await saveDocument(
        ctx,
        partnerIdOf(request),
        type,
        request.params.id,
        document,
        ctx.now(),
        request.log,
      );
      return ok(saved, { message: SAVED });
    },
  });

  app.route({
    ...routeOf(documentsEndpoints.review),
    onRequest: app.requireStaff(['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER']),
    handler: async (request) => {
      const { status, expireAt, reason } = request.body;
      const reviewed = await reviewOneDocument(
        db,
        request.params.id,
        { status, expireAt, reason },
        { scope: staffScopeOf(request), actor: auditActorOf(request), now: ctx.now(), publicUrl: ctx.config.publicUrl },
      );
      return ok(reviewed, { message: 'The document was reviewed.' });
    },
  });
};
