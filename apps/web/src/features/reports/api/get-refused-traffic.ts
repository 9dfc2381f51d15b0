import { queryOptions, useQuery } from '@tanstack/react-query';
import { type RefusedTrafficQuery, statisticsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { reportKeys } from './keys';

/** GET /statistics/refused: the partner's clicks /click refused in the range, per reason and offer (decision 024). */
export async function getRefusedTraffic(query: RefusedTrafficQuery) {
  const { data } = await api.call(statisticsEndpoints.refused, { query });
  return data ?? [];
}

export function useRefusedTraffic(query: RefusedTrafficQuery, enabled: boolean) {
  return useQuery(
    queryOptions({ queryKey: reportKeys.refused(query), queryFn: () => getRefusedTraffic(query), enabled }),
  );
}
