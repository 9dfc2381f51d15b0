import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { notificationKeys } from './keys';

export const NOTIFICATIONS_PAGE_SIZE = 20;

/**
 * Every notifications query lives under ['notifications'], the top bar's unread count included,
 * so one invalidation after a change refreshes them all.
 */
export function notificationsQueryOptions(page: number) {
  return queryOptions({
    queryKey: notificationKeys.list(page),
    queryFn: async () => {
      const { data, total } = await api.call(notificationsEndpoints.list, {
        query: { page, count: NOTIFICATIONS_PAGE_SIZE },
      });
      return { ...data, total: total ?? data.items.length };
    },
    placeholderData: keepPreviousData,
  });
}

export function useNotifications(page: number) {
  return useQuery(notificationsQueryOptions(page));
}

function useNotificationChange<V>(run: (value: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export const useMarkRead = () =>
  useNotificationChange((id: number) => api.call(notificationsEndpoints.markRead, { params: { id } }));
export const useMarkAllRead = () => useNotificationChange(() => api.call(notificationsEndpoints.markAllRead));
