import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  staffOfferScheduleEndpoints,
  type EndpointData,
  type RevivedDates,
  type ScheduledChangeCreate,
} from '@portal/contracts';
import { api } from '@/lib/api-client';
import { formCall } from './form-call';
import { staffOfferKeys } from './keys';

/** An offer's scheduled payout and revenue changes (decision 098): listed, scheduled and cancelled. */
export type ScheduledChangeRow = RevivedDates<EndpointData<typeof staffOfferScheduleEndpoints.list>>[number];

export const useScheduledChanges = (offerId: number) =>
  useQuery({
    queryKey: staffOfferKeys.scheduledChanges(offerId),
    queryFn: async () => (await api.call(staffOfferScheduleEndpoints.list, { params: { id: offerId } })).data ?? [],
  });

export function useScheduleChange(offerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduledChangeCreate) =>
      api.call(staffOfferScheduleEndpoints.create, { params: { id: offerId }, body }, formCall),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffOfferKeys.scheduledChanges(offerId) }),
  });
}

export function useCancelScheduledChange(offerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changeId: number) =>
      api.call(staffOfferScheduleEndpoints.cancel, { params: { id: offerId, changeId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffOfferKeys.scheduledChanges(offerId) }),
  });
}
