import { useQuery } from '@tanstack/react-query';
import {
  advertiserPortalEndpoints,
  type ConversionStatus,
  type EndpointData,
  type RevivedDates,
} from '@portal/contracts';
import { api } from '@/lib/api-client';
import { advertiserKeys } from './keys';

export type AdvertiserConversionData = RevivedDates<EndpointData<typeof advertiserPortalEndpoints.conversions>[number]>;
export type AdvertiserConversionsFilter = { page: number; count: number; status?: ConversionStatus | undefined };

/** GET /advertiser/conversions: newest first, paged, one status on demand. */
export const useAdvertiserConversions = (query: AdvertiserConversionsFilter) =>
  useQuery({
    queryKey: advertiserKeys.conversions(query),
    queryFn: async () => {
      const answer = await api.call(advertiserPortalEndpoints.conversions, { query });
      return { list: answer.data, total: answer.total ?? 0 };
    },
  });
