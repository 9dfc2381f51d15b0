import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { advertiserPortalEndpoints, SCRUB_MAX_BYTES, staffAdvertiserUsersEndpoints } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { advertiserIdOf } from '../../plugins/auth.js';
import type { AppContext } from '../../context.js';
import { scopeOfRoles } from '../access/index.js';
import { DOWNLOAD_CONTENT_SECURITY_POLICY } from '../../lib/security-headers.js';
import { advertiserInvoicePage, ownAdvertiserInvoicePdf } from '../advertiser-invoices/index.js';
import { runTestPostback, tagSetupOf } from '../advertisers/index.js';
import type { ClickBuffer } from '../click/index.js';
import { auditActorOf } from '../audit/index.js';
import { advertiserScrubOf, advertiserScrubPage, listPostbackLog, uploadScrub } from '../conversions/index.js';
import {
  advertiserConversions,
  advertiserMe,
  advertiserOffers,
  inviteAdvertiserUser,
  listAdvertiserUsers,
  updateAdvertiserUser,
} from './advertiser-portal.service.js';

/** The file as base64 plus room for the note: a larger body is refused with 413 before it is read. */
const SCRUB_BODY_LIMIT = Math.ceil((SCRUB_MAX_BYTES * 4) / 3) + 64 * 1024;

/**
 * The advertiser portal (decision 087): admins invite an advertiser's users; those users read their own advertiser's
 * offers, conversions, postback log and invoices, send scrub files for staff to review, and set up their postback
 * and tag with the staff's set-up and test tool bound to their advertiser (decision 100).
 */
export const advertiserPortalRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  tracking: { buffer: ClickBuffer };
}> = async (app, { ctx, tracking }) => {
  // prettier-ignore
  const admin = app.requireStaff(['ROLE_ADMIN']);
  const advertiser = app.requireAuth(['ROLE_ADVERTISER']);

  app.route({
    ...routeOf(staffAdvertiserUsersEndpoints.list),
    onRequest: admin,
    handler: async (request) => {
      const users = await listAdvertiserUsers(ctx.db, request.params.id);
      return ok(users, { total: users.length });
    },
  });

  app.route({
    ...routeOf(staffAdvertiserUsersEndpoints.invite),
    onRequest: admin,
    handler: async (request) => {
      const context = { db: ctx.db, mailer: ctx.mailer, publicUrl: ctx.config.publicUrl, now: ctx.now(), actor: auditActorOf(request) }; // prettier-ignore
      return ok(await inviteAdvertiserUser(context, request.params.id, request.body), {
        message: 'The user was invited: a mail tells it how to choose its password.',
      });
    },
  });

  app.route({
    ...routeOf(staffAdvertiserUsersEndpoints.update),
    onRequest: admin,
    handler: async (request) => {
      const { id, userId } = request.params;
      const context = { db: ctx.db, now: ctx.now(), actor: auditActorOf(request) };
      const user = await updateAdvertiserUser(context, id, userId, request.body);
      return ok(user, {
        message: user.enabled ? 'The user can sign in again.' : 'The user was disabled: its sessions ended.',
      });
    },
  });

  app.route({
    ...routeOf(advertiserPortalEndpoints.me),
    onRequest: advertiser,
    handler: async (request) => ok(await advertiserMe(ctx.db, advertiserIdOf(request))),
  });

  app.route({
    ...routeOf(advertiserPortalEndpoints.offers),
    onRequest: advertiser,
    handler: async (request) => {
      const offers = await advertiserOffers(ctx.db, advertiserIdOf(request), ctx.now());
      return ok(offers, { total: offers.length });
    },
  });

  app.route({
    ...routeOf(advertiserPortalEndpoints.conversions),
    onRequest: advertiser,
    handler: async (request) => {
      const { list, total } = await advertiserConversions(ctx.db, advertiserIdOf(request), request.query);
      return ok(list, { total });
    },
  });

  app.route({
    ...routeOf(advertiserPortalEndpoints.postbacks),
    onRequest: advertiser,
    handler: async (request) => {
      const { list, total } = await listPostbackLog(ctx.db, advertiserIdOf(request), request.query);
      return ok(list, { total });
    },
  });

  app.route({
    ...routeOf(advertiserPortalEndpoints.invoices),
    onRequest: advertiser,
    handler: async (request) => {
      const query = { ...request.query, advertiserId: advertiserIdOf(request) };
      const { list, total } = await advertiserInvoicePage(ctx.db, query, ctx.now());
      return ok(list, { total });
    },
  });

  app.route({
    ...routeOf(advertiserPortalEndpoints.invoicePdf),
    onRequest: advertiser,
    handler: async (request, reply) => {
      const pdf = await ownAdvertiserInvoicePdf(ctx.db, ctx.storage, advertiserIdOf(request), request.params.id);
      const filename = pdf.filename.replace(/[^\w.-]/g, '_');
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', DOWNLOAD_CONTENT_SECURITY_POLICY)
        .send(pdf.bytes);
    },
  });

  // The advertiser's own token is in the S2S URLs: its server needs it to post back (decision 100).
  app.route({
    ...routeOf(advertiserPortalEndpoints.setup),
    onRequest: advertiser,
    handler: async (request) => ok(await tagSetupOf(ctx.db, advertiserIdOf(request), ctx.config.publicUrl)),
  });

  app.route({
    ...routeOf(advertiserPortalEndpoints.offerSetup),
    onRequest: advertiser,
    handler: async (request) => {
      const setup = await tagSetupOf(ctx.db, advertiserIdOf(request), ctx.config.publicUrl);
      const offer = setup.find((o) => o.offerId === request.params.id);
      if (!offer) throw notFound('No offer of yours has this id.');
      return ok(offer);
    },
  });

  app.route({
    ...routeOf(advertiserPortalEndpoints.testPostback),
    onRequest: advertiser,
    handler: async (request) => {
      const engine = { db: ctx.db, buffer: tracking.buffer };
      const result = await runTestPostback(engine, advertiserIdOf(request), request.body, { ip: request.ip, now: ctx.now() }); // prettier-ignore
      // What /postback would answer, and never the partner's payout.
      const { status, reason, duplicate, goalCode } = result;
      return ok({ status, reason, duplicate, goalCode });
    },
  });

  app.route({
    ...routeOf(advertiserPortalEndpoints.scrubs),
    onRequest: advertiser,
    handler: async (request) => {
      const { items, total } = await advertiserScrubPage(ctx.db, advertiserIdOf(request), request.query);
      return ok(items, { total });
    },
  });

  app.route({
    ...routeOf(advertiserPortalEndpoints.uploadScrub),
    onRequest: advertiser,
    bodyLimit: SCRUB_BODY_LIMIT,
    handler: async (request) => {
      const advertiserId = advertiserIdOf(request);
      const auth = request.auth!;
      // Matched against every conversion of the advertiser, as an admin's upload would be: the stored preview is for
      // the staff who review it; the advertiser is answered its counts only.
      const scope = scopeOfRoles(auth.userId, ['ROLE_ADMIN'], []);
      const scrub = await uploadScrub(ctx.db, { ...request.body, advertiserId }, scope, auditActorOf(request), ctx.now(), 'advertiser'); // prettier-ignore
      return ok(advertiserScrubOf(scrub), { message: 'The file was sent: the network reviews it before it applies.' });
    },
  });
};
