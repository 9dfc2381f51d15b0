import { useQuery } from '@tanstack/react-query';
import { conversionScrubsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { advertiserInvoiceKeys } from './keys';

/** The advertisers (id and name, by name) the list's filter offers: the ones finance may name too. */
export const useAdvertiserChoices = () =>
  useQuery({
    queryKey: advertiserInvoiceKeys.advertisers(),
    queryFn: async () => (await api.call(conversionScrubsEndpoints.advertisers)).data,
  });
