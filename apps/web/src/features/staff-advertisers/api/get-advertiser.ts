import { useQuery } from '@tanstack/react-query';
import { advertisersEndpoints, type EndpointData, type RevivedDates } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { advertiserKeys } from './keys';

export type AdvertiserData = RevivedDates<EndpointData<typeof advertisersEndpoints.get>>;

export type ProductRow = AdvertiserData['products'][number];

export const useAdvertiser = (id: number) =>
  useQuery({
    queryKey: advertiserKeys.detail(id),
    queryFn: async () => (await api.call(advertisersEndpoints.get, { params: { id } })).data,
  });
