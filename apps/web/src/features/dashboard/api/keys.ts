import type { DateRange, TopOffersQuery } from '@portal/contracts';

/** The query keys of the dashboard's statistics. */
export const statisticsKeys = {
  all: ['statistics'] as const,
  global: () => [...statisticsKeys.all, 'global'] as const,
  quickStats: () => [...statisticsKeys.all, 'quick-stats'] as const,
  topOffers: (query: TopOffersQuery) => [...statisticsKeys.all, 'top-offers', query] as const,
  daily: (range: DateRange) => [...statisticsKeys.all, 'daily', range] as const,
};
