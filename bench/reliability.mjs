// Reliability proofs (decision 053), on the built server (`npm run build` first) and a PostgreSQL of the
// script's own (never the machine's shared service):
//   node bench/reliability.mjs crash    20 × kill -9 under clicks and postbacks, restarted each time: 0 acknowledged
//                                       clicks lost (decision 132), each lost one placed against its kill
//                                       (BENCH_DATABASE=pglite: on the embedded PGlite of DATA_DIR instead, decision 104;
//                                       BENCH_PORT: the servers' port, default 3700)
//   node bench/reliability.mjs outage   PostgreSQL stopped for 30 s under the same load
//   node bench/reliability.mjs two      two server processes on one PostgreSQL, the load split over both
//   node bench/reliability.mjs soak     10 minutes at half the measured maximum click rate: memory and p99 per minute
// Each prints what it checked and `met` or `MISSED`; the exit code is non-zero when a check failed.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { startPrivatePostgres } from './lib/private-postgres.mjs';
import { startLoad } from './lib/tracking-load.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');
const env = process.env;
const MODE = process.argv[2] ?? 'crash';
const KILLS = Number(env.BENCH_KILLS ?? 20);
const OUTAGE_S = Number(env.BENCH_OUTAGE_S ?? 30);
const SYNC_MS = Number(env.BENCH_SYNC_MS ?? 50);
const PG_PORT = Number(env.BENCH_PG_PORT ?? 5499);
const SOAK_S = Number(env.BENCH_SOAK_S ?? 600);
const DATABASE = env.BENCH_DATABASE ?? 'postgres';
/** How long a server may take to answer /readyz (a PGlite start on a loaded machine takes tens of seconds). */
const READY_S = Number(env.BENCH_READY_S ?? (DATABASE === 'pglite' ? 180 : 60));

if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js'))) {
  console.error('apps/server/dist is missing: run `npm run build` first.');
  process.exit(1);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let failed = false;
const check = (label, ok, detail = '') => {
  if (!ok) failed = true;
  console.log(`  ${ok ? 'met   ' : 'MISSED'}  ${label}${detail ? `: ${detail}` : ''}`);
};

/** Migrates and seeds the demo network without traffic; answers the bench link's ids. */
function seed(databaseUrl, dataDir) {
  const out = execFileSync(process.execPath, [path.join(here, 'lib/seed-once.mjs')], {
    env: { ...env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  }).toString();
  return JSON.parse(out.trim().split('\n').pop());
}

/** The built server (`npm start`'s) as its own process; resolves once /readyz answers 200. */
async function startServer({ databaseUrl, dataDir, port, extraEnv = {} }) {
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'error',
      CLICK_JOURNAL_SYNC_MS: String(SYNC_MS),
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let i = 0; i < READY_S * 10; i++) {
    const status = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return { child, port, exited, url: `http://127.0.0.1:${port}` };
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    await sleep(100);
  }
  throw new Error(`the server did not become ready in ${READY_S} s`);
}

async function stopServer(server, signal = 'SIGTERM') {
  if (server.child.exitCode === null) server.child.kill(signal);
  await server.exited;
}

