import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffEndpoints, type StaffPartnerUpdate } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffPartnerKeys } from './keys';

/** PUT /staff/partners/{id}: only the fields given; the partner's page, the list and its history reload. */
export function useUpdateStaffPartner(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffPartnerUpdate) =>
      api.call(staffEndpoints.updatePartner, { params: { id }, body }, { skipBadRequestHandling: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffPartnerKeys.all }),
  });
}
