import { useQuery } from '@tanstack/react-query';
import { advertiserPortalEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { advertiserKeys } from './keys';

/** GET /advertiser/setup: its offers' snippets (its own token in the S2S URLs) and latest tag hits (decision 100). */
export const useAdvertiserSetup = () =>
  useQuery({
    queryKey: advertiserKeys.setup(),
    queryFn: async () => (await api.call(advertiserPortalEndpoints.setup, {})).data,
  });

/** GET /advertiser/offers/{id}/setup, every 3 s while "Check my installation" watches for the offer's next hit. */
export const useAdvertiserOfferSetup = (offerId: number, watching: boolean) =>
  useQuery({
    queryKey: advertiserKeys.offerSetup(offerId),
    queryFn: async () => (await api.call(advertiserPortalEndpoints.offerSetup, { params: { id: offerId } })).data,
    enabled: watching,
    refetchInterval: watching ? 3000 : false,
  });
