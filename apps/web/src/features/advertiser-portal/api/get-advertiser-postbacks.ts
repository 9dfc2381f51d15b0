import { useQuery } from '@tanstack/react-query';
import { advertiserPortalEndpoints, type EndpointData, type RevivedDates } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { advertiserKeys } from './keys';

export type AdvertiserPostbackData = RevivedDates<EndpointData<typeof advertiserPortalEndpoints.postbacks>[number]>;

/** GET /advertiser/postbacks: the advertiser's postback log, newest first, paged. */
export const useAdvertiserPostbacks = (page: number, count: number) =>
  useQuery({
    queryKey: advertiserKeys.postbacks(page),
    queryFn: async () => {
      const answer = await api.call(advertiserPortalEndpoints.postbacks, { query: { page, count } });
      return { list: answer.data, total: answer.total ?? 0 };
    },
  });
