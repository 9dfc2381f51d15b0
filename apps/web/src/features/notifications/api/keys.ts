import { sharedQueryRoots } from '@/lib/query-keys';

/**
 * The query keys of the notifications screen. They sit under the shared root, beside the top bar's unread count
 * (shell), so that one invalidation after a change refreshes them all.
 */
export const notificationKeys = {
  all: sharedQueryRoots.notifications,
  list: (page: number) => [...notificationKeys.all, 'list', page] as const,
};
