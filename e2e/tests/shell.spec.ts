import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { DEMO, TEXT, expectShell, useApiSession } from '../fixtures.js';

test.describe('portal shell', () => {
  test.beforeEach(async ({ page, context, request }) => {
    await useApiSession(context, request, DEMO.partner);
    await page.goto('/');
    await expectShell(page);
  });

  test('the top bar shows the tagline and links to API, account settings, notifications and logout', async ({
    page,
  }) => {
    const topBar = page.getByTestId('top-bar');
    await expect(topBar.getByTestId('tagline')).toHaveText(TEXT.tagline);

    // The demo partner has notifications (its caps and refused clicks, decision 105): the bell's count beside the label.
    const links: [string, string | RegExp, string, string | RegExp][] = [
      ['top-bar-api', 'API', '/api', 'Reporting API'],
      ['top-bar-account', 'Account settings', '/account', 'Account'],
      ['top-bar-notifications', /^Notifications\d*$/, '/notifications', /^Notifications \(\d+\)$/],
    ];
    for (const [testId, label, href, title] of links) {
      const link = topBar.getByTestId(testId);
      await expect(link).toHaveText(label);
      await expect(link).toHaveAttribute('href', href);
      await link.click();
      await expect(page).toHaveURL(href);
      await expect(page.getByTestId('page-title')).toHaveText(title);
    }
    await expect(topBar.getByTestId('top-bar-logout')).toHaveText('Logout');
    await expect(topBar.getByTestId('top-bar-logout')).toBeEnabled();
  });

  test('the left menu links to every screen', async ({ page }) => {
    const menu = page.getByTestId('left-menu');
    const items: [string, string, string, string][] = [
      ['menu-offers', 'Offers', '/offers', 'Offers'],
      ['menu-reports', 'Reports', '/reports/daily', 'Daily report'],
      ['menu-payments', 'Payments', '/payments', 'Payments'],
      ['menu-postbacks', 'Postbacks', '/tools/postbacks', 'Postbacks'],
      ['menu-myAccount', 'My Account', '/my-account', 'My Account'],
      ['menu-dashboard', 'Dashboard', '/', 'Dashboard'],
    ];
    for (const [testId, label, href, title] of items) {
      const item = menu.getByTestId(testId);
      await expect(item).toHaveText(label);
      await expect(item).toHaveAttribute('href', href);
      await item.click();
      await expect(page).toHaveURL(href);
      await expect(page.getByTestId('page-title')).toHaveText(title);
      await expect(item).toHaveAttribute('data-active', 'true');
      // Exactly one entry is active.
      await expect(menu.locator('[data-testid^="menu-"][data-active="true"]')).toHaveCount(1);
    }
  });

  test('the build label, terms and insertion-order links are shown', async ({ page }) => {
    const label = page.getByTestId('build-label');
    await expect(label).toBeVisible();
    await expect(label.getByTestId('build-number')).toHaveText('build #410');
    // The spec's label dated the day it was seen: here the day of the commit the app was built from (decision 116).
    const commitDay = execFileSync('git', ['log', '-1', '--format=%cd', '--date=format-local:%Y-%m-%d'], {
      env: { ...process.env, TZ: 'UTC' },
      encoding: 'utf8',
    }).trim();
    await expect(label.getByTestId('build-date')).toHaveText(commitDay);
    await expect(label.getByTestId('build-date')).toHaveAttribute('datetime', commitDay);
    await expect(label).toHaveText(`build #410 ${commitDay}`);

    await expect(page.getByTestId('terms-link')).toHaveText('Terms and Conditions');
    // The partner's own agreement, its registration (decision 082), in the app's one date format.
    await expect(page.getByTestId('terms-agreed')).toHaveText(/^Terms last agreed \d{2}\/\d{2}\/\d{4}$/);
    await expect(page.getByTestId('terms-link')).toHaveAttribute('href', /.+/);
    await expect(page.getByTestId('insertion-order-link')).toHaveText('Insertion Order');
    await expect(page.getByTestId('insertion-order-link')).toHaveAttribute('href', /.+/);
  });

  test('the account manager card shows Claire Martin with a loaded photo and her contacts', async ({ page }) => {
    const card = page.getByTestId('account-manager');
    await expect(card).toBeVisible();
    await expect(card.getByTestId('account-manager-name')).toHaveText(DEMO.manager.name);

    const image = card.getByTestId('account-manager-image').locator('img');
    await expect(image).toHaveAttribute('src', /\/api\/v1\/image\/[^/?]+/);
    await expect(image).toHaveAttribute('alt', 'Photo of Claire Martin');
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const box = await card.getByTestId('account-manager-image').boundingBox();
    expect(box?.width).toBe(128);
    expect(box?.height).toBe(128);
    const rendered = await image.evaluate((img: HTMLImageElement) => ({ w: img.clientWidth, h: img.clientHeight }));
    expect(rendered).toEqual({ w: 128, h: 128 });

    // The image endpoint really serves an image.
    const src = await image.getAttribute('src');
    const answer = await page.request.get(src ?? '');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^image\//);

    const email = card.getByTestId('account-manager-email');
    await expect(email).toHaveAttribute('href', 'mailto:manager@demo.test');
    await expect(email).toHaveText('manager@demo.test');

    const telegram = card.getByTestId('account-manager-telegram');
    await expect(telegram).toHaveAttribute('href', /^https:\/\/t\.me\/claire_martin_am$/);
    await expect(telegram).toHaveText('claire_martin_am');

    const teams = card.getByTestId('account-manager-teams');
    await expect(teams).toHaveText('claire.martin@demo.test');
    const teamsHref = (await teams.getAttribute('href')) ?? '';
    expect(teamsHref).toMatch(/teams/i);
    expect(decodeURIComponent(teamsHref)).toContain('claire.martin@demo.test');
  });

  test('every navigation starts at the top of the page', async ({ page }) => {
    await page.goto('/payments');
    await expect(page.getByTestId('page-title')).toHaveText('Payments');
    // Make the document tall enough to scroll, outside React's tree so it survives navigation.
    await page.evaluate(() => {
      const spacer = document.createElement('div');
      spacer.id = 'e2e-spacer';
      spacer.style.height = '5000px';
      document.body.appendChild(spacer);
      window.scrollTo(0, 2000);
    });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);

    await page.getByTestId('menu-postbacks').click();
    await expect(page).toHaveURL('/tools/postbacks');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // Also from the top bar.
    await page.evaluate(() => window.scrollTo(0, 2500));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.getByTestId('top-bar-api').click();
    await expect(page).toHaveURL('/api');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
