import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { PartnerStatus, StaffPartner } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { partners } from '../../db/schema.js';
import { partnerReachSql, type StaffScope } from '../../plugins/auth.js';
import { staffPartnerDto } from './partner-status.js';

/** How many partners the back-office list shows at most (newest first). */
const STAFF_PARTNER_LIST_LIMIT = 500;

/** The partners a staff member may handle (an account manager: only its own), optionally of one status, newest first. */
export async function listStaffPartners(
  db: DbOrTx,
  scope: StaffScope,
  status: PartnerStatus | undefined,
): Promise<StaffPartner[]> {
  const where: SQL[] = [];
  const reach = partnerReachSql(scope, partners.accountManagerId, partners.status);
  if (reach) where.push(reach);
  if (status) where.push(eq(partners.status, status));
  const rows = await db
    .select()
    .from(partners)
    .where(and(...where))
    .orderBy(desc(partners.id))
    .limit(STAFF_PARTNER_LIST_LIMIT);
  return rows.map(staffPartnerDto);
}
