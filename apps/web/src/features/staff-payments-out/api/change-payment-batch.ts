import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentBatchesEndpoints, type PaymentBatchUpdate } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { sharedQueryRoots } from '@/lib/query-keys';
import { paymentBatchKeys } from './keys';

/** A batch's change reloads the batches and the home's counts (its invoices moved). */
function useReload() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: paymentBatchKeys.all });
    await queryClient.invalidateQueries({ queryKey: sharedQueryRoots.staffHome });
  };
}

/** POST /staff/payment-batches/{id}/approve: the second pair of eyes; its invoices go in payment (decision 073). */
export function useApprovePaymentBatch(id: number) {
  const reload = useReload();
  return useMutation({
    mutationFn: async () => (await api.call(paymentBatchesEndpoints.approve, { params: { id } })).data,
    onSuccess: reload,
  });
}

/** PUT /staff/payment-batches/{id}: marked paid, or cancelled (with an optional reason the audit keeps). */
export function useUpdatePaymentBatch(id: number) {
  const reload = useReload();
  return useMutation({
    mutationFn: async (body: PaymentBatchUpdate) =>
      (await api.call(paymentBatchesEndpoints.update, { params: { id }, body })).data,
    onSuccess: reload,
  });
}
