import { useQuery } from '@tanstack/react-query';
import { advertiserInvoicesEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { advertiserInvoiceKeys } from './keys';

/** GET /staff/advertisers-owe: unpaid invoices per advertiser and currency by ageing bucket, with totals. */
export const useAdvertisersOwe = () =>
  useQuery({
    queryKey: advertiserInvoiceKeys.owe(),
    queryFn: async () => (await api.call(advertiserInvoicesEndpoints.owe)).data,
  });
