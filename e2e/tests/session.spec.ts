import { expect, test } from '@playwright/test';
import { DEMO, TEXT, approvedPartner, expectShell, snackbar, tokenCookie, useApiSession } from '../fixtures.js';

test.describe('session and routing', () => {
  test.beforeEach(async ({ context, request }) => {
    await useApiSession(context, request, DEMO.partner);
  });

  test('a 401 after the session was revoked signs the user out', async ({ page, context, request }) => {
    await page.goto('/offers');
    await expectShell(page);
    const token = await tokenCookie(context);
    expect(token).toBeTruthy();

    const revoked = await request.post('/api/v1/logout', { headers: { authorization: `Bearer ${token}` } });
    expect(revoked.ok()).toBe(true);

    // Client-side navigation: the configuration reload answers 401.
    await page.getByTestId('menu-payments').click();
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByTestId('top-bar')).toHaveCount(0);
    expect(await tokenCookie(context)).toBeUndefined();
  });

  const forbidden = {
    status: 403,
    contentType: 'application/json',
    body: JSON.stringify({ status: 403, message: 'Forbidden', data: null, errors: null }),
  };

  test('a 403 answer shows "Access denied." and goes to the dashboard', async ({ page }) => {
    // A signed-in user on a guest page whose GET /register/options is refused once.
    await page.route('**/api/v1/register/options', (route) => route.fulfill(forbidden), { times: 1 });
    await page.goto('/register');

    const message = snackbar(page, TEXT.accessDenied);
    await expect(message).toHaveText(TEXT.accessDenied);
    await expect(message).toHaveAttribute('data-kind', 'error');
    await expect(page).toHaveURL('/');
    await expectShell(page);
    await expect(page.getByTestId('page-title')).toHaveText('Dashboard');
    // Still signed in: a 403 is not a logout.
    await page.getByTestId('menu-offers').click();
    await expect(page).toHaveURL('/offers');
    await expect(page.getByTestId('page-title')).toHaveText('Offers');
  });

  test('a 403 on the configuration reload shows "Access denied." and the dashboard', async ({ page }) => {
    await page.goto('/offers');
    await expectShell(page);
    await expect(page.getByTestId('page-title')).toHaveText('Offers');

    await page.route('**/api/v1/config', (route) => route.fulfill(forbidden), { times: 1 });
    await page.getByTestId('menu-payments').click();

    const message = snackbar(page, TEXT.accessDenied);
    await expect(message).toHaveText(TEXT.accessDenied);
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('page-title')).toHaveText('Dashboard', { timeout: 5000 });
    await expectShell(page);
  });

  test('an unknown route redirects to the dashboard', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('page-title')).toHaveText('Dashboard');
  });

  test('/reports and an unknown report type open the daily report', async ({ page }) => {
    await page.goto('/reports');
    await expect(page).toHaveURL('/reports/daily');
    await expect(page.getByTestId('report-tab-daily')).toHaveAttribute('aria-selected', 'true');

    await page.goto('/reports/unknown-type');
    await expect(page).toHaveURL('/reports/daily');
    await expect(page.getByTestId('report-tab-daily')).toHaveAttribute('aria-selected', 'true');

    for (const tab of ['subid', 'conversion', 'click', 'daily'] as const) {
      await page.getByTestId(`report-tab-${tab}`).click();
      await expect(page).toHaveURL(`/reports/${tab}`);
      await expect(page.getByTestId(`report-tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
    }
  });

  test('both /offer and /offers open the offer list', async ({ page }) => {
    for (const path of ['/offers', '/offer']) {
      await page.goto(path);
      await expect(page).toHaveURL(path);
      await expect(page.getByTestId('page-title')).toHaveText('Offers');
      await expect(page.getByTestId('menu-offers')).toHaveAttribute('data-active', 'true');
    }
  });

  test('/api shows "No reporting."', async ({ page }) => {
    await page.goto('/api');
    await expect(page.getByTestId('api-empty')).toHaveText(TEXT.noReporting);
  });

  test('/notifications shows "Notifications (0)" and is empty', async ({ page, context, request }) => {
    // The demo partner is told of its caps and refused clicks (decision 105): a partner with nothing to be told.
    const fresh = await approvedPartner(request);
    await context.clearCookies();
    await useApiSession(context, request, fresh);
    await page.goto('/notifications');
    await expect(page.getByTestId('page-title')).toHaveText('Notifications (0)');
    await expect(page.getByTestId('notifications-empty')).toBeVisible();
  });

  test('page titles carry the product suffix', async ({ page }) => {
    // Nine screens loaded one after the other: more than one screen's budget while the other worker loads the server.
    test.slow();
    const screens: [string, string][] = [
      ['/', 'Dashboard'],
      ['/offers', 'Offers'],
      ['/reports/daily', 'Reports'],
      ['/payments', 'Payments'],
      ['/tools/postbacks', 'Postbacks'],
      ['/my-account', 'My Account'],
      ['/api', 'Reporting API'],
      ['/account', 'Account'],
      ['/notifications', 'Notifications'],
    ];
    for (const [path, title] of screens) {
      await page.goto(path);
      await expect(page).toHaveURL(path);
      await expect(page).toHaveTitle(`${title} | Affiliate Partner Portal`);
    }
  });
});

test('guest pages carry the product suffix too', async ({ page }) => {
  for (const [path, title] of [
    ['/login', 'Sign in'],
    ['/register', 'Request an account'],
    ['/password-lost', 'Password lost'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId('guest-card')).toBeVisible();
    await expect(page.getByTestId('tagline')).toHaveText(TEXT.tagline);
    await expect(page).toHaveTitle(`${title} | Affiliate Partner Portal`);
    expect(await page.title()).toContain(' | ');
  }
});
