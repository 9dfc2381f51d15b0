import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  capsEndpoints,
  networkReportsEndpoints,
  staffEndpoints,
  staffNotificationsEndpoints,
  staffOffersEndpoints,
  type EndpointData,
  type OverrideRequestDecision,
  type RevivedDates,
} from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffHomeKeys } from './keys';

/** GET /staff/home: the work queues with their counts, within the staff member's scope. */
export const useStaffHome = () =>
  useQuery({
    queryKey: staffHomeKeys.summary(),
    queryFn: async () => (await api.call(staffEndpoints.home, {})).data,
  });

/** GET /staff/caps/alerts: caps at 90 % or more in their current period, within the staff member's scope. */
export const useCapAlerts = () =>
  useQuery({
    queryKey: staffHomeKeys.capAlerts(),
    queryFn: async () => (await api.call(capsEndpoints.alerts, {})).data ?? [],
  });

/** GET /staff/notifications: the staff member's latest notifications (cap alerts). */
export const useStaffNotifications = () =>
  useQuery({
    queryKey: staffHomeKeys.notifications(),
    queryFn: async () => (await api.call(staffNotificationsEndpoints.list, {})).data ?? [],
  });

/** GET /staff/home/numbers: today's, 7 days' and month-to-date figures, the week's top partners and offers (decision 046). */
export const useHomeNumbers = () =>
  useQuery({
    queryKey: staffHomeKeys.numbers(),
    queryFn: async () => (await api.call(networkReportsEndpoints.homeNumbers, {})).data,
  });

export type OverrideRequestRow = RevivedDates<EndpointData<typeof staffOffersEndpoints.overrideRequests>>[number];

/** GET /staff/payout-override-requests: the payouts managers asked for that wait for an admin (decision 063). */
export const usePendingOverrideRequests = (enabled: boolean) =>
  useQuery({
    queryKey: staffHomeKeys.overrideRequests(),
    enabled,
    queryFn: async () =>
      (await api.call(staffOffersEndpoints.overrideRequests, { query: { status: 'pending', count: 100 } })).data ?? [],
  });

/** PUT /staff/payout-override-requests/{id}: approve or refuse (with a reason); the queue is read again after. */
export function useDecideOverrideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: OverrideRequestDecision }) =>
      api.call(staffOffersEndpoints.decideOverrideRequest, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffHomeKeys.all }),
  });
}
