import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
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
