import { useQuery } from '@tanstack/react-query';
import {
  billingEndpoints,
  type ListStaffInvoicesQueryInput,
  type RevivedDates,
  type StaffInvoice,
} from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffInvoiceKeys } from './keys';

/** GET /staff/invoices: the invoices within this staff member's billing reach, by status, paged. */
export const useStaffInvoices = (query: ListStaffInvoicesQueryInput) =>
  useQuery({
    queryKey: staffInvoiceKeys.list(query),
    queryFn: async () => {
      const answer = await api.call(billingEndpoints.staffInvoices, { query });
      return { list: answer.data ?? [], total: answer.total ?? 0 };
    },
  });

/** An invoice as the client reads it: its `…At` moments revived as dates. */
export type StaffInvoiceRow = RevivedDates<StaffInvoice>;
