// Lighthouse (decision 048): the sign-in page and the demo partner's dashboard, in Lighthouse's
// default mobile profile (emulated phone, simulated slow 4G and 4× CPU slowdown), in Debian's Chromium, against the
// built server. Targets: performance ≥ 95 on /login and ≥ 90 on the dashboard, accessibility 100 on both. Builds the
// app first (`--no-build` audits the existing build). Not part of the test suite: a run takes a minute or two.
//
//   node bench/lighthouse.mjs [--no-build]        BENCH_LH_RUNS=3 takes the median of three runs per page
//                                                  BENCH_LH_SAVE=dir keeps each run's full report (JSON) there
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { buildUnlessAsked, CHROMIUM, partnerSessionCookies, startBuiltServer } from './lib/built-app.mjs';

const RUNS = Number(process.env.BENCH_LH_RUNS ?? 1);
const SAVE = process.env.BENCH_LH_SAVE;
let saved = 0;
const PAGES = [
  { name: '/login', path: '/login', performance: 95, accessibility: 100 },
  { name: 'dashboard (/)', path: '/', performance: 90, accessibility: 100, signedIn: true },
];
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
  ['unused-javascript', 'unused JS'],
];

/** One audit in a fresh Chromium (an empty profile: a cold cache), signed in first when asked. */
async function audit(url, signedIn, baseURL) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    if (signedIn) {
      // The session's cookies go in before any page of the app is loaded, so the audited load is still cold; the
      // storage reset that would clear them is turned off for this audit only.
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      await browser.contexts()[0].addCookies(await partnerSessionCookies(baseURL));
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
  for (const page of PAGES) {
    const runs = [];
    for (let run = 0; run < RUNS; run += 1)
      runs.push(await audit(`${server.baseURL}${page.path}`, page.signedIn, server.baseURL));
    const performance = median(runs.map((r) => r.performance));
    const accessibility = median(runs.map((r) => r.accessibility));
    const verdict = (score, target) => {
      const met = score >= target;
      if (!met) missed += 1;
      return `${score} (target ≥ ${target}: ${met ? 'met' : 'MISSED'})`;
    };
    console.log(
      `\n${page.name}: performance ${verdict(performance, page.performance)}, accessibility ${verdict(accessibility, page.accessibility)}`,
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
