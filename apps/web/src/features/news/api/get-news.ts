import { queryOptions, useQuery } from '@tanstack/react-query';
import { newsEndpoints, type ListNewsParams } from '@portal/contracts';
import { api } from '@/lib/api-client';

/** The dashboard's news: the newest published items with their pictures. */
export const DASHBOARD_NEWS_QUERY = {
  page: 1,
  count: 12,
  sort: 'publishedAt',
  order: 'desc',
  groups: 'image',
} as const satisfies ListNewsParams;

export async function getNews(query: ListNewsParams) {
  const { data, total } = await api.call(newsEndpoints.list, { query });
  return { list: data, total: total ?? data.length };
}

export function newsQueryOptions(query: ListNewsParams = DASHBOARD_NEWS_QUERY) {
  return queryOptions({ queryKey: ['news', query], queryFn: () => getNews(query), staleTime: 5 * 60_000 });
}

export function useNews(query: ListNewsParams = DASHBOARD_NEWS_QUERY) {
  return useQuery(newsQueryOptions(query));
}
