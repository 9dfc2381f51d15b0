import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { formatConversionRates, type CurrencyFigures } from '@portal/contracts';
import { DEMO, expectShell, useApiSession } from '../fixtures.js';

type Money = { currency: string; amount: number };
type Stats = {
  clicks: number;
  conversions: number;
  conversionRate: number;
  revenue: Money[];
  epc: Money[];
  byCurrency: CurrencyFigures[];
};
type QuickStats = {
  startDate: string;
  endDate: string;
  clicks: number;
  conversions: number;
  payout: Money[];
  ytdPayout: Money[];
};
type TopOffer = Stats & {
  rank: number;
  offer: {
    id: number;
    name: string;
    countries: string[];
    conversionType: string;
    payout: { amount: number | null; percent: number | null; currency: string } | null;
  };
};
type DailyRow = Stats & { label: string; isTotal: boolean };
type Config = {
  partner: { id: number; paymentCurrency: string } | null;
  user: { timezone: string | null };
  countries: { isoCode: string; name: string }[];
  data: { conversionTypeList: { value: string; label: string }[] };
};

// Formatting computed here, independently of the app: French locale, currency ISO code, minor units.
const fr = (options: Intl.NumberFormatOptions) => new Intl.NumberFormat('fr-FR', options);
const money = (minor: number, currency: string) => {
  const format = fr({ style: 'currency', currency });
  return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
};
const moneyList = (list: Money[], fallback: string) => {
  const shown = list.filter((m) => m.amount !== 0);
  return shown.length === 0 ? money(0, fallback) : shown.map((m) => money(m.amount, m.currency)).join(' · ');
};
const count = (value: number) => fr({ maximumFractionDigits: 0 }).format(value);
const percent = (ratio: number) =>
  fr({ style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(ratio);
const payoutText = (payout: TopOffer['offer']['payout']) =>
  payout
    ? [
        payout.amount !== null ? money(payout.amount, payout.currency) : null,
        payout.percent !== null ? percent(payout.percent / 10_000) : null,
      ]
        .filter(Boolean)
        .join(' + ')
    : '';

/** yyyy-MM-dd on the wall clock of a whole-hour offset ('+02:00'); null is UTC. */
function localDay(now: Date, offset: string | null, plusDays = 0): string {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset ?? '');
  const minutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  return new Date(now.getTime() + minutes * 60_000 + plusDays * 86_400_000).toISOString().slice(0, 10);
}

async function apiGet<T>(request: APIRequestContext, bearer: string, url: string): Promise<T> {
  const response = await request.get(url, { headers: { authorization: `Bearer ${bearer}` } });
  expect(response.status(), url).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

const text = (locator: Locator) => locator.innerText();

type DashboardApi = { quick: QuickStats; global: Record<string, Stats>; top: TopOffer[] };

test.describe('dashboard', () => {
  let bearer: string;
  let config: Config;
  let currency: string;

  test.beforeEach(async ({ context, request }) => {
    ({ bearer } = await useApiSession(context, request, DEMO.partner));
    config = await apiGet<Config>(request, bearer, '/api/v1/config');
    currency = config.partner?.paymentCurrency ?? 'EUR';
  });

  const readApi = async (request: APIRequestContext): Promise<DashboardApi> => ({
    quick: await apiGet<QuickStats>(request, bearer, '/api/v1/statistics/home/quick-stats'),
    global: await apiGet<Record<string, Stats>>(request, bearer, '/api/v1/statistics/home/global'),
    top: await apiGet<TopOffer[]>(request, bearer, '/api/v1/statistics/home/top-offers?date=week'),
  });

  /**
   * Loads the dashboard between two identical API readings, so the screen shows exactly those numbers even
   * while other specs send traffic for the same partner (the first reading is retried until it holds).
   */
  async function loadStable(page: Page, request: APIRequestContext): Promise<DashboardApi> {
    let settled: DashboardApi | null = null;
    await expect(async () => {
      const before = await readApi(request);
      await page.goto('/');
      await expect(page.getByTestId('quick-stats-clicks')).toBeVisible();
      await expect(page.getByTestId('global-performance-table')).toBeVisible();
      await expect(page.getByTestId('top-offers-loaded').or(page.getByTestId('top-offers-empty'))).toBeVisible();
      const after = await readApi(request);
      expect(after).toEqual(before);
      settled = after;
    }).toPass({ timeout: 45_000 });
    return settled!;
  }

  test('shows every block with its exact labels and the numbers the API returns', async ({ page, request }) => {
    const api = await loadStable(page, request);
    await expectShell(page);

    const titles = page.getByTestId('block-title');
    await expect(page.getByTestId('quick-stats').getByTestId('block-title')).toHaveText('Quick Stats: Last 7 Days');
    await expect(page.getByTestId('news-block').getByRole('heading', { name: "What's New" })).toBeVisible();
    await expect(page.getByTestId('global-performance').getByTestId('block-title')).toHaveText('Global Performance');
    await expect(page.getByTestId('top-offers').getByTestId('block-title')).toHaveText('Top Offers');
    await expect(titles).toHaveCount(4);

    // Quick stats: the last 7 days, today included, and the year-to-date payout under its fixed label.
    expect(api.quick.endDate).toBe(localDay(new Date(), config.user.timezone));
    expect(api.quick.startDate).toBe(localDay(new Date(), config.user.timezone, -6));
    const tile = (id: string) => page.getByTestId(id);
    await expect(tile('quick-stats-clicks').getByTestId('label')).toHaveText('CLICKS');
    await expect(tile('quick-stats-clicks').getByTestId('value')).toHaveText(count(api.quick.clicks));
    await expect(tile('quick-stats-conversions').getByTestId('label')).toHaveText('CONVERSIONS');
    await expect(tile('quick-stats-conversions').getByTestId('value')).toHaveText(count(api.quick.conversions));
    await expect(tile('quick-stats-payout').getByTestId('label')).toHaveText('PAYOUT');
    await expect(tile('quick-stats-payout').getByTestId('value')).toHaveText(moneyList(api.quick.payout, currency));
    await expect(tile('quick-stats-ytd-payout').getByTestId('label')).toHaveText(
      `PAYOUT (${localDay(new Date(), config.user.timezone).slice(0, 4)} YTD)`,
    );
    await expect(tile('quick-stats-ytd-payout').getByTestId('value')).toHaveText(
      moneyList(api.quick.ytdPayout, currency),
    );

    // Global performance: month (mtd) and year (ytd) revenue, then the six periods.
    await expect(tile('global-month-revenue').getByTestId('value')).toHaveText(
      moneyList(api.global.mtd!.revenue, currency),
    );
    await expect(tile('global-year-revenue').getByTestId('value')).toHaveText(
      moneyList(api.global.ytd!.revenue, currency),
    );
    const table = page.getByTestId('global-performance-table');
    await expect(table.locator('thead th')).toHaveText([
      'Period',
      'Clicks',
      'Conversions',
      'Conversion Rate',
      'EPC',
      'Revenue',
    ]);
    const periods = [
      ['today', 'Today'],
      ['wtd', 'Week to date'],
      ['week', '7 days'],
      ['mtd', 'Month to date'],
      ['month', '30 days'],
      ['year', '12 months'],
    ] as const;
    const rows = table.getByTestId('global-performance-row');
    await expect(rows).toHaveCount(periods.length);
    for (const [i, [period, label]] of periods.entries()) {
      const row = rows.nth(i);
      const stats = api.global[period]!;
      await expect(row).toHaveAttribute('data-period', period);
      expect(
        await Promise.all(
          ['period', 'clicks', 'conversions', 'conversion-rate', 'epc', 'revenue'].map((id) =>
            text(row.getByTestId(id)),
          ),
        ),
      ).toEqual([
        label,
        count(stats.clicks),
        count(stats.conversions),
        formatConversionRates(stats),
        moneyList(stats.epc, currency),
        moneyList(stats.revenue, currency),
      ]);
    }
    // The periods nest: what is in today is in the week, the 30 days and the 12 months.
    const g = api.global;
    expect(g.today!.clicks).toBeLessThanOrEqual(g.week!.clicks);
    expect(g.week!.clicks).toBeLessThanOrEqual(g.month!.clicks);
    expect(g.month!.clicks).toBeLessThanOrEqual(g.year!.clicks);
    expect(g.week!.clicks).toBe(api.quick.clicks);
    expect(g.week!.conversions).toBe(api.quick.conversions);

    // Top offers: the week for all countries by default.
    await expect(page.getByTestId('top-offers-country')).toHaveValue('All countries');
    await expect(page.getByTestId('top-offers-period')).toHaveValue('Week');
    await expectTopOffers(page, api.top);
  });

  async function expectTopOffers(page: Page, top: TopOffer[]) {
    if (top.length === 0) {
      await expect(page.getByTestId('top-offers-empty')).toHaveText('No offer had traffic in this period.');
      return;
    }
    const table = page.getByTestId('top-offers-table');
    await expect(table.locator('thead th')).toHaveText(['Rank', 'Name', 'Geos', 'Payout Mode', 'Payout', 'EPC']);
    const rows = table.getByTestId('top-offer-row');
    await expect(rows).toHaveCount(top.length);
    const payoutModes = new Map(config.data.conversionTypeList.map((item) => [item.value, item.label]));
    for (const [i, row] of top.entries()) {
      const line = rows.nth(i);
      await expect(line.getByTestId('rank')).toHaveText(String(row.rank));
      await expect(line.getByTestId('name')).toHaveText(row.offer.name);
      await expect(line.getByTestId('name')).toHaveAttribute('href', `/offer/${row.offer.id}`);
      await expect(line.getByTestId('geos')).toHaveAttribute('data-count', String(row.offer.countries.length));
      await expect(line.getByTestId('geos').getByTestId('country-flag')).toHaveCount(
        Math.min(5, row.offer.countries.length),
      );
      await expect(line.getByTestId('payout-mode')).toHaveText(payoutModes.get(row.offer.conversionType) ?? '');
      await expect(line.getByTestId('payout')).toHaveText(payoutText(row.offer.payout));
      await expect(line.getByTestId('epc')).toHaveText(moneyList(row.epc, currency));
    }
  }

  test('top offers filters change the call and the table', async ({ page, request }) => {
    await loadStable(page, request);
    const topCall = (query: string) =>
      page.waitForResponse((r) => r.url().endsWith(`/api/v1/statistics/home/top-offers?${query}`) && r.ok());

    // Period: a year.
    let answer = topCall('date=year');
    await page.getByTestId('top-offers-period').click();
    await page.getByRole('option', { name: 'Year', exact: true }).click();
    let rows = ((await (await answer).json()) as { data: TopOffer[] }).data;
    await expect(page.getByTestId('top-offers-period')).toHaveValue('Year');
    await expectTopOffers(page, rows);

    // Country: one the first offer of the year runs in (or the first of the list when there is none).
    const countryCode = rows[0]?.offer.countries[0] ?? config.countries[0]!.isoCode;
    const countryName = config.countries.find((c) => c.isoCode === countryCode)!.name;
    answer = topCall(`country=${countryCode}&date=year`);
    await page.getByTestId('top-offers-country').click();
    // Dropdown menus are at most 300 px high (spec section 9): the theme's default for every select.
    const listbox = page.getByRole('listbox');
    await expect(listbox).toBeVisible();
    // Mantine scrolls the options in a box inside the listbox: the first element there, or above, with a limit.
    const maxHeight = await listbox.evaluate((element) => {
      const inside = [element, ...element.querySelectorAll('*')];
      for (const node of inside) {
        const value = getComputedStyle(node).maxHeight;
        if (value !== 'none') return value;
      }
      for (let node = element.parentElement; node; node = node.parentElement) {
        const value = getComputedStyle(node).maxHeight;
        if (value !== 'none') return value;
      }
      return 'none';
    });
    expect(maxHeight).toBe('300px');
    await page.getByTestId('top-offers-country').fill(countryName);
    await page.getByRole('option', { name: countryName, exact: true }).click();
    rows = ((await (await answer).json()) as { data: TopOffer[] }).data;
    await expect(page.getByTestId('top-offers-country')).toHaveValue(countryName);
    for (const row of rows) expect(row.offer.countries).toContain(countryCode);
    await expectTopOffers(page, rows);
    // The test's own call with the same filters answers the same offers.
    const direct = await apiGet<TopOffer[]>(
      request,
      bearer,
      `/api/v1/statistics/home/top-offers?country=${countryCode}&date=year`,
    );
    expect(direct.map((r) => r.offer.id)).toEqual(rows.map((r) => r.offer.id));
  });

  test('charts the last 30 days of clicks and conversions in the partner time zone', async ({ page }) => {
    const daily = page.waitForResponse((r) => r.url().includes('/api/v1/statistics/daily?') && r.ok());
    await page.goto('/');
    const response = await daily;
    const url = new URL(response.url());
    const today = localDay(new Date(), config.user.timezone);
    expect(url.searchParams.get('endDate')).toBe(today);
    expect(url.searchParams.get('startDate')).toBe(localDay(new Date(), config.user.timezone, -29));
    const rows = ((await response.json()) as { data: DailyRow[] }).data;
    const total = rows.at(-1)!;
    expect(total.isTotal).toBe(true);

    const block = page.getByTestId('traffic-chart');
    await expect(block.getByTestId('block-title')).toHaveText('Clicks and Conversions: Last 30 Days');
    // The chart's chunk comes when the chart nears the viewport (decision 048).
    await block.scrollIntoViewIfNeeded();
    const chart = block.getByTestId('traffic-chart-svg');
    await expect(chart).toHaveAttribute('data-points', '30');
    // The chart plots the days, not the totals row: its sums are the totals.
    await expect(chart).toHaveAttribute('data-clicks', String(total.clicks));
    await expect(chart).toHaveAttribute('data-conversions', String(total.conversions));
    await expect(chart.getByRole('img', { name: 'Clicks and Conversions: Last 30 Days' })).toBeVisible();
    await expect(block.getByTestId('traffic-chart-empty')).toHaveCount(total.clicks + total.conversions === 0 ? 1 : 0);
    // Two lines (clicks, conversions), one point per day on the x axis.
    await expect(chart.locator('.line-chart-line')).toHaveCount(2);
    await expect(chart.getByTestId('line-chart-legend')).toContainText('Clicks');
    await expect(chart.getByTestId('line-chart-legend')).toContainText('Conversions');
  });

  test("asks for its news beside the screen's scripts, and the first news picture before the carousel is drawn", async ({
    page,
  }) => {
    // The dashboard's own script held back: whatever waits for the screen (its components) cannot have asked yet.
    let releaseScreen!: () => void;
    const screenHeld = new Promise<void>((resolve) => (releaseScreen = resolve));
    await page.route(/\/assets\/dashboard-[\w-]+\.js$/, async (route) => {
      await screenHeld;
      await route.continue();
    });
    const news = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/v1/news');
    const picture = page.waitForRequest((r) => /\/api\/v1\/image\/\d+\?w=640&h=360&c=1$/.test(r.url()));
    await page.goto('/');
    const newsRequest = await news;
    expect(new URL(newsRequest.url()).searchParams.get('groups')).toBe('image');
    const first = (await (await newsRequest.response())!.json()) as { data: { image: string | null }[] };
    const pictureRequest = await picture;
    expect(new URL(pictureRequest.url()).pathname).toBe(first.data.find((n) => n.image)!.image);
    await expect(page.getByTestId('news-card')).toHaveCount(0);
    releaseScreen();
    await expect(page.getByTestId('news-card').first()).toBeVisible();
    await expect(page.getByTestId('news-card-image').first()).toHaveAttribute('fetchpriority', 'high');
  });

  test('draws the cap warnings with the first render: nothing below them moves (decision 135)', async ({ page }) => {
    // A warning, answered late (after the configuration), as a slow line would: the loader waits for it.
    const warning = { offerId: 1, offerName: 'Held Cap Offer', scope: 'partner', metric: 'clicks', period: 'day', percent: 92, currency: 'EUR', limit: 100, remaining: 8, resetsAt: null }; // prettier-ignore
    await page.route('**/api/v1/caps/warnings', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.fulfill({ json: { status: 200, message: null, data: [warning], errors: null } });
    });
    // Every layout shift of the load, as Lighthouse sums them (those right after an input left out), and whether it
    // moved the quick stats.
    await page.addInitScript(() => {
      type Shift = { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] };
      const shifts: { value: number; quickStats: boolean }[] = [];
      (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
      const isQuickStats = (node: Node | null) =>
        node instanceof Element &&
        (node.closest('[data-testid="quick-stats"]') !== null ||
          node.querySelector('[data-testid="quick-stats"]') !== null);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Shift[])
          if (!entry.hadRecentInput)
            shifts.push({ value: entry.value, quickStats: entry.sources.some((source) => isQuickStats(source.node)) });
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const quickStats = page.getByTestId('quick-stats');
    const quickStatsAppear = page.waitForSelector('[data-testid="quick-stats"]');
    await page.goto('/');
    await quickStatsAppear;
    const firstTop = (await quickStats.boundingBox())?.y;
    // When the quick stats are first in the page, the alert above them is already there.
    await expect(page.getByTestId('cap-warnings')).toBeVisible({ timeout: 1 });
    await expect(page.getByTestId('cap-warning')).toContainText('Held Cap Offer');
    await expect(page.getByTestId('top-offers-loaded').or(page.getByTestId('top-offers-empty'))).toBeVisible();
    await expect(page.getByTestId('news-card').first()).toBeVisible();
    expect((await quickStats.boundingBox())?.y).toBe(firstTop);
    const shifts = await page.evaluate(
      () => (window as unknown as { layoutShifts: { value: number; quickStats: boolean }[] }).layoutShifts,
    );
    expect(shifts.filter((shift) => shift.quickStats)).toEqual([]);
    // The whole load under what Lighthouse calls good (0.1); the news carousel's own settling is what is left.
    expect(shifts.reduce((sum, shift) => sum + shift.value, 0)).toBeLessThan(0.1);
  });
});
