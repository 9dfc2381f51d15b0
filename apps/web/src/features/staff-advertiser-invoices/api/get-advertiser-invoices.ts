import { useQuery } from '@tanstack/react-query';
import {
  advertiserInvoicesEndpoints,
  type AdvertiserInvoice,
  type ListAdvertiserInvoicesQuery,
  type RevivedDates,
} from '@portal/contracts';
import { api } from '@/lib/api-client';
import { advertiserInvoiceKeys } from './keys';

/** An advertiser invoice as the client reads it: its `…At` moments revived as dates. */
export type AdvertiserInvoiceRow = RevivedDates<AdvertiserInvoice>;

/** The list's filters as the address holds them. */
export type AdvertiserInvoiceFilters = Omit<Partial<ListAdvertiserInvoicesQuery>, 'page' | 'count'>;

/** GET /staff/advertiser-invoices: invoices and credit notes, newest first, filtered, paged. */
export const useAdvertiserInvoices = (query: AdvertiserInvoiceFilters & { page: number; count: number }) =>
  useQuery({
    queryKey: advertiserInvoiceKeys.list(query),
    queryFn: async () => {
      const answer = await api.call(advertiserInvoicesEndpoints.list, { query });
      return { list: answer.data ?? [], total: answer.total ?? 0 };
    },
  });
