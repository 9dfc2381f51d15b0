import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PartnerStatusBody, staffEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffPartnerKeys } from './keys';

/** PUT /staff/partners/{id}/status; the lists and histories reload. Errors go through the one error path. */
export function useChangePartnerStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PartnerStatusBody }) =>
      api.call(staffEndpoints.changePartnerStatus, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffPartnerKeys.all }),
  });
}
