import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffOffersEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffOfferKeys } from './keys';

export function useRemoveOverride(offerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (overrideId: number) =>
      api.call(staffOffersEndpoints.deleteOverride, { params: { id: offerId, overrideId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffOfferKeys.overrides(offerId) }),
  });
}
