import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { staffSearchEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';

/** The top bar's search's keys (decision 080). */
export const staffSearchKeys = {
  all: ['staff-search'] as const,
  results: (q: string) => [...staffSearchKeys.all, q] as const,
};

/** GET /staff/search?q=: the grouped results; nothing is asked for an empty text. */
export const useStaffSearch = (q: string) =>
  useQuery(
    queryOptions({
      queryKey: staffSearchKeys.results(q),
      queryFn: async () => (await api.call(staffSearchEndpoints.search, { query: { q } })).data,
      enabled: q.length > 0,
      staleTime: 30_000,
      placeholderData: keepPreviousData,
    }),
  );
