import { INVOICE_STATUS_LABELS, type InvoiceStatusBody } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { notifyPartner } from '../notifications/index.js';
import { setInvoiceStatus, type lockInvoice } from './billing.repository.js';

export type LockedInvoice = NonNullable<Awaited<ReturnType<typeof lockInvoice>>>;

export type InvoiceStatusContext = {
  now: Date;
  publicUrl: string;
  actor: AuditActor;
  /** False for replayed history (the demo seed, decision 052): no notification, no e-mail. */
  notify?: boolean;
};

/**
 * Moves a locked invoice to a status, as finance does: the paid moment is kept (decision 052), the change audited
 * (decision 036) and the partner notified. The staff route and the demo seed both go through here.
 */
export async function changeInvoiceStatus(
  tx: DbOrTx,
  ctx: InvoiceStatusContext,
  invoice: LockedInvoice,
  status: InvoiceStatusBody['status'],
): Promise<LockedInvoice> {
  if (invoice.status === status) return invoice;
  await setInvoiceStatus(tx, invoice.id, status, ctx.now);
  await recordAudit(
    tx,
    ctx.actor,
    [
      {
        action: 'status',
        entityType: 'invoice',
        entityId: invoice.id,
        partnerId: invoice.partnerId,
        changes: [{ field: 'status', before: invoice.status, after: status }],
      },
    ],
    ctx.now,
  );
  if (ctx.notify !== false)
    await notifyPartner(
      tx,
      {
        partnerId: invoice.partnerId,
        kind: 'invoice_status_changed',
        title: `Invoice ${invoice.reference} is now ${INVOICE_STATUS_LABELS[status]}.`,
        link: '/payments',
      },
      { publicUrl: ctx.publicUrl },
    );
  return { ...invoice, status, updatedAt: ctx.now };
}
