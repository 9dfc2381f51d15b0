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

/** The assigned account manager's notice of a new request. */
function managerMail(
  manager: repo.AssignedManager,
  body: RegisterBody,
  partnerId: number,
  publicUrl: string,
): MailMessage {
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
      `Country: ${body.country}`,
      `Verticals: ${body.verticals.join(', ')}`,
      `Traffic sources: ${body.trafficSourceList.join(', ')}`,
      `Estimated monthly revenue: ${body.estimatedMonthlyRevenue}`,
      '',
      `Partner request #${partnerId}: ${publicUrl}`,
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
export async function registerPartner(ctx: AppContext, body: RegisterBody): Promise<void> {
  const { db, mailer, config } = ctx;
  const now = ctx.now();
  const created = db.transaction(async (tx) => {
    if (await repo.emailTaken(tx, body.email)) throw conflict(EMAIL_EXISTS, { email: EMAIL_EXISTS });
    const manager = await repo.pickAccountManager(tx);
    const partnerId = await repo.createProspect(tx, body, manager?.id ?? null, now);
    if (manager) await mailer.enqueue(tx, managerMail(manager, body, partnerId, config.publicUrl));
    await mailer.enqueue(tx, receivedMail(body));
  });
  // A simultaneous request with the same e-mail passes the check above, then loses on the unique index.
  await created.catch((error: unknown) => {
    throw isUniqueViolation(error) ? conflict(EMAIL_EXISTS, { email: EMAIL_EXISTS }) : error;
  });
}
