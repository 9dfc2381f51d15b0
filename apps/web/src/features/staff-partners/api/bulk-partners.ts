import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffPartnerBulkEndpoints, type BulkPartnerManager, type BulkPartnerStatus } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffPartnerKeys } from './keys';

/** POST /staff/partners/bulk/status (decision 080): all or none; the lists reload. */
export function useBulkPartnerStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkPartnerStatus) => api.call(staffPartnerBulkEndpoints.status, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffPartnerKeys.all }),
  });
}

/** POST /staff/partners/bulk/account-manager (decision 080): all or none; the lists reload. */
export function useBulkPartnerManager() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkPartnerManager) => api.call(staffPartnerBulkEndpoints.accountManager, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffPartnerKeys.all }),
  });
}
