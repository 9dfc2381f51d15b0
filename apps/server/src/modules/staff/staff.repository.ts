import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  partnerDisplayName,
  type PartnerStatus,
  type StaffApplication,
  type StaffDocument,
  type StaffHome,
  type StaffPartner,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import {
  billingRequests,
  conversions,
  files,
  invoices,
  offers,
  partnerDocuments,
  partnerOffers,
  partners,
} from '../../db/schema.js';
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

const count = () => sql<number>`count(*)`.mapWith(Number);

/** Applications of one status within the reader's reach, oldest first (a queue is worked from its oldest). */
export async function listStaffApplications(
  db: DbOrTx,
  scope: StaffScope,
  query: { status: string; page: number; count: number },
): Promise<{ list: StaffApplication[]; total: number }> {
  const where = and(eq(partnerOffers.status, query.status), partnerReachSql(scope, partners.accountManagerId, partners.status));
  const rows = await db
    .select({ application: partnerOffers, partner: { id: partners.id, companyName: partners.companyName }, offerName: offers.name })
    .from(partnerOffers)
    .innerJoin(partners, eq(partners.id, partnerOffers.partnerId))
    .innerJoin(offers, eq(offers.id, partnerOffers.offerId))
    .where(where)
    .orderBy(asc(partnerOffers.createdAt), asc(partnerOffers.id))
    .limit(query.count)
    .offset((query.page - 1) * query.count);
  const [total] = await db
    .select({ n: count() })
    .from(partnerOffers)
    .innerJoin(partners, eq(partners.id, partnerOffers.partnerId))
    .where(where);
  return {
    total: total?.n ?? 0,
    list: rows.map(({ application, partner, offerName }) => ({
      id: application.id,
      status: application.status as StaffApplication['status'],
      partner: { id: partner.id, displayName: partnerDisplayName(partner.companyName, partner.id) },
      offer: { id: application.offerId, name: offerName },
      createdAt: application.createdAt.toISOString(),
    })),
  };
} // prettier-ignore

/** Compliance documents of one status within the reader's reach, oldest first. */
export async function listStaffDocuments(
  db: DbOrTx,
  scope: StaffScope,
  query: { status: string; page: number; count: number },
): Promise<{ list: StaffDocument[]; total: number }> {
  const where = and(eq(partnerDocuments.status, query.status), partnerReachSql(scope, partners.accountManagerId, partners.status));
  const rows = await db
    .select({ document: partnerDocuments, partner: { id: partners.id, companyName: partners.companyName }, filename: files.filename })
    .from(partnerDocuments)
    .innerJoin(partners, eq(partners.id, partnerDocuments.partnerId))
    .leftJoin(files, eq(files.id, partnerDocuments.fileId))
    .where(where)
    .orderBy(asc(partnerDocuments.updatedAt), asc(partnerDocuments.id))
    .limit(query.count)
    .offset((query.page - 1) * query.count);
  const [total] = await db
    .select({ n: count() })
    .from(partnerDocuments)
    .innerJoin(partners, eq(partners.id, partnerDocuments.partnerId))
    .where(where);
  return {
    total: total?.n ?? 0,
    list: rows.map(({ document, partner, filename }) => ({
      id: document.id,
      type: document.type as StaffDocument['type'],
      status: document.status as StaffDocument['status'],
      expireAt: document.expireAt ? document.expireAt.toISOString().slice(0, 10) : null,
      partner: { id: partner.id, displayName: partnerDisplayName(partner.companyName, partner.id) },
      filename,
      createdAt: document.createdAt.toISOString(),
      updatedAt: document.updatedAt.toISOString(),
    })),
  };
} // prettier-ignore
