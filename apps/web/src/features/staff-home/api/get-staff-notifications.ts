import { useQuery } from '@tanstack/react-query';
import { staffNotificationsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffHomeKeys } from './keys';

/** GET /staff/notifications: the staff member's latest notifications (cap alerts). */
export const useStaffNotifications = () =>
  useQuery({
    queryKey: staffHomeKeys.notifications(),
    queryFn: async () => (await api.call(staffNotificationsEndpoints.list, {})).data ?? [],
  });
