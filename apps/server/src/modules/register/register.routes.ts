import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerEndpoints } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { badRequest, tooManyRequests } from '../../lib/errors.js';
import { SlidingWindowLimiter } from '../../lib/rate-limit.js';
import { ok } from '../../lib/reply.js';
import type { AppContext } from '../../context.js';
import { listCountries, listLanguages, loadDataLists } from '../reference/index.js';
import { listErrors, registerPartner } from './register.service.js';

const TOO_MANY = 'Too many registration requests from your network. Please try again later.';

export const registerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, mailer, config } = ctx;
  // Each request mails an address of the caller's choosing: requests are counted per client IP, 409s included.
  const perIp = new SlidingWindowLimiter({ max: config.registerMaxPerIpPerHour, windowMs: 3_600_000 });

  app.route({
    ...routeOf(registerEndpoints.options),
    handler: async () => {
      const [countries, languages, data] = await Promise.all([listCountries(db), listLanguages(db), loadDataLists(db)]);
      return ok({ countries, languages, data });
    },
  });

  app.route({
    ...routeOf(registerEndpoints.register),
    handler: async (request) => {
      const waiting = perIp.retryAfterSeconds(request.ip, ctx.now());
      if (waiting > 0) throw tooManyRequests(TOO_MANY, waiting);
      const [lists, countries] = await Promise.all([loadDataLists(db), listCountries(db)]);
      const errors = listErrors(request.body, lists, new Set(countries.map((c) => c.isoCode)));
      if (Object.keys(errors).length > 0) throw badRequest('The request is invalid.', errors);
      // A valid request counts, whether it registers or finds the e-mail taken (409); take() is synchronous, so
      // simultaneous requests cannot all pass.
      const wait = perIp.take(request.ip, ctx.now());
      if (wait > 0) throw tooManyRequests(TOO_MANY, wait);
      await registerPartner(ctx, request.body, { lists, countries });
      void mailer.drain().catch(() => undefined);
      return ok(null, { message: 'Your request has been received' });
    },
  });
};
