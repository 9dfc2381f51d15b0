import { useCallback, useState } from 'react';
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

/**
 * The export button's state: busy while the file is made. A plain state, not a query mutation: the reports are the
 * screens a partner opens every day, and TanStack's mutation (0.9 KB) would be their only use of it (decision 119).
 * A failure was told by the api-client (snackbar, or sign-out on 401).
 */
export function useExportReport(type: ReportType) {
  const [isPending, setPending] = useState(false);
  const mutate = useCallback(
    (query: ExportReportQuery) => {
      setPending(true);
      exportReport(type, query)
        .then(({ blob, filename }) => saveBlob(blob, filename))
        .catch(() => undefined)
        .finally(() => setPending(false));
    },
    [type],
  );
  return { isPending, mutate };
}
