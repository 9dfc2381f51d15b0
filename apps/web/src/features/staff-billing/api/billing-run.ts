import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingRunRequest } from '@portal/contracts';
import { api } from '@/lib/api-client';

export type BillingRunResult = {
  month: string;
  created: BillingRunRequest[];
  alreadyBilled: { partnerId: number; currency: string }[];
};

/** POST /staff/billing-runs; the billing lists reload. Errors go through the one error path. */
export function useRunBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (month: string) => (await api.post<BillingRunResult>('/staff/billing-runs', { month })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['billing-requests'] }),
  });
}
