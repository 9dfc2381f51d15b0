import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type BrowserContext } from '@playwright/test';
import { DEMO, baseURL, expectShell, signIn } from '../fixtures.js';

/** A real browser restart: a persistent profile closed and reopened with the config's Chromium and args. */
async function launch(userDataDir: string): Promise<BrowserContext> {
  const { launchOptions, viewport } = test.info().project.use;
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    args: launchOptions?.args ?? [],
    baseURL: baseURL(),
    viewport: viewport ?? { width: 1366, height: 900 },
  });
}

async function firstPage(context: BrowserContext) {
  return context.pages()[0] ?? (await context.newPage());
}

test.describe('remember me', () => {
  let userDataDir = '';

  test.beforeEach(() => {
    userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-profile-'));
  });

  test.afterEach(() => {
    fs.rmSync(userDataDir, { recursive: true, force: true });
  });

  test('with remember-me the session survives a browser restart', async () => {
    let context = await launch(userDataDir);
    try {
      const page = await firstPage(context);
      await signIn(page, DEMO.partner.email, DEMO.partner.password, { rememberMe: true });
      await expect(page).toHaveURL('/');
      // Persistent 7-day cookies, not session cookies.
      const cookies = await context.cookies(baseURL());
      for (const name of ['token', 'expiry']) {
        const cookie = cookies.find((c) => c.name === name);
        expect(cookie, name).toBeDefined();
        const days = ((cookie?.expires ?? -1) * 1000 - Date.now()) / 86_400_000;
        expect(days, `${name} lifetime in days`).toBeGreaterThan(6.9);
        expect(days, `${name} lifetime in days`).toBeLessThanOrEqual(7.01);
      }
    } finally {
      await context.close();
    }

    context = await launch(userDataDir);
    try {
      const page = await firstPage(context);
      await page.goto('/');
      await expect(page).toHaveURL('/');
      await expectShell(page);
      await expect(page.getByTestId('page-title')).toHaveText('Dashboard');
    } finally {
      await context.close();
    }
  });

  test('without remember-me the session ends with the browser', async () => {
    let context = await launch(userDataDir);
    try {
      const page = await firstPage(context);
      await signIn(page, DEMO.partner.email, DEMO.partner.password);
      await expect(page).toHaveURL('/');
      await expectShell(page);
      const cookies = await context.cookies(baseURL());
      // Session cookies: no expiry.
      expect(cookies.find((c) => c.name === 'token')?.expires).toBe(-1);
      expect(cookies.find((c) => c.name === 'expiry')?.expires).toBe(-1);
    } finally {
      await context.close();
    }

    context = await launch(userDataDir);
    try {
      const page = await firstPage(context);
      await page.goto('/');
      await expect(page).toHaveURL('/login?redirect=%2F');
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
