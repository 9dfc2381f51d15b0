import type { ListStaffInvoicesQueryInput } from '@portal/contracts';

/** The query keys of the invoices screen. */
export const staffInvoiceKeys = {
  all: ['staff-invoices'] as const,
  list: (query: ListStaffInvoicesQueryInput) => [...staffInvoiceKeys.all, query] as const,
};
