import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BasicReportQuery, type BasicReportType, statisticsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { reportKeys } from './keys';

/**
 * GET /statistics/{daily,subid}: the rows, the totals row last, and the totals' payout converted to the payment
 * currency when the network has the rates (decision 112).
 */
export async function getBasicReport(type: BasicReportType, query: BasicReportQuery) {
  const { data, extra } = await api.call(statisticsEndpoints[type], { query });
  return { rows: data ?? [], converted: extra.converted ?? null };
}

/**
 * `enabled` is false while neither date is set: the spec wants an empty result and no call then.
 * No placeholder data: the table is shown only once its own answer has arrived.
 */
export function basicReportQueryOptions(type: BasicReportType, query: BasicReportQuery, enabled: boolean) {
  return queryOptions({
    queryKey: reportKeys.basic(type, query),
    queryFn: () => getBasicReport(type, query),
    enabled,
  });
}

export function useBasicReport(type: BasicReportType, query: BasicReportQuery, enabled: boolean) {
  return useQuery(basicReportQueryOptions(type, query, enabled));
}
