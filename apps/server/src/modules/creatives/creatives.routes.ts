import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLICK_PATH, TRACKING_LINK_PLACEHOLDER, creativesEndpoints } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { AppError, notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { DOWNLOAD_CONTENT_SECURITY_POLICY } from '../../lib/security-headers.js';
import { partnerIdOf } from '../../plugins/auth.js';
import { auditActorOf } from '../audit/index.js';
import type { AppContext } from '../../context.js';
import {
  OFFER_NOT_FOUND,
  createCreative,
  createLandingPage,
  creativeFile,
  deleteCreative,
  deleteLandingPage,
  listCreatives,
  listLandingPages,
  offerExists,
  partnerAccess,
  partnerLandingPages,
} from './creatives.repository.js';

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' }; // prettier-ignore

function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** A file name from a creative's name: letters, digits and dashes. */
const slug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .toLowerCase()
    .slice(0, 60) || 'creative';

/**
 * Creatives and landing pages (decision 050): attached to an offer by admins (audited), seen by the partners who may run
 * it, a creative's HTML and text downloaded with the partner's own tracking link inside.
 */
export const creativesRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  /** A landing page added or removed reaches this process's /click at once (others within the context cache's TTL). */
  onLandingPagesChange?: () => void;
}> = async (app, { ctx, onLandingPagesChange }) => {
  const { db } = ctx;
  const admin = app.requireStaff(['ROLE_ADMIN']);
  const partnerOnly = app.requireAuth(['ROLE_PARTNER']);
  const writeContext = (request: Parameters<typeof auditActorOf>[0]) => ({
    actor: auditActorOf(request),
    now: ctx.now(),
    storage: ctx.storage,
  });
  const existing = async (offerId: number) => {
    if (!(await offerExists(db, offerId))) throw notFound(OFFER_NOT_FOUND);
  };
  /** The partner sees the offer (else 404, as its detail) and may run it (else 403, as its tracking link). */
  const runnable = async (partnerId: number, offerId: number) => {
    const access = await partnerAccess(db, partnerId, offerId);
    if (!access) throw notFound(OFFER_NOT_FOUND);
    if (access === 'approval_required') throw new AppError(403, 'This offer requires an approved application.');
  };

  app.route({
    ...routeOf(creativesEndpoints.staffList),
    onRequest: app.requireStaff(),
    handler: async (request) => {
      await existing(request.params.id);
      const list = await listCreatives(db, request.params.id);
      return ok(list, { total: list.length });
    },
  });

  app.route({
    ...routeOf(creativesEndpoints.create),
    onRequest: admin,
    handler: async (request) => {
      const created = await createCreative(db, request.params.id, request.body, writeContext(request));
      return ok(created, { message: 'The creative was added.' });
    },
  });

  app.route({
    ...routeOf(creativesEndpoints.delete),
    onRequest: admin,
    handler: async (request) => {
      await deleteCreative(db, request.params.id, request.params.childId, writeContext(request));
      return ok(null, { message: 'The creative was removed.' });
    },
  });

  app.route({
    ...routeOf(creativesEndpoints.staffLandingPages),
    onRequest: app.requireStaff(),
    handler: async (request) => {
      await existing(request.params.id);
      const list = await listLandingPages(db, request.params.id);
      return ok(list, { total: list.length });
    },
  });

  app.route({
    ...routeOf(creativesEndpoints.createLandingPage),
    onRequest: admin,
    handler: async (request) => {
      const created = await createLandingPage(db, request.params.id, request.body, writeContext(request));
      onLandingPagesChange?.();
      return ok(created, { message: 'The landing page was added.' });
    },
  });

  app.route({
    ...routeOf(creativesEndpoints.deleteLandingPage),
    onRequest: admin,
    handler: async (request) => {
      await deleteLandingPage(db, request.params.id, request.params.childId, writeContext(request));
      onLandingPagesChange?.();
      return ok(null, { message: 'The landing page was removed.' });
    },
  });

  app.route({
    ...routeOf(creativesEndpoints.partnerList),
    onRequest: partnerOnly,
    handler: async (request) => {
      await runnable(partnerIdOf(request), request.params.id);
      const list = await listCreatives(db, request.params.id);
      return ok(list, { total: list.length });
    },
  });

  app.route({
    ...routeOf(creativesEndpoints.partnerLandingPages),
    onRequest: partnerOnly,
    handler: async (request) => {
      await runnable(partnerIdOf(request), request.params.id);
      const list = await partnerLandingPages(db, request.params.id);
      return ok(list, { total: list.length });
    },
  });

  app.route({
    ...routeOf(creativesEndpoints.download),
    onRequest: partnerOnly,
    handler: async (request, reply) => {
      const partnerId = partnerIdOf(request);
      const { id: offerId, childId } = request.params;
      await runnable(partnerId, offerId);
      const creative = await creativeFile(db, offerId, childId);
      if (!creative) throw notFound('Creative not found.');
      const name = `offer-${offerId}-${slug(creative.name)}`;
      if (creative.kind === 'banner') {
        const bytes = creative.storageKey ? await ctx.storage.get(creative.storageKey) : null;
        if (!bytes || !creative.mimeType) throw notFound('Creative not found.');
        return reply
          .type(creative.mimeType)
          .header('content-disposition', contentDisposition(`${name}.${EXTENSIONS[creative.mimeType] ?? 'img'}`))
          .header('content-security-policy', DOWNLOAD_CONTENT_SECURITY_POLICY)
          .send(bytes);
      }
      // The partner's own link where the creative says, the plain link at the end of a text ad that does not.
      const link = `${ctx.config.publicUrl}${CLICK_PATH}?offer_id=${offerId}&aff_id=${partnerId}`;
      const source = creative.kind === 'text' ? (creative.text ?? '') : (creative.html ?? '');
      const body = source.includes(TRACKING_LINK_PLACEHOLDER)
        ? source.split(TRACKING_LINK_PLACEHOLDER).join(link)
        : `${source}\n${link}`;
      const text = creative.kind === 'text';
      return reply
        .type(text ? 'text/plain; charset=utf-8' : 'text/html; charset=utf-8')
        .header('content-disposition', contentDisposition(`${name}.${text ? 'txt' : 'html'}`))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', DOWNLOAD_CONTENT_SECURITY_POLICY)
        .send(body);
    },
  });
};
