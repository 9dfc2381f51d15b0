import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conversionReviewEndpoints } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/reply.js';
import { staffScopeOf } from '../access/index.js';
import { auditActorOf } from '../audit/index.js';
import type { AppContext } from '../../context.js';
import { reviewConversion } from './conversion-review.js';

/**
 * Staff review pending conversions (decision 023): manual-validation goals record them pending. Finance decides too,
 * as it writes money everywhere (decision 071); the list is the conversion search's (conversion-search.routes.ts).
 */
export const conversionReviewRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({
    ...routeOf(conversionReviewEndpoints.review),
    onRequest: app.requireStaff(['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER', 'ROLE_FINANCE']),
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
};
