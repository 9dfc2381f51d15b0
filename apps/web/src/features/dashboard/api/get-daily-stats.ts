import { queryOptions, useQuery } from '@tanstack/react-query';
import { statisticsEndpoints, type DateRange } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { statisticsKeys } from './keys';

/** GET /statistics/daily over a range: one row per day with traffic, then the totals row. */
export async function getDailyStats(range: DateRange) {
  const { data } = await api.call(statisticsEndpoints.daily, { query: range });
  return data;
}

export function dailyStatsQueryOptions(range: DateRange) {
  return queryOptions({ queryKey: statisticsKeys.daily(range), queryFn: () => getDailyStats(range) });
}

export function useDailyStats(range: DateRange) {
  return useQuery(dailyStatsQueryOptions(range));
}
