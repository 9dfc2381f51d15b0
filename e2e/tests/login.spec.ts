import { expect, test } from '@playwright/test';
import {
  DEMO,
  TEXT,
  apiLogin,
  expectShell,
  signIn,
  snackbar,
  tokenCookie,
  uniqueEmail,
  useApiSession,
} from '../fixtures.js';

test.describe('login', () => {
  test('signing in as the partner lands on the dashboard with the shell', async ({ page, context }) => {
    await signIn(page, DEMO.partner.email, DEMO.partner.password);
    await expect(page).toHaveURL('/');
    await expectShell(page);
    await expect(page.getByTestId('page-title')).toHaveText('Dashboard');
    expect(await tokenCookie(context)).toBeTruthy();
  });

  test('the chart is downloaded where a chart is drawn, not on the sign-in page', async ({ page }) => {
    const chartChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/charts-[\w-]+\.js$/.test(new URL(request.url()).pathname)) chartChunks.push(request.url());
    });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(chartChunks).toEqual([]);

    await signIn(page, DEMO.partner.email, DEMO.partner.password);
    // The chart's chunk comes when the chart nears the viewport (decision 048).
    await page.getByTestId('traffic-chart').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('traffic-chart-svg').locator('svg.line-chart-surface')).toBeVisible();
    expect(chartChunks).toHaveLength(1);
  });

  test('the global loading overlay covers the page while a sign-in is on its way, and any error stops it', async ({
    page,
  }) => {
    // The server's answer held until the overlay has been seen, then a refusal (no attempt is counted against anyone).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/login', async (route) => {
      await held;
      await route.fulfill({
        status: 503,
        json: { code: 503, success: false, message: 'The service is briefly unavailable.', data: null, errors: null },
      });
    });
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(DEMO.partner.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.partner.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const overlay = page.getByTestId('loading-overlay');
    await expect(overlay).toBeVisible();
    await expect(overlay.getByRole('status', { name: 'Loading…' })).toBeVisible();
    // It lies over the form: the button cannot be pressed again meanwhile.
    const box = (await page.getByRole('button', { name: 'Sign in', exact: true }).boundingBox())!;
    expect(
      await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-testid="loading-overlay"]') !== null,
        { x: box.x + box.width / 2, y: box.y + box.height / 2 },
      ),
    ).toBe(true);
    release();
    await expect(snackbar(page, 'The service is briefly unavailable.')).toBeVisible();
    await expect(overlay).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  });

  test('a wrong password shows the 401 snackbar for about 3 seconds', async ({ page }) => {
    // Playwright's clock, not the wall clock: the 3 s are the page's own timers, moved on by hand below.
    await page.clock.install();
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(DEMO.partner.email);
    // The only wrong-password attempt on partner@demo.test in the whole suite (rate limit: 5 per account).
    await page.getByLabel('Password', { exact: true }).fill('Wrong-password-1');
    // The page's time stands still from here on, but for the steps below.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    const message = snackbar(page, TEXT.badCredentials);
    await expect(message).toBeVisible();
    await expect(message).toHaveText(TEXT.badCredentials);
    await expect(message).toHaveAttribute('data-kind', 'error');
    await expect(page).toHaveURL(/\/login$/);

    // Still there 2.5 s on; gone once 3 s and the 1 s closing animation have passed.
    await page.clock.runFor(2500);
    await expect(message).toBeVisible();
    await page.clock.runFor(2000);
    await expect(message).toBeHidden();
    await page.clock.resume();
  });

  test('an unknown account gets the same message', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('nobody'));
    await page.getByLabel('Password', { exact: true }).fill('Whatever123');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(snackbar(page, TEXT.badCredentials)).toHaveText(TEXT.badCredentials);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the submit button is disabled while a field is empty', async ({ page }) => {
    await page.goto('/login');
    const submit = page.getByRole('button', { name: 'Sign in', exact: true });
    const email = page.getByLabel('Email', { exact: true });
    const password = page.getByLabel('Password', { exact: true });
    await expect(page.getByLabel('Remember me', { exact: true })).not.toBeChecked();
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/password-lost');
    await expect(page.getByRole('link', { name: 'Request an account' })).toHaveAttribute('href', '/register');

    await expect(submit).toBeDisabled();
    await email.fill(DEMO.partner.email);
    await expect(submit).toBeDisabled();
    await password.fill(DEMO.partner.password);
    await expect(submit).toBeEnabled();
    await email.fill('');
    await expect(submit).toBeDisabled();

    // Enter in a field must not sign in either: no sign-in request once the page has handled the key press.
    const signIns: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/login')) signIns.push(r.url());
    });
    await password.press('Enter');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
    expect(signIns).toEqual([]);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a guarded route sends a guest to login with ?redirect, and signing in goes there', async ({ page }) => {
    await page.goto('/payments');
    await expect(page).toHaveURL('/login?redirect=%2Fpayments');
    await page.getByLabel('Email', { exact: true }).fill(DEMO.partner.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.partner.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/payments');
    await expect(page.getByTestId('page-title')).toHaveText('Payments');
    await expectShell(page);
  });

  test('a signed-in visitor of /login is sent to the dashboard', async ({ page, context, request }) => {
    await useApiSession(context, request, DEMO.partner);
    await page.goto('/login');
    await expect(page).toHaveURL('/');
    await expectShell(page);
  });

  test('token and expireAt query parameters sign in directly', async ({ page, context, request }) => {
    const { bearer, expireAt } = await apiLogin(request, DEMO.partner);
    await page.goto(`/login?token=${encodeURIComponent(bearer)}&expireAt=${encodeURIComponent(expireAt)}`);
    await expect(page).toHaveURL('/');
    await expectShell(page);
    await expect(page.getByTestId('page-title')).toHaveText('Dashboard');
    expect(await tokenCookie(context)).toBe(bearer);
  });

  test('logout from the top bar ends the session and goes to login', async ({ page, context, request }) => {
    const { bearer } = await useApiSession(context, request, DEMO.partner);
    await page.goto('/offers');
    await expectShell(page);

    await page.getByTestId('top-bar-logout').click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByTestId('top-bar')).toHaveCount(0);
    expect(await tokenCookie(context)).toBeUndefined();
    // The server session was revoked too.
    const config = await request.get('/api/v1/config', { headers: { authorization: `Bearer ${bearer}` } });
    expect(config.status()).toBe(401);

    await page.goto('/account');
    await expect(page).toHaveURL('/login?redirect=%2Faccount');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  });
});
