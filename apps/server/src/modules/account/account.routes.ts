import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConfigSchema, ConnectedPartnerSchema, envelope, errorResponses } from '@portal/contracts';
import { notFound, unauthorized } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { authOf, partnerIdOf } from '../../plugins/auth.js';
import type { AppContext } from '../../shared/context.js';
import { listCountries, listLanguages, loadDataLists } from '../../shared/reference-data.js';
import { connectedPartner, currentUser } from './account.repository.js';

export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    '/config',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags: ['account'],
        summary: 'The configuration the portal reloads on every navigation',
        response: { 200: envelope(ConfigSchema), ...errorResponses },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const [user, partner, countries, languages, data] = await Promise.all([
        currentUser(db, auth.userId),
        auth.partnerId !== null ? connectedPartner(db, auth.partnerId) : Promise.resolve(null),
        listCountries(db),
        listLanguages(db),
        loadDataLists(db),
      ]);
      if (!user) throw unauthorized();
      return ok({ partner, user, roles: user.roles, countries, languages, data });
    },
  );

  app.get(
    '/partner',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags: ['account'],
        summary: 'The connected partner',
        response: { 200: envelope(ConnectedPartnerSchema), ...errorResponses },
      },
    },
    async (request) => {
      const partner = await connectedPartner(db, partnerIdOf(request));
      if (!partner) throw notFound('Partner not found.');
      return ok(partner);
    },
  );
};
