import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PaymentBatchStatus } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { billingRequests, invoices, partners, paymentBatchInvoices, paymentBatches, users } from '../../db/schema.js';
import { billingReachSql, type StaffScope } from '../access/index.js';

/**
 * What a build checks of each invoice asked for, and what it writes of it: its state, its partner's bank details and
 * the open batch it is already in (if any). The invoices are locked until the transaction ends, so an approval or a
 * manual move waits for the build.
 */
export async function invoicesToBatch(tx: DbOrTx, invoiceIds: readonly number[]) {
  return tx
    .select({
      id: invoices.id,
      reference: invoices.reference,
      status: invoices.status,
      partnerId: partners.id,
      accountManagerId: partners.accountManagerId,
      companyName: partners.companyName,
      accountHolder: partners.accountHolder,
      paymentMethod: partners.paymentMethod,
      iban: partners.iban,
      swift: partners.swift,
      bankDetailsChangedAt: partners.bankDetailsChangedAt,
      currency: billingRequests.paymentCurrency,
      totalAmount: billingRequests.totalAmount,
      openBatch: sql<
        string | null
      >`(select ${paymentBatches.reference} from ${paymentBatchInvoices} join ${paymentBatches} on ${paymentBatches.id} = ${paymentBatchInvoices.batchId} where ${paymentBatchInvoices.invoiceId} = ${invoices.id} and ${paymentBatchInvoices.open} limit 1)`,
    })
    .from(invoices)
    .innerJoin(billingRequests, eq(billingRequests.id, invoices.billingRequestId))
    .innerJoin(partners, eq(partners.id, billingRequests.partnerId))
    .where(inArray(invoices.id, [...invoiceIds]))
    .orderBy(asc(invoices.reference), asc(invoices.id))
    .for('update', { of: invoices });
}
export type InvoiceToBatch = Awaited<ReturnType<typeof invoicesToBatch>>[number];

export type NewPaymentBatch = typeof paymentBatches.$inferInsert;
export type NewPaymentBatchInvoice = typeof paymentBatchInvoices.$inferInsert;

/** Writes a batch and its transactions; a second open batch of one invoice fails on the partial unique index (23505). */
export async function insertBatch(
  tx: DbOrTx,
  batch: NewPaymentBatch,
  transactions: readonly Omit<NewPaymentBatchInvoice, 'batchId'>[],
): Promise<number> {
  const [row] = await tx.insert(paymentBatches).values(batch).returning({ id: paymentBatches.id });
  if (!row) throw new Error('payment batch not written');
  await tx.insert(paymentBatchInvoices).values(transactions.map((line) => ({ ...line, batchId: row.id })));
  return row.id;
}

const creator = alias(users, 'creator');
const approver = alias(users, 'approver');
const downloader = alias(users, 'downloader');
const nameOf = (user: { firstname: AnyPgColumn; lastname: AnyPgColumn }) =>
  sql<string | null>`${user.firstname} || ' ' || ${user.lastname}`;

const batchColumns = {
  id: paymentBatches.id,
  reference: paymentBatches.reference,
  status: paymentBatches.status,
  currency: paymentBatches.currency,
  transactionCount: paymentBatches.transactionCount,
  totalAmount: paymentBatches.totalAmount,
  requestedExecutionDate: paymentBatches.requestedExecutionDate,
  debtorName: paymentBatches.debtorName,
  debtorIban: paymentBatches.debtorIban,
  debtorBic: paymentBatches.debtorBic,
  createdById: paymentBatches.createdById,
  createdByName: nameOf(creator),
  createdAt: paymentBatches.createdAt,
  approvedById: paymentBatches.approvedById,
  approvedByName: nameOf(approver),
  approvedAt: paymentBatches.approvedAt,
  downloadedById: paymentBatches.downloadedById,
  downloadedByName: nameOf(downloader),
  downloadedAt: paymentBatches.downloadedAt,
  paidAt: paymentBatches.paidAt,
  cancelledAt: paymentBatches.cancelledAt,
};

const batchesWithPeople = (db: DbOrTx) =>
  db
    .select(batchColumns)
    .from(paymentBatches)
    .leftJoin(creator, eq(creator.id, paymentBatches.createdById))
    .leftJoin(approver, eq(approver.id, paymentBatches.approvedById))
    .leftJoin(downloader, eq(downloader.id, paymentBatches.downloadedById));

/** One batch with the names of who built, approved and first downloaded it; null when there is none. */
export async function batchById(db: DbOrTx, id: number) {
  const [row] = await batchesWithPeople(db).where(eq(paymentBatches.id, id)).limit(1);
  return row ?? null;
}

