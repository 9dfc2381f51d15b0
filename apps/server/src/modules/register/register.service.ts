import { formErrorText, type DataLists, type RegisterBody } from '@portal/contracts';
import { conflict, isUniqueViolation, type FieldErrors } from '../../lib/errors.js';
import type { MailMessage } from '../../lib/mailer.js';
import type { AppContext } from '../../context.js';
import * as repo from './register.repository.js';

const EMAIL_EXISTS = 'An account with this email already exists.';

/** Checks the choices against the lists the form was given; the zod schema checks only shapes. */
export function listErrors(body: RegisterBody, lists: DataLists, countryCodes: Set<string>): FieldErrors {
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

/** What the registration form offered, to write its answers in words: the data lists and the countries. */
export type RegisterWords = { lists: DataLists; countries: readonly { isoCode: string; name: string }[] };

/** A list's labels for the values chosen, in the order chosen; an unknown value stays as it came. */
function labelsOf(list: DataLists[keyof DataLists], values: readonly string[]): string {
  const labels = new Map(list.map((item) => [item.value, item.label]));
  return values.map((value) => labels.get(value) ?? value).join(', ');
}

/**
 * The assigned account manager's notice of a new request: the answers in words (traffic sources, volume, countries by
 * their names), and an absolute link to the partner's page in the staff console (decision 081).
 */
function managerMail(
  manager: repo.AssignedManager,
  body: RegisterBody,
  partnerId: number,
  publicUrl: string,
  words: RegisterWords,
): MailMessage {
  const { lists } = words;
  const country = words.countries.find((c) => c.isoCode === body.country)?.name ?? body.country;
  return {
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
      `Country: ${country}`,
      `Type of partner: ${labelsOf(lists.typologyList, [body.typology])}`,
      `Experience: ${labelsOf(lists.experienceList, [body.experience])}`,
      `Verticals: ${labelsOf(lists.verticalList, body.verticals)}`,
      `Traffic sources: ${labelsOf(lists.trafficSourceList, body.trafficSourceList)}`,
      `Geographic areas: ${labelsOf(lists.geographicAreaList, body.geographicAreaList)}`,
      `Estimated monthly revenue: ${labelsOf(lists.estimatedMonthlyRevenueList, [body.estimatedMonthlyRevenue])}`,
      '',
      `Review the request in the staff console: ${publicUrl.replace(/\/+$/, '')}/staff/partners/${partnerId}`,
    ].filter((line) => line !== null),
  };
}

/** The applicant's acknowledgement. */
function receivedMail(body: RegisterBody): MailMessage {
  return {
    to: body.email,
    kind: 'registration-received',
    subject: 'Your request has been received',
    text: [
      `Hello ${body.firstname},`,
      '',
      `Thank you for your interest. Your request for ${body.companyName} has been received.`,
      'An account manager will contact you shortly.',
    ],
  };
}

/**
 * Records a registration request as a prospect partner assigned to the least busy account manager, and queues the
 * manager's notice and the applicant's acknowledgement, all in one transaction. A taken e-mail is a 409.
 */
export async function registerPartner(ctx: AppContext, body: RegisterBody, words: RegisterWords): Promise<void> {
  const { db, mailer, config } = ctx;
  const now = ctx.now();
  const created = db.transaction(async (tx) => {
    if (await repo.emailTaken(tx, body.email)) throw conflict(EMAIL_EXISTS, { email: EMAIL_EXISTS });
    const manager = await repo.pickAccountManager(tx);
    const partnerId = await repo.createProspect(tx, body, manager?.id ?? null, now);
    if (manager) await mailer.enqueue(tx, managerMail(manager, body, partnerId, config.publicUrl, words));
    await mailer.enqueue(tx, receivedMail(body));
  });
  // A simultaneous request with the same e-mail passes the check above, then loses on the unique index.
  await created.catch((error: unknown) => {
    throw isUniqueViolation(error) ? conflict(EMAIL_EXISTS, { email: EMAIL_EXISTS }) : error;
  });
}
