import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema, CLICK_PATH, ClickQuerySchema } from '@portal/contracts';
import type { ClickHandler } from './click-handler.js';

/** GET /click at the root of the server: partners' traffic (decisions 015, 022). */
export const clickRoutes: FastifyPluginAsyncZod<{ tracking: { handleClick: ClickHandler } }> = async (
  app,
  { tracking },
) => {
  // Served by the server's fast path (app.ts) on a real socket; this route documents it and serves what reaches
  // the router (app.inject, '/click/'), through the very same handler.
  app.get(
    CLICK_PATH,
    {
      attachValidation: true,
      // HEAD /click answers as GET does, without the body: documented too (decision 075).
      config: { swagger: { exposeHeadRoute: true } },
      schema: {
        operationId: 'click',
        tags: ['tracking'],
        summary: 'Records a click and redirects to the offer; refused traffic is counted, never redirected',
        security: [],
        querystring: ClickQuerySchema,
        response: { 400: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    (request, reply) => {
      reply.hijack();
      tracking.handleClick(request.raw, reply.raw);
    },
  );
};
