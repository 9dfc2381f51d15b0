import { asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MessageSchema,
  RegisterBodySchema,
  RegisterConfigSchema,
  envelope,
  errorResponses,
  formErrorText,
  type DataLists,
  type RegisterBody,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { partnerContacts, partners, users } from '../../db/schema.js';
import { badRequest, conflict, isUniqueViolation, tooManyRequests, type FieldErrors } from '../../lib/errors.js';
import { SlidingWindowLimiter } from '../../lib/rate-limit.js';
import { ok } from '../../lib/reply.js';
import type { AppContext } from '../../shared/context.js';
import { listCountries, listLanguages, loadDataLists } from '../../shared/reference-data.js';

const EMAIL_EXISTS = 'An account with this email already exists.';
const TOO_MANY = 'Too many registration requests from your network. Please try again later.';

/** Checks the choices against the lists the form was given; the zod schema checks only shapes. */
function listErrors(body: RegisterBody, lists: DataLists, countryCodes: Set<string>): FieldErrors {
  const errors: FieldErrors = {};
  const oneOf = formErrorText('oneOf');
  const values = (name: keyof DataLists) => new Set(lists[name].map((i) => i.value));
  const single: [keyof RegisterBody, keyof DataLists][] = [
    ['typology', 'typologyList'],
    ['experience', 'experienceList'],
    ['estimatedMonthlyRevenue', 'estimatedMonthlyRevenueList'],
  ];
  for (const [field, list] of single) {
    if (!values(list).has(body[field] as string)) errors[field] = oneOf;
  }
  const multi: [keyof RegisterBody, keyof DataLists][] = [
    ['trafficSourceList', 'trafficSourceList'],
    ['verticals', 'verticalList'],
    ['geographicAreaList', 'geographicAreaList'],
  ];
  for (const [field, list] of multi) {
    const allowed = values(list);
    (body[field] as string[]).forEach((value, index) => {
      if (!allowed.has(value)) errors[`${field}.${index}`] = oneOf;
    });
  }
  if (!countryCodes.has(body.country)) errors.country = oneOf;
  return errors;
}

async function emailTaken(db: DbOrTx, email: string) {
  const [u, p] = await Promise.all([
    db
      .select({ n: count() })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email)),
    db
      .select({ n: count() })
      .from(partners)
      .where(eq(sql`lower(${partners.email})`, email)),
  ]);
  return Number(u[0]?.n ?? 0) + Number(p[0]?.n ?? 0) > 0;
}

/** The enabled account manager with the fewest partners takes the new request. */
async function pickAccountManager(db: DbOrTx) {
  const rows = await db
    .select({ id: users.id, email: users.email, firstname: users.firstname, partnerCount: count(partners.id) })
    .from(users)
    .leftJoin(partners, eq(partners.accountManagerId, users.id))
    .where(sql`${users.accountManager} and ${users.enabled}`)
    .groupBy(users.id)
    .orderBy(asc(count(partners.id)), asc(users.id))
    .limit(1);
  return rows[0] ?? null;
}

