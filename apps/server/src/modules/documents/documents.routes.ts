import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentsEndpoints, formErrorText, type DocumentType } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { UPLOAD_BODY_LIMIT, prepareUpload, storeThenCommit } from '../../lib/uploads.js';
import { partnerIdOf } from '../../plugins/auth.js';
import { staffScopeOf } from '../access/index.js';
import { auditActorOf } from '../audit/index.js';
import { reviewDocuments } from './document-reviews.js';
import type { AppContext } from '../../context.js';
import { documentDto, lockDocument, saveDocumentFile } from './documents.repository.js';

const SAVED = 'Your documents have been successfully updated.';

/** Compliance documents: the partner uploads and replaces them, staff review them. */
export const documentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  /** One record per type: POST of a type the partner already has replaces its file, like PUT. */
  const save = async (
    partnerId: number,
    type: DocumentType,
    id: number | null,
    data: { filename: string; data: string },
    log: typeof app.log,
  ) => {
    const upload = await prepareUpload(data);
    const now = ctx.now();
    return storeThenCommit(
      ctx.storage,
      upload,
      (stored) =>
        db.transaction(async (tx) => {
          const existing = await lockDocument(tx, partnerId, id === null ? { type } : { id });
          if (id !== null && !existing) throw notFound('Document not found.');
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
      if (isUniqueViolation(error))
        throw conflict('This document was just saved by another request. Please try again.');
      throw error;
    });
  };

  app.route({
    ...routeOf(documentsEndpoints.create),
    preHandler: app.requireAuth(),
    bodyLimit: UPLOAD_BODY_LIMIT,
    handler: async (request) => {
      const { type, document } = request.body;
      const saved = await save(partnerIdOf(request), type, null, document, request.log);
      return ok(saved, { message: SAVED });
    },
  });

  app.route({
    ...routeOf(documentsEndpoints.replace),
    preHandler: app.requireAuth(),
    bodyLimit: UPLOAD_BODY_LIMIT,
    handler: async (request) => {
      const { type, document } = request.body;
      const saved = await save(partnerIdOf(request), type, request.params.id, document, request.log);
      return ok(saved, { message: SAVED });
    },
  });

  app.route({
    ...routeOf(documentsEndpoints.review),
    preHandler: app.requireStaff(['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER']),
    handler: async (request) => {
      const { status, expireAt, reason } = request.body;
      const now = ctx.now();
      const reviewed = await db.transaction(async (tx) => {
        const { rows } = await reviewDocuments(
          tx,
          [request.params.id],
          { status, expireAt, reason },
          { scope: staffScopeOf(request), actor: auditActorOf(request), now, publicUrl: ctx.config.publicUrl },
        );
        const [row] = rows;
        if (!row) throw notFound('Document not found.');
        return documentDto(tx, row, now);
      });
      return ok(reviewed, { message: 'The document was reviewed.' });
    },
  });
};
