import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffOfferKeys } from './keys';

/** A change to an offer's creatives or landing pages: every staff offers query is read again after it. */
export function useStaffOffersChange<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffOfferKeys.all }),
  });
}
