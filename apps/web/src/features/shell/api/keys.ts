import { sharedQueryRoots } from '@/lib/query-keys';

/** The shell's query keys: the top bar's unread count, under the notifications' shared root. */
export const shellKeys = {
  unreadCount: () => [...sharedQueryRoots.notifications, 'unread-count'] as const,
};
