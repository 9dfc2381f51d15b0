import { useQuery } from '@tanstack/react-query';
import { creativesEndpoints, type EndpointData, type RevivedDates } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffOfferKeys } from './keys';

export type StaffCreativeRow = RevivedDates<EndpointData<typeof creativesEndpoints.staffList>>[number];

export const useStaffCreatives = (offerId: number) =>
  useQuery({
    queryKey: staffOfferKeys.creatives(offerId),
    queryFn: async () => (await api.call(creativesEndpoints.staffList, { params: { id: offerId } })).data ?? [],
  });
