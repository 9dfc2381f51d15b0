import { useQuery } from '@tanstack/react-query';
import { type EndpointData, type RevivedDates, staffOffersEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffOfferKeys } from './keys';

export type OverrideRequestRow = RevivedDates<EndpointData<typeof staffOffersEndpoints.overrideRequests>>[number];

/** The offer's payout override requests, any state, newest first: what the panel shows beside the overrides. */
export const useOverrideRequests = (offerId: number) =>
  useQuery({
    queryKey: staffOfferKeys.overrideRequests(offerId),
    queryFn: async () =>
      (await api.call(staffOffersEndpoints.overrideRequests, { query: { offerId, status: 'all', count: 50 } })).data ?? [], // prettier-ignore
  });
