import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, apiLogin, expectShell, useApiSession } from '../fixtures.js';

type ApiOffer = {
  id: number;
  name: string;
  countries: string[];
  conversionType: string;
  requireApproval: boolean;
  private: boolean;
  partnerStatus: string;
  verticalItems: { identifier: string; name: string }[];
  payout: { amount: number | null; percent: number | null; currency: string } | null;
};
type OfferPage = { list: ApiOffer[]; total: number };

/** A partner that can never see Northwind's private offer: Kestrel Digital, through a user no other spec signs in with. */
const KESTREL_REPORTS = { email: 'kestrel.reports@demo.test', password: 'Partner2025!' };
/** Seeded private offers (apps/server/src/seed/catalogue.ts, DEMO_OFFERS). */
const PRIVATE_WITH_ACCESS = 'Kapital Card – FR – Card Activation';
const PRIVATE_WITHOUT_ACCESS = 'CoinVault – EU – Trading Fees RevShare';

async function apiOffers(
  request: APIRequestContext,
  bearer: string,
  query: Record<string, string>,
): Promise<OfferPage> {
  const params = new URLSearchParams({ page: '1', count: '50', ...query });
  const response = await request.get(`/api/v1/offer?${params}`, { headers: { authorization: `Bearer ${bearer}` } });
  expect(response.status(), `GET /offer?${params}`).toBe(200);
  return ((await response.json()) as { data: OfferPage }).data;
}

const rowIds = (page: Page) =>
  page.getByTestId('offer-row').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-offer-id'))));

/** Waits until the table shows exactly these offers, in this order. */
async function expectRows(page: Page, expected: OfferPage) {
  if (expected.list.length === 0) {
    await expect(page.getByTestId('offers-empty')).toHaveText('No offer matches these filters.');
    await expect(page.getByTestId('offer-row')).toHaveCount(0);
    return;
  }
  await expect.poll(() => rowIds(page), { timeout: 15_000 }).toEqual(expected.list.map((o) => o.id));
  await expect(page.getByTestId('offers-total')).toHaveAttribute('data-total', String(expected.total));
}

