import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type OverrideRequestDecision, staffOffersEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffHomeKeys } from './keys';

/** PUT /staff/payout-override-requests/{id}: approve or refuse (with a reason); the queue is read again after. */
export function useDecideOverrideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: OverrideRequestDecision }) =>
      api.call(staffOffersEndpoints.decideOverrideRequest, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffHomeKeys.all }),
  });
}
