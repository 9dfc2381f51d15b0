import { useMutation, useQuery } from '@tanstack/react-query';
import { networkReportsEndpoints, type NetworkBreakdown, type NetworkReportQueryInput } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { filenameFromDisposition, saveBlob } from '@/lib/download';
import { networkReportKeys } from './keys';

/** GET /staff/reports/{breakdown}: the rows, Totals last. */
export const useNetworkReport = (breakdown: NetworkBreakdown, query: NetworkReportQueryInput) =>
  useQuery({
    queryKey: networkReportKeys.report(breakdown, query),
    queryFn: async () => (await api.call(networkReportsEndpoints.report, { params: { breakdown }, query })).data ?? [],
  });

/** GET /staff/reports/{breakdown}/export: the same report as a CSV file. */
export function useExportNetworkReport(breakdown: NetworkBreakdown) {
  return useMutation({
    mutationFn: async (query: NetworkReportQueryInput) => {
      const { blob, disposition } = await api.downloadFrom(networkReportsEndpoints.export, { params: { breakdown }, query }); // prettier-ignore
      return { blob, filename: filenameFromDisposition(disposition, `network-${breakdown}.csv`) };
    },
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  });
}