export const registerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, mailer, config } = ctx;
  // Each request mails an address of the caller's choosing: requests are counted per client IP, 409s included.
  const perIp = new SlidingWindowLimiter({ max: config.registerMaxPerIpPerHour, windowMs: 3_600_000 });

  app.get(
    '/register/options',
    {
      schema: {
        tags: ['register'],
        summary: 'The lists the registration form offers (public)',
        response: { 200: envelope(RegisterConfigSchema), ...errorResponses },
      },
    },
    async () => {
      const [countries, languages, data] = await Promise.all([listCountries(db), listLanguages(db), loadDataLists(db)]);
      return ok({ countries, languages, data });
    },
  );

  app.post(
    '/register',
    {
      schema: {
        tags: ['register'],
        summary: 'Request a partner account; an account manager is assigned and notified',
        body: RegisterBodySchema,
        response: { 200: MessageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const waiting = perIp.retryAfterSeconds(request.ip, ctx.now());
      if (waiting > 0) throw tooManyRequests(TOO_MANY, waiting);
      const body = request.body;
      const [lists, countries] = await Promise.all([loadDataLists(db), listCountries(db)]);
      const errors = listErrors(body, lists, new Set(countries.map((c) => c.isoCode)));
      if (Object.keys(errors).length > 0) throw badRequest('The request is invalid.', errors);
      // A valid request counts, whether it registers or finds the e-mail taken (409); take() is synchronous, so
      // simultaneous requests cannot all pass.
      const wait = perIp.take(request.ip, ctx.now());
      if (wait > 0) throw tooManyRequests(TOO_MANY, wait);

      const now = ctx.now();
      const created = db.transaction(async (tx) => {
        if (await emailTaken(tx, body.email)) throw conflict(EMAIL_EXISTS, { email: EMAIL_EXISTS });
        const manager = await pickAccountManager(tx);
        const [partner] = await tx
          .insert(partners)
          .values({
            accountManagerId: manager?.id ?? null,
            accountType: 'affiliate',
            status: 'pending',
            prospect: true,
            prospectOrigin: 'registration',
            companyName: body.companyName,
            langs: body.langs,
            country: body.country,
            address: body.address,
            zipCode: body.zipCode,
            state: body.state ?? null,
            city: body.city,
            email: body.email,
            phoneNumber: body.phoneNumber,
            typology: body.typology,
            verticals: body.verticals,
            geographicAreas: body.geographicAreaList,
            trafficSources: body.trafficSourceList,
            experience: body.experience,
            monthlyEstimateRevenue: body.estimatedMonthlyRevenue,
            websiteUrl: body.websiteUrl,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: partners.id });
        if (!partner) throw new Error('partner insert returned nothing');
        await tx.insert(partnerContacts).values({
          partnerId: partner.id,
          companyRole: 'main',
          firstname: body.firstname,
          lastname: body.lastname,
          email: body.email,
          phoneNumber: body.phoneNumber,
          telegram: body.telegram ?? null,
          teams: body.teams ?? null,
        });
        if (manager) {
          await mailer.enqueue(tx, {
            to: manager.email,
            kind: 'registration',
            subject: `New partner request: ${body.companyName}`,
            text: [
              `Hello ${manager.firstname},`,
              '',
              `${body.firstname} ${body.lastname} of ${body.companyName} asked for a partner account and was assigned to you.`,
              '',
              `E-mail: ${body.email}`,
              `Phone: ${body.phoneNumber}`,
              body.telegram ? `Telegram: ${body.telegram}` : null,
              body.teams ? `Teams: ${body.teams}` : null,
              `Website: ${body.websiteUrl}`,
              `Country: ${body.country}`,
              `Verticals: ${body.verticals.join(', ')}`,
              `Traffic sources: ${body.trafficSourceList.join(', ')}`,
              `Estimated monthly revenue: ${body.estimatedMonthlyRevenue}`,
              '',
              `Partner request #${partner.id}: ${config.publicUrl}`,
            ].filter((line) => line !== null),
          });
        }
        await mailer.enqueue(tx, {
          to: body.email,
          kind: 'registration-received',
          subject: 'Your request has been received',
          text: [
            `Hello ${body.firstname},`,
            '',
            `Thank you for your interest. Your request for ${body.companyName} has been received.`,
            'An account manager will contact you shortly.',
          ],
        });
      });
      // A simultaneous request with the same e-mail passes the check above, then loses on the unique index.
      await created.catch((error: unknown) => {
        throw isUniqueViolation(error) ? conflict(EMAIL_EXISTS, { email: EMAIL_EXISTS }) : error;
      });
      void mailer.drain().catch(() => undefined);
      return ok(null, { message: 'Your request has been received' });
    },
  );
};
