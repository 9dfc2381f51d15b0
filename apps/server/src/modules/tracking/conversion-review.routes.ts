import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ConversionReviewSchema,
  IdParamsSchema,
  StaffConversionSchema,
  StaffConversionsQuerySchema,
  envelope,
  errorResponses,
} from '@portal/contracts';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { staffScopeOf } from '../../plugins/auth.js';
import type { AppContext } from '../../shared/context.js';
import { listForReview, reviewConversion } from './conversion-review.js';

/** Staff review pending conversions (decision 023): manual-validation goals record them pending. */
export const conversionReviewRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/staff/conversions',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags: ['staff'],
        summary: 'Conversions of one status (pending by default), newest first, for staff',
        querystring: StaffConversionsQuerySchema,
        response: { 200: envelope(z.array(StaffConversionSchema)), ...errorResponses },
      },
    },
    async (request) => {
      const { list, total } = await listForReview(ctx.db, staffScopeOf(request), request.query);
      return ok(list, { total });
    },
  );

  app.put(
    '/staff/conversions/:id',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags: ['staff'],
        summary: 'Approve or decline a pending conversion: rollups follow, approval fires the partner postbacks',
        params: IdParamsSchema,
        body: ConversionReviewSchema,
        response: { 200: envelope(StaffConversionSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(await reviewConversion(ctx.db, staffScopeOf(request), request.params.id, request.body, ctx.now())),
  );
};
