import { useQuery } from '@tanstack/react-query';
import { type EndpointData, type RevivedDates, staffOffersEndpoints, type StaffOffersQuery } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffOfferKeys } from './keys';

export type StaffOfferListRow = RevivedDates<EndpointData<typeof staffOffersEndpoints.list>>[number];

export const useStaffOffers = (query: StaffOffersQuery) =>
  useQuery({
    queryKey: staffOfferKeys.list(query),
    queryFn: async () => {
      const answer = await api.call(staffOffersEndpoints.list, { query });
      return { list: answer.data ?? [], total: answer.total ?? 0 };
    },
  });
