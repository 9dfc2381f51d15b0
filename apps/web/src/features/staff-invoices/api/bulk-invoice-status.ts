import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingEndpoints, type BulkInvoiceStatusBody } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { sharedQueryRoots } from '@/lib/query-keys';
import { staffInvoiceKeys } from './keys';

/**
 * POST /staff/invoices/bulk-status: one move for the selected invoices, all or nothing (decision 073); a refusal names
 * its invoice in the server's words (the api-client's snackbar). The list and the home's counts reload.
 */
export function useBulkInvoiceStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkInvoiceStatusBody) => api.call(billingEndpoints.bulkInvoiceStatus, { body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: staffInvoiceKeys.all });
      await queryClient.invalidateQueries({ queryKey: sharedQueryRoots.staffHome });
    },
  });
}
