import { useQuery } from '@tanstack/react-query';
import { staffEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffPartnerKeys } from './keys';

/** GET /staff/partners/{id}/status-history, newest first. */
export const usePartnerStatusHistory = (partnerId: number | null) =>
  useQuery({
    queryKey: staffPartnerKeys.statusHistory(partnerId),
    queryFn: async () =>
      (await api.call(staffEndpoints.partnerStatusHistory, { params: { id: partnerId } })).data ?? [],
    enabled: partnerId !== null,
  });
