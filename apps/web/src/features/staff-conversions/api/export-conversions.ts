import { useMutation } from '@tanstack/react-query';
import { conversionReviewEndpoints, type StaffConversionsExportQuery } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { filenameFromDisposition, saveBlob } from '@/lib/download';

/** GET /staff/conversions/export: the same search as a CSV file. */
export function useExportConversions() {
  return useMutation({
    mutationFn: async (query: StaffConversionsExportQuery) => {
      const { blob, disposition } = await api.downloadFrom(conversionReviewEndpoints.export, { query });
      return { blob, filename: filenameFromDisposition(disposition, 'conversions.csv') };
    },
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  });
}
