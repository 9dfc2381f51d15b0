import { useQuery } from '@tanstack/react-query';
import { advertiserPortalEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { advertiserKeys } from './keys';

/** GET /advertiser/offers: the advertiser's offers with their status and caps. */
export const useAdvertiserOffers = () =>
  useQuery({
    queryKey: advertiserKeys.offers(),
    queryFn: async () => (await api.call(advertiserPortalEndpoints.offers, {})).data,
  });
