import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentBatchesEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { filenameFromDisposition, saveBlob } from '@/lib/download';
import { paymentBatchKeys } from './keys';

/**
 * GET /staff/payment-batches/{id}/file: the pain.001.001.09 XML, saved under the server's name ('PAY-….xml'). The
 * download is audited and ends the batch's cancellation, so the batch reloads.
 */
export function useDownloadBatchFile(id: number, fallback: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { blob, disposition } = await api.downloadFrom(paymentBatchesEndpoints.file, { params: { id } });
      return { blob, filename: filenameFromDisposition(disposition, fallback) };
    },
    onSuccess: async ({ blob, filename }) => {
      saveBlob(blob, filename);
      await queryClient.invalidateQueries({ queryKey: paymentBatchKeys.all });
    },
  });
}
