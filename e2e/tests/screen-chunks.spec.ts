import { expect, test, type BrowserContext } from '@playwright/test';
import { DEMO, useApiSession } from '../fixtures.js';

/**
 * The page names its screen's own files as module preloads (decision 151, addendum: route-chunks.json, from the
 * router's table at build): on a cold load the screen's chunk is asked by the page, while the page is still being
 * read, not by the router once the start has run; and no file is fetched twice (the router's import takes the
 * preloaded module).
 */

const SCREENS = [
  {
    name: 'offers',
    path: '/offers',
    account: DEMO.partner,
    chunk: /^\/assets\/offers-[\w-]{8}\.js$/,
    ready: 'offer-payout',
  },
  {
    name: 'staff home',
    path: '/staff',
    account: DEMO.admin,
    chunk: /^\/assets\/staff-home-[\w-]{8}\.js$/,
    ready: 'staff-home-numbers',
  },
];

interface Timing {
  name: string;
  initiatorType: string;
  startTime: number;
}

for (const screen of SCREENS) {
  test(`${screen.name}: its chunks are asked by the page, each once`, async ({ browser, request }) => {
    const context: BrowserContext = await browser.newContext();
    await useApiSession(context, request, screen.account);
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (sent) => {
      const url = new URL(sent.url());
      if (url.pathname.startsWith('/assets/')) asked.push(url.pathname);
    });
    const answer = await page.goto(screen.path);
    const html = (await answer?.text()) ?? '';
    await expect(page.getByTestId(screen.ready).first()).toBeVisible();

    // The page names the screen's chunk.
    const named = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1] ?? '');
    const chunk = named.find((href) => screen.chunk.test(href));
    expect(chunk, named.join(' ')).toBeDefined();

    // It was asked from the page's link, before the page was read to its end (the start's modules run after that).
    const { resources, domInteractive } = await page.evaluate(() => ({
      resources: performance.getEntriesByType('resource').map((entry) => ({
        name: new URL(entry.name).pathname,
        initiatorType: (entry as PerformanceResourceTiming).initiatorType,
        startTime: entry.startTime,
      })),
      domInteractive: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive,
    }));
    const timing = resources.find((entry: Timing) => entry.name === chunk);
    // As the start's step that index.html itself names as a module preload (decision 148), not as an import's.
    const react = resources.find((entry: Timing) => /^\/assets\/react-[\w-]{8}\.js$/.test(entry.name));
    expect(react).toBeDefined();
    expect(timing?.initiatorType).toBe(react?.initiatorType);
    expect(timing?.startTime ?? Infinity).toBeLessThan(domInteractive);

    // No file fetched twice: every script and stylesheet, preloaded or imported, once.
    const twice = asked.filter((path, index) => asked.indexOf(path) !== index);
    expect(twice).toEqual([]);
    for (const href of named) expect(asked, href).toContain(href);
    await context.close();
  });
}
