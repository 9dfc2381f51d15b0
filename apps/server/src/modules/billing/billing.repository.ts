import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  BILLING_TIMEZONE,
  type BillingRequest,
  type InvoiceStatusBody,
  type ListBillingRequestsQuery,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { billingRequests, files, invoices, partners } from '../../db/schema.js';

const invoiceColumns = {
  id: invoices.id,
  billingRequestId: invoices.billingRequestId,
  partnerId: billingRequests.partnerId,
  reference: invoices.reference,
  status: invoices.status,
  createdAt: invoices.createdAt,
  updatedAt: invoices.updatedAt,
  accountManagerId: partners.accountManagerId,
};

/** The invoice with its partner's account manager, locked until the transaction ends. */
export async function lockInvoice(db: DbOrTx, invoiceId: number) {
  const rows = await db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(billingRequests, eq(billingRequests.id, invoices.billingRequestId))
    .innerJoin(partners, eq(partners.id, billingRequests.partnerId))
    .where(eq(invoices.id, invoiceId))
    .for('update', { of: invoices })
    .limit(1);
  return rows[0] ?? null;
}

export async function setInvoiceStatus(db: DbOrTx, invoiceId: number, status: InvoiceStatusBody['status'], now: Date) {
  await db.update(invoices).set({ status, updatedAt: now }).where(eq(invoices.id, invoiceId));
}

export function invoiceDto(row: NonNullable<Awaited<ReturnType<typeof lockInvoice>>>) {
  const { accountManagerId: _manager, ...invoice } = row;
  return {
    ...invoice,
    status: invoice.status as InvoiceStatusBody['status'],
    createdAt: invoice.createdAt.toISOString(),
    updatedAt: invoice.updatedAt.toISOString(),
  };
}

/** The Paris day of a moment, yyyy-MM-dd: billing follows the billing reference time zone (spec section 9). */
const parisDay = (moment: SQL | AnyPgColumn) =>
  sql<string>`to_char(${moment} at time zone ${BILLING_TIMEZONE}, 'YYYY-MM-DD')`;
/** The moment a Paris day (yyyy-MM-dd) starts. */
const parisMidnight = (day: string) => sql`(${day}::date)::timestamp at time zone ${BILLING_TIMEZONE}`;

const SORT_COLUMNS = {
  startingAt: billingRequests.startingAt,
  endingAt: billingRequests.endingAt,
  createdAt: billingRequests.createdAt,
  totalAmount: billingRequests.totalAmount,
} as const;

/**
 * One page of a partner's billing requests with their invoices, and how many match in all. The period filter keeps
 * the requests with a day in the range (ending_at is the period's last moment, included); the status filter reads the
 * invoice's status, so a request without an invoice yet never matches one.
 */
export async function listBillingRequests(
  db: DbOrTx,
  partnerId: number,
  query: ListBillingRequestsQuery,
): Promise<{ list: BillingRequest[]; total: number }> {
  const where = and(
    eq(billingRequests.partnerId, partnerId),
    query.startDate ? gte(billingRequests.endingAt, parisMidnight(query.startDate)) : undefined,
    query.endDate ? lt(billingRequests.startingAt, sql`${parisMidnight(query.endDate)} + interval '1 day'`) : undefined,
    query.status ? inArray(invoices.status, query.status) : undefined,
    query.deferred === undefined ? undefined : eq(billingRequests.deferred, query.deferred),
  );
  const order = query.order === 'asc' ? asc : desc;
  const rows = await db
    .select({
      id: billingRequests.id,
      startingAt: billingRequests.startingAt,
      endingAt: billingRequests.endingAt,
      startDay: parisDay(billingRequests.startingAt),
      endDay: parisDay(billingRequests.endingAt),
      totalAmount: billingRequests.totalAmount,
      totalVatAmount: billingRequests.totalVatAmount,
      paymentCurrency: billingRequests.paymentCurrency,
      paymentTerms: billingRequests.paymentTerms,
      paymentThreshold: billingRequests.paymentThreshold,
      deferred: billingRequests.deferred,
      createdAt: billingRequests.createdAt,
      invoiceId: invoices.id,
      reference: invoices.reference,
      status: invoices.status,
      invoiceDay: parisDay(invoices.createdAt),
      fileId: files.id,
      filename: files.filename,
    })
    .from(billingRequests)
    .leftJoin(invoices, eq(invoices.billingRequestId, billingRequests.id))
    // Only a file of the partner's own: a link the partner could not download is no link.
    .leftJoin(files, and(eq(files.id, invoices.invoiceFileId), eq(files.ownerPartnerId, partnerId)))
    .where(where)
    .orderBy(order(SORT_COLUMNS[query.sort]), order(billingRequests.id))
    .limit(query.count)
    .offset((query.page - 1) * query.count);
  const counted = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(billingRequests)
    .leftJoin(invoices, eq(invoices.billingRequestId, billingRequests.id))
    .where(where);
  return {
    total: counted[0]?.n ?? 0,
    list: rows.map((row) => ({
      id: row.id,
      startingAt: row.startingAt.toISOString(),
      endingAt: row.endingAt.toISOString(),
      period: { startDate: row.startDay, endDate: row.endDay },
      totalAmount: row.totalAmount,
      totalVatAmount: row.totalVatAmount,
      paymentCurrency: row.paymentCurrency,
      paymentTerms: row.paymentTerms,
      paymentThreshold: row.paymentThreshold,
      deferred: row.deferred,
      createdAt: row.createdAt.toISOString(),
      invoice:
        row.invoiceId === null || row.reference === null || row.invoiceDay === null
          ? null
          : {
              id: row.invoiceId,
              reference: row.reference,
              status: row.status as InvoiceStatusBody['status'],
              date: row.invoiceDay,
              file: row.fileId === null || row.filename === null ? null : { id: row.fileId, filename: row.filename },
            },
    })),
  };
}
