import type { ListBillingRequestsQueryInput } from '@portal/contracts';
import { sharedQueryRoots } from '@/lib/query-keys';

/** The query keys of the payments screen, under the root a staff billing run refreshes. */
export const billingRequestKeys = {
  all: sharedQueryRoots.billingRequests,
  list: (query: ListBillingRequestsQueryInput) => [...billingRequestKeys.all, query] as const,
  nextPayment: () => [...billingRequestKeys.all, 'next-payment'] as const,
};
