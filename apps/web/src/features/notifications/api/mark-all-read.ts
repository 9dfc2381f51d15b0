import { notificationsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { useNotificationChange } from './use-notification-change';

export const useMarkAllRead = () => useNotificationChange(() => api.call(notificationsEndpoints.markAllRead));
