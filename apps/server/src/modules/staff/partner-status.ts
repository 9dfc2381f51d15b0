import {
  PARTNER_STATUS_TRANSITIONS,
  UTC_TIMEZONE,
  WELCOME_KEY_TTL_DAYS,
  type PartnerStatus,
  type PartnerStatusBody,
  type PartnerStatusChange,
  type StaffPartner,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { reaches, type StaffScope } from '../access/index.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { issuePasswordKey, passwordKeyLink } from '../auth/index.js';
import {
  deleteSessionsOf,
  enabledPartnerUsers,
  insertPartnerUser,
  mainContact,
  partnerRow,
  userSignature,
  type PartnerRow,
} from './partner-status.repository.js';
import { lockPartnerRow, staffPartnerSummary, statusHistoryOf, updatePartnerRow } from './partners.repository.js';

/** The partner, locked until the transaction ends, if the staff member may handle it; otherwise it does not exist. */
async function lockPartner(tx: DbOrTx, scope: StaffScope, partnerId: number) {
  const row = await lockPartnerRow(tx, partnerId);
  if (!row || !reaches(scope, row.accountManagerId, { pendingUnassigned: row.status === 'pending' })) {
    throw notFound('Partner not found.');
  }
  return row;
}

const EMAIL_TAKEN = 'A user with this partner’s e-mail already exists.';

export type StatusContext = { mailer: Mailer; publicUrl: string; now: Date; actor: AuditActor };

/**
 * Moves a partner to a new status (decision 026), in one transaction: the status, the audit row, the e-mails, and
 * what the status implies. The first approval creates the partner's user from the registration's main contact and
 * mails it a link to choose its password; a suspension or closure ends the partner's sessions (its API keys and
 * tracking links stop on their own, as they check the status). Asking for the current status changes nothing.
 */
export async function changePartnerStatus(
  db: DbOrTx,
  scope: StaffScope,
  partnerId: number,
  body: PartnerStatusBody,
  { mailer, publicUrl, now, actor }: StatusContext,
): Promise<StaffPartner> {
  const result = db.transaction(async (tx) => {
    const partner = await lockPartner(tx, scope, partnerId);
    const from = partner.status as PartnerStatus;
    if (from === body.status) return partner;
    if (!PARTNER_STATUS_TRANSITIONS[from].includes(body.status)) {
      throw conflict(`A ${from} partner cannot be made ${body.status}.`, { status: `Not allowed from ${from}.` });
    }
    return movePartner(tx, partner, body, { mailer, publicUrl, now, actor });
  });
  const partner = await result.catch((error: unknown) => {
    throw isUniqueViolation(error) ? conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN }) : error;
  });
  void mailer.drain().catch(() => undefined);
  const summary = await staffPartnerSummary(db, partner.id, now);
  if (!summary) throw notFound('Partner not found.');
  return summary;
}

/**
 * Moves a partner, locked by the caller and allowed to go from its status to the new one, inside the caller's
 * transaction: the status, its audit row, the e-mails (through the outbox, so they leave only if the transaction
 * commits) and what the status implies. The single change and the bulk one (decision 080) both come here.
 */
