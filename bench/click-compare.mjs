// Click-path change benchmark (decision 044's method): the built server of this checkout against the one of an earlier
// commit, runs interleaved (before, after, after, before …), at least 5 of each, medians compared, with the server's
// CPU µs per click beside req/s. This machine's noise is ±20 % from run to run: only interleaved medians mean much.
//
//   npm run build && node bench/click-compare.mjs            # BENCH_BEFORE_REF (default: see below), ~6 min
//
// The earlier commit is checked out in a git worktree under the system's temp folder, sharing this checkout's
// node_modules (its own workspace packages linked in their place), and built there once.
import { execFileSync, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const env = process.env;
/** The last commit before decision 044's targeting (geo, dates, allow-list on the click path). */
const BEFORE_REF = env.BENCH_BEFORE_REF ?? 'f8ef012';
const RUNS = Number(env.BENCH_RUNS ?? 5);
const DURATION = Number(env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
/**
 * French visitors (the bench offer takes FR), each click from one of this many addresses in turn: more than the
 * server's cache of recent addresses holds, so that nearly every click of the current build looks its country up.
 */
const VISITORS = Number(env.BENCH_VISITORS ?? 60_000);
/**
 * `plain` (decision 120): click-redirect.mjs's clicks instead, the same request every time from 127.0.0.1 with no
 * user agent (flagged by the default rules) and `tc1`, no header rewritten per request by the load generator, so that
 * the server, not the generator, sets the rate.
 */
const PLAIN = env.BENCH_TRAFFIC === 'plain';
/** `pglite` (the default) or `postgres`: a database of its own per run on BENCH_PG_URL's server (decision 120). */
const DATABASE = env.BENCH_DATABASE ?? 'pglite';
const PG_URL = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Desktop Chrome's user agent, the same for every click. */
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

if (!fs.existsSync(path.join(root, 'apps/server/dist/app.js'))) {
  console.error('apps/server/dist is missing: run `npm run build` first.');
  process.exit(1);
}

const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

/** The earlier commit's tree, built, with this checkout's dependencies and its own workspace packages. */
function prepareBefore() {
  const sha = git('rev-parse', '--short', BEFORE_REF);
  const tree = path.join(os.tmpdir(), `portal-bench-${sha}`);
  if (!fs.existsSync(path.join(tree, 'apps/server/dist/app.js'))) {
    if (fs.existsSync(tree)) fs.rmSync(tree, { recursive: true, force: true });
    git('worktree', 'prune');
    git('worktree', 'add', '--detach', tree, sha);
    const modules = path.join(tree, 'node_modules');
    fs.mkdirSync(modules);
    for (const name of fs.readdirSync(path.join(root, 'node_modules'))) {
      if (name === '@portal') continue;
      fs.symlinkSync(path.join(root, 'node_modules', name), path.join(modules, name));
    }
    fs.mkdirSync(path.join(modules, '@portal'));
    for (const [name, dir] of [
      ['contracts', 'packages/contracts'],
      ['server', 'apps/server'],
      ['web', 'apps/web'],
    ]) {
      if (fs.existsSync(path.join(tree, dir)))
        fs.symlinkSync(path.join(tree, dir), path.join(modules, '@portal', name));
    }
    const tsc = path.join(root, 'node_modules/.bin/tsc');
    execFileSync(tsc, ['-p', 'packages/contracts/tsconfig.build.json'], { cwd: tree, stdio: 'inherit' });
    execFileSync(tsc, ['-p', 'apps/server/tsconfig.build.json'], { cwd: tree, stdio: 'inherit' });
  }
  return { label: `before (${sha})`, tree };
}

function start(tree, dataDir, databaseUrl) {
  const child = fork(path.join(tree, 'bench/lib/app-server.mjs'), [], {
    cwd: tree,
    env: {
      ...env,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (info) => resolve({ child, ...info }));
    child.once('exit', (code) => reject(new Error(`app-server exited with ${code}`)));
  });
}

async function stop(server) {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.disconnect();
  await exited;
}

/** CPU time (ms) one process has used, from /proc. */
function cpuMsOf(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** PostgreSQL's CPU (ms) for one database: its backends and the server's shared writers (as click-redirect.mjs). */
const POSTGRES_WRITERS = /^postgres: (\S+: )?(walwriter|checkpointer|background writer|autovacuum)/;
function postgresCpuMs(dbName) {
  let total = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmdline.startsWith('postgres')) continue;
      if (!POSTGRES_WRITERS.test(cmdline) && !cmdline.split(/[\s\0]+/).includes(dbName)) continue;
      total += cpuMsOf(pid);
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

async function pgAdmin(statement) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

async function run(variant) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-compare-'));
  let dbName = null;
  let databaseUrl = '';
  if (DATABASE === 'postgres') {
    dbName = `${env.BENCH_DB_PREFIX ?? 'portal_compare'}_${Date.now()}`;
    await pgAdmin(`create database ${dbName}`);
    const url = new URL(PG_URL);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const server = await start(variant.tree, dataDir, databaseUrl);
  try {
    const url = `http://127.0.0.1:${server.port}/click?offer_id=${server.offerId}&aff_id=${server.partnerId}&subid=bench${PLAIN ? '&tc1=autocannon' : ''}`; // prettier-ignore
    let next = 0;
    const requests = PLAIN
      ? undefined
      : [
          {
            setupRequest: (request) => {
              next = (next + 1) % visitors.length;
              // A browser's user agent, so that the user-agent rules read one (isbot's pattern, the length check).
              return { ...request, headers: { ...request.headers, 'x-forwarded-for': visitors[next], 'user-agent': BROWSER } }; // prettier-ignore
            },
          },
        ];
    await autocannon({ url, requests, connections: CONNECTIONS, duration: 2 });
    const cpuBefore = cpuMsOf(server.child.pid);
    const pgBefore = dbName ? postgresCpuMs(dbName) : 0;
    const result = await autocannon({ url, requests, connections: CONNECTIONS, duration: DURATION });
    const cpu = cpuMsOf(server.child.pid) - cpuBefore;
    const pgCpu = dbName ? postgresCpuMs(dbName) - pgBefore : 0;
    if (result.errors > 0 || result['3xx'] !== result.non2xx || result['3xx'] === 0)
      throw new Error(`${variant.label}: ${result.errors} errors, ${result.non2xx - result['3xx']} non-302 answers`);
    const perClick = (ms) => (ms * 1000) / result['3xx'];
    return { rps: result.requests.average, cpuUs: perClick(cpu), pgUs: perClick(pgCpu), p99: result.latency.p99, load: os.loadavg()[0] }; // prettier-ignore
  } finally {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dbName) await pgAdmin(`drop database if exists ${dbName} with (force)`);
  }
}

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

/** Addresses the bundled GeoIP file places in France, from 90.0.0.0/8 up. */
async function frenchVisitors(count) {
  const { openCountryLookup } = await import('../apps/server/dist/modules/click/geo.js');
  const lookup = openCountryLookup();
  const found = [];
  for (let a = 90; a < 256 && found.length < count; a += 1)
    for (let b = 0; b < 256 && found.length < count; b += 1)
      for (let c = 0; c < 256 && found.length < count; c += 1) {
        const ip = `${a}.${b}.${c}.${((b + c) % 250) + 1}`;
        if (lookup(ip) === 'FR') found.push(ip);
      }
  return found;
}

const visitors = PLAIN ? [] : await frenchVisitors(VISITORS);
const before = prepareBefore();
const after = { label: `after (${git('rev-parse', '--short', 'HEAD')}, working tree)`, tree: root };
console.log(
  `click path before/after: autocannon, ${CONNECTIONS} connections, ${DURATION} s per run, ${RUNS} runs each, ` +
    `interleaved, ${DATABASE === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${PLAIN ? 'plain clicks (the same request from 127.0.0.1, no user agent)' : `${visitors.length} French visitors' addresses in turn via X-Forwarded-For (TRUST_PROXY)`}, ` +
    `${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}` +
    `${env.BENCH_TRAFFIC_RULES === 'every' ? ', every traffic rule on (flag) with a blocklist entry of each kind' : ''}\n`,
);
const results = new Map([
  [before, []],
  [after, []],
]);
for (let i = 0; i < RUNS; i += 1) {
  // ABBA order, so that a drift of the machine over time weighs on both alike.
  for (const variant of i % 2 === 0 ? [before, after] : [after, before]) {
    const r = await run(variant);
    results.get(variant).push(r);
    const pgText = DATABASE === 'postgres' ? `  PostgreSQL ${fmt(r.pgUs, 1).padStart(5)} µs` : '';
    console.log(`run ${i + 1} ${variant.label.padEnd(34)} ${fmt(r.rps).padStart(7)} req/s  ${fmt(r.cpuUs, 1).padStart(6)} µs CPU per click${pgText}  p99 ${r.p99} ms  load ${r.load.toFixed(1)}`); // prettier-ignore
  }
}
const summary = [...results].map(([variant, list]) => ({
  label: variant.label,
  rps: median(list.map((r) => r.rps)),
  cpuUs: median(list.map((r) => r.cpuUs)),
  pgUs: median(list.map((r) => r.pgUs)),
}));
const [b, a] = summary;
const withPg = DATABASE === 'postgres';
console.log(`\n| build | median req/s | median server CPU µs per click |${withPg ? ' median PostgreSQL CPU µs per click |' : ''}`); // prettier-ignore
console.log(`| --- | --- | --- |${withPg ? ' --- |' : ''}`);
for (const s of summary) console.log(`| ${s.label} | ${fmt(s.rps)} | ${fmt(s.cpuUs, 1)} |${withPg ? ` ${fmt(s.pgUs, 1)} |` : ''}`); // prettier-ignore
const ratio = a.rps / b.rps;
console.log(
  `\nthroughput after / before ${ratio.toFixed(3)} (target ≥ 0.95: ${ratio >= 0.95 ? 'met' : 'MISSED'}); ` +
    `CPU per click after / before ${(a.cpuUs / b.cpuUs).toFixed(3)}` +
    (withPg ? `; PostgreSQL CPU per click after / before ${(a.pgUs / b.pgUs).toFixed(3)}` : '') +
    `; load average at the end ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);
