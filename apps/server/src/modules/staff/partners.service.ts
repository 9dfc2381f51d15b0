import { PAYMENT_FIELDS, formErrorText, type StaffPartnerProfile, type StaffPartnerUpdate } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { AppError, badRequest, conflict, isUniqueViolation, notFound, type FieldErrors } from '../../lib/errors.js';
import { handsPartnersTo, reaches, type StaffScope } from '../access/index.js';
import { diffFields, recordAudit, type AuditActor } from '../audit/index.js';
import { listCountries, loadDataLists } from '../reference/index.js';
import { assignableManager, lockPartnerRow, staffPartnerProfile, updatePartnerRow } from './partners.repository.js';

const PARTNER_NOT_FOUND = 'Partner not found.';
const EMAIL_TAKEN = 'Another partner already uses this e-mail.';

/** A partner the staff member may handle, or a 404 as if it did not exist. */
export async function reachablePartnerProfile(
  db: DbOrTx,
  scope: StaffScope,
  partnerId: number,
  now: Date,
  payoutHoldDays: number,
): Promise<StaffPartnerProfile> {
  const profile = await staffPartnerProfile(db, scope, partnerId, now, payoutHoldDays);
  if (!profile || !reaches(scope, profile.accountManagerId, { pendingUnassigned: profile.status === 'pending' })) {
    throw notFound(PARTNER_NOT_FOUND);
  }
  return profile;
}

/** The choices of the configuration's lists and the countries, checked here; the schema checks only shapes. */
async function listErrors(db: DbOrTx, body: StaffPartnerUpdate): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const oneOf = formErrorText('oneOf');
  if (body.typology || body.companyStatus) {
    const lists = await loadDataLists(db);
    const has = (list: keyof typeof lists, value: string) => lists[list].some((item) => item.value === value);
    if (body.typology && !has('typologyList', body.typology)) errors.typology = oneOf;
    if (body.companyStatus && !has('companyStatusList', body.companyStatus)) errors.companyStatus = oneOf;
  }
  if (body.country) {
    const countries = await listCountries(db);
    if (!countries.some((c) => c.isoCode === body.country)) errors.country = oneOf;
  }
  return errors;
}

/**
 * Changes what staff may set on a partner (decision 040), in one transaction with its audit entry: only the fields sent,
 * and only those that differ are written and logged. Only admins and team managers reassign a partner, a team manager
 * to a member of its team; only an admin leaves a partner without an account manager.
 */
export async function updateStaffPartner(
  db: DbOrTx,
  scope: StaffScope,
  partnerId: number,
  body: StaffPartnerUpdate,
  { actor, now, payoutHoldDays }: { actor: AuditActor; now: Date; payoutHoldDays: number },
): Promise<StaffPartnerProfile> {
  const errors = await listErrors(db, body);
  if (Object.keys(errors).length > 0) throw badRequest('The request is invalid.', errors);
  await db
    .transaction(async (tx) => {
      const before = await lockPartnerRow(tx, partnerId);
      if (!before || !reaches(scope, before.accountManagerId, { pendingUnassigned: before.status === 'pending' })) {
        throw notFound(PARTNER_NOT_FOUND);
      }
      const values = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<
        typeof before
      >;
      if (values.accountManagerId !== undefined && values.accountManagerId !== before.accountManagerId) {
        await checkReassignment(tx, scope, values.accountManagerId ?? null);
      }
      const fields = Object.keys(values) as (keyof typeof before)[];
      const pick = (row: typeof before) => Object.fromEntries(fields.map((f) => [f, row[f]]));
      const changes = diffFields(pick(before), { ...pick(before), ...values });
      if (changes.length === 0) return;
      // Bank details stay the partner's to change (decision 040), so the update schema has none of them today; were
      // one ever changed here, it would start the payout hold like a partner's own change (decision 072).
      if (changes.some((change) => (PAYMENT_FIELDS as readonly string[]).includes(change.field))) {
        values.bankDetailsChangedAt = now;
      }
      const after = await updatePartnerRow(tx, partnerId, values, now);
      if (!after) throw notFound(PARTNER_NOT_FOUND);
      await recordAudit(
        tx,
        actor,
        [{ action: 'update', entityType: 'partner', entityId: partnerId, partnerId, changes }],
        now,
      );
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN }) : error;
    });
  // The reader keeps its view of a partner it has just handed to another team: the update is what it asked.
  const profile = await staffPartnerProfile(db, scope, partnerId, now, payoutHoldDays);
  if (!profile) throw notFound(PARTNER_NOT_FOUND);
  return profile;
}

export async function checkReassignment(tx: DbOrTx, scope: StaffScope, managerId: number | null) {
  const field = (message: string) => ({ accountManagerId: message });
  if (scope.reach !== 'all' && scope.reach !== 'team') {
    throw new AppError(
      403,
      'Only an admin or a team manager can change a partner’s account manager.',
      field('You cannot reassign this partner.'),
    );
  }
  if (managerId === null) {
    if (scope.reach !== 'all') {
      throw badRequest(
        'The request is invalid.',
        field('Only an admin can leave a partner without an account manager.'),
      );
    }
    return;
  }
  const manager = await assignableManager(tx, managerId);
  if (!manager) throw badRequest('The request is invalid.', field('Choose an enabled account manager.'));
  if (!handsPartnersTo(scope, manager.id)) {
    throw badRequest('The request is invalid.', field('Choose an account manager of your team.'));
  }
}
