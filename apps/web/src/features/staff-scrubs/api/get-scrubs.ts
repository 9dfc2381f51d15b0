import { useQuery } from '@tanstack/react-query';
import { conversionScrubsEndpoints, type EndpointData, type RevivedDates } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { scrubKeys } from './keys';

export type ScrubSummaryData = RevivedDates<EndpointData<typeof conversionScrubsEndpoints.list>[number]>;

/** GET /staff/conversion-scrubs: the scrub files this staff member may see, newest first, paged. */
export const useScrubs = (page: number, count: number) =>
  useQuery({
    queryKey: scrubKeys.list(page, count),
    queryFn: async () => {
      const answer = await api.call(conversionScrubsEndpoints.list, { query: { page, count } });
      return { list: answer.data, total: answer.total ?? 0 };
    },
  });
