// Lighthouse (decisions 048, 103): the sign-in page and every daily screen of bench/lib/daily-screens.json (the
// partner's as the demo partner, the staff's as the demo admin), in Lighthouse's default mobile profile (emulated
// phone, simulated slow 4G and 4× CPU slowdown), in Debian's Chromium, against the built server. Targets: performance
// ≥ 95 on /login and ≥ 90 on every daily screen, accessibility 100 on all. Builds the app first (`--no-build` audits
// the existing build). Not part of the test suite: a run takes a minute or two per page.
//
//   node bench/lighthouse.mjs [--no-build]        BENCH_LH_RUNS=3 takes the median of three runs per page
//                                                  BENCH_LH_SAVE=dir keeps each run's full report (JSON) there
//                                                  BENCH_SCREENS=offers,payments audits only the pages named
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { buildUnlessAsked, CHROMIUM, dailyScreens, startBuiltServer } from './lib/built-app.mjs';

const RUNS = Number(process.env.BENCH_LH_RUNS ?? 1);
const SAVE = process.env.BENCH_LH_SAVE;
let saved = 0;
const SIGN_IN = { name: '/login', path: '/login', performance: 95, accessibility: 100 };
const ONLY = process.env.BENCH_SCREENS?.split(',').map((name) => name.trim());
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
  ['unused-javascript', 'unused JS'],
];

/** One audit in a fresh Chromium (an empty profile: a cold cache), with the session's cookies when given. */
async function audit(url, cookies) {
  const signedIn = cookies !== undefined;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    if (signedIn) {
      // The session's cookies go in before any page of the app is loaded, so the audited load is still cold; the
      // storage reset that would clear them is turned off for this audit only.
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      await browser.contexts()[0].addCookies(cookies);
      await browser.close();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: signedIn,
    });
    const { categories, audits, finalDisplayedUrl } = result.lhr;
    if (SAVE) {
      mkdirSync(SAVE, { recursive: true });
      saved += 1;
      const name = `${saved}-${new URL(url).pathname.replace(/\W+/g, '_') || '_'}.json`;
      writeFileSync(path.join(SAVE, name), result.report);
    }
    if (signedIn && new URL(finalDisplayedUrl).pathname !== new URL(url).pathname) {
      throw new Error(`the audit ended on ${finalDisplayedUrl}: the session was not taken`);
    }
    return {
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      metrics: METRICS.map(([id, label]) => `${label} ${audits[id]?.displayValue ?? '—'}`).join(', '),
      failedAccessibility: categories.accessibility.auditRefs
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
        .map((ref) => ref.id),
    };
  } finally {
    chrome.kill();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

buildUnlessAsked();
const server = await startBuiltServer({ port: Number(process.env.BENCH_PORT ?? 3498) });
let missed = 0;
try {
  const screens = (await dailyScreens(server.baseURL)).map((screen) => ({
    ...screen,
    performance: 90,
    accessibility: 100,
  }));
  const pages = [SIGN_IN, ...screens].filter((page) => !ONLY || ONLY.includes(page.name));
  for (const page of pages) {
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await audit(`${server.baseURL}${page.path}`, page.cookies));
    const performance = median(runs.map((r) => r.performance));
    const accessibility = median(runs.map((r) => r.accessibility));
    const verdict = (score, target) => {
      const met = score >= target;
      if (!met) missed += 1;
      return `${score} (target ≥ ${target}: ${met ? 'met' : 'MISSED'})`;
    };
    console.log(
      `\n${page.name} (${page.path.replace(/\d+/, 'id')}): performance ${verdict(performance, page.performance)}, accessibility ${verdict(accessibility, page.accessibility)}`,
    );
    for (const run of runs) {
      console.log(`  run: performance ${run.performance}, accessibility ${run.accessibility}; ${run.metrics}`);
      if (run.failedAccessibility.length > 0)
        console.log(`    failed accessibility audits: ${run.failedAccessibility.join(', ')}`);
    }
  }
} finally {
  await server.stop();
}
process.exitCode = missed > 0 ? 1 : 0;
