import { useQuery } from '@tanstack/react-query';
import { staffEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffQueueKeys } from './keys';

/** GET /staff/partner-offers: the pending applications this staff member decides, oldest first. */
export const usePendingApplications = (page: number, count: number) =>
  useQuery({
    queryKey: staffQueueKeys.applications(page, count),
    queryFn: async () => {
      const answer = await api.call(staffEndpoints.applications, { query: { status: 'pending', page, count } });
      return { list: answer.data ?? [], total: answer.total ?? 0 };
    },
  });
