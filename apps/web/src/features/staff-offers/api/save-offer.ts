import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type OfferCreate, type OfferUpdate, staffOffersEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { formCall } from './form-call';
import { staffOfferKeys } from './keys';

export function useSaveOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: OfferCreate | OfferUpdate }) =>
      id === null
        ? api.call(staffOffersEndpoints.create, { body: body as OfferCreate }, formCall)
        : api.call(staffOffersEndpoints.update, { params: { id }, body }, formCall),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffOfferKeys.all }),
  });
}
