import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PayoutOverrideCreate, staffOffersEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { formCall } from './form-call';
import { staffOfferKeys } from './keys';

/** Sets an override; a manager's above the approval step comes back `pending` (decision 063). */
export function useSetOverride(offerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutOverrideCreate) =>
      api.call(staffOffersEndpoints.createOverride, { params: { id: offerId }, body }, formCall),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffOfferKeys.overrides(offerId) }),
  });
}
