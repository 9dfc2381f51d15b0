import { eq } from 'drizzle-orm';
import type { InvoiceStatusBody } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { billingRequests, invoices, partners } from '../../db/schema.js';

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
