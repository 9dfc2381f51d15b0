import { useQuery } from '@tanstack/react-query';
import { type NetworkBreakdown, type NetworkReportQueryInput, networkReportsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { networkReportKeys } from './keys';

/** GET /staff/reports/{breakdown}: the rows, Totals last. */
export const useNetworkReport = (breakdown: NetworkBreakdown, query: NetworkReportQueryInput) =>
  useQuery({
    queryKey: networkReportKeys.report(breakdown, query),
    queryFn: async () => (await api.call(networkReportsEndpoints.report, { params: { breakdown }, query })).data ?? [],
  });
