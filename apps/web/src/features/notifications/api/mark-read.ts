import { notificationsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { useNotificationChange } from './use-notification-change';

export const useMarkRead = () =>
  useNotificationChange((id: number) => api.call(notificationsEndpoints.markRead, { params: { id } }));
