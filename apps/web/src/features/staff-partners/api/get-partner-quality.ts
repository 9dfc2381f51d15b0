import { useQuery } from '@tanstack/react-query';
import { trafficEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffPartnerKeys } from './keys';

/** GET /staff/partners/{id}/traffic-quality: its last 30 days as the traffic rules saw them (decision 108). */
export const usePartnerQuality = (id: number) =>
  useQuery({
    queryKey: staffPartnerKeys.quality(id),
    queryFn: async () => (await api.call(trafficEndpoints.partnerQuality, { params: { id } })).data,
  });
