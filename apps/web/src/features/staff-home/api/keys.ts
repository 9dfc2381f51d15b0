import { sharedQueryRoots } from '@/lib/query-keys';

/**
 * The query keys of the staff home, under the shared root that the queues, conversions and invoices screens
 * invalidate after a decision, so that the home's counts are read again.
 */
export const staffHomeKeys = {
  all: sharedQueryRoots.staffHome,
  summary: () => [...staffHomeKeys.all] as const,
  capAlerts: () => [...staffHomeKeys.all, 'cap-alerts'] as const,
  notifications: () => [...staffHomeKeys.all, 'notifications'] as const,
  numbers: () => [...staffHomeKeys.all, 'numbers'] as const,
  view: () => [...staffHomeKeys.all, 'view'] as const,
  overrideRequests: () => [...staffHomeKeys.all, 'override-requests'] as const,
};
