// Route-split budget (decisions 048, 103): the gzipped JavaScript a cold load of each listed route
// requests, against its budget: the sign-in page and every daily screen of bench/lib/daily-screens.json. Builds the app (`--no-build` measures the existing build), starts the built server
// with the demo network, loads each route in a fresh Chromium context (empty cache) and sums, per requested script,
// the size of the gzip copy the build wrote beside it (what a gzip-only browser receives; the gzip of the file when
// none was written, under 1 KB). Partner screens are loaded signed in as the demo partner, staff ones as the admin.
//
//   node bench/bundle-budget.mjs [--no-build]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildUnlessAsked, CHROMIUM, dailyScreens, root, startBuiltServer } from './lib/built-app.mjs';

const KB = 1000;
/** The sign-in page, then every daily screen (bench/lib/daily-screens.json, issue 52), each with what shows once drawn. */
const SIGN_IN = {
  name: '/login',
  path: '/login',
  budget: 130,
  ready: (page) => page.getByRole('button', { name: 'Sign in', exact: true }),
};
/** `BENCH_SCREENS=offers,payments` measures only the screens named (by their names in the list). */
const ONLY = process.env.BENCH_SCREENS?.split(',').map((name) => name.trim());

const dist = path.join(root, 'apps/web/dist');

/** The gzipped size of a built script, by its URL path. */
function gzipSize(urlPath) {
  const file = path.join(dist, decodeURIComponent(urlPath));
  if (fs.existsSync(`${file}.gz`)) return fs.statSync(`${file}.gz`).size;
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

buildUnlessAsked();
const server = await startBuiltServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
let missed = 0;
try {
  const screens = (await dailyScreens(server.baseURL)).map((screen) => ({
    ...screen,
    ready: (page) => page.getByTestId(screen.ready),
  }));
  const routes = [SIGN_IN, ...screens].filter((route) => !ONLY || ONLY.includes(route.name));
  for (const route of routes) {
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1366, height: 900 } });
    if (route.cookies) await context.addCookies(route.cookies);
    const page = await context.newPage();
    const scripts = new Set();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === server.baseURL && url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto(route.path);
    await route.ready(page).first().waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    // Let whatever the page loads on first use (a chart, flags) ask for its chunks too.
    await page.waitForTimeout(1000);
    const sizes = [...scripts].map((script) => ({ script: path.basename(script), gzip: gzipSize(script) }));
    const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
    const verdict = total <= route.budget * KB ? 'met' : 'MISSED';
    if (verdict === 'MISSED') missed += 1;
    console.log(
      `\n${route.name} (${route.path.replace(/\d+/, 'id')}): ${(total / KB).toFixed(1)} KB of gzipped JavaScript in ${sizes.length} files ` +
        `(budget ${route.budget} KB): ${verdict}`,
    );
    for (const { script, gzip } of sizes.sort((a, b) => b.gzip - a.gzip)) {
      console.log(`  ${(gzip / KB).toFixed(1).padStart(6)} KB  ${script}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
process.exitCode = missed > 0 ? 1 : 0;
