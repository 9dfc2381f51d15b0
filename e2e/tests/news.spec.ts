import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, expectShell, useApiSession } from '../fixtures.js';

type ApiNews = { id: number; title: string; excerpt: string; content: string; publishedAt: string; image: string };

const DESKTOP = { width: 1366, height: 900 };
const MOBILE = { width: 390, height: 844 };

async function apiNews(request: APIRequestContext, bearer: string): Promise<ApiNews[]> {
  const response = await request.get('/api/v1/news?page=1&count=12&sort=publishedAt&order=desc&groups=image', {
    headers: { authorization: `Bearer ${bearer}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: ApiNews[] }).data;
}

/** dd/MM/yyyy in the browser's time zone (the machine's, as the app formats it). */
const ddMMyyyy = (iso: string) => {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
};

/** Serves the real GET /news answer, cut to its first `keep` items, to exercise the controls rule. */
async function keepNews(page: Page, keep: number) {
  await page.route('**/api/v1/news?*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: unknown[]; total: number };
    await route.fulfill({ response, json: { ...body, data: body.data.slice(0, keep), total: keep } });
  });
}

const cards = (page: Page) => page.getByTestId('news-card');
const next = (page: Page) => page.getByRole('button', { name: 'Next news' });
const previous = (page: Page) => page.getByRole('button', { name: 'Previous news' });

test.describe("dashboard news: What's New", () => {
  let bearer: string;

  test.beforeEach(async ({ context, request }) => {
    ({ bearer } = await useApiSession(context, request, DEMO.partner));
  });

  test('desktop: three news per slide, in date order, with controls for the rest', async ({ page, request }) => {
    const news = await apiNews(request, bearer);
    expect(news.length).toBeGreaterThanOrEqual(8);
    const titles = news.map((n) => n.title);
    expect(titles.some((t) => /draft|scheduled/i.test(t))).toBe(false);

    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await expectShell(page);
    const block = page.getByTestId('news-block');
    await expect(block.getByRole('heading', { name: "What's New" })).toBeVisible();
    await expect(cards(page)).toHaveCount(news.length);
    await expect(block.getByTestId('news-card-title')).toHaveText(titles);
    await expect(page.getByTestId('news-carousel')).toHaveAttribute('data-per-slide', '3');

    const first = cards(page).first();
    await expect(first.getByTestId('news-card-date')).toHaveText(ddMMyyyy(news[0]?.publishedAt ?? ''));
    await expect(first.getByTestId('news-card-excerpt')).toHaveText(news[0]?.excerpt ?? '');
    const image = first.getByTestId('news-card-image');
    await expect(image).toHaveAttribute('src', `${news[0]?.image}?w=640&h=360&c=1`);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);

    // The carousel is judged on its own: a dashboard alert above it (a cap warning, decision 105) may push it down.
    await page.getByTestId('news-carousel').evaluate((carousel) => carousel.scrollIntoView({ block: 'center' }));
    for (const i of [0, 1, 2]) await expect(cards(page).nth(i)).toBeInViewport({ ratio: 0.9 });
    await expect(cards(page).nth(3)).not.toBeInViewport();
    await expect(next(page)).toBeVisible();
    await expect(previous(page)).toBeVisible();
    await next(page).click();
    for (const i of [3, 4, 5]) await expect(cards(page).nth(i)).toBeInViewport({ ratio: 0.9 });
    await expect(cards(page).nth(0)).not.toBeInViewport();
    await previous(page).click();
    await expect(cards(page).nth(0)).toBeInViewport({ ratio: 0.9 });
  });

  test('mobile: one news per slide, with controls', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto('/');
    await expect(page.getByTestId('news-carousel')).toHaveAttribute('data-per-slide', '1');
    // On a phone the quick stats come first: bring the carousel up before judging its slides. Centred, not merely
    // "if needed": with multi-currency payouts wrapping to three lines the quick stats grow, and a carousel whose top
    // alone showed counted as in view, leaving its first card three quarters visible.
    await page.getByTestId('news-carousel').evaluate((carousel) => carousel.scrollIntoView({ block: 'center' }));
    await expect(cards(page).nth(0)).toBeInViewport({ ratio: 0.9 });
    await expect(cards(page).nth(1)).not.toBeInViewport();
    await expect(next(page)).toBeVisible();
    await next(page).click();
    // The dashboard's cards above may have grown meanwhile (a line loaded late): the carousel centred again, so that
    // only its own scroll is judged.
    await expect(async () => {
      await page.getByTestId('news-carousel').evaluate((carousel) => carousel.scrollIntoView({ block: 'center' }));
      await expect(cards(page).nth(1)).toBeInViewport({ ratio: 0.9, timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(cards(page).nth(0)).not.toBeInViewport();
  });

  test('controls show only when there are more than 3 (desktop) or more than 1 (mobile) news', async ({ page }) => {
    // Three news: all fit on a desktop slide, but not on a phone.
    await keepNews(page, 3);
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await expect(cards(page)).toHaveCount(3);
    // The carousel is judged on its own: a dashboard alert above it (a cap warning, decision 105) may push it down.
    await page.getByTestId('news-carousel').evaluate((carousel) => carousel.scrollIntoView({ block: 'center' }));
    for (const i of [0, 1, 2]) await expect(cards(page).nth(i)).toBeInViewport({ ratio: 0.9 });
    await expect(next(page)).toHaveCount(0);
    await expect(previous(page)).toHaveCount(0);
    await page.setViewportSize(MOBILE);
    await expect(next(page)).toBeVisible();
    await expect(cards(page).nth(1)).not.toBeInViewport();

    // Four news on a desktop: controls appear.
    await page.unrouteAll();
    await keepNews(page, 4);
    await page.setViewportSize(DESKTOP);
    await page.reload();
    await expect(cards(page)).toHaveCount(4);
    await expect(next(page)).toBeVisible();

    // One news: no controls anywhere.
    await page.unrouteAll();
    await keepNews(page, 1);
    await page.setViewportSize(MOBILE);
    await page.reload();
    await expect(cards(page)).toHaveCount(1);
    await expect(next(page)).toHaveCount(0);
    await page.setViewportSize(DESKTOP);
    await expect(next(page)).toHaveCount(0);
  });

  test("'Learn more' opens the news modal with title, image, date and the HTML content", async ({ page, request }) => {
    const news = await apiNews(request, bearer);
    const item = news[1] as ApiNews;
    await page.goto('/');
    await cards(page).nth(1).getByRole('button', { name: 'Learn more' }).click();
    const modal = page.getByRole('dialog');
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('heading', { name: item.title })).toBeVisible();
    await expect(modal.getByTestId('news-modal-date')).toHaveText(ddMMyyyy(item.publishedAt));
    const image = modal.getByTestId('news-modal-image');
    await expect(image).toHaveAttribute('src', `${item.image}?w=960&h=540&c=1`);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(960);
    const content = modal.getByTestId('news-modal-content');
    // The HTML is rendered as markup, not shown as text.
    const firstParagraph = /<p>(.*?)<\/p>/s.exec(item.content)?.[1]?.replace(/<[^>]+>/g, '') ?? '';
    expect(firstParagraph.length).toBeGreaterThan(10);
    await expect(content.locator('p').first()).toHaveText(firstParagraph);
    await expect(content).not.toContainText('<p>');
    expect(await content.locator('ul li, ol li, table td').count()).toBeGreaterThan(0);
    expect(await content.innerHTML()).not.toMatch(/<script|onerror|onclick/i);

    await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);
    await cards(page).first().getByRole('button', { name: 'Learn more' }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: news[0]?.title ?? '' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
