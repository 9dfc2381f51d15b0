import type { AdvertiserInvoiceFilters } from './get-advertiser-invoices';
import { useMutation } from '@tanstack/react-query';
import { advertiserInvoicesEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { filenameFromDisposition, saveBlob } from '@/lib/download';

/** GET /staff/advertiser-invoices/export: the list's filters, every page, as a CSV file. */
export function useExportAdvertiserInvoices() {
  return useMutation({
    mutationFn: async (query: AdvertiserInvoiceFilters) => {
      const { blob, disposition } = await api.downloadFrom(advertiserInvoicesEndpoints.exportCsv, { query });
      return { blob, filename: filenameFromDisposition(disposition, 'advertiser-invoices.csv') };
    },
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  });
}
