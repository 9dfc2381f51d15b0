import { and, eq, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { networkSettings, users } from '../../db/schema.js';
import type { StaffScope } from './staff-scope.js';

/** The members of a team, for a team manager's reach. */
export async function teamMemberIds(db: Db, teamId: number | null | undefined): Promise<number[]> {
  if (!teamId) return [];
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.teamId, teamId));
  return rows.map((row) => row.id);
}

/** Whether an admin requires two-factor sign-in of all staff (decision 037). */
export async function staffTwoFactorRequired(db: Db): Promise<boolean> {
  const [required] = await db
    .select({ value: networkSettings.value })
    .from(networkSettings)
    .where(eq(networkSettings.name, 'staffTwoFactorRequired'));
  return required?.value === true;
}

/**
 * The scope rule (`reaches`, decision 036) as a condition on a partners query: `accountManager` is the partner's
 * account manager column and `status` its status column. Undefined when the scope reaches every partner.
 */
export function partnerReachSql(scope: StaffScope, accountManager: AnyColumn, status: AnyColumn): SQL | undefined {
  switch (scope.reach) {
    case 'all':
      return undefined;
    case 'team':
      return or(
        scope.managerIds.length > 0 ? inArray(accountManager, scope.managerIds) : sql`false`,
        and(isNull(accountManager), eq(status, 'pending')),
      );
    case 'own':
      return eq(accountManager, scope.userId);
    case 'none':
      return sql`false`;
  }
}

/** Billing's reach as a condition: undefined for admins and finance. */
export const billingReachSql = (scope: StaffScope, accountManager: AnyColumn, status: AnyColumn) =>
  scope.billing ? undefined : partnerReachSql(scope, accountManager, status);
