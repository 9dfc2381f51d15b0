import { useQuery } from '@tanstack/react-query';
import { type EndpointData, type RevivedDates, staffOffersEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffOfferKeys } from './keys';

export type PayoutOverrideRow = RevivedDates<EndpointData<typeof staffOffersEndpoints.overrides>>[number];

export const usePayoutOverrides = (offerId: number) =>
  useQuery({
    queryKey: staffOfferKeys.overrides(offerId),
    queryFn: async () => (await api.call(staffOffersEndpoints.overrides, { params: { id: offerId } })).data ?? [],
  });