/** A batch's status, creator, first download and file, locked until the transaction ends: every change starts here. */
export async function lockBatch(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({
      id: paymentBatches.id,
      reference: paymentBatches.reference,
      status: paymentBatches.status,
      createdById: paymentBatches.createdById,
      downloadedAt: paymentBatches.downloadedAt,
      downloadedById: paymentBatches.downloadedById,
      xml: paymentBatches.xml,
    })
    .from(paymentBatches)
    .where(eq(paymentBatches.id, id))
    .for('update');
  return row ?? null;
}

/** A batch's transactions, by invoice reference, with each invoice's status now. */
export async function batchTransactions(db: DbOrTx, batchId: number) {
  return db
    .select({
      invoiceId: paymentBatchInvoices.invoiceId,
      reference: invoices.reference,
      partnerId: partners.id,
      partnerName: partners.companyName,
      amount: paymentBatchInvoices.amount,
      creditorName: paymentBatchInvoices.creditorName,
      creditorIban: paymentBatchInvoices.creditorIban,
      creditorBic: paymentBatchInvoices.creditorBic,
      open: paymentBatchInvoices.open,
      invoiceStatus: invoices.status,
      returnedAt: paymentBatchInvoices.returnedAt,
    })
    .from(paymentBatchInvoices)
    .innerJoin(invoices, eq(invoices.id, paymentBatchInvoices.invoiceId))
    .innerJoin(billingRequests, eq(billingRequests.id, invoices.billingRequestId))
    .innerJoin(partners, eq(partners.id, billingRequests.partnerId))
    .where(eq(paymentBatchInvoices.batchId, batchId))
    .orderBy(asc(invoices.reference), asc(invoices.id));
}

/** One page of batches, newest first, and how many match. */
export async function listBatches(
  db: DbOrTx,
  query: { status?: PaymentBatchStatus | undefined; page: number; count: number },
) {
  const where = query.status ? eq(paymentBatches.status, query.status) : undefined;
  const rows = await batchesWithPeople(db)
    .where(where)
    .orderBy(desc(paymentBatches.createdAt), desc(paymentBatches.id))
    .limit(query.count)
    .offset((query.page - 1) * query.count);
  const [total] = await db.select({ n: count() }).from(paymentBatches).where(where);
  return { rows, total: total?.n ?? 0 };
}

export type BatchPatch = Partial<
  Pick<
    typeof paymentBatches.$inferInsert,
    'status' | 'approvedById' | 'approvedAt' | 'downloadedById' | 'downloadedAt' | 'paidAt' | 'cancelledAt'
  >
>;

export async function updateBatch(tx: DbOrTx, id: number, patch: BatchPatch, now: Date): Promise<void> {
  await tx
    .update(paymentBatches)
    .set({ ...patch, updatedAt: now })
    .where(eq(paymentBatches.id, id));
}

/** The batch's links closed: its invoices are free for another batch (paid or cancelled). */
export async function closeBatchLinks(tx: DbOrTx, batchId: number): Promise<void> {
  await tx
    .update(paymentBatchInvoices)
    .set({ open: false })
    .where(and(eq(paymentBatchInvoices.batchId, batchId), eq(paymentBatchInvoices.open, true)));
}

/**
 * The validated invoices within the reader's billing reach with what a bank needs to pay them: the caller keeps those
 * a SEPA batch cannot pay. By reference.
 */
export async function validatedInvoicesWithBankDetails(db: DbOrTx, scope: StaffScope) {
  return db
    .select({
      id: invoices.id,
      reference: invoices.reference,
      partnerId: partners.id,
      companyName: partners.companyName,
      accountHolder: partners.accountHolder,
      paymentMethod: partners.paymentMethod,
      iban: partners.iban,
      swift: partners.swift,
      routingNumber: partners.routingNumber,
      bankName: partners.bankName,
      bankAddress: partners.bankAddress,
      bankDetailsChangedAt: partners.bankDetailsChangedAt,
      currency: billingRequests.paymentCurrency,
      totalAmount: billingRequests.totalAmount,
    })
    .from(invoices)
    .innerJoin(billingRequests, eq(billingRequests.id, invoices.billingRequestId))
    .innerJoin(partners, eq(partners.id, billingRequests.partnerId))
    .where(
      and(eq(invoices.status, 'invoice_validated'), billingReachSql(scope, partners.accountManagerId, partners.status)),
    )
    .orderBy(asc(invoices.reference), asc(invoices.id));
}
