import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COMPANY_FIELDS,
  ConfigSchema,
  ConnectedPartnerSchema,
  IdParamsSchema,
  PAYMENT_FIELDS,
  PartnerContactSchema,
  UpdatePartnerBodySchema,
  UpdatePartnerContactBodySchema,
  envelope,
  errorResponses,
  formErrorText,
} from '@portal/contracts';
import { files, partnerContacts } from '../../db/schema.js';
import { badRequest, conflict, isUniqueViolation, notFound, unauthorized } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { UPLOAD_BODY_LIMIT, prepareUpload, storeThenCommit } from '../../lib/uploads.js';
import { authOf, partnerIdOf } from '../../plugins/auth.js';
import type { AppContext } from '../../shared/context.js';
import { listCountries, listLanguages, loadDataLists } from '../../shared/reference-data.js';
import { saveBankDetails } from './bank-details.js';
import {
  connectedPartner,
  contactDto,
  countryExists,
  currentUser,
  fileOf,
  findContact,
  updatePartnerFields,
} from './account.repository.js';

const EMAIL_TAKEN = 'An account with this email already exists.';

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

  app.put(
    '/partner/:id',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags: ['account'],
        summary: 'Update the company fields or the payment fields of the own partner',
        description:
          "Send either the company set (langs, country, address, zipCode, state, city, email, phoneNumber) or the payment set (accountHolder, bankName, bankAddress, iban, swift, routingNumber). Bank details that differ from the stored ones need currentPassword, the signed-in user's password, and are e-mailed to every user of the partner. Other fields (status, paymentTerms, companyName …) are ignored.",
        params: IdParamsSchema,
        body: UpdatePartnerBodySchema,
        response: { 200: envelope(ConnectedPartnerSchema), ...errorResponses },
      },
    },
    async (request) => {
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
      const partner = await connectedPartner(db, partnerId);
      if (!partner) throw notFound('Partner not found.');
      return ok(partner, { message: isCompany ? 'Company information updated.' : 'Payment information updated.' });
    },
  );

  app.put(
    '/partner-contact/:id',
    {
      preHandler: app.requireAuth(),
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags: ['account'],
        summary: 'Update a contact of the own partner, with an optional document (data URL; PDF, PNG or JPEG, 10 MB)',
        params: IdParamsSchema,
        body: UpdatePartnerContactBodySchema,
        response: { 200: envelope(PartnerContactSchema), ...errorResponses },
      },
    },
    async (request) => {
      const partnerId = partnerIdOf(request);
      const { document, ...fields } = request.body;
      if (!(await findContact(db, partnerId, request.params.id))) throw notFound('Contact not found.');
      if (fields.civility) {
        const civilities = (await loadDataLists(db)).civilityList.map((item) => item.value);
        if (!civilities.includes(fields.civility)) {
          throw badRequest('The request is invalid.', { civility: formErrorText('oneOf') });
        }
      }
      const upload = document ? await prepareUpload(document) : null;
      const now = ctx.now();
      const contact = await storeThenCommit(
        ctx.storage,
        upload,
        (stored) =>
          db.transaction(async (tx) => {
            const current = await findContact(tx, partnerId, request.params.id, true);
            if (!current) throw notFound('Contact not found.');
            let documentId = current.documentId;
            const obsoleteKeys: string[] = [];
            if (stored) {
              const [file] = await tx
                .insert(files)
                .values({
                  type: 'contact_document',
                  filename: stored.filename,
                  mimeType: stored.mimeType,
                  size: stored.bytes.length,
                  storageKey: stored.storageKey,
                  ownerPartnerId: partnerId,
                  createdAt: now,
                })
                .returning({ id: files.id });
              documentId = file?.id ?? null;
            }
            const [updated] = await tx
              .update(partnerContacts)
              .set({ ...fields, documentId, updatedAt: now })
              .where(eq(partnerContacts.id, current.id))
              .returning();
            if (stored && current.documentId) {
              const old = await fileOf(tx, current.documentId);
              if (old) {
                await tx.delete(files).where(eq(files.id, old.id));
                obsoleteKeys.push(old.storageKey);
              }
            }
            if (!updated) throw notFound('Contact not found.');
            return { result: contactDto(updated, await fileOf(tx, updated.documentId)), obsoleteKeys };
          }),
        request.log,
      );
      return ok(contact, { message: 'Main contact information updated.' });
    },
  );
};
