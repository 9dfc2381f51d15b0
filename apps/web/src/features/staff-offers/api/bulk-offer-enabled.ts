import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffOfferBulkEndpoints, type BulkOfferEnabled } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffOfferKeys } from './keys';

/** POST /staff/offers/bulk/enabled (decision 080): all or none; the lists reload. */
export function useBulkOfferEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkOfferEnabled) => api.call(staffOfferBulkEndpoints.enabled, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffOfferKeys.all }),
  });
}
