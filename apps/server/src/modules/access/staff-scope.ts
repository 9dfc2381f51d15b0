import type { FastifyRequest } from 'fastify';
import { STAFF_ROLES, type Role } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { forbidden, unauthorized } from '../../lib/errors.js';
import { authOf } from '../../plugins/auth.js';
import { teamMemberIds } from './access.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff scope `requireStaff` (or `loadStaffScope`) loaded for this request. */
    staffScope?: StaffScope;
  }
}

/**
 * One scope rule for every staff route (decision 036). `reach` says whose partners a staff member handles:
 * - `all`: an admin, every partner;
 * - `team`: a team manager, the partners of its team's members (its `teamId` decides) and every pending registration
 *   no one is assigned yet;
 * - `own`: an account manager, its own partners;
 * - `none`: finance, no partner to manage; `billing` alone gives it every partner's billing, invoices and payment
 *   details.
 * Another's record answers 404, as if it did not exist.
 */
export type StaffScope = {
  userId: number;
  roles: Role[];
  reach: 'all' | 'team' | 'own' | 'none';
  /** The account managers whose partners a team manager reaches (its team's members, itself included). */
  managerIds: number[];
  /** Every partner's billing, invoices and payment details (admins and finance). */
  billing: boolean;
  /** Whether it may read IBANs in clear (admins and finance). */
  unmaskedBankDetails: boolean;
};

export const isStaff = (roles: readonly Role[]) => roles.some((role) => STAFF_ROLES.includes(role));

/** The scope of a staff member's roles; `managerIds` comes from its team. */
export function scopeOfRoles(userId: number, roles: Role[], managerIds: number[]): StaffScope {
  const admin = roles.includes('ROLE_ADMIN');
  const finance = roles.includes('ROLE_FINANCE');
  const reach = admin
    ? 'all'
    : roles.includes('ROLE_TEAM_MANAGER')
      ? 'team'
      : roles.includes('ROLE_ACCOUNT_MANAGER')
        ? 'own'
        : 'none';
  return {
    userId,
    roles,
    reach,
    managerIds: reach === 'team' ? [...new Set([userId, ...managerIds])] : reach === 'own' ? [userId] : [],
    billing: admin || finance,
    unmaskedBankDetails: admin || finance,
  };
}

/**
 * Loads the staff scope of the signed-in user onto the request, once; anyone else is refused (403). Every staff route
 * calls it (or `staffScopeOf` after it) before it reads or writes.
 */
export async function loadStaffScope(db: Db, request: FastifyRequest): Promise<StaffScope> {
  if (request.staffScope) return request.staffScope;
  const auth = authOf(request);
  if (!isStaff(auth.roles) || auth.partnerId !== null) throw forbidden();
  const managerIds = auth.roles.includes('ROLE_TEAM_MANAGER') ? await teamMemberIds(db, auth.teamId) : [];
  const scope = scopeOfRoles(auth.userId, auth.roles, managerIds);
  request.staffScope = scope;
  return scope;
}

/** The staff scope loaded by the route's `onRequest` guard (`app.requireStaff()`). */
export function staffScopeOf(request: FastifyRequest): StaffScope {
  if (request.staffScope) return request.staffScope;
  if (!request.auth) throw unauthorized();
  throw forbidden();
}

/**
 * Whether a partner managed by `accountManagerId` is within a staff member's reach. `pendingUnassigned` says the
 * partner is a pending registration no one is assigned yet, which team managers reach too.
 */
export function reaches(
  scope: StaffScope,
  accountManagerId: number | null,
  options: { pendingUnassigned?: boolean } = {},
): boolean {
  switch (scope.reach) {
    case 'all':
      return true;
    case 'team':
      return accountManagerId === null
        ? options.pendingUnassigned === true
        : scope.managerIds.includes(accountManagerId);
    case 'own':
      return accountManagerId === scope.userId;
    case 'none':
      return false;
  }
}

/**
 * Whether a staff member may hand partners over to `managerId`, whichever way it does it (changing a partner's account
 * manager, or disabling a member with a successor): an admin to anyone, a team manager only within its team (itself
 * included), no one else (decision 036).
 */
export const handsPartnersTo = (scope: StaffScope, managerId: number): boolean =>
  scope.reach === 'all' || (scope.reach === 'team' && scope.managerIds.includes(managerId));

/** Billing's reach: admins and finance every partner, others as `reaches`. */
export const reachesBilling = (scope: StaffScope, accountManagerId: number | null) =>
  scope.billing || reaches(scope, accountManagerId);
