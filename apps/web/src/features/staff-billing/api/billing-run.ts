import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { sharedQueryRoots } from '@/lib/query-keys';

/** POST /staff/billing-runs; the billing lists reload. Errors go through the one error path. */
export function useRunBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (month: string) => (await api.call(billingEndpoints.runBilling, { body: { month } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedQueryRoots.billingRequests }),
  });
}
