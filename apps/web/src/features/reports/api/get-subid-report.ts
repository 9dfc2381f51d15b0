import { queryOptions, useQuery } from '@tanstack/react-query';
import { statisticsEndpoints, type SubidReportQuery } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { reportKeys } from './keys';

/** GET /statistics/subid grouped, sorted and paged: the page's rows, the totals row last, and how many rows in all. */
export async function getSubidReport(query: SubidReportQuery) {
  const { data, total, extra } = await api.call(statisticsEndpoints.subid, { query });
  const list = data ?? [];
  return { list, total: total ?? Math.max(list.length - 1, 0), converted: extra.converted ?? null };
}

export function useSubidReport(query: SubidReportQuery, enabled: boolean) {
  return useQuery(queryOptions({ queryKey: reportKeys.subid(query), queryFn: () => getSubidReport(query), enabled }));
}
