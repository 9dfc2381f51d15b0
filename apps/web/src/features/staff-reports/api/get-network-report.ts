import { useQuery } from '@tanstack/react-query';
import { type NetworkBreakdown, type NetworkReportQueryInput, networkReportsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { networkReportKeys } from './keys';

/**
 * GET /staff/reports/{breakdown}: the rows, Totals last, and how old they may be when a lagging reports replica
 * answered (decision 107).
 */
export const useNetworkReport = (breakdown: NetworkBreakdown, query: NetworkReportQueryInput) =>
  useQuery({
    queryKey: networkReportKeys.report(breakdown, query),
    queryFn: async () => {
      const answer = await api.call(networkReportsEndpoints.report, { params: { breakdown }, query });
      return { rows: answer.data ?? [], lagSeconds: answer.dataLagSeconds };
    },
  });
