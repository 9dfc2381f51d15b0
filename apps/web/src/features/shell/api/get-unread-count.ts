import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { shellKeys } from './keys';

/**
 * The top bar's unread count. Its key sits under ['notifications'], so the notifications screen's
 * changes refresh it; it also refreshes on each navigation (mount) and every minute.
 */
export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: shellKeys.unreadCount(),
    queryFn: async () => (await api.call(notificationsEndpoints.unreadCount, {}, { silent: true })).data.unread,
    refetchInterval: 60_000,
    staleTime: 0,
  });
}

export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...unreadCountQueryOptions(), enabled });
}
