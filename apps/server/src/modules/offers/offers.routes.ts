import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  offersEndpoints,
  staffOfferBulkEndpoints,
  staffOfferScheduleEndpoints,
  staffOffersEndpoints,
} from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { partnerIdOf } from '../../plugins/auth.js';
import { staffScopeOf } from '../access/index.js';
import { auditActorOf } from '../audit/index.js';
import { partnerCaps } from '../caps/index.js';
import { decideApplication } from './application-decisions.js';
import { applyToOffer } from './offers.service.js';
import { catalogueOptions, listStaffOffers, staffOfferDetail } from './staff-offers.repository.js';
import {
  decideOverrideRequest,
  listOverrideRequests,
  listOverrides,
  removeOverride,
  setOverride,
} from './payout-overrides.js';
import {
  OFFER_NOT_FOUND as STAFF_OFFER_NOT_FOUND,
  bulkOfferEnabled,
  changeOffer,
  createOffer,
  duplicateOffer,
} from './staff-offers.service.js';
import { cancelScheduledChange, listScheduledChanges, scheduleChange } from './scheduled-changes.js';
import type { AppContext } from '../../context.js';
import { findOffer, listApplications, listOffers, viewerOf, type Viewer } from './offers.repository.js';

const OFFER_NOT_FOUND = 'Offer not found.';

type Options = {
  ctx: AppContext;
  /** A staff change of an offer reaches this process's /click at once (other processes within the cache's TTL). */
  onOfferChange?: () => void;
};
type App = Parameters<FastifyPluginAsyncZod<Options>>[0];
type Request = Parameters<typeof auditActorOf>[0];

/** The offer catalogue and applications of the connected partner, the staff catalogue and the payout overrides. */
export const offersRoutes: FastifyPluginAsyncZod<Options> = async (app, { ctx, onOfferChange }) => {
  partnerOfferRoutes(app, ctx);
  staffOfferRoutes(app, ctx, onOfferChange);
  payoutOverrideRoutes(app, ctx);
  duplicateAndScheduleRoutes(app, ctx);
};

const writeContext = (ctx: AppContext, request: Request) => ({ actor: auditActorOf(request), now: ctx.now() });

/** The partner's catalogue and applications, and the staff decision on an application. */
function partnerOfferRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;
  const partnerOnly = app.requireAuth(['ROLE_PARTNER']);

  async function viewer(partnerId: number): Promise<Viewer> {
    const found = await viewerOf(db, partnerId, ctx.now());
    if (!found) throw forbidden('This account is not a partner account.');
    return found;
  }

  app.route({
    ...routeOf(offersEndpoints.list),
    onRequest: partnerOnly,
    handler: async (request) => {
      const page = await listOffers(db, await viewer(partnerIdOf(request)), request.query);
      return ok(page, { total: page.total });
    },
  });

  app.route({
    ...routeOf(offersEndpoints.get),
    onRequest: partnerOnly,
    handler: async (request) => {
      const offer = await findOffer(
        db,
        await viewer(partnerIdOf(request)),
        request.params.id,
        request.query.groups ?? [],
      );
      if (!offer) throw notFound(OFFER_NOT_FOUND);
      // The caps that concern the partner (decision 045): its own with what is left, the offer's as available or capped.
      return ok({ ...offer, caps: await partnerCaps(db, offer.id, partnerIdOf(request), ctx.now()) });
    },
  });

  app.route({
    ...routeOf(offersEndpoints.applications),
    onRequest: partnerOnly,
    handler: async (request) => {
      const list = await listApplications(db, partnerIdOf(request));
      return ok(list, { total: list.length });
    },
  });

  app.route({
    ...routeOf(offersEndpoints.apply),
    onRequest: partnerOnly,
    handler: async (request) => {
      const partnerId = partnerIdOf(request);
      const created = await applyToOffer(db, await viewer(partnerId), partnerId, request.body.offerId);
      return ok(created, { message: 'Your application to this offer is pending.' });
    },
  });

  app.route({
    ...routeOf(offersEndpoints.decideApplication),
    onRequest: app.requireStaff(['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER']),
    handler: async (request) => {
      const { status, reason } = request.body;
      const decided = await decideApplication(
        db,
        request.params.id,
        { status, reason },
        { scope: staffScopeOf(request), actor: auditActorOf(request), now: ctx.now(), publicUrl: ctx.config.publicUrl },
      );
      return ok(decided);
    },
  });
}

