import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffOfferScheduleEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffOfferKeys } from './keys';

/** Copies a saved offer into a new disabled one (decision 098); answers the copy's id. */
export function useDuplicateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.call(staffOfferScheduleEndpoints.duplicate, { params: { id } })).data?.id ?? null,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffOfferKeys.all }),
  });
}
