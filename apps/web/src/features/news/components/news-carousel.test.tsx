import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newsEndpoints } from '@portal/contracts';
import { answerOf, renderWithProviders } from '@/test/render';
import { carouselLayout } from '../layout';
import { NewsCarousel } from './news-carousel';

const fetchMock = vi.fn<typeof fetch>();

const item = (id: number) => ({
  id,
  title: `News ${id}`,
  excerpt: `Excerpt ${id}`,
  content: `<p>Body ${id}<img src="x" onerror="alert(1)"></p><script>alert(2)</script>`,
  publishedAt: '2026-03-04T10:00:00.000Z',
  createdAt: '2026-03-01T10:00:00.000Z',
  image: `/api/v1/image/${id}`,
});

function answer(count: number) {
  fetchMock.mockResolvedValue(
    answerOf(
      newsEndpoints.list,
      Array.from({ length: count }, (_, i) => item(i + 1)),
      { total: count },
    ),
  );
}

// jsdom has no IntersectionObserver; Embla watches which slides are in view with one.
class IntersectionObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
}

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', IntersectionObserverStub);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('carouselLayout', () => {
  it('puts 3 items per slide on desktop and 1 on mobile, with controls only when more are waiting', () => {
    expect(carouselLayout(3, false)).toEqual({ perSlide: 3, withControls: false });
    expect(carouselLayout(4, false)).toEqual({ perSlide: 3, withControls: true });
    expect(carouselLayout(1, true)).toEqual({ perSlide: 1, withControls: false });
    expect(carouselLayout(2, true)).toEqual({ perSlide: 1, withControls: true });
    expect(carouselLayout(0, false).withControls).toBe(false);
  });
});

describe('NewsCarousel', () => {
  it('asks for the newest published news with pictures and shows cards', async () => {
    answer(4);
    renderWithProviders(<NewsCarousel />);
    expect(await screen.findAllByTestId('news-card')).toHaveLength(4);
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/v1/news');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ sort: 'publishedAt', order: 'desc', groups: 'image' });
    const first = screen.getAllByTestId('news-card')[0] as HTMLElement;
    expect(within(first).getByTestId('news-card-date').textContent).toBe('04/03/2026');
    expect(within(first).getByTestId('news-card-excerpt').textContent).toBe('Excerpt 1');
    expect(screen.getByTestId('news-carousel').getAttribute('data-controls')).toBe('true');
  });

  it('hides the controls when every item fits on one slide', async () => {
    answer(3);
    renderWithProviders(<NewsCarousel />);
    await screen.findAllByTestId('news-card');
    expect(screen.getByTestId('news-carousel').getAttribute('data-controls')).toBe('false');
    expect(screen.queryByLabelText('Next news')).toBeNull();
  });

  it('opens the news modal with title, date and sanitised content', async () => {
    const user = userEvent.setup();
    answer(2);
    renderWithProviders(<NewsCarousel />);
    const buttons = await screen.findAllByRole('button', { name: 'Learn more' });
    await user.click(buttons[1] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('News 2')).toBeTruthy();
    expect(within(dialog).getByTestId('news-modal-date').textContent).toBe('04/03/2026');
    const content = within(dialog).getByTestId('news-modal-content');
    expect(content.textContent).toContain('Body 2');
    expect(content.innerHTML).not.toMatch(/script|onerror/);
    await user.click(within(dialog).getByLabelText('Close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("loads the first page's pictures with the page, the first one first, and the others when scrolled near", async () => {
    answer(5);
    renderWithProviders(<NewsCarousel />);
    await screen.findAllByTestId('news-card');
    const pictures = screen.getAllByTestId('news-card-image');
    // jsdom matches no media query: the desktop layout, three cards to a page.
    expect(pictures.map((picture) => picture.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
    expect(pictures.map((picture) => picture.getAttribute('fetchpriority'))).toEqual(['high', null, null, null, null]);
  });

  it('says so when there is no news', async () => {
    answer(0);
    renderWithProviders(<NewsCarousel />);
    expect(await screen.findByTestId('news-empty')).toBeTruthy();
  });
});
