import { queryOptions, useQuery } from '@tanstack/react-query';
import { statisticsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { statisticsKeys } from './keys';

/** GET /statistics/home/global: one Stats row per period. */
export async function getGlobalPerformance() {
  const { data } = await api.call(statisticsEndpoints.globalPerformance);
  return data;
}

export function globalPerformanceQueryOptions() {
  return queryOptions({ queryKey: statisticsKeys.global(), queryFn: getGlobalPerformance });
}

export function useGlobalPerformance() {
  return useQuery(globalPerformanceQueryOptions());
}
