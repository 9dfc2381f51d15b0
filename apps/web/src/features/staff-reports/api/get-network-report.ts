import { useQuery } from '@tanstack/react-query';
import { type NetworkBreakdown, type NetworkReportQueryInput, networkReportsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { networkReportKeys } from './keys';

/**
 * GET /staff/reports/{breakdown}: the rows, Totals last, and how old they may be when a lagging reports replica
 * answered (decision 107); with `currency=base`, the base and the days converted at an earlier day's rate (decision 111).
 */
export const useNetworkReport = (breakdown: NetworkBreakdown, query: NetworkReportQueryInput) =>
  useQuery({
    queryKey: networkReportKeys.report(breakdown, query),
    queryFn: async () => {
      const answer = await api.call(networkReportsEndpoints.report, { params: { breakdown }, query });
      // `total`: how many rows every page holds (decision 153).
      return { rows: answer.data ?? [], total: answer.total ?? 0, lagSeconds: answer.dataLagSeconds, fx: answer.extra.fx }; // prettier-ignore
    },
  });
