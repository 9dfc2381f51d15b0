import { useQuery } from '@tanstack/react-query';
import { type EndpointData, type RevivedDates, staffOffersEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffOfferKeys } from './keys';

export type StaffOfferData = RevivedDates<EndpointData<typeof staffOffersEndpoints.get>>;

export const useStaffOffer = (id: number | null) =>
  useQuery({
    queryKey: staffOfferKeys.detail(id),
    enabled: id !== null,
    queryFn: async () => (await api.call(staffOffersEndpoints.get, { params: { id: id! } })).data,
  });
