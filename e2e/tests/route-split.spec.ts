import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, DEMO, expectShell, useApiSession } from '../fixtures.js';

/**
 * Decision 048: every screen is a lazy route, and a chunk holding back-office code is named `staff-…`, one holding the
 * chart library `charts-…` (apps/web/vite.config.ts), so what a page asked for can be read from its requests.
 */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) scripts.push(pathname.slice('/assets/'.length));
  });
  return scripts;
}

const staff = (scripts: string[]) => scripts.filter((name) => name.startsWith('staff-'));
const charts = (scripts: string[]) => scripts.filter((name) => name.startsWith('charts-'));

test('the sign-in page is a page of its own: it requests only its own few scripts, none of the app', async ({
  page,
  request,
}) => {
  const scripts = scriptsOf(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // What login.html names (its entry and the modules it preloads) is all it asks for (decision 055).
  const html = await (await request.get('/login')).text();
  const named = [...html.matchAll(/(?:src|href)="\/assets\/([\w.-]+\.js)"/g)].map((match) => match[1]);
  expect(
    named.some((name) => /^sign-in-[\w-]+\.js$/.test(name ?? '')),
    named.join(),
  ).toBe(true);
  expect([...scripts].sort()).toEqual([...named].sort());
  // Not the app's entry, nor any route's, chart or back-office chunk.
  const appHtml = await (await request.get('/login?token=x&expireAt=1')).text();
  const appEntry = /src="\/assets\/(index-[\w-]+\.js)"/.exec(appHtml)?.[1];
  expect(appEntry).toBeTruthy();
  expect(scripts).not.toContain(appEntry);
  expect(staff(scripts)).toEqual([]);
  expect(charts(scripts)).toEqual([]);
});

/**
 * Issue 52, item 5 (decision 103): every daily screen (bench/lib/daily-screens.json, shared with bench/bundle-budget.mjs
 * and bench/lighthouse.mjs), loaded cold in a context of its own, requests at most its budget of gzipped JavaScript,
 * counted as the bench counts it: the gzip copy the build wrote beside each script. A screen still over the issue's
 * 220 KB is held at its `ceiling` (its measured size, rounded up) until it is brought under: it may not grow meanwhile.
 * A partner's screens request no back-office chunk; the staff's do.
 */
type DailyScreen = {
  name: string;
  path: string;
  as: 'partner' | 'staff';
  budget: number;
  ceiling?: number;
  ready: string;
};
const here = path.dirname(fileURLToPath(import.meta.url));
const dailyScreens = (
  JSON.parse(fs.readFileSync(path.join(here, '../../bench/lib/daily-screens.json'), 'utf8')) as {
    screens: DailyScreen[];
  }
).screens;
const assets = path.join(here, '../../apps/web/dist/assets');
const gzipSize = (name: string) => {
  const file = path.join(assets, name);
  return fs.existsSync(`${file}.gz`) ? fs.statSync(`${file}.gz`).size : zlib.gzipSync(fs.readFileSync(file)).length;
};

for (const as of ['partner', 'staff'] as const) {
  test(`every daily screen of the ${as === 'partner' ? 'partners' : 'staff'} loads cold within its script budget`, async ({
    browser,
    request,
  }) => {
    const screens = dailyScreens.filter((screen) => screen.as === as);
    // One cold load per screen, each to network idle.
    test.setTimeout(screens.length * 30_000);
    const account = as === 'partner' ? DEMO.partner : DEMO.admin;
    // The first offer of the demo partner's list (the staff's offer editor opens the same one).
    const { bearer } = await apiLogin(request, DEMO.partner);
    const offers = await request.get('/api/v1/offer?count=1', { headers: { authorization: `Bearer ${bearer}` } });
    const offer = ((await offers.json()) as { data: { list: { id: number }[] } }).data.list[0]!.id;
    const over: string[] = [];
    for (const screen of screens) {
      const context = await browser.newContext();
      await useApiSession(context, request, account);
      const page = await context.newPage();
      const scripts = scriptsOf(page);
      await page.goto(screen.path.replace('{offer}', String(offer)));
      await expect(page.getByTestId(screen.ready).first()).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const total = scripts.reduce((sum, name) => sum + gzipSize(name), 0);
      const limit = (screen.ceiling ?? screen.budget) * 1000;
      if (total > limit) over.push(`${screen.name}: ${(total / 1000).toFixed(1)} KB > ${limit / 1000} KB`);
      if (as === 'partner') expect(staff(scripts), screen.name).toEqual([]);
      else if (screen.path === '/staff') expect(staff(scripts).length, screen.name).toBeGreaterThan(0);
      await context.close();
    }
    expect(over).toEqual([]);
  });
}

test('the dashboard parses nothing and loads no zod nor other screens’ texts; a screen with a form loads both (decisions 059, 061)', async ({
  page,
  context,
  request,
}) => {
  await useApiSession(context, request, DEMO.partner);
  const scripts = scriptsOf(page);
  const zod = () => scripts.filter((name) => /^zod-[\w-]+\.js$/.test(name));
  // The other screens' texts (en-screens.json and the other screen files, decisions 061, 115) are not the dashboard's either.
  const screenTexts = () =>
    scripts.filter((name) => /^en-(screens|offers|reports|payments|account)-[\w-]+\.js$/.test(name));
  await page.goto('/');
  await expectShell(page);
  await expect(page.getByTestId('top-offers-loaded')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(zod()).toEqual([]);
  expect(screenTexts()).toEqual([]);

  // The account settings' password form validates with its contract's schema: zod comes with it. That zod probes
  // for no eval there is held by security.spec ('no screen logs a violation').
  await page.goto('/account');
  await expectShell(page);
  await page.waitForLoadState('networkidle');
  expect(zod()).toHaveLength(1);
  expect(screenTexts()).toHaveLength(1);
  // Its texts are there: no key shows in their place.
  await expect(page.locator('body')).not.toContainText('accountSettings.');
});

test('the app’s first load is its entry and its steps, the signed-in frame one more and the dashboard one more, not dozens (decisions 062, 148)', async ({
  page,
  context,
  request,
}) => {
  // The app's page names its entry and, beside it, only what it shares with the sign-in page and the entry's steps,
  // each one chunk evaluated in a task of its own (React, the libraries, the app's start, and the bundler's runtime
  // they share: decision 148).
  const namedBy = async (url: string) =>
    [...(await (await request.get(url)).text()).matchAll(/(?:src|href)="\/assets\/([\w.-]+\.js)"/g)].map(
      (match) => match[1],
    );
  // At an address no screen route has: a screen's address also names that screen's own files (decision 151's addendum).
  const appNamed = await namedBy('/no-such-screen');
  const signInNamed = await namedBy('/login');
  const entry = appNamed.find((name) => /^index-[\w-]+\.js$/.test(name ?? ''));
  expect(entry, appNamed.join()).toBeTruthy();
  const step = /^(react|libs|start|rolldown-runtime)-[\w-]+\.js$/;
  expect(appNamed.filter((name) => name !== entry && !signInNamed.includes(name) && !step.test(name ?? ''))).toEqual(
    [],
  );
  expect(appNamed.filter((name) => step.test(name ?? '')).map((name) => name?.replace(/-[\w-]+\.js$/, ''))).toEqual(
    expect.arrayContaining(['react', 'libs', 'start']),
  );

  // A cold dashboard: the frame is one chunk, the screen one more; with what it loads on first use (the chart, the
  // flags' map) about a fifth of the 53 scripts it took before.
  await useApiSession(context, request, DEMO.partner);
  const scripts = scriptsOf(page);
  await page.goto('/');
  await expectShell(page);
  await expect(page.getByTestId('top-offers-loaded')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((name) => /^portal-layout-[\w-]+\.js$/.test(name))).toHaveLength(1);
  expect(scripts.filter((name) => /^dashboard-[\w-]+\.js$/.test(name))).toHaveLength(1);
  expect(scripts.length, scripts.join()).toBeLessThanOrEqual(12);
});

test('the offer list draws flags as SVG images named by their countries, fetched as files', async ({
  page,
  context,
  request,
}) => {
  await useApiSession(context, request, DEMO.partner);
  const flagFiles: string[] = [];
  page.on('response', (response) => {
    if (/\/assets\/flags-[0-9a-f]+\/[A-Z]{2}\.svg$/.test(new URL(response.url()).pathname) && response.ok())
      flagFiles.push(response.url());
  });
  await page.goto('/offers');
  const flags = page.getByTestId('offer-geos').first().getByTestId('country-flag');
  await expect(flags.first()).toBeVisible();
  const first = flags.first();
  await expect(first).toHaveJSProperty('tagName', 'IMG');
  await expect(first).toHaveAttribute('src', /\.svg$/);
  // The country's name, not its code or an emoji, is the image's accessible name.
  const name = await first.getAttribute('alt');
  expect(name).toMatch(/^[A-Z][a-z]/);
  await expect(page.getByTestId('offer-geos').first().getByRole('img', { name: name! })).toHaveCount(1);
  // Drawn: the browser decoded the SVG (an emoji in Debian's headless Chromium draws an empty box).
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(flagFiles.length).toBeGreaterThan(0);

  // The country filter's options show flags too, beside each name.
  await page.getByTestId('filter-countries').click();
  const option = page.getByRole('option', { name: 'France', exact: true });
  await expect(option.locator('img[data-code="FR"]')).toBeVisible();
});
