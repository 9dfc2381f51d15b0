import { useMutation, useQueryClient } from '@tanstack/react-query';
import { offersEndpoints, type ApplyOfferBody } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { offerKeys } from './keys';

/** POST /partner-offer {offerId}: applies to run an offer that requires approval. */
export async function applyOffer(body: ApplyOfferBody) {
  const { data } = await api.call(offersEndpoints.apply, { body });
  return data;
}

export function useApplyOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyOffer,
    // Lists and details both show the partner's status of the offer: reload them all.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }),
  });
}
