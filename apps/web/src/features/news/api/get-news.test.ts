import { notificationsStore } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newsEndpoints } from '@portal/contracts';
import { answerOf, errorOf } from '@/test/render';
import { DASHBOARD_NEWS_QUERY, newsQueryOptions, prefetchDashboardNews } from './get-news';

const fetchMock = vi.fn<typeof fetch>();
/** Every picture the code under test asked the browser for: its URL and its priority. */
const pictures: { src: string; fetchPriority: string }[] = [];

class ImageSpy {
  fetchPriority = 'auto';
  set src(value: string) {
    pictures.push({ src: value, fetchPriority: this.fetchPriority });
  }
}

const item = (id: number, image: string | null = `/api/v1/image/${id}`) => ({
  id,
  title: `News ${id}`,
  excerpt: '',
  content: '',
  publishedAt: '2026-03-04T10:00:00.000Z',
  createdAt: '2026-03-01T10:00:00.000Z',
  image,
});

beforeEach(() => {
  pictures.length = 0;
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('Image', ImageSpy);
});
afterEach(() => vi.unstubAllGlobals());

describe('prefetchDashboardNews', () => {
  it("asks for the dashboard's news and the pictures of the carousel's first page, the first one first", async () => {
    fetchMock.mockResolvedValue(answerOf(newsEndpoints.list, [item(1), item(2, null), item(3), item(4)], { total: 4 }));
    const queryClient = new QueryClient();
    prefetchDashboardNews(queryClient);
    await vi.waitFor(() => expect(pictures).toHaveLength(2));
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/v1/news');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ page: '1', count: '12', groups: 'image' });
    // jsdom matches no media query: the desktop layout, three to a page; the second item has no picture.
    expect(pictures).toEqual([
      { src: '/api/v1/image/1?w=640&h=360&c=1', fetchPriority: 'high' },
      { src: '/api/v1/image/3?w=640&h=360&c=1', fetchPriority: 'auto' },
    ]);
    // The carousel finds its news in the cache, under the key it reads.
    expect(queryClient.getQueryData(newsQueryOptions(DASHBOARD_NEWS_QUERY).queryKey)?.list).toHaveLength(4);
  });

  it('fails silently: no snackbar, and the carousel asks again when it is drawn', async () => {
    fetchMock.mockResolvedValue(errorOf(500, 'boom'));
    const queryClient = new QueryClient();
    prefetchDashboardNews(queryClient);
    const key = newsQueryOptions(DASHBOARD_NEWS_QUERY).queryKey;
    await vi.waitFor(() => expect(queryClient.getQueryState(key)?.status).toBe('error'));
    expect(notificationsStore.getState().notifications).toHaveLength(0);
    expect(pictures).toHaveLength(0);
  });
});
