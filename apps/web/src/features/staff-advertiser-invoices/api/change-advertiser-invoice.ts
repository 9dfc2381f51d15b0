import { useMutation, useQueryClient } from '@tanstack/react-query';
import { advertiserInvoicesEndpoints, type AdvertiserInvoiceUpdate } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { advertiserInvoiceKeys } from './keys';

/** PUT /staff/advertiser-invoices/{id}: paid on a day, or cancelled by a credit note; the ageing and list reload. */
export function useUpdateAdvertiserInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: AdvertiserInvoiceUpdate }) =>
      (await api.call(advertiserInvoicesEndpoints.update, { params: { id }, body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: advertiserInvoiceKeys.all }),
  });
}

/** POST /staff/advertiser-invoice-runs: issues a month's invoices (a repeated run issues none). */
export function useRunAdvertiserInvoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (month: string) => (await api.call(advertiserInvoicesEndpoints.run, { body: { month } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: advertiserInvoiceKeys.all }),
  });
}
