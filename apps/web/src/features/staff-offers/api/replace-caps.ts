import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CapsBody, capsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { formCall } from './form-call';
import { staffOfferKeys } from './keys';

/** Replaces the caps the viewer may set with `body` (PUT: the list itself). */
export function useReplaceCaps(offerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CapsBody) => api.call(capsEndpoints.replace, { params: { id: offerId }, body }, formCall),
    onSuccess: (answer) => queryClient.setQueryData(staffOfferKeys.caps(offerId), answer.data ?? []),
  });
}
