import { and, asc, eq, isNotNull, lte, not, sql } from 'drizzle-orm';
import {
  partnerDisplayName,
  type StaffApplication,
  type StaffDocument,
  type StaffDocumentsFilter,
  type StaffHome,
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
import { fileDto } from '../../lib/uploads.js';
import { billingReachSql, partnerReachSql, type StaffScope } from '../access/index.js';
import { isExpired } from './partners.repository.js';

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
  query: { status: string; page: number; count: number; partnerId?: number | undefined; offerId?: number | undefined },
): Promise<{ list: StaffApplication[]; total: number }> {
  const where = and(
    eq(partnerOffers.status, query.status),
    partnerReachSql(scope, partners.accountManagerId, partners.status),
    query.partnerId ? eq(partnerOffers.partnerId, query.partnerId) : undefined,
    query.offerId ? eq(partnerOffers.offerId, query.offerId) : undefined,
  );
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
  query: StaffDocumentsFilter,
  now: Date,
): Promise<{ list: StaffDocument[]; total: number }> {
  const expiredSql = and(isNotNull(partnerDocuments.expireAt), lte(partnerDocuments.expireAt, now));
  const where = and(
    query.status === 'all' ? undefined : eq(partnerDocuments.status, query.status),
    partnerReachSql(scope, partners.accountManagerId, partners.status),
    query.partnerId ? eq(partnerDocuments.partnerId, query.partnerId) : undefined,
    query.type ? eq(partnerDocuments.type, query.type) : undefined,
    query.expired === undefined ? undefined : query.expired ? expiredSql : not(expiredSql ?? sql`false`),
  );
  const rows = await db
    .select({ document: partnerDocuments, partner: { id: partners.id, companyName: partners.companyName }, file: files })
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
    list: rows.map(({ document, partner, file }) => ({
      id: document.id,
      type: document.type as StaffDocument['type'],
      status: document.status as StaffDocument['status'],
      expireAt: document.expireAt ? document.expireAt.toISOString().slice(0, 10) : null,
      expired: isExpired(document.expireAt, now),
      partner: { id: partner.id, displayName: partnerDisplayName(partner.companyName, partner.id) },
      filename: file?.filename ?? null,
      document: fileDto(file),
      createdAt: document.createdAt.toISOString(),
      updatedAt: document.updatedAt.toISOString(),
    })),
  };
} // prettier-ignore
