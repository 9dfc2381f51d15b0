import { useQuery } from '@tanstack/react-query';
import { advertiserPortalEndpoints, type EndpointData, type RevivedDates } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { advertiserKeys } from './keys';

export type AdvertiserScrubData = RevivedDates<EndpointData<typeof advertiserPortalEndpoints.scrubs>[number]>;

/** GET /advertiser/scrubs: the scrub files the advertiser sent, newest first (the first hundred). */
export const useAdvertiserScrubs = () =>
  useQuery({
    queryKey: advertiserKeys.scrubs(),
    queryFn: async () => (await api.call(advertiserPortalEndpoints.scrubs, { query: { count: 100 } })).data,
  });
