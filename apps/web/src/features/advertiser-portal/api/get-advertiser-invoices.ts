import { useQuery } from '@tanstack/react-query';
import { advertiserPortalEndpoints, type EndpointData, type RevivedDates } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { advertiserKeys } from './keys';

export type AdvertiserInvoiceData = RevivedDates<EndpointData<typeof advertiserPortalEndpoints.invoices>[number]>;

/** GET /advertiser/invoices: the advertiser's invoices and credit notes, newest first, paged. */
export const useAdvertiserInvoices = (page: number, count: number) =>
  useQuery({
    queryKey: advertiserKeys.invoices(page),
    queryFn: async () => {
      const answer = await api.call(advertiserPortalEndpoints.invoices, { query: { page, count } });
      return { list: answer.data, total: answer.total ?? 0 };
    },
  });
