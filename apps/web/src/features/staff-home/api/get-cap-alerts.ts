import { useQuery } from '@tanstack/react-query';
import { capsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffHomeKeys } from './keys';

/** GET /staff/caps/alerts: caps at 90 % or more in their current period, within the staff member's scope. */
export const useCapAlerts = () =>
  useQuery({
    queryKey: staffHomeKeys.capAlerts(),
    queryFn: async () => (await api.call(capsEndpoints.alerts, {})).data ?? [],
  });
