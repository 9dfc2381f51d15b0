import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COMPANY_FIELDS, PAYMENT_FIELDS, accountEndpoints, formErrorText } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { badRequest, conflict, isUniqueViolation, notFound, unauthorized } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { UPLOAD_BODY_LIMIT } from '../../lib/uploads.js';
import { authOf, partnerIdOf } from '../../plugins/auth.js';
import type { AppContext } from '../../context.js';
import { listCountries, listLanguages, loadDataLists } from '../reference/index.js';
import { saveBankDetails } from './bank-details.js';
import { updateContact } from './contacts.service.js';
import { connectedPartner, countryExists, currentUser, updatePartnerFields } from './account.repository.js';

const EMAIL_TAKEN = 'An account with this email already exists.';

export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.route({
    ...routeOf(accountEndpoints.config),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      const auth = authOf(request);
      const [user, partner, countries, languages, data] = await Promise.all([
        currentUser(db, auth.userId),
        auth.partnerId !== null ? connectedPartner(db, auth.partnerId, ctx.now()) : Promise.resolve(null),
        listCountries(db),
        listLanguages(db),
        loadDataLists(db),
      ]);
      if (!user) throw unauthorized();
      return ok({ partner, user, roles: user.roles, viewedBy: auth.viewedBy ?? null, countries, languages, data });
    },
  });

  app.route({
    ...routeOf(accountEndpoints.partner),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      const partner = await connectedPartner(db, partnerIdOf(request), ctx.now());
      if (!partner) throw notFound('Partner not found.');
      return ok(partner);
    },
  });

  app.route({
    ...routeOf(accountEndpoints.updatePartner),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      const partnerId = partnerIdOf(request);
      // Another partner's id answers like an unknown one: existence is not revealed.
      if (request.params.id !== partnerId) throw notFound('Partner not found.');
      const body = request.body as Record<string, unknown>;
      const isCompany = COMPANY_FIELDS.some((key) => body[key] !== undefined);
      const keys: readonly string[] = isCompany ? COMPANY_FIELDS : PAYMENT_FIELDS;
      const values = Object.fromEntries(keys.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));
      if (isCompany && typeof values.country === 'string' && !(await countryExists(db, values.country))) {
        throw badRequest('The request is invalid.', { country: formErrorText('oneOf') });
      }
      const now = ctx.now();
      if (!isCompany) {
        await saveBankDetails(ctx, {
          userId: authOf(request).userId,
          partnerId,
          values,
          currentPassword: request.body.currentPassword,
          ip: request.ip,
          now,
          log: request.log,
        });
      } else {
        await updatePartnerFields(db, partnerId, values, now).catch((error: unknown) => {
          throw isUniqueViolation(error) ? conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN }) : error;
        });
      }
      const partner = await connectedPartner(db, partnerId, ctx.now());
      if (!partner) throw notFound('Partner not found.');
      return ok(partner, { message: isCompany ? 'Company information updated.' : 'Payment information updated.' });
    },
  });

  app.route({
    ...routeOf(accountEndpoints.updateContact),
    onRequest: app.requireAuth(),
    bodyLimit: UPLOAD_BODY_LIMIT,
    handler: async (request) => {
      const contact = await updateContact(
        ctx,
        partnerIdOf(request),
        request.params.id,
        request.body,
        ctx.now(),
        request.log,
      );
      return ok(contact, { message: 'Main contact information updated.' });
    },
  });
};