/** The staff catalogue: everyone on the staff reads it, admins write it. */
function staffOfferRoutes(app: App, ctx: AppContext, onOfferChange: (() => void) | undefined): void {
  const { db } = ctx;
  app.route({
    ...routeOf(staffOffersEndpoints.list),
    onRequest: app.requireStaff(),
    handler: async (request) => {
      const { list, total } = await listStaffOffers(db, request.query, ctx.now());
      return ok(list, { total });
    },
  });

  const detail = async (id: number) => {
    const found = await staffOfferDetail(db, id);
    if (!found) throw notFound(STAFF_OFFER_NOT_FOUND);
    return found;
  };
  app.route({
    ...routeOf(staffOffersEndpoints.options),
    onRequest: app.requireStaff(),
    handler: async () => ok(await catalogueOptions(db)),
  });

  app.route({
    ...routeOf(staffOffersEndpoints.get),
    onRequest: app.requireStaff(),
    handler: async (request) => ok(await detail(request.params.id)),
  });

  // The catalogue is the network's: admins write it (decision 044), every write audited.
  app.route({
    ...routeOf(staffOffersEndpoints.create),
    onRequest: app.requireStaff(['ROLE_ADMIN']),
    handler: async (request) => {
      const id = await createOffer(db, request.body, writeContext(ctx, request));
      return ok(await detail(id), { message: 'The offer was created.' });
    },
  });

  app.route({
    ...routeOf(staffOffersEndpoints.update),
    onRequest: app.requireStaff(['ROLE_ADMIN']),
    handler: async (request) => {
      await changeOffer(db, request.params.id, request.body, writeContext(ctx, request));
      onOfferChange?.();
      return ok(await detail(request.params.id), { message: 'The offer was saved.' });
    },
  });

  // Enable or disable many at once (decision 080): all or none, each offer audited.
  app.route({
    ...routeOf(staffOfferBulkEndpoints.enabled),
    onRequest: app.requireStaff(['ROLE_ADMIN']),
    handler: async (request) => {
      const { ids, enabled } = request.body;
      const result = await bulkOfferEnabled(db, ids, enabled, writeContext(ctx, request));
      if (result.changed > 0) onOfferChange?.();
      const n = result.changed;
      return ok(result, {
        message: n === 0 ? 'No offer changed.' : n === 1 ? '1 offer was changed.' : `${n} offers were changed.`,
      });
    },
  });
}

/** Payout overrides: managers set them for the partners they reach, admins for any. */
function payoutOverrideRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;
  const managers = app.requireStaff(['ROLE_ADMIN', 'ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER']);
  const scoped = (request: Request) => ({ ...writeContext(ctx, request), scope: staffScopeOf(request) });

  app.route({
    ...routeOf(staffOffersEndpoints.overrides),
    onRequest: app.requireStaff(),
    handler: async (request) => {
      const list = await listOverrides(db, request.params.id, staffScopeOf(request));
      return ok(list, { total: list.length });
    },
  });

  // Above the approval step a manager's override waits for an admin (decision 063).
  const approvalContext = (request: Request) => ({
    ...scoped(request),
    approvalAbovePercent: ctx.config.overrideApprovalAbovePercent,
    mailer: ctx.mailer,
  });

  app.route({
    ...routeOf(staffOffersEndpoints.createOverride),
    onRequest: managers,
    handler: async (request) => {
      const written = await setOverride(db, request.params.id, request.body, approvalContext(request));
      return ok(written, {
        message:
          written.status === 'pending'
            ? 'The payout is above the approval step: the request waits for an admin.'
            : 'The payout override was saved.',
      });
    },
  });

  app.route({
    ...routeOf(staffOffersEndpoints.overrideRequests),
    onRequest: managers,
    handler: async (request) => {
      const { page, count, status, offerId } = request.query;
      const { list, total } = await listOverrideRequests(db, staffScopeOf(request), { page, count, status, offerId });
      return ok(list, { total });
    },
  });

  app.route({
    ...routeOf(staffOffersEndpoints.decideOverrideRequest),
    onRequest: app.requireStaff(['ROLE_ADMIN']),
    handler: async (request) => {
      const decided = await decideOverrideRequest(db, request.params.id, request.body, approvalContext(request));
      return ok(decided, {
        message:
          decided.status === 'approved' ? 'The payout override was approved.' : 'The payout override was refused.',
      });
    },
  });

  app.route({
    ...routeOf(staffOffersEndpoints.deleteOverride),
    onRequest: managers,
    handler: async (request) => {
      await removeOverride(db, request.params.id, request.params.overrideId, scoped(request));
      return ok(null, { message: 'The payout override was removed.' });
    },
  });
}

/** Duplicate an offer, and its goals' scheduled payout and revenue changes (decision 098): admins write, staff read. */
function duplicateAndScheduleRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;
  const admins = app.requireStaff(['ROLE_ADMIN']);

  app.route({
    ...routeOf(staffOfferScheduleEndpoints.duplicate),
    onRequest: admins,
    handler: async (request) => {
      const id = await duplicateOffer(db, request.params.id, writeContext(ctx, request));
      return ok({ id }, { message: 'The offer was duplicated: the copy is disabled.' });
    },
  });

  app.route({
    ...routeOf(staffOfferScheduleEndpoints.list),
    onRequest: app.requireStaff(),
    handler: async (request) => {
      const list = await listScheduledChanges(db, request.params.id);
      return ok(list, { total: list.length });
    },
  });

  app.route({
    ...routeOf(staffOfferScheduleEndpoints.create),
    onRequest: admins,
    handler: async (request) => {
      const written = await scheduleChange(db, request.params.id, request.body, writeContext(ctx, request));
      return ok(written, { message: 'The change was scheduled.' });
    },
  });

  app.route({
    ...routeOf(staffOfferScheduleEndpoints.cancel),
    onRequest: admins,
    handler: async (request) => {
      const { id, changeId } = request.params;
      const cancelled = await cancelScheduledChange(db, id, changeId, writeContext(ctx, request));
      return ok(cancelled, { message: 'The scheduled change was cancelled.' });
    },
  });
}
