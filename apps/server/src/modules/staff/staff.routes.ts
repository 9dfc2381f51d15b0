import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffEndpoints, staffPartnerBulkEndpoints } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/reply.js';
import { staffScopeOf } from '../access/index.js';
import { auditActorOf } from '../audit/index.js';
import type { AppContext } from '../../context.js';
import { partnerPerformance } from './partner-performance.js';
import { changePartnerStatus, partnerStatusHistory } from './partner-status.js';
import { bulkPartnerManager, bulkPartnerStatus } from './partners-bulk.js';
import { listStaffPartners, requiredDocumentTypes } from './partners.repository.js';
import { reachablePartnerProfile, updateStaffPartner } from './partners.service.js';
import { listStaffApplications, listStaffDocuments, staffHome } from './staff.repository.js';
import { decideStaffApplications, reviewStaffDocuments, saveComplianceSettings } from './staff.service.js';

const decidedMessage = (n: number, what: string) =>
  n === 0 ? `No ${what} changed.` : n === 1 ? `1 ${what} was decided.` : `${n} ${what}s were decided.`;
import { viewAsPartner } from './view-as.js';

/**
 * The back-office's partners: staff list them (an account manager sees only its own) and move them through their
 * statuses, approving a registration, declining, suspending, reinstating or closing (decision 026).
 */
export const staffRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({
    ...routeOf(staffEndpoints.home),
    onRequest: app.requireStaff(),
    handler: async (request) => ok(await staffHome(ctx.db, staffScopeOf(request))),
  });

  app.route({
    ...routeOf(staffEndpoints.applications),
    onRequest: app.requireStaff(['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER']),
    handler: async (request) => {
      const { list, total } = await listStaffApplications(ctx.db, staffScopeOf(request), request.query);
      return ok(list, { total });
    },
  });

  app.route({
    ...routeOf(staffEndpoints.documents),
    onRequest: app.requireStaff(['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER']),
    handler: async (request) => {
      const { list, total } = await listStaffDocuments(ctx.db, staffScopeOf(request), request.query, ctx.now());
      return ok(list, { total });
    },
  });

  app.route({
    ...routeOf(staffEndpoints.viewAsPartner),
    onRequest: app.requireStaff(['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER']),
    handler: async (request) => {
      const userAgent = request.headers['user-agent'];
      return ok(
        await viewAsPartner(ctx.db, staffScopeOf(request), request.params.id, {
          now: ctx.now(),
          publicUrl: ctx.config.publicUrl,
          actor: auditActorOf(request),
          ip: request.ip,
          ...(userAgent ? { userAgent } : {}),
        }),
      );
    },
  });

  app.route({
    ...routeOf(staffEndpoints.listPartners),
    onRequest: app.requireStaff(['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER']),
    handler: async (request) => {
      const { list, total } = await listStaffPartners(ctx.db, staffScopeOf(request), request.query, ctx.now());
      return ok(list, { total });
    },
  });

  app.route({
    ...routeOf(staffEndpoints.partner),
    onRequest: app.requireStaff(['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER']),
    handler: async (request) =>
      ok(
        await reachablePartnerProfile(
          ctx.db,
          staffScopeOf(request),
          request.params.id,
          ctx.now(),
          ctx.config.payoutHoldDays,
        ),
      ),
  });

  app.route({
    ...routeOf(staffEndpoints.partnerPerformance),
    onRequest: app.requireStaff(['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER']),
    handler: async (request) =>
      ok(await partnerPerformance(ctx.db, staffScopeOf(request), request.params.id, ctx.now())),
  });

  app.route({
    ...routeOf(staffEndpoints.updatePartner),
    onRequest: app.requireStaff(['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER']),
    handler: async (request) => {
      const profile = await updateStaffPartner(ctx.db, staffScopeOf(request), request.params.id, request.body, {
        actor: auditActorOf(request),
        now: ctx.now(),
        payoutHoldDays: ctx.config.payoutHoldDays,
      });
      return ok(profile, { message: 'The partner was saved.' });
    },
  });

  const decisionContext = (request: FastifyRequest) => ({
    scope: staffScopeOf(request),
    actor: auditActorOf(request),
    now: ctx.now(),
    publicUrl: ctx.config.publicUrl,
  });

  app.route({
    ...routeOf(staffEndpoints.decideApplications),
    onRequest: app.requireStaff(['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER']),
    handler: async (request) => {
      const { ids, status, reason } = request.body;
      const result = await decideStaffApplications(ctx.db, ids, { status, reason }, decisionContext(request));
      return ok(result, { message: decidedMessage(result.decided, 'application') });
    },
  });

  app.route({
    ...routeOf(staffEndpoints.decideDocuments),
    onRequest: app.requireStaff(['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER']),
    handler: async (request) => {
      const { ids, status, reason } = request.body;
      const { decided, unchanged } = await reviewStaffDocuments(
        ctx.db,
        ids,
        { status, reason },
        decisionContext(request),
      );
      return ok({ decided, unchanged }, { message: decidedMessage(decided, 'document') });
    },
  });

  app.route({
    ...routeOf(staffEndpoints.complianceSettings),
    onRequest: app.requireStaff(),
    handler: async () => ok({ requiredDocumentTypes: await requiredDocumentTypes(ctx.db) }),
  });

  app.route({
    ...routeOf(staffEndpoints.updateComplianceSettings),
    onRequest: app.requireStaff(['ROLE_ADMIN']),
    handler: async (request) => {
      const { requiredDocumentTypes: types } = request.body;
      await saveComplianceSettings(ctx.db, types, {
        actor: auditActorOf(request),
        userId: staffScopeOf(request).userId,
        now: ctx.now(),
      });
      return ok({ requiredDocumentTypes: types }, { message: 'The compliance settings were saved.' });
    },
  });

  app.route({
    ...routeOf(staffEndpoints.changePartnerStatus),
    onRequest: app.requireStaff(['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER']),
    handler: async (request) => {
      const scope = staffScopeOf(request);
      const partner = await changePartnerStatus(ctx.db, scope, request.params.id, request.body, {
        mailer: ctx.mailer,
        publicUrl: ctx.config.publicUrl,
        now: ctx.now(),
        actor: auditActorOf(request),
      });
      request.log.info({ partnerId: partner.id, status: partner.status, by: scope.userId }, 'partner status changed');
      return ok(partner);
    },
  });

  app.route({
    ...routeOf(staffEndpoints.partnerStatusHistory),
    onRequest: app.requireStaff(['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER']),
    handler: async (request) => {
      const list = await partnerStatusHistory(ctx.db, staffScopeOf(request), request.params.id);
      return ok(list, { total: list.length });
    },
  });

  partnerBulkRoutes(app, ctx);
};

