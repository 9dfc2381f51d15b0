import type {
  AdvertiserInvoice,
  AdvertiserInvoiceKind,
  AdvertiserInvoiceStatus,
  AdvertiserVatTreatment,
  BillingPeriodKind,
} from '@portal/contracts';
import { toIso } from '../../lib/reply.js';
import type { ListedAdvertiserInvoice } from './advertiser-invoices.repository.js';

const DAY_MS = 86_400_000;

/** Days an unpaid invoice is past its due day on `today` (Paris); 0 when paid, cancelled, a credit note or not due. */
export function daysOverdueOf(row: Pick<ListedAdvertiserInvoice, 'kind' | 'status' | 'dueOn'>, today: string): number {
  if (row.kind !== 'invoice' || row.status !== 'issued') return 0;
  const days = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${row.dueOn}T00:00:00Z`)) / DAY_MS);
  return Math.max(0, days);
}

/** An advertiser invoice as staff read it; `today` is the Paris day its overdue days are counted on. */
export function advertiserInvoiceDto(row: ListedAdvertiserInvoice, today: string): AdvertiserInvoice {
  return {
    id: row.id,
    reference: row.reference,
    kind: row.kind as AdvertiserInvoiceKind,
    status: row.status as AdvertiserInvoiceStatus,
    advertiser: { id: row.advertiserId, name: row.advertiserName },
    currency: row.currency,
    periodKind: row.periodKind as BillingPeriodKind,
    period: { startDate: row.startDate, endDate: row.endDate },
    issuedOn: row.issuedOn,
    dueOn: row.dueOn,
    billingTerms: row.billingTerms,
    conversionCount: row.conversionCount,
    conversionsAmount: row.conversionsAmount,
    adjustmentsAmount: row.adjustmentsAmount,
    netAmount: row.netAmount,
    vatTreatment: row.vatTreatment as AdvertiserVatTreatment,
    vatRatePercent: row.vatRatePercent,
    vatAmount: row.vatAmount,
    totalAmount: row.totalAmount,
    paidOn: row.paidOn,
    daysOverdue: daysOverdueOf(row, today),
    creditNoteFor: row.creditNoteFor,
    creditNote: row.creditNote,
    cancelReason: row.cancelReason,
    file: row.fileId === null || row.filename === null ? null : { id: row.fileId, filename: row.filename },
    createdAt: toIso(row.createdAt) ?? '',
  };
}
