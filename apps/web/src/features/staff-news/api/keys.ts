import type { NewsState } from '@portal/contracts';

/** The query keys of the news screen; every change reloads everything under `all`. */
export const staffNewsKeys = {
  all: ['staff-news'] as const,
  list: (state: NewsState | null, page: number, count: number) =>
    [...staffNewsKeys.all, 'list', state, page, count] as const,
  audience: (kind: 'offers' | 'partners', search: string) => [...staffNewsKeys.all, 'audience', kind, search] as const,
};
