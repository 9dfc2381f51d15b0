import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { imageVariantUrl, newsEndpoints, type ListNewsParams } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { carouselLayout, MOBILE_QUERY } from '../layout';
import { newsKeys } from './keys';

/** The dashboard's news: the newest published items with their pictures. */
export const DASHBOARD_NEWS_QUERY = {
  page: 1,
  count: 12,
  sort: 'publishedAt',
  order: 'desc',
  groups: 'image',
} as const satisfies ListNewsParams;

export async function getNews(query: ListNewsParams, options: { silent?: boolean } = {}) {
  const { data, total } = await api.call(newsEndpoints.list, { query }, options);
  return { list: data, total: total ?? data.length };
}

export function newsQueryOptions(query: ListNewsParams = DASHBOARD_NEWS_QUERY) {
  return queryOptions({ queryKey: newsKeys.list(query), queryFn: () => getNews(query), staleTime: 5 * 60_000 });
}

export function useNews(query: ListNewsParams = DASHBOARD_NEWS_QUERY) {
  return useQuery(newsQueryOptions(query));
}

/**
 * The dashboard's news, asked for as soon as a navigation to the dashboard starts, beside the configuration and the
 * screen's scripts rather than after them; and, once it is here, the pictures of the carousel's first page, before the
 * carousel is drawn (decision 061: the first picture is the largest thing a phone sees). Silent: if it fails, the
 * carousel asks again when it is drawn, and that call says what went wrong.
 */
export function prefetchDashboardNews(queryClient: QueryClient): void {
  const options = newsQueryOptions();
  void queryClient
    .fetchQuery({ ...options, queryFn: () => getNews(DASHBOARD_NEWS_QUERY, { silent: true }) })
    .then(({ list }) => {
      const mobile = typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_QUERY).matches;
      const { perSlide } = carouselLayout(list.length, mobile);
      list.slice(0, perSlide).forEach((news, index) => {
        if (!news.image) return;
        const picture = new Image();
        if (index === 0) picture.fetchPriority = 'high';
        picture.src = imageVariantUrl(news.image, 'newsCard');
      });
    })
    .catch(() => undefined);
}
