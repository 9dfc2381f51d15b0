import { useQuery } from '@tanstack/react-query';
import { staffEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffPartnerKeys } from './keys';

/** GET /staff/partners/{id}/performance: its last 30 days and today in the network's numbers (decision 082). */
export const usePartnerPerformance = (id: number) =>
  useQuery({
    queryKey: staffPartnerKeys.performance(id),
    queryFn: async () => (await api.call(staffEndpoints.partnerPerformance, { params: { id } })).data,
  });
