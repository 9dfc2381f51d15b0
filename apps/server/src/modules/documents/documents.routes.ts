import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DOCUMENT_TYPE_LABELS, documentsEndpoints, formErrorText, type DocumentType } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { UPLOAD_BODY_LIMIT, prepareUpload, storeThenCommit } from '../../lib/uploads.js';
import { partnerIdOf, reaches, staffScopeOf } from '../../plugins/auth.js';
import { auditActorOf, diffFields, recordAudit } from '../audit/index.js';
import type { AppContext } from '../../context.js';
import { notifyPartner } from '../notifications/index.js';
import {
  documentDto,
  documentForReview,
  lockDocument,
  reviewDocument,
  saveDocumentFile,
} from './documents.repository.js';

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
          return { result: await documentDto(tx, row), obsoleteKeys: obsoleteKey ? [obsoleteKey] : [] };
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
      const scope = staffScopeOf(request);
      const { status, expireAt } = request.body;
      const now = ctx.now();
      const reviewed = await db.transaction(async (tx) => {
        const found = await documentForReview(tx, request.params.id);
        // An account manager reviews only its own partners' documents; others look unknown.
        if (!found || !reaches(scope, found.accountManagerId)) throw notFound('Document not found.');
        const row = await reviewDocument(
          tx,
          found.document.id,
          {
            status,
            ...(expireAt === undefined ? {} : { expireAt: expireAt ? new Date(`${expireAt}T00:00:00Z`) : null }),
          },
          now,
        );
        if (!row) throw notFound('Document not found.');
        const reviewFields = (d: { status: string; expireAt: Date | null }) => ({
          status: d.status,
          expireAt: d.expireAt ? d.expireAt.toISOString().slice(0, 10) : null,
        });
        await recordAudit(
          tx,
          auditActorOf(request),
          [
            {
              action: 'decision',
              entityType: 'partner_document',
              entityId: row.id,
              partnerId: row.partnerId,
              changes: diffFields(reviewFields(found.document), reviewFields(row)),
            },
          ],
          now,
        );
        if (status !== 'pending' && status !== found.document.status) {
          const label = DOCUMENT_TYPE_LABELS[row.type as DocumentType] ?? row.type;
          await notifyPartner(
            tx,
            {
              partnerId: row.partnerId,
              kind: 'document_reviewed',
              title:
                status === 'approved'
                  ? `Your ${label.toLowerCase()} was approved.`
                  : `Your ${label.toLowerCase()} was refused.`,
              link: '/my-account',
            },
            { publicUrl: ctx.config.publicUrl },
          );
        }
        return documentDto(tx, row);
      });
      return ok(reviewed, { message: 'The document was reviewed.' });
    },
  });
};
