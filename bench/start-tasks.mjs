// The main thread of a daily screen's cold start, task by task (decisions 144, 148): each screen loaded cold on a
// 412 px phone in Playwright's Chromium with a trace, and from the trace's top-level tasks on the page's main thread
// after the first contentful paint until the screen is drawn (its `ready` test id) and a second has passed:
//   blocking  Lighthouse's arithmetic applied to those tasks as its simulation counts them (each 4× its length on its
//             emulated phone): Σ max(0, 4 × length − 50 ms), less noisy under load than Lighthouse's own TBT
//   busy      the sum of their lengths; longest: the longest; tasks: how many count (longer than 12.5 ms)
// With BENCH_BASE_DIST (a copy of another build's apps/web/dist) a second server serves that build through WEB_DIST,
// and every round loads each screen from both, base first then this build (interleaved); medians per build.
//
//   BENCH_BASE_DIST=/tmp/x BENCH_ROUNDS=5 BENCH_SCREENS=offers,partners\ list node bench/start-tasks.mjs
//   BENCH_CPU_THROTTLE=4 measures with Chromium's CPU throttling instead (then blocking is Σ max(0, length − 50 ms))
import { chromium } from 'playwright-core';
import { CHROMIUM, dailyScreens, startBuiltServer } from './lib/built-app.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ONLY = process.env.BENCH_SCREENS?.split(',').map((name) => name.trim());
const THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 1);
/** How Lighthouse's simulation scales an unthrottled task; 1 when Chromium throttles the CPU itself. */
const SCALE = THROTTLE > 1 ? 1 : 4;
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'loading',
  'blink.user_timing',
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One cold load of `url` with `cookies`, traced; the figures of its main thread after the first paint. */
async function measure(browser, url, cookies, ready) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    await context.addCookies(cookies);
    const page = await context.newPage();
    if (THROTTLE > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    }
    await browser.startTracing(page, { categories: CATEGORIES });
    const started = Date.now();
    await page.goto(url);
    // A report drawn as cards on a phone has no table: then the load counts until the network is quiet.
    await page
      .getByTestId(ready)
      .first()
      .waitFor({ state: 'attached', timeout: 20_000 })
      .catch(() => page.waitForLoadState('networkidle'));
    const readyMs = Date.now() - started;
    await page.waitForTimeout(1000);
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
    // The page's renderer main thread: where the first contentful paint of the page's frame was recorded.
    const fcp = traceEvents.find((event) => event.name === 'firstContentfulPaint');
    if (!fcp) throw new Error(`no first contentful paint in the trace of ${url}`);
    const tasks = traceEvents
      .filter((e) => e.pid === fcp.pid && e.tid === fcp.tid && e.ph === 'X' && e.name === 'RunTask' && e.ts >= fcp.ts)
      .map((e) => e.dur / 1000);
    const counted = tasks.filter((ms) => ms * SCALE > 50);
    if (process.env.BENCH_TASKS) {
      // Each counted task, from the first paint, with what took most of it (its longest events inside).
      const thread = traceEvents.filter((e) => e.pid === fcp.pid && e.tid === fcp.tid && e.ph === 'X');
      const evaluations = thread.filter((e) => e.name === 'v8.evaluateModule');
      const evaluates = (task) => evaluations.some((e) => e.ts >= task.ts && e.ts <= task.ts + task.dur);
      for (const task of thread.filter(
        (e) => e.name === 'RunTask' && e.ts >= fcp.ts - 2e6 && (e.dur * SCALE > 50_000 || evaluates(e)),
      )) {
        const inside = thread
          .filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur)
          .filter((e) => e.dur > 2000 || e.name === 'v8.evaluateModule')
          .sort((a, b) => b.dur - a.dur)
          .slice(0, 4)
          .map(
            (e) =>
              `${e.name}${e.args?.data?.url ? ` ${e.args.data.url.split('/').pop()}` : ''} ${(e.dur / 1000).toFixed(0)}`,
          );
        console.log(
          `  +${((task.ts - fcp.ts) / 1000).toFixed(0)} ms: ${(task.dur / 1000).toFixed(0)} ms (${inside.join(', ')})`,
        );
      }
    }
    return {
      blocking: counted.reduce((sum, ms) => sum + ms * SCALE - 50, 0),
      busy: tasks.reduce((sum, ms) => sum + ms, 0),
      longest: Math.max(0, ...tasks),
      tasks: counted.length,
      ready: readyMs,
    };
  } finally {
    await context.close();
  }
}

const builds = [];
const seeded = process.env.BENCH_SEEDED_DATA_DIR;
if (process.env.BENCH_BASE_DIST)
  builds.push({
    name: 'base',
    server: await startBuiltServer({ port: 3446, env: { WEB_DIST: process.env.BENCH_BASE_DIST } }),
  });
builds.push({ name: 'this build', server: await startBuiltServer({ port: 3447 }) });
if (!seeded) console.log('(BENCH_SEEDED_DATA_DIR=… skips seeding the demo on each start)');
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const screens = {};
  for (const build of builds)
    screens[build.name] = (await dailyScreens(build.server.baseURL)).filter((s) => !ONLY || ONLY.includes(s.name));
  const results = {};
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, screen] of screens[builds[0].name].entries()) {
      for (const build of builds) {
        const own = screens[build.name][index];
        const figures = await measure(browser, `${build.server.baseURL}${own.path}`, own.cookies, own.ready);
        const key = `${screen.name}\t${build.name}`;
        (results[key] ??= []).push(figures);
        console.log(
          `round ${round + 1} ${screen.name} (${build.name}): blocking ${Math.round(figures.blocking)} ms, busy ` +
            `${Math.round(figures.busy)} ms, longest ${Math.round(figures.longest)} ms, ${figures.tasks} tasks, ` +
            `ready ${figures.ready} ms`,
        );
      }
    }
  }
  console.log(`\nmedians of ${ROUNDS} rounds (CPU throttling ${THROTTLE}×):`);
  for (const [key, runs] of Object.entries(results)) {
    const m = (field) => Math.round(median(runs.map((run) => run[field])));
    console.log(
      `${key.replace('\t', ' — ')}: blocking ${m('blocking')} ms, busy ${m('busy')} ms, longest ${m('longest')} ms, ` +
        `${m('tasks')} tasks, ready ${m('ready')} ms`,
    );
  }
} finally {
  await browser.close();
  for (const build of builds) await build.server.stop();
}
