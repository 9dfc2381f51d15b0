import { useQuery } from '@tanstack/react-query';
import { advertisersEndpoints, type EndpointData, type RevivedDates } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { advertiserKeys } from './keys';

export type AdvertiserRow = RevivedDates<EndpointData<typeof advertisersEndpoints.list>>[number];

export const useAdvertisers = () =>
  useQuery({
    queryKey: advertiserKeys.list(),
    queryFn: async () => (await api.call(advertisersEndpoints.list, {})).data ?? [],
  });
