import { useQuery } from '@tanstack/react-query';
import { staffAdvertiserUsersEndpoints, type EndpointData, type RevivedDates } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { advertiserKeys } from './keys';

export type AdvertiserUserData = RevivedDates<EndpointData<typeof staffAdvertiserUsersEndpoints.list>>[number];

/** The advertiser's portal users (decision 087), admins only. */
export const useAdvertiserUsers = (id: number) =>
  useQuery({
    queryKey: advertiserKeys.users(id),
    queryFn: async () => (await api.call(staffAdvertiserUsersEndpoints.list, { params: { id } })).data,
  });
