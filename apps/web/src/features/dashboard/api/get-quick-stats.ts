import { queryOptions, useQuery } from '@tanstack/react-query';
import { statisticsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { statisticsKeys } from './keys';

/** GET /statistics/home/quick-stats: the last 7 days and the year-to-date payout. */
export async function getQuickStats() {
  const { data } = await api.call(statisticsEndpoints.quickStats);
  return data;
}

export function quickStatsQueryOptions() {
  return queryOptions({ queryKey: statisticsKeys.quickStats(), queryFn: getQuickStats });
}

export function useQuickStats() {
  return useQuery(quickStatsQueryOptions());
}
