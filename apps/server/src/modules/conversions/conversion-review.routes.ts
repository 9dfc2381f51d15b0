import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conversionReviewEndpoints } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/reply.js';
import { staffScopeOf } from '../access/index.js';
import { auditActorOf } from '../audit/index.js';
import type { AppContext } from '../../context.js';
import { reviewConversion, reviewConversions } from './conversion-review.js';

/**
 * Staff review pending conversions (decision 023): manual-validation goals record them pending. Finance decides too,
 * as it writes money everywhere (decision 071); the list is the conversion search's (conversion-search.routes.ts).
 */
export const conversionReviewRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const reviewers = app.requireStaff(['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER', 'ROLE_FINANCE']);
  app.route({
    ...routeOf(conversionReviewEndpoints.review),
    onRequest: reviewers,
    handler: async (request) =>
      ok(
        await reviewConversion(
          ctx.db,
          staffScopeOf(request),
          request.params.id,
          request.body,
          ctx.now(),
          auditActorOf(request),
        ),
      ),
  });

  // Many at once, all or none, through the same steps (decision 079).
  app.route({
    ...routeOf(conversionReviewEndpoints.decide),
    onRequest: reviewers,
    handler: async (request) => {
      const { ids, ...decision } = request.body;
      return ok(
        await reviewConversions(ctx.db, staffScopeOf(request), ids, decision, ctx.now(), auditActorOf(request)),
      );
    },
  });
};
