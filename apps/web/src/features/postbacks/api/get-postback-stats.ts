import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { postbacksEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { postbackKeys } from './keys';

export const STATS_PAGE_SIZE = 20;

export function postbackStatsQueryOptions(id: number, page: number) {
  return queryOptions({
    queryKey: postbackKeys.stats(id, page),
    queryFn: async () =>
      (await api.call(postbacksEndpoints.stats, { params: { id }, query: { page, count: STATS_PAGE_SIZE } })).data,
    placeholderData: keepPreviousData,
  });
}

/** Deliveries happen in the background: the open stats view refreshes itself. */
export const usePostbackStats = (id: number, page: number) =>
  useQuery({ ...postbackStatsQueryOptions(id, page), refetchInterval: 3_000 });
