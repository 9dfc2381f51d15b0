import { useMutation } from '@tanstack/react-query';
import { statisticsEndpoints, type ExportReportQuery, type ReportType } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { filenameFromDisposition, saveBlob } from '@/lib/download';

export { filenameFromDisposition, saveBlob };

/**
 * GET /statistics/export/{type}, the report's filter exactly as the report sends it without pagination, through the api-client's one error path (401 signs out, messages in the
 * snackbar). The server streams the CSV; the browser needs it whole to hand it over as a file.
 */
export async function exportReport(type: ReportType, query: ExportReportQuery) {
  const { blob, disposition } = await api.downloadFrom(statisticsEndpoints.export, { params: { type }, query });
  return { blob, filename: filenameFromDisposition(disposition, `${type}-report.csv`) };
}

export function useExportReport(type: ReportType) {
  return useMutation({
    mutationFn: (query: ExportReportQuery) => exportReport(type, query),
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  });
}