type App = Parameters<FastifyPluginAsyncZod<{ ctx: AppContext }>>[0];

/** Bulk changes on partners (decision 080): all or none, each partner audited as the single change audits it. */
function partnerBulkRoutes(app: App, ctx: AppContext): void {
  const changedMessage = (n: number) =>
    n === 0 ? 'No partner changed.' : n === 1 ? '1 partner was changed.' : `${n} partners were changed.`;

  app.route({
    ...routeOf(staffPartnerBulkEndpoints.status),
    onRequest: app.requireStaff(['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER']),
    handler: async (request) => {
      const { ids, status, reason } = request.body;
      const result = await bulkPartnerStatus(
        ctx.db,
        staffScopeOf(request),
        ids,
        { status, reason },
        {
          mailer: ctx.mailer,
          publicUrl: ctx.config.publicUrl,
          now: ctx.now(),
          actor: auditActorOf(request),
        },
      );
      return ok(result, { message: changedMessage(result.changed) });
    },
  });

  app.route({
    ...routeOf(staffPartnerBulkEndpoints.accountManager),
    onRequest: app.requireStaff(['ROLE_TEAM_MANAGER']),
    handler: async (request) => {
      const { ids, accountManagerId } = request.body;
      const result = await bulkPartnerManager(ctx.db, staffScopeOf(request), ids, accountManagerId, {
        actor: auditActorOf(request),
        now: ctx.now(),
      });
      return ok(result, { message: changedMessage(result.changed) });
    },
  });
}
