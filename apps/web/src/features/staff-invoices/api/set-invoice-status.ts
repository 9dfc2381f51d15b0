import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingEndpoints, type InvoiceStatusBody } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { sharedQueryRoots } from '@/lib/query-keys';
import { staffInvoiceKeys } from './keys';

/**
 * PUT /staff/invoices/{id}: a move of the transition table, with its reason (required to send back, decision 064);
 * the list and the home's counts reload (the partner is notified).
 */
export function useSetInvoiceStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: InvoiceStatusBody }) =>
      api.call(billingEndpoints.setInvoiceStatus, { params: { id }, body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: staffInvoiceKeys.all });
      await queryClient.invalidateQueries({ queryKey: sharedQueryRoots.staffHome });
    },
  });
}
