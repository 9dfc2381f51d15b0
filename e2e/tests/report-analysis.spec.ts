/**
 * The partner's analysis (decision 110): the sub-ID report grouped on two levels, and the country filter of every
 * report, picked by name with SVG flags and kept in the address; the screen against the API's own answer. And the
 * offers list on a 1366-pixel laptop: every column on screen, a loading state while a new search runs.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { presetRange, type BasicReportRow } from '@portal/contracts';
import { DEMO, blockingAxeViolations, expectShell, squash, useApiSession } from '../fixtures.js';

type Answer<T> = { data: T; total: number | null };

async function apiGet<T>(request: APIRequestContext, bearer: string, path: string, params: URLSearchParams) {
  const response = await request.get(`/api/v1${path}?${params}`, { headers: { authorization: `Bearer ${bearer}` } });
  expect(response.status(), `GET ${path}?${params}`).toBe(200);
  return (await response.json()) as Answer<T>;
}

/** The labels and clicks of the table's lines, parents and children in order, as [level, label, clicks]. */
async function lines(page: Page) {
  const rows = page.getByTestId('report-table').locator('tbody tr');
  return rows.evaluateAll((trs) =>
    trs.map((tr) => [
      tr.getAttribute('data-testid') === 'report-child-row' ? 2 : 1,
      tr.querySelector('[data-testid="report-label"]')?.textContent?.trim() ?? '',
      tr.querySelectorAll('td')[1]?.textContent?.replace(/[\s\u00a0\u202f]/g, '') ?? '',
    ]),
  );
}

test.describe('report analysis', () => {
  let bearer: string;
  let offset: string | null;

  test.beforeEach(async ({ context, request }) => {
    ({ bearer } = await useApiSession(context, request, DEMO.partner));
    const settings = await apiGet<{ timezone: string | null }>(request, bearer, '/account/settings', new URLSearchParams()); // prettier-ignore
    offset = settings.data.timezone;
  });

  test('the sub-ID report on two levels, then one country picked by name, both kept across tabs', async ({
    page,
    request,
  }) => {
    const range = presetRange('last_month', new Date(), offset)!;
    await page.goto(`/reports/subid?preset=last_month&groupBy=offer`);
    await expectShell(page);
    await expect(page.getByTestId('report-table')).toBeVisible();

    // The second level, chosen from its select, goes to the address and the request.
    const nested = page.waitForRequest(
      (r) => r.url().includes('/statistics/subid') && r.url().includes('then=country'),
    );
    await page.getByTestId('subid-then-by').click();
    await page.getByRole('option', { name: 'Then by: Country' }).click();
    await nested;
    await expect(page).toHaveURL(/groupBy=offer&then=country/);
    await expect(page.getByRole('columnheader', { name: /Offer › Country/ })).toBeVisible();

    const query = new URLSearchParams({ ...range, groupBy: 'offer', then: 'country', sort: 'clicks', order: 'desc', page: '1', count: '50' }); // prettier-ignore
    const api = await apiGet<BasicReportRow[]>(request, bearer, '/statistics/subid', query);
    const withChildren = api.data.filter((row) => !row.isTotal && (row.children?.length ?? 0) > 0);
    expect(withChildren.length, 'seeded demo traffic with countries last month').toBeGreaterThan(0);
    const names = new Map<string, string>(
      (await apiGet<{ countries: { isoCode: string; name: string }[] }>(request, bearer, '/config', new URLSearchParams())).data.countries.map((c) => [c.isoCode, c.name]), // prettier-ignore
    );
    // Every row followed by its children, their clicks those of the API (which equal the raw rows, server tests).
    const expected = api.data.flatMap((row) => [
      [1, row.isTotal ? 'Totals' : row.label, String(row.clicks)],
      ...(row.isTotal ? [] : (row.children ?? [])).map((child) => [
        2,
        child.label ? (names.get(child.label) ?? child.label) : 'Unknown country',
        String(child.clicks),
      ]),
    ]);
    expect((await lines(page)).map(([level, label, clicks]) => [level, squash(String(label)), clicks])).toEqual(
      expected.map(([level, label, clicks]) => [level, squash(String(label)), String(clicks)]),
    );
    // Countries by their SVG flags, never an emoji.
    const flag = page.getByTestId('report-child-row').getByTestId('country-flag').first();
    await expect(flag).toHaveAttribute('src', /\.svg/);
    expect(await page.getByTestId('report-table').textContent()).not.toMatch(/\p{Regional_Indicator}/u);
    expect(await blockingAxeViolations(page)).toEqual([]);

    // One country, picked by its name in the filter's picker (loaded on approach, decision 103).
    const code = withChildren[0]!.children!.find((child) => child.label !== '')!.label;
    const name = names.get(code)!;
    const filtered = page.waitForRequest(
      (r) => r.url().includes('/statistics/subid') && new URL(r.url()).searchParams.getAll('country').join() === code,
    );
    await page.getByTestId('filter-country').click();
    await page.getByRole('option', { name }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('filter-submit').click();
    await filtered;
    await expect(page).toHaveURL(new RegExp(`country=${code}`));
    const one = await apiGet<BasicReportRow[]>(request, bearer, '/statistics/subid', new URLSearchParams({ ...Object.fromEntries(query), country: code })); // prettier-ignore
    await expect(page.getByTestId('report-row').last()).toHaveAttribute('data-total', 'true');
    const shownTotal = (await lines(page)).at(-1)!;
    expect(shownTotal[2]).toBe(String(one.data.at(-1)!.clicks));
    // Each row's only child is that country.
    for (const row of one.data.filter((r) => !r.isTotal)) expect(row.children!.map((c) => c.label)).toEqual([code]);

    // The daily report keeps the country from the address, and answers the same totals.
    const daily = page.waitForRequest(
      (r) => r.url().includes('/statistics/daily') && r.url().includes(`country=${code}`),
    );
    await page.getByTestId('report-tab-daily').click();
    await daily;
    const dailyApi = await apiGet<BasicReportRow[]>(request, bearer, '/statistics/daily', new URLSearchParams({ ...range, country: code })); // prettier-ignore
    expect(dailyApi.data.at(-1)!.clicks).toBe(one.data.at(-1)!.clicks);
    await expect(page.getByTestId('filter-country')).toBeVisible();
  });

  test('the offers list fits 1366 pixels and says it is loading while a new search runs', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/offers');
    await expectShell(page);
    await expect(page.getByTestId('offers-loaded')).toBeVisible({ timeout: 30_000 });
    const width = page.viewportSize()!.width;
    for (const header of ['Approval status', 'Verticals']) {
      const box = await page.getByRole('columnheader', { name: header }).boundingBox();
      expect(box, header).not.toBeNull();
      expect(box!.x + box!.width, `${header} inside the window`).toBeLessThanOrEqual(width);
    }
    // A new search keeps the old rows under the overlay and says it is loading at the top of the list.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/offer?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByTestId('filter-name').fill('a');
    await page.getByTestId('offer-filters').getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByTestId('offers-searching')).toBeVisible();
    release();
    await expect(page.getByTestId('offers-searching')).toBeHidden({ timeout: 30_000 });
  });
});