export async function movePartner(
  tx: DbOrTx,
  partner: PartnerRow,
  body: PartnerStatusBody,
  { mailer, publicUrl, now, actor }: StatusContext,
): Promise<PartnerRow> {
  const from = partner.status as PartnerStatus;
  const to = body.status;
  const reason = body.reason ? body.reason : null;
  const updated = await updatePartnerRow(
    tx,
    partner.id,
    { status: to, prospect: to === 'active' ? false : partner.prospect },
    now,
  );
  await recordAudit(
    tx,
    actor,
    [
      {
        action: 'status',
        entityType: 'partner',
        entityId: partner.id,
        partnerId: partner.id,
        changes: [{ field: 'status', before: from, after: to }],
        reason,
      },
    ],
    now,
  );

  const partnerUsers = await enabledPartnerUsers(tx, partner.id);
  const manager = partner.accountManagerId ? await userSignature(tx, partner.accountManagerId) : undefined;
  const signature = manager
    ? ['', `${manager.firstname} ${manager.lastname}, your account manager`, manager.email]
    : ['', 'The partner team'];
  const reasonLines = reason ? ['', `Reason: ${reason}`] : [];
  const mailTo = async (to: string, kind: string, subject: string, lines: string[]) =>
    mailer.enqueue(tx, { to, kind, subject, text: [...lines, ...reasonLines, ...signature] });

  if (to === 'active' && partnerUsers.length === 0) {
    const user = await createFirstUser(tx, partner, now);
    const key = await issuePasswordKey(tx, user.id, now, WELCOME_KEY_TTL_DAYS * 24 * 3600 * 1000);
    await mailTo(user.email, 'partner-approved', 'Your partner account is approved', [
      `Hello ${user.firstname},`,
      '',
      `${partner.companyName}'s partner account is approved. Choose your password within ${WELCOME_KEY_TTL_DAYS} days:`,
      '',
      passwordKeyLink(publicUrl, key),
      '',
      `Then sign in at ${publicUrl}/login with ${user.email}.`,
    ]);
  } else if (to === 'active') {
    for (const user of partnerUsers)
      await mailTo(user.email, 'partner-reinstated', 'Your partner account is active again', [
        `Hello ${user.firstname},`,
        '',
        `${partner.companyName}'s partner account is active again: you can sign in, and your tracking links redirect.`,
        user.hasPassword ? `Sign in at ${publicUrl}/login.` : `Choose a password at ${publicUrl}/password-lost.`,
      ]);
  } else if (to === 'rejected') {
    const contact = await mainContact(tx, partner.id);
    await mailTo(partner.email, 'partner-rejected', 'About your partner request', [
      `Hello ${contact?.firstname ?? partner.companyName},`,
      '',
      `Thank you for your interest. We are not able to accept ${partner.companyName}'s partner request at this time.`,
    ]);
  } else {
    await deleteSessionsOf(
      tx,
      partnerUsers.map((user) => user.id),
    );
    const [subject, what] =
      to === 'suspended'
        ? ['Your partner account is suspended', 'is suspended']
        : ['Your partner account is closed', 'is closed'];
    for (const user of partnerUsers)
      await mailTo(user.email, `partner-${to}`, subject, [
        `Hello ${user.firstname},`,
        '',
        `${partner.companyName}'s partner account ${what}: you cannot sign in, and your tracking links no longer redirect.`,
        'Please contact your account manager.',
      ]);
  }
  return updated ?? partner;
}

/** The partner's first user, from the main contact the registration gave; it has no password until it picks one. */
async function createFirstUser(tx: DbOrTx, partner: PartnerRow, now: Date) {
  const contact = await mainContact(tx, partner.id);
  return insertPartnerUser(tx, {
    email: partner.email,
    passwordHash: null,
    firstname: contact?.firstname ?? partner.companyName,
    lastname: contact?.lastname ?? '',
    telegram: contact?.telegram ?? null,
    teams: contact?.teams ?? null,
    // The zone the registration's browser gave (decision 092); UTC for a partner created otherwise.
    timezone: contact?.timezone ?? UTC_TIMEZONE,
    phone: contact?.phoneNumber ?? partner.phoneNumber ?? null,
    roles: ['ROLE_PARTNER'],
    partnerId: partner.id,
    createdAt: now,
    updatedAt: now,
  });
}

/** A partner's status changes, newest first, if the staff member may handle the partner: read from the audit log. */
export async function partnerStatusHistory(
  db: DbOrTx,
  scope: StaffScope,
  partnerId: number,
): Promise<PartnerStatusChange[]> {
  const partner = await partnerRow(db, partnerId);
  if (!partner || !reaches(scope, partner.accountManagerId, { pendingUnassigned: partner.status === 'pending' })) {
    throw notFound('Partner not found.');
  }
  return statusHistoryOf(db, partnerId);
}
