import { useMutation } from '@tanstack/react-query';
import { advertiserPortalEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { filenameFromDisposition, saveBlob } from '@/lib/download';

/** One of the advertiser's invoices as its PDF (decision 100). */
export function useDownloadAdvertiserInvoice() {
  return useMutation({
    mutationFn: async (invoice: { id: number; reference: string }) => {
      const { blob, disposition } = await api.downloadFrom(advertiserPortalEndpoints.invoicePdf, { params: { id: invoice.id } }); // prettier-ignore
      return { blob, filename: filenameFromDisposition(disposition, `${invoice.reference}.pdf`) };
    },
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  });
}
