import { useMutation } from '@tanstack/react-query';
import { paymentBatchesEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { filenameFromDisposition, saveBlob } from '@/lib/download';

/** GET /staff/payment-batches/by-hand.csv: what the bank needs to pay the other validated invoices by hand. */
export function useDownloadByHandCsv() {
  return useMutation({
    mutationFn: async () => {
      const { blob, disposition } = await api.downloadFrom(paymentBatchesEndpoints.byHandCsv);
      return { blob, filename: filenameFromDisposition(disposition, 'to-pay-by-hand.csv') };
    },
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  });
}
