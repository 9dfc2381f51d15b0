import type { ListNewsParams } from '@portal/contracts';

/** The query keys of the partner's news. */
export const newsKeys = {
  all: ['news'] as const,
  list: (query: ListNewsParams) => [...newsKeys.all, query] as const,
};
