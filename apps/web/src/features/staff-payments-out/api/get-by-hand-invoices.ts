import { useQuery } from '@tanstack/react-query';
import { billingEndpoints, type RevivedDates, type StaffInvoice } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { paymentBatchKeys } from './keys';

export type ByHandInvoice = RevivedDates<StaffInvoice>;

/** GET /staff/invoices?status=invoice_validated&sepa=false: the validated invoices a SEPA batch cannot pay. */
export const useByHandInvoices = (page: number, count: number) =>
  useQuery({
    queryKey: paymentBatchKeys.byHand(page, count),
    queryFn: async () => {
      const answer = await api.call(billingEndpoints.staffInvoices, {
        query: { status: ['invoice_validated'], sepa: false, page, count, sort: 'date', order: 'desc' },
      });
      return { list: answer.data ?? [], total: answer.total ?? 0 };
    },
  });
