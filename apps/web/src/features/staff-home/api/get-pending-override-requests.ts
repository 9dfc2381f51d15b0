import { useQuery } from '@tanstack/react-query';
import { type EndpointData, type RevivedDates, staffOffersEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffHomeKeys } from './keys';

export type OverrideRequestRow = RevivedDates<EndpointData<typeof staffOffersEndpoints.overrideRequests>>[number];

/** GET /staff/payout-override-requests: the payouts managers asked for that wait for an admin (decision 063). */
export const usePendingOverrideRequests = (enabled: boolean) =>
  useQuery({
    queryKey: staffHomeKeys.overrideRequests(),
    enabled,
    queryFn: async () =>
      (await api.call(staffOffersEndpoints.overrideRequests, { query: { status: 'pending', count: 100 } })).data ?? [],
  });
