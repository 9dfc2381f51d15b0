import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingRequest, RevivedDates } from '@portal/contracts';
import { api } from '@/lib/api-client';
import type { BillingRequestQuery } from '../payments-search';

/** A billing request as the api-client hands it over: its `…At` moments as Dates. */
export type BillingRequestRow = RevivedDates<BillingRequest>;

/** GET /billing-request: one page of the partner's billing requests, and how many match in all. */
export async function getBillingRequests(query: BillingRequestQuery) {
  const { data, total } = await api.get<BillingRequestRow[]>('/billing-request', { query });
  const list = data ?? [];
  return { list, total: total ?? list.length };
}

export function useBillingRequests(query: BillingRequestQuery) {
  return useQuery(
    queryOptions({
      queryKey: ['billing-requests', query],
      queryFn: () => getBillingRequests(query),
      placeholderData: keepPreviousData,
    }),
  );
}
