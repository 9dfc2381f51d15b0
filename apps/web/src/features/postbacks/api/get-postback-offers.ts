import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, offersEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { postbackKeys } from './keys';

/**
 * The offers a postback may be bound to, with their goals: every offer the partner sees (one page of the maximum
 * size; the form keeps only those the partner may run).
 */
export function postbackOffersQueryOptions() {
  return queryOptions({
    queryKey: postbackKeys.offers(),
    queryFn: async () =>
      (
        await api.call(offersEndpoints.list, {
          query: { count: MAX_PAGE_SIZE, sortName: 'name', sortOrder: 'asc', groups: 'goals,goal' },
        })
      ).data,
    staleTime: 60_000,
  });
}

export const usePostbackOffers = () => useQuery(postbackOffersQueryOptions());
