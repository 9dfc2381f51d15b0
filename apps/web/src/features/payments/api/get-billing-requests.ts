import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  billingEndpoints,
  type BillingRequest,
  type ListBillingRequestsQueryInput,
  type RevivedDates,
} from '@portal/contracts';
import { api } from '@/lib/api-client';
import { billingRequestKeys } from './keys';

/** A billing request as the api-client hands it over: its `…At` moments as Dates. */
export type BillingRequestRow = RevivedDates<BillingRequest>;

/** GET /billing-request: one page of the partner's billing requests, and how many match in all. */
export async function getBillingRequests(query: ListBillingRequestsQueryInput) {
  const { data, total } = await api.call(billingEndpoints.billingRequests, { query });
  const list = data ?? [];
  return { list, total: total ?? list.length };
}

export function useBillingRequests(query: ListBillingRequestsQueryInput) {
  return useQuery(
    queryOptions({
      queryKey: billingRequestKeys.list(query),
      queryFn: () => getBillingRequests(query),
      placeholderData: keepPreviousData,
    }),
  );
}
