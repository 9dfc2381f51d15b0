import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { trafficEndpoints } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { partnerIdOf } from '../../plugins/auth.js';
import { staffScopeOf } from '../access/index.js';
import { auditActorOf } from '../audit/index.js';
import type { AppContext } from '../../context.js';
import { partnerSeesOffer } from './traffic.repository.js';
import {
  addBlock,
  blocklist,
  partnerBlockSubid,
  partnerBlockedSubids,
  partnerTrafficQuality,
  partnerUnblockSubid,
  removeBlock,
  setTrafficRules,
  trafficRulesView,
} from './traffic.service.js';

/**
 * Traffic rules and blocklists (decision 083): read by every staff member, the rules set by admins and team managers,
 * blocklist entries by staff within reach; a partner blocks its own sub-IDs on an offer it sees. A change reaches this
 * process's /click at once (others within the click context cache's TTL).
 */
export const trafficRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; onTrafficChange?: () => void }> = async (
  app,
  { ctx, onTrafficChange },
) => {
  const { db } = ctx;
  const writeContext = (request: Parameters<typeof staffScopeOf>[0]) => ({
    actor: auditActorOf(request),
    now: ctx.now(),
    scope: staffScopeOf(request),
  });

  app.route({
    ...routeOf(trafficEndpoints.rules),
    onRequest: app.requireStaff(),
    handler: async () => ok(await trafficRulesView(db)),
  });

  app.route({
    ...routeOf(trafficEndpoints.setRules),
    onRequest: app.requireStaff(['ROLE_ADMIN', 'ROLE_TEAM_MANAGER']),
    handler: async (request) => {
      const view = await setTrafficRules(db, request.body, writeContext(request));
      onTrafficChange?.();
      return ok(view, { message: 'The traffic rules were saved.' });
    },
  });

  // A partner's 30-day quality summary (decision 108): the partner page's readers (admins, its team and account
  // managers, as its performance); read-only, not audited.
  app.route({
    ...routeOf(trafficEndpoints.partnerQuality),
    onRequest: app.requireStaff(['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER']),
    handler: async (request) =>
      ok(await partnerTrafficQuality(db, staffScopeOf(request), request.params.id, ctx.now())),
  });

  app.route({
    ...routeOf(trafficEndpoints.blocklists),
    onRequest: app.requireStaff(),
    handler: async (request) => {
      const list = await blocklist(db, staffScopeOf(request), request.query, ctx.now());
      return ok(list, { total: list.length });
    },
  });

  app.route({
    ...routeOf(trafficEndpoints.addBlock),
    onRequest: app.requireStaff(['ROLE_ADMIN', 'ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER']),
    handler: async (request) => {
      const entry = await addBlock(db, request.body, writeContext(request));
      onTrafficChange?.();
      return ok(entry, { message: 'Blocked.' });
    },
  });

  app.route({
    ...routeOf(trafficEndpoints.removeBlock),
    onRequest: app.requireStaff(['ROLE_ADMIN', 'ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER']),
    handler: async (request) => {
      await removeBlock(db, request.params.id, writeContext(request));
      onTrafficChange?.();
      return ok(null, { message: 'Unblocked.' });
    },
  });

  const partnerOnly = app.requireAuth(['ROLE_PARTNER']);
  const seen = async (partnerId: number, offerId: number) => {
    if (!(await partnerSeesOffer(db, partnerId, offerId))) throw notFound('Offer not found.');
  };

  app.route({
    ...routeOf(trafficEndpoints.partnerBlockedSubids),
    onRequest: partnerOnly,
    handler: async (request) => {
      const partnerId = partnerIdOf(request);
      await seen(partnerId, request.params.id);
      const list = await partnerBlockedSubids(db, partnerId, request.params.id);
      return ok(list, { total: list.length });
    },
  });

  app.route({
    ...routeOf(trafficEndpoints.partnerBlockSubid),
    onRequest: partnerOnly,
    handler: async (request) => {
      const partnerId = partnerIdOf(request);
      await seen(partnerId, request.params.id);
      const entry = await partnerBlockSubid(db, partnerId, request.params.id, request.body, ctx.now());
      onTrafficChange?.();
      return ok(entry, { message: 'The sub-ID was blocked.' });
    },
  });

  app.route({
    ...routeOf(trafficEndpoints.partnerUnblockSubid),
    onRequest: partnerOnly,
    handler: async (request) => {
      const partnerId = partnerIdOf(request);
      await partnerUnblockSubid(db, partnerId, request.params.id, request.params.blockId);
      onTrafficChange?.();
      return ok(null, { message: 'The sub-ID was unblocked.' });
    },
  });
};