async function pickOption(page: Page, testId: string, option: string, search?: string) {
  const input = page.getByTestId(testId);
  await input.click();
  if (search) await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

test.describe('offer list', () => {
  let bearer: string;

  test.beforeEach(async ({ page, context, request }) => {
    ({ bearer } = await useApiSession(context, request, DEMO.partner));
    await page.goto('/offers');
    await expectShell(page);
  });

  test('shows the columns and the first 50 offers the API answers', async ({ page, request }) => {
    await expect(page.getByTestId('page-title')).toHaveText('Offers');
    const headers = page.getByTestId('offers-table').locator('thead th');
    await expect(headers).toHaveText([
      'ID',
      'Image',
      'Name',
      'Geos',
      'Payout type',
      'Payout',
      'Your EPC (30 days)',
      'Network EPC (30 days)',
      'Approval status',
      'Verticals',
    ]);
    const expected = await apiOffers(request, bearer, {});
    expect(expected.total).toBeGreaterThan(50);
    await expectRows(page, expected);
    await expect(page.getByTestId('offer-row')).toHaveCount(50);

    const first = expected.list[0] as ApiOffer;
    const row = page.locator(`[data-testid="offer-row"][data-offer-id="${first.id}"]`);
    await expect(row.getByTestId('offer-name')).toHaveText(first.name);
    await expect(row.getByTestId('offer-name')).toHaveAttribute('href', `/offer/${first.id}`);
    await expect(row.getByTestId('offer-verticals')).toHaveText(first.verticalItems.map((v) => v.name).join(' / '));
    const image = row.getByTestId('offer-image');
    await expect(image).toHaveAttribute('src', /\/api\/v1\/image\/\d+\?w=112&h=112&c=1$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(112);
    // Every row's badge is the partner's status of the offer. The detail spec may apply to one offer
    // meanwhile (another worker), so the API is asked after the screen and only that change is allowed.
    const statuses = await page
      .getByTestId('offer-status')
      .evaluateAll((badges) => badges.map((b) => b.getAttribute('data-status')));
    const now = (await apiOffers(request, bearer, {})).list.map((o) => o.partnerStatus);
    expect(statuses).toHaveLength(now.length);
    statuses.forEach((status, i) => {
      if (status !== now[i]) expect([status, now[i]]).toEqual(['apply_to_run', 'pending']);
    });
    expect(new Set(statuses).size).toBeGreaterThan(2);

    // The earlier reading's path shows the same list.
    await page.goto('/offer');
    await expect(page.getByTestId('page-title')).toHaveText('Offers');
    await expectRows(page, expected);
  });

  test('each filter, submitted, narrows the rows to what the API answers and lands in the URL', async ({
    page,
    request,
  }) => {
    test.slow();
    const all = await apiOffers(request, bearer, {});

    // Name search: a brand of the catalogue, typed in lower case (the search ignores case).
    const term = (all.list[3]?.name.split(' ')[0] ?? '').toLowerCase();
    expect(term.length).toBeGreaterThan(2);
    await page.getByTestId('filter-name').fill(term);
    await page.getByTestId('filter-submit').click();
    await expect(page).toHaveURL(`/offers?name=${encodeURIComponent(term)}`);
    const byName = await apiOffers(request, bearer, { name: term });
    expect(byName.total).toBeGreaterThan(0);
    expect(byName.total).toBeLessThan(all.total);
    await expectRows(page, byName);
    for (const offer of byName.list) expect(offer.name.toLowerCase()).toContain(term);
    await page.goto('/offers');

    // Payout type.
    await pickOption(page, 'filter-payout-type', 'CPL');
    await page.getByTestId('filter-submit').click();
    await expect(page).toHaveURL(/\?conversionType=cpl$/);
    const cpl = await apiOffers(request, bearer, { conversionType: 'cpl' });
    expect(cpl.total).toBeGreaterThan(0);
    expect(cpl.list.every((o) => o.conversionType === 'cpl')).toBe(true);
    await expectRows(page, cpl);
    await expect(page.getByTestId('offer-payout-type').first()).toHaveText('CPL');
    await page.goto('/offers');

    // Verticals (multi-select): any of them.
    await pickOption(page, 'filter-verticals', 'Finance', 'Fin');
    await pickOption(page, 'filter-verticals', 'Insurance', 'Insu');
    await page.getByTestId('filter-submit').click();
    await expect(page).toHaveURL(/\?verticals=finance%2Cinsurance$/);
    const verticals = await apiOffers(request, bearer, { verticals: 'finance,insurance' });
    expect(verticals.total).toBeGreaterThan(0);
    expect(verticals.total).toBeLessThan(all.total);
    for (const offer of verticals.list) {
      expect(offer.verticalItems.some((v) => ['finance', 'insurance'].includes(v.identifier))).toBe(true);
    }
    await expectRows(page, verticals);

    // Status: Apply to run, then Public.
    await page.goto('/offers');
    await pickOption(page, 'filter-status', 'Apply to run');
    await page.getByTestId('filter-submit').click();
    await expect(page).toHaveURL(/\?status=apply_to_run$/);
    const approval = await apiOffers(request, bearer, { partnerStatus: 'apply_to_run' });
    expect(approval.list.every((o) => o.requireApproval && o.partnerStatus === 'apply_to_run')).toBe(true);
    await expectRows(page, approval);
    await pickOption(page, 'filter-status', 'Public');
    await page.getByTestId('filter-submit').click();
    await expect(page).toHaveURL(/\?status=public$/);
    const open = await apiOffers(request, bearer, { partnerStatus: 'public' });
    expect(open.list.every((o) => !o.requireApproval && o.partnerStatus === 'public')).toBe(true);
    await expectRows(page, open);
    // "My approved offers" is one status of the same filter.
    await pickOption(page, 'filter-status', 'Active');
    await page.getByTestId('filter-submit').click();
    await expect(page).toHaveURL(/\?status=active$/);
    const approved = await apiOffers(request, bearer, { partnerStatus: 'active' });
    expect(approved.total).toBeGreaterThan(0);
    expect(approved.list.every((o) => o.partnerStatus === 'active')).toBe(true);
    await expectRows(page, approved);
    const statuses = ['pending', 'refused'];
    const rest = await Promise.all(statuses.map((status) => apiOffers(request, bearer, { partnerStatus: status })));
    expect(open.total + approval.total + approved.total + rest.reduce((n, p) => n + p.total, 0)).toBe(all.total);

    // Countries (multi-select with flags): any of them.
    await page.goto('/offers');
    await pickOption(page, 'filter-countries', 'Belgium', 'Belgium');
    await pickOption(page, 'filter-countries', 'Switzerland', 'Switz');
    await page.getByTestId('filter-submit').click();
    await expect(page).toHaveURL(/\?countries=BE%2CCH$/);
    const countries = await apiOffers(request, bearer, { countries: 'BE,CH' });
    expect(countries.total).toBeGreaterThan(0);
    expect(countries.total).toBeLessThan(all.total);
    for (const offer of countries.list) expect(offer.countries.some((c) => c === 'BE' || c === 'CH')).toBe(true);
    await expectRows(page, countries);
  });

  test('combined filters come from a shareable URL, survive a reload and refill the form', async ({
    page,
    request,
  }) => {
    const query = { verticals: 'finance,insurance,ecommerce', countries: 'FR', partnerStatus: 'public' };
    const expected = await apiOffers(request, bearer, query);
    const single = await apiOffers(request, bearer, { countries: 'FR' });
    expect(expected.total).toBeGreaterThan(0);
    expect(expected.total).toBeLessThan(single.total);

    await page.goto('/offers?verticals=finance,insurance,ecommerce&countries=FR&status=public');
    await expectRows(page, expected);
    await expect(page.getByTestId('filter-status')).toHaveValue('Public');
    await expect(page.getByTestId('filter-verticals').locator('..').locator('..')).toContainText('Finance');
    await page.reload();
    await expectRows(page, expected);

    // Adding a name narrows further; the URL keeps every filter.
    const withName = await apiOffers(request, bearer, { ...query, name: 'fr' });
    await page.getByTestId('filter-name').fill('fr');
    await page.getByTestId('filter-submit').click();
    await expect(page).toHaveURL(/name=fr&verticals=finance%2Cinsurance%2Cecommerce&status=public&countries=FR$/);
    await expectRows(page, withName);

    // Back goes to the previous filtered list.
    await page.goBack();
    await expectRows(page, expected);
    await expect(page.getByTestId('filter-name')).toHaveValue('');
  });

  test('an impossible filter shows the empty state', async ({ page }) => {
    await page.getByTestId('filter-name').fill('no-such-offer-anywhere');
    await page.getByTestId('filter-submit').click();
    await expect(page.getByTestId('offers-empty')).toHaveText('No offer matches these filters.');
    await expect(page.getByTestId('offers-pagination')).toHaveCount(0);
    // One click back to every offer.
    await page.getByTestId('offers-reset').click();
    await expect(page).toHaveURL(/\/offers$/);
    await expect(page.getByTestId('offer-row')).toHaveCount(50);
    await expect(page.getByTestId('filter-name')).toHaveValue('');
  });

  test('the search box finds an offer by its id as well as by name', async ({ page, request }) => {
    const all = await apiOffers(request, bearer, { count: '500' });
    const target = all.list.find((o) => !/\d/.test(o.name)) as ApiOffer;
    await page.getByTestId('filter-name').fill(String(target.id));
    await page.getByTestId('filter-submit').click();
    await expect(page).toHaveURL(`/offers?name=${target.id}`);
    await expectRows(page, await apiOffers(request, bearer, { name: String(target.id) }));
    const row = page.locator(`[data-testid="offer-row"][data-offer-id="${target.id}"]`);
    await expect(row.getByTestId('offer-id')).toHaveText(String(target.id));
    await expect(row.getByTestId('offer-name')).toHaveText(target.name);
  });

  test('sortable headers order the list as the API does, and every payout cell says something', async ({
    page,
    request,
  }) => {
    await page.getByTestId('sort-payout').getByRole('button').click();
    await expect(page).toHaveURL(/\?sort=payout&order=desc$/);
    await expect(page.getByTestId('sort-payout')).toHaveAttribute('aria-sort', 'descending');
    await expectRows(page, await apiOffers(request, bearer, { sortName: 'payout', sortOrder: 'desc' }));
    await page.getByTestId('sort-payout').getByRole('button').click();
    await expect(page).toHaveURL(/\?sort=payout&order=asc$/);
    await expectRows(page, await apiOffers(request, bearer, { sortName: 'payout', sortOrder: 'asc' }));

    await page.getByTestId('sort-epc').getByRole('button').click();
    await expect(page).toHaveURL(/\?sort=epc&order=desc$/);
    await expectRows(page, await apiOffers(request, bearer, { sortName: 'epc', sortOrder: 'desc' }));
    // Northwind has traffic: its best offer's EPC is a sum of money, the network's too for a public offer.
    const first = page.getByTestId('offer-row').first();
    await expect(first.getByTestId('offer-epc')).toHaveText(/^\d+,\d{2}\s\S+$/u);

    await page.getByTestId('sort-name').getByRole('button').click();
    await expect(page).toHaveURL(/\?sort=name&order=asc$/);
    await expectRows(page, await apiOffers(request, bearer, { sortName: 'name', sortOrder: 'asc' }));

    // The click-paid offer of the demo has no registration payout, but its cell shows what a click earns.
    await page.goto('/offers?name=Gift+Card+Giveaway+%E2%80%93+US');
    const clickPaid = page.getByTestId('offer-row').first();
    await expect(clickPaid.getByTestId('offer-payout')).toHaveText(/^\d+,\d{2}\s\$US$/u);
    await page.goto('/offers');
    await expect(page.getByTestId('offer-payout')).toHaveCount(50);
    const cells = await page.getByTestId('offer-payout').allTextContents();
    for (const cell of cells) expect(cell.trim()).not.toBe('');
  });

  test('paginates by 50 with the page in the URL', async ({ page, request }) => {
    const first = await apiOffers(request, bearer, {});
    const second = await apiOffers(request, bearer, { page: '2' });
    const pages = Math.ceil(first.total / 50);
    await expectRows(page, first);
    const pagination = page.getByTestId('offers-pagination');
    await expect(pagination.getByTestId('pagination-page')).toHaveText(
      Array.from({ length: Math.min(pages, 6) }, (_, i) => String(i + 1)),
    );
    await expect(pagination.getByRole('button', { name: 'Page 1' })).toHaveAttribute('data-active', 'true');

    await pagination.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expectRows(page, second);
    expect(second.list.map((o) => o.id)).not.toContain(first.list[0]?.id);
    await page.reload();
    await expectRows(page, second);
    await expect(pagination.getByRole('button', { name: 'Page 2' })).toHaveAttribute('data-active', 'true');

    await pagination.getByTestId('pagination-previous').click();
    await expect(page).toHaveURL(/\/offers$/);
    await expectRows(page, first);

    // A new search starts again from the first page.
    await page.goto('/offers?page=2');
    await pickOption(page, 'filter-status', 'Public');
    await page.getByTestId('filter-submit').click();
    await expect(page).toHaveURL(/\?status=public$/);
  });

  test('geos show the first five flags and a ...(n) expander for the rest', async ({ page, request }) => {
    const all = await apiOffers(request, bearer, {});
    const many = all.list.find((o) => o.countries.length > 5);
    const few = all.list.find((o) => o.countries.length <= 5);
    if (!many || !few) throw new Error('the seeded first page needs offers with more and fewer than 5 countries');
    await expectRows(page, all);

    const geos = page.locator(`[data-testid="offer-row"][data-offer-id="${many.id}"]`).getByTestId('offer-geos');
    const flags = geos.getByTestId('country-flag');
    await expect(flags).toHaveCount(5);
    expect(await flags.evaluateAll((elements) => elements.map((f) => f.dataset.code))).toEqual(
      many.countries.slice(0, 5),
    );
    const toggle = geos.getByTestId('country-flags-toggle');
    await expect(toggle).toHaveText(`...(${many.countries.length - 5})`);
    await toggle.click();
    await expect(flags).toHaveCount(many.countries.length);
    expect(await flags.evaluateAll((elements) => elements.map((f) => f.dataset.code))).toEqual(many.countries);
    await expect(flags.first()).toHaveAttribute('title', /\S+/);
    // Every flag drawn is a picture that arrived (decision 149: addresses computed from the flags' folder), cached for
    // good under /assets/ (a changed flag changes the folder's name).
    await expect
      .poll(() => flags.evaluateAll((elements) => elements.map((f) => (f as HTMLImageElement).naturalWidth > 0)))
      .toEqual(many.countries.map(() => true));
    const src = await flags.first().getAttribute('src');
    expect(src).toMatch(/^\/assets\/flags-[0-9a-f]{10}\/[A-Z]{2}\.svg$/);
    const served = await request.get(src!);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toContain('image/svg+xml');
    expect(served.headers()['cache-control']).toContain('immutable');
    await toggle.click();
    await expect(flags).toHaveCount(5);

    const fewGeos = page.locator(`[data-testid="offer-row"][data-offer-id="${few.id}"]`).getByTestId('offer-geos');
    await expect(fewGeos.getByTestId('country-flag')).toHaveCount(few.countries.length);
    await expect(fewGeos.getByTestId('country-flags-toggle')).toHaveCount(0);
  });

  test('a private offer is listed only for a partner with access', async ({ page, request }) => {
    // Northwind runs the private Kapital Card offer (an active application): it sees it.
    const granted = await apiOffers(request, bearer, { name: 'Kapital Card' });
    const kapital = granted.list.find((o) => o.name === PRIVATE_WITH_ACCESS);
    expect(kapital?.private).toBe(true);
    await page.goto(`/offers?name=${encodeURIComponent('Kapital Card')}`);
    await expect(page.getByTestId('offer-name').filter({ hasText: PRIVATE_WITH_ACCESS })).toHaveCount(1);

    // Another partner, without an application, sees neither the row nor the offer itself.
    const other = await apiLogin(request, KESTREL_REPORTS);
    const hidden = await apiOffers(request, other.bearer, { name: 'Kapital Card' });
    expect(hidden.list.map((o) => o.name)).not.toContain(PRIVATE_WITH_ACCESS);
    const detail = await request.get(`/api/v1/offer/${kapital?.id}`, {
      headers: { authorization: `Bearer ${other.bearer}` },
    });
    expect(detail.status()).toBe(404);

    // A private offer Northwind has no access to: absent from its list and its search.
    await page.goto(`/offers?name=${encodeURIComponent('CoinVault')}`);
    const coinVault = await apiOffers(request, bearer, { name: 'CoinVault' });
    expect(coinVault.total).toBeGreaterThan(0);
    await expectRows(page, coinVault);
    await expect(page.getByTestId('offer-name').filter({ hasText: PRIVATE_WITHOUT_ACCESS })).toHaveCount(0);
  });
});