/** Resident memory of a process (MB), from /proc. */
function rssMb(pid) {
  try {
    const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
    return line ? Number(line[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

async function healthOf(server) {
  return fetch(`${server.url}/healthz`).then(
    (r) => r.json(),
    () => null,
  );
}

/** Waits until a server holds no click that is not written (buffer and journal spill empty). */
async function drained(server, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const health = await healthOf(server);
    if (health?.databaseUp && health.clicks.buffered === 0 && !health.clicks.spilled) return true;
    await sleep(250);
  }
  return false;
}

/**
 * A client with `query` and `end`: node-postgres for a PostgreSQL URL; for `pglite:<dir>`, the embedded database of
 * that directory opened in this process (only once the server that held it has stopped: one process at a time).
 */
async function connect(databaseUrl) {
  if (databaseUrl.startsWith('pglite:')) {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite(databaseUrl.slice('pglite:'.length));
    await db.waitReady;
    return { query: (text, params) => db.query(text, params), end: () => db.close() };
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return client;
}

/** What every mode checks once the load is over: acknowledged clicks and conversions, and rollups against rows. */
async function verify(databaseUrl, load) {
  const client = await connect(databaseUrl);
  try {
    const acked = [...load.acked];
    const present = new Set();
    for (let i = 0; i < acked.length; i += 5000) {
      const { rows } = await client.query('select click_id from clicks where click_id = any($1)', [
        acked.slice(i, i + 5000),
      ]);
      for (const row of rows) present.add(row.click_id);
    }
    const lost = acked.length - present.size;
    const missing = acked.filter((id) => !present.has(id));
    check('acknowledged clicks in the database', lost === 0, `${present.size} of ${acked.length}, ${lost} lost`);
    const transactions = [...load.converted.keys()];
    const { rows: counted } = await client.query(
      'select transaction_id, count(*)::int as n from conversions where transaction_id = any($1) group by transaction_id',
      [transactions],
    );
    const once = counted.filter((r) => r.n === 1).length;
    const twice = counted.filter((r) => r.n > 1).length;
    check(
      'postbacks answered 2xx recorded exactly once',
      once === transactions.length && twice === 0,
      `${once} of ${transactions.length} once, ${twice} more than once, ${transactions.length - counted.length} missing`,
    );
    const { rows: clickDiff } = await client.query(`
      with raw as (select partner_id, offer_id, date_trunc('hour', created_at) as hour, count(*)::bigint as n
                   from clicks group by 1, 2, 3),
           rolled as (select partner_id, offer_id, hour, sum(clicks)::bigint as n from stats_hourly group by 1, 2, 3)
      select count(*)::int as n from raw full join rolled using (partner_id, offer_id, hour)
      where coalesce(raw.n, 0) <> coalesce(rolled.n, 0)`);
    const { rows: conversionDiff } = await client.query(`
      with raw as (select partner_id, offer_id, date_trunc('hour', clicked_at) as hour, count(*)::bigint as n
                   from conversions where status = 'approved' group by 1, 2, 3),
           rolled as (select partner_id, offer_id, hour, sum(conversions)::bigint as n from stats_hourly group by 1, 2, 3)
      select count(*)::int as n from raw full join rolled using (partner_id, offer_id, hour)
      where coalesce(raw.n, 0) <> coalesce(rolled.n, 0)`);
    check(
      'rollups equal the raw rows (clicks; approved conversions) per partner, offer and hour',
      clickDiff[0].n === 0 && conversionDiff[0].n === 0,
      `${clickDiff[0].n} click and ${conversionDiff[0].n} conversion hours differ`,
    );
    return { lost, missing, acked: acked.length };
  } finally {
    await client.end();
  }
}

/** No delivery is left claimed by a dead process past its lock, and the outbox was worked after `since`. */
async function outboxResumed(databaseUrl, since) {
  const client = await connect(databaseUrl);
  try {
    const { rows } = await client.query(
      `select count(*)::int as total,
         count(*) filter (where locked_until is not null and locked_until < now())::int as orphaned,
         count(*) filter (where updated_at > $1)::int as worked,
         count(*) filter (where status = 'succeeded')::int as succeeded
       from postback_deliveries where test = false`,
      [since],
    );
    const r = rows[0];
    check(
      'the partner postback outbox resumed after the kills',
      r.total === 0 || (r.orphaned === 0 && r.worked > 0),
      `${r.total} deliveries, ${r.worked} worked since the last restart, ${r.orphaned} left locked past their lock, ${r.succeeded} succeeded (the demo's partner postbacks point at hosts this machine cannot reach)`,
    );
  } finally {
    await client.end();
  }
}

async function crash() {
  // On PGlite the server's database is DATA_DIR/pglite (DATABASE_URL empty), checked once the last server stopped.
  const onPglite = DATABASE === 'pglite';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-crash-'));
  const database = onPglite
    ? { url: '', checkUrl: `pglite:${path.join(dataDir, 'pglite')}`, destroy: () => undefined }
    : startPrivatePostgres({ port: PG_PORT });
  database.checkUrl ??= database.url;
  console.log(`crash on ${onPglite ? `PGlite (PGLITE_WORKER=${env.PGLITE_WORKER ?? 'on'})` : 'PostgreSQL'}`);
  try {
    const ids = seed(database.url, dataDir);
    const port = Number(env.BENCH_PORT ?? 3700);
    let server = await startServer({ databaseUrl: database.url, dataDir, port });
    // When each click was acknowledged: a lost one is placed against the kill before it.
    const ackedAt = new Map();
    const load = startLoad({ base: () => server.url, ids, onAck: (clickId) => ackedAt.set(clickId, performance.now()) }); // prettier-ignore
    const kills = [];
    for (let kill = 0; kill < KILLS; kill++) {
      await sleep(500 + Math.random() * 2000);
      kills.push(performance.now());
      server.child.kill('SIGKILL');
      await server.exited;
      server = await startServer({ databaseUrl: database.url, dataDir, port });
    }
    await sleep(1000);
    await load.stop();
    const restartedAt = new Date();
    const ok = await drained(server);
    check('the last server drained its buffer', ok);
    // The partner postback outbox resumes: deliveries a killed process had claimed are reclaimed once their lock
    // expires (timeout + margin), and the last server works the queue.
    await sleep(Number(env.BENCH_OUTBOX_WAIT_S ?? 45) * 1000);
    if (!onPglite) await outboxResumed(database.url, restartedAt);
    await stopServer(server);
    if (onPglite) await outboxResumed(database.checkUrl, restartedAt);
    console.log(
      `crash: ${KILLS} kill -9s, ${load.counts.clicks} clicks and ${load.converted.size} conversions acknowledged ` +
        `(${load.counts.clickErrors} click attempts failed while the server was down)`,
    );
    // A kill -9 ends the process, not the machine: the page cache keeps every journal line written, and each line is
    // written before its redirect (decision 132), so no acknowledged click may be lost (only a crash of the machine
    // loses the last fsync interval's, which this mode does not make).
    const { missing } = await verify(database.checkUrl, load);
    for (const clickId of missing.slice(0, 20)) {
      const t = ackedAt.get(clickId) ?? NaN;
      const kill = kills.findIndex((k) => k >= t);
      console.log(`    lost ${clickId}: acknowledged ${kill < 0 ? 'after the last kill' : `${(kills[kill] - t).toFixed(2)} ms before kill ${kill + 1}`}`); // prettier-ignore
    }
  } finally {
    database.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function outage() {
  const database = startPrivatePostgres({ port: PG_PORT });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-outage-'));
  // A small memory bound, so that the outage spills to the journal and is read back from it.
  const maxClicks = Number(env.BENCH_BUFFER_MAX ?? 2000);
  try {
    const ids = seed(database.url, dataDir);
    const server = await startServer({
      databaseUrl: database.url,
      dataDir,
      port: 3701,
      extraEnv: { CLICK_BUFFER_MAX_CLICKS: String(maxClicks) },
    });
    const load = startLoad({ base: () => server.url, ids });
    let maxRss = 0;
    const sampler = setInterval(() => (maxRss = Math.max(maxRss, rssMb(server.child.pid))), 250);
    await sleep(5000);
    const baseRss = rssMb(server.child.pid);
    const before = { ...load.counts };
    database.stop();
    const stoppedAt = Date.now();
    let ready = 0;
    let health = null;
    const series = [];
    while (Date.now() - stoppedAt < OUTAGE_S * 1000) {
      await sleep(1000);
      series.push(rssMb(server.child.pid));
      ready = await fetch(`${server.url}/readyz`).then(
        (r) => r.status,
        () => 0,
      );
      health = await healthOf(server);
    }
    const during = {
      clicks: load.counts.clicks - before.clicks,
      postback503: load.counts.postback503 - before.postback503,
    };
    database.start();
    const step = (what) => env.BENCH_TRACE && console.error(`outage: ${what} (${new Date().toISOString()})`);
    step('database started');
    const ok = await drained(server);
    step(`drained ${ok}`);
    await load.stop();
    step('load stopped');
    clearInterval(sampler);
    step(`drained after the load ${await drained(server)}`);
    console.log(
      `outage: PostgreSQL stopped ${OUTAGE_S} s; ${during.clicks} clicks redirected meanwhile, ` +
        `${during.postback503} postback answers 503 (retried); memory bound ${maxClicks} clicks`,
    );
    check('the server stayed up through the outage', server.child.exitCode === null);
    check('/readyz answered 503 during the outage', ready === 503, `last: ${ready}`);
    check(
      '/healthz reported the database down and clicks waiting',
      health?.databaseUp === false && health.clicks.buffered > 0,
      JSON.stringify(health?.clicks ?? null),
    );
    check('clicks spilled to the journal past the memory bound', health?.clicks.spilled === true);
    check('clicks kept redirecting during the outage', during.clicks > 0, `${during.clicks}`);
    check('the buffer drained once PostgreSQL returned', ok);
    const bound = baseRss + 200;
    console.log(
      `  RSS each 5 s of the outage (MB): ${series
        .filter((_, i) => i % 5 === 4)
        .map((v) => v.toFixed(0))
        .join(' ')}`,
    );
    check(
      'memory stayed bounded',
      maxRss <= bound,
      `max RSS ${maxRss.toFixed(0)} MB, bound ${bound.toFixed(0)} MB (RSS before the outage + 200 MB: the 2,000 clicks in memory, one 8 MB journal segment parsed while read back, the heap's headroom)`,
    );
    await stopServer(server);
    await verify(database.url, load);
  } finally {
    database.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The demo partner's daily report for the last two days, as a server answers it. */
async function dailyReport(server) {
  const signIn = await fetch(`${server.url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'partner@demo.test', password: 'Partner2025!' }),
  }).then((r) => r.json());
  const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const res = await fetch(`${server.url}/api/v1/statistics/daily?startDate=${day(-1)}&endDate=${day(1)}`, {
    headers: { authorization: `Bearer ${signIn.data.bearer}` },
  });
  return res.json();
}

async function two() {
  const database = startPrivatePostgres({ port: PG_PORT });
  const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'portal-two-')));
  const seconds = Number(env.BENCH_DURATION ?? 20);
  try {
    const ids = seed(database.url, dirs[0]);
    const servers = [];
    for (const [i, dataDir] of dirs.entries())
      servers.push(await startServer({ databaseUrl: database.url, dataDir, port: 3702 + i }));
    // No sticky routing: each request goes to the next server in turn, a postback mostly to another than its click.
    let turn = 0;
    const load = startLoad({ base: () => servers[turn++ % 2].url, ids });
    await sleep(seconds * 1000);
    await load.stop();
    const ok = (await Promise.all(servers.map((server) => drained(server)))).every(Boolean);
    check('both servers drained their buffers', ok);
    const [a, b] = [await dailyReport(servers[0]), await dailyReport(servers[1])];
    const total = a.data.at(-1);
    check(
      'the partner report reads alike on both servers',
      JSON.stringify(a) === JSON.stringify(b),
      `clicks ${total.clicks}, conversions ${total.conversions}`,
    );
    check(
      'the report counts every acknowledged click',
      total.clicks === load.acked.size,
      `${total.clicks} in the report, ${load.acked.size} acknowledged`,
    );
    console.log(
      `two servers: ${seconds} s, ${load.acked.size} clicks and ${load.converted.size} conversions, split over both`,
    );
    for (const server of servers) await stopServer(server);
    await verify(database.url, load);
  } finally {
    database.destroy();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function soak() {
  const database = startPrivatePostgres({ port: PG_PORT });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-soak-'));
  try {
    const ids = seed(database.url, dataDir);
    const server = await startServer({ databaseUrl: database.url, dataDir, port: 3704 });
    const url = `${server.url}/click?offer_id=${ids.offerId}&aff_id=${ids.partnerId}`;
    const max = await autocannon({ url, connections: 50, duration: 10 });
    const rate = Math.round(max.requests.average / 2);
    console.log(`soak: maximum ${max.requests.average.toFixed(0)} clicks/s; ${SOAK_S} s at ${rate}/s, per minute:`);
    const minutes = [];
    for (let elapsed = 0; elapsed < SOAK_S; elapsed += 60) {
      const duration = Math.min(60, SOAK_S - elapsed);
      const run = await autocannon({ url, connections: 50, duration, overallRate: rate });
      const row = {
        minute: minutes.length + 1,
        rps: run.requests.average,
        p99: run.latency.p99,
        rss: rssMb(server.child.pid),
      };
      minutes.push(row);
      console.log(
        `  minute ${row.minute}: ${row.rps.toFixed(0)} clicks/s, p99 ${row.p99} ms, RSS ${row.rss.toFixed(0)} MB, non-2xx/3xx ${run.non2xx - run['3xx']}`,
      );
    }
    const firstRss = minutes[0].rss;
    const lastRss = minutes.at(-1).rss;
    const p99s = minutes.map((m) => m.p99).sort((a, b) => a - b);
    check(
      'memory flat (last minute within 20 % of the first)',
      lastRss <= firstRss * 1.2,
      `${firstRss.toFixed(0)} → ${lastRss.toFixed(0)} MB`,
    );
    check(
      'p99 flat (the worst minute within 3× the median minute)',
      p99s.at(-1) <= 3 * p99s[Math.floor(p99s.length / 2)],
      p99s.join(', ') + ' ms',
    );
    check('the buffer drained', await drained(server));
    await stopServer(server);
  } finally {
    database.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const modes = { crash, outage, two, soak };
if (!modes[MODE]) {
  console.error(`unknown mode ${MODE}: one of ${Object.keys(modes).join(', ')}`);
  process.exit(2);
}
await modes[MODE]();
console.log(failed ? 'reliability: MISSED' : 'reliability: met');
process.exit(failed ? 1 : 0);
