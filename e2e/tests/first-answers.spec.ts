import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { CONFIG_REQUEST, FIRST_ANSWERS_ELEMENT_ID, firstRequestsOf } from '@portal/contracts';
import { DEMO, baseURL, useApiSession, watchCspViolations, type Account } from '../fixtures.js';

/**
 * A signed-in reader's page carries the answers its screen asks first (decision 151): the configuration and, on the
 * screens whose largest element waits for its data, that data. The screen takes them from the page: none of those
 * requests goes to the server, and the screen is drawn from them. The addresses are the contracts' `firstRequestsOf`:
 * a screen that asked another address would send it, and these tests would see it.
 */

/** The API requests a page load sends (path and query), in order, from the moment the page is asked. */
function apiRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) sent.push(`${url.pathname}${url.search}`);
  });
  return sent;
}

async function signedIn(context: BrowserContext, request: Parameters<typeof useApiSession>[1], account: Account) {
  await useApiSession(context, request, account);
  return context.newPage();
}

const SCREENS = [
  { name: 'offers', path: '/offers', account: DEMO.partner, ready: 'offer-payout' },
  { name: 'payments', path: '/payments', account: DEMO.partner, ready: 'payments-table' },
  { name: 'staff home', path: '/staff', account: DEMO.admin, ready: 'staff-home-numbers' },
];

for (const screen of SCREENS) {
  test(`${screen.name}: drawn from the answers its page carries, none of them asked again`, async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext();
    const page = await signedIn(context, request, screen.account);
    const csp = watchCspViolations(page);
    const sent = apiRequests(page);
    const answer = await page.goto(screen.path);
    expect(answer?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByTestId(screen.ready).first()).toBeVisible();
    const carried = firstRequestsOf(screen.path);
    expect(carried.length).toBeGreaterThan(1);
    for (const url of carried) expect(sent, url).not.toContain(url);
    // The block was read and removed; nothing broke the page's policy.
    await expect(page.locator(`#${FIRST_ANSWERS_ELEMENT_ID}`)).toHaveCount(0);
    expect(csp).toEqual([]);
    await context.close();
  });
}

test('an offer’s page is drawn from its answers', async ({ browser, request }) => {
  const context = await browser.newContext();
  const page = await signedIn(context, request, DEMO.partner);
  const token = (await context.cookies()).find((cookie) => cookie.name === 'token')?.value;
  const list = await request.get(`${baseURL()}/api/v1/offer?count=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const id = ((await list.json()) as { data: { list: { id: number }[] } }).data.list[0]?.id;
  expect(id).toBeGreaterThan(0);
  const path = `/offer/${id}`;
  expect(firstRequestsOf(path)).toHaveLength(2);
  const sent = apiRequests(page);
  // The offer's picture (its largest element) is named by the page (decision 158): asked once, before the app draws
  // the <img> that then takes it.
  const pictures: string[] = [];
  page.on('request', (asked) => {
    if (/\/api\/v1\/image\/\d+\?w=250&h=250/.test(asked.url())) pictures.push(asked.url());
  });
  const answer = await page.goto(path);
  await expect(page.getByTestId('tracking-link')).toBeVisible();
  for (const url of firstRequestsOf(path)) expect(sent, url).not.toContain(url);
  const picture = page.getByTestId('offer-detail-image');
  await expect(picture).toHaveJSProperty('complete', true);
  const src = await picture.evaluate((img: HTMLImageElement) => img.src);
  expect(await answer?.text()).toContain(`<link rel="preload" as="image" href="${new URL(src).pathname}${new URL(src).search.replace(/&/g, '&amp;')}"`); // prettier-ignore
  expect(pictures).toEqual([src]);
  await context.close();
});

test('a signed-out reader, or a session that ended, gets the page everybody gets', async ({ browser, request }) => {
  const anonymous = await request.get(`${baseURL()}/offers`, { headers: { cookie: '' } });
  expect(anonymous.headers()['cache-control']).toBe('no-cache');
  expect(await anonymous.text()).not.toContain(FIRST_ANSWERS_ELEMENT_ID);

  const context = await browser.newContext();
  const page = await signedIn(context, request, DEMO.partner);
  const token = (await context.cookies()).find((cookie) => cookie.name === 'token')?.value;
  expect(token).toBeTruthy();
  // The session signed out through the API: its page carries nothing, and the app sends the reader to sign in.
  await request.post(`${baseURL()}/api/v1/logout`, { headers: { authorization: `Bearer ${token}` } });
  const ended = await request.get(`${baseURL()}/offers`, { headers: { cookie: `token=${token}` } });
  expect(ended.headers()['cache-control']).toBe('private, no-store');
  expect(await ended.text()).not.toContain(FIRST_ANSWERS_ELEMENT_ID);
  const sent = apiRequests(page);
  await page.goto('/offers');
  await expect(page).toHaveURL(/\/login/);
  expect(sent).toContain(CONFIG_REQUEST);
  await context.close();
});
