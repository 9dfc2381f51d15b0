import { useMutation } from '@tanstack/react-query';
import { type NetworkBreakdown, type NetworkReportQueryInput, networkReportsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { filenameFromDisposition, saveBlob } from '@/lib/download';

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
