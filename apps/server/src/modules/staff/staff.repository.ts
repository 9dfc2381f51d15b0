import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PartnerStatus, StaffHome, StaffPartner } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { billingRequests, conversions, invoices, partnerDocuments, partnerOffers, partners } from '../../db/schema.js';
import { billingReachSql, partnerReachSql, type StaffScope } from '../../plugins/auth.js';
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

/** The work queues of the staff home, each within the reader's reach; null for a queue its role does not work. */
export async function staffHome(db: DbOrTx, scope: StaffScope): Promise<StaffHome> {
  const count = sql<number>`count(*)`.mapWith(Number);
  const reach = partnerReachSql(scope, partners.accountManagerId, partners.status);
  const billingReach = billingReachSql(scope, partners.accountManagerId, partners.status);
  const works = scope.reach !== 'none';
  const first = async (rows: Promise<{ n: number }[]>) => (await rows)[0]?.n ?? 0;
  const [pendingPartners, pendingApplications, pendingDocuments, pendingConversions, invoicesWaitingForApproval] =
    await Promise.all([
      works
        ? first(
            db
              .select({ n: count })
              .from(partners)
              .where(and(eq(partners.status, 'pending'), reach)),
          )
        : null,
      works
        ? first(
            db
              .select({ n: count })
              .from(partnerOffers)
              .innerJoin(partners, eq(partners.id, partnerOffers.partnerId))
              .where(and(eq(partnerOffers.status, 'pending'), reach)),
          )
        : null,
      works
        ? first(
            db
              .select({ n: count })
              .from(partnerDocuments)
              .innerJoin(partners, eq(partners.id, partnerDocuments.partnerId))
              .where(and(eq(partnerDocuments.status, 'pending'), reach)),
          )
        : null,
      works
        ? first(
            db
              .select({ n: count })
              .from(conversions)
              .innerJoin(partners, eq(partners.id, conversions.partnerId))
              .where(and(eq(conversions.status, 'pending'), reach)),
          )
        : null,
      first(
        db
          .select({ n: count })
          .from(invoices)
          .innerJoin(billingRequests, eq(billingRequests.id, invoices.billingRequestId))
          .innerJoin(partners, eq(partners.id, billingRequests.partnerId))
          .where(and(eq(invoices.status, 'waiting_for_approval'), billingReach)),
      ),
    ]);
  return { pendingPartners, pendingApplications, pendingDocuments, pendingConversions, invoicesWaitingForApproval };
}
