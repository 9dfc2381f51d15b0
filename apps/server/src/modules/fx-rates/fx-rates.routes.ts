import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fxRatesEndpoints } from '@portal/contracts';
import type { AppContext } from '../../context.js';
import { routeOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/reply.js';
import { authOf } from '../../plugins/auth.js';
import { auditActorOf } from '../audit/index.js';
import { fxRatesOn, setFxRates } from './fx-rates.service.js';

/** The daily reference rates (decision 111): any staff member reads them, finance and admins set them. */
export const fxRatesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const base = ctx.config.baseCurrency;

  app.route({
    ...routeOf(fxRatesEndpoints.get),
    onRequest: app.requireStaff(),
    handler: async (request) =>
      ok(await fxRatesOn(ctx.db, base, request.query.date ?? ctx.now().toISOString().slice(0, 10))),
  });

  app.route({
    ...routeOf(fxRatesEndpoints.put),
    onRequest: app.requireStaff(['ROLE_FINANCE']),
    handler: async (request) => {
      const actor = { ...auditActorOf(request), actorId: authOf(request).userId };
      return ok(await setFxRates(ctx.db, actor, base, request.body, ctx.now()), { message: 'The rates have been saved.' }); // prettier-ignore
    },
  });
};
