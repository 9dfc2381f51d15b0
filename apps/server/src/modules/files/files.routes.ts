import { createHmac } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PREFIX,
  FILE_LINK_TTL_SECONDS,
  INLINE_FILE_TYPES,
  filesEndpoints,
  type FileDisposition,
} from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { secretStore } from '../../lib/secrets.js';
import { DOWNLOAD_CONTENT_SECURITY_POLICY, INLINE_FILE_CONTENT_SECURITY_POLICY } from '../../lib/security-headers.js';
import { equalDigests } from '../../lib/tokens.js';
import { authOf, partnerIdOf } from '../../plugins/auth.js';
import { isStaff, loadStaffScope } from '../access/index.js';
import type { AppContext } from '../../context.js';
import { fileById, ownFile } from './files.repository.js';
import { deleteOwnUpload, staffFile } from './files.service.js';

function contentDisposition(disposition: FileDisposition, filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Inline only when asked and for a type a preview shows (PDF, PNG, JPEG: the upload checked the bytes). */
const dispositionOf = (asked: FileDisposition, mimeType: string): FileDisposition =>
  asked === 'inline' && (INLINE_FILE_TYPES as readonly string[]).includes(mimeType) ? 'inline' : 'attachment';

/**
 * Files are never served from a folder: `GET /file/{id}/url` hands the owner (or staff who reach it) a signed link that
 * works for a few minutes without a bearer (a browser download cannot send one), and the
 * download route checks that signature (HMAC-SHA256 with a secret kept in the database).
 */
export const filesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const secrets = secretStore(db);

  const signatureOf = async (fileId: number, expires: number) =>
    createHmac('sha256', await secrets.get('file-link-signing'))
      .update(`file:${fileId}:${expires}`)
      .digest('base64url');

  app.route({
    ...routeOf(filesEndpoints.url),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      const { roles, partnerId } = authOf(request);
      // Staff open a partner's files (its documents, invoices) within their reach; a partner only its own.
      const file =
        partnerId === null && isStaff(roles)
          ? await staffFile(db, await loadStaffScope(db, request), request.params.id)
          : await ownFile(db, partnerIdOf(request), request.params.id);
      if (!file) throw notFound('File not found.');
      const expires = Math.floor(ctx.now().getTime() / 1000) + FILE_LINK_TTL_SECONDS;
      const signature = await signatureOf(file.id, expires);
      const url = `${ctx.config.publicUrl}${API_PREFIX}/file/${file.id}/download?expires=${expires}&signature=${signature}`;
      return ok({ url, expireAt: new Date(expires * 1000).toISOString() });
    },
  });

  app.route({
    ...routeOf(filesEndpoints.download),
    handler: async (request, reply) => {
      const { id } = request.params;
      const { expires, signature } = request.query;
      const expected = Buffer.from(await signatureOf(id, expires));
      const given = Buffer.from(signature);
      if (!equalDigests(expected, given)) {
        throw forbidden('This download link is not valid.');
      }
      if (expires * 1000 <= ctx.now().getTime()) throw new AppError(410, 'This download link has expired.');
      const file = await fileById(db, id);
      const bytes = file ? await ctx.storage.get(file.storageKey) : null;
      if (!file || !bytes) throw notFound('File not found.');
      const disposition = dispositionOf(request.query.disposition, file.mimeType);
      // A preview is framed by the portal's own pages (decision 099); a download by none. Both run nothing.
      if (disposition === 'inline') reply.header('x-frame-options', 'SAMEORIGIN');
      return reply
        .header('content-type', file.mimeType)
        .header('content-disposition', contentDisposition(disposition, file.filename))
        .header('cache-control', 'private, no-store')
        .header(
          'content-security-policy',
          disposition === 'inline' ? INLINE_FILE_CONTENT_SECURITY_POLICY : DOWNLOAD_CONTENT_SECURITY_POLICY,
        )
        .send(bytes);
    },
  });

  app.route({
    ...routeOf(filesEndpoints.delete),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      await deleteOwnUpload(db, ctx.storage, partnerIdOf(request), request.params.id, request.log);
      return ok(null, { message: 'The file was deleted.' });
    },
  });
};
