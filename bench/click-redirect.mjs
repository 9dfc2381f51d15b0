// Click redirect benchmark (decision 018): GET /click of the built server against a bare node:http 302 and
// against a naive insert-per-request /click, with the same load tool and settings, in one run on this machine.
// Run `npm run build` first, then `node bench/click-redirect.mjs` (see bench/README.md for the variables).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ask, requireBuiltServer, start, stop } from './lib/child-server.mjs';
import pg from 'pg';

const env = process.env;
const DURATION = Number(env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
const PG_URL = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TARGETS = (env.BENCH_DATABASES ?? 'pglite,postgres').split(',');

requireBuiltServer();

/**
 * One autocannon run; every answer must be a 302. `timeoutsAllowed` (the naive variant, which commits per request):
 * requests that timed out on a loaded machine are counted and shown instead of failing the run.
 */
async function load(url, options = {}, timeoutsAllowed = false) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, ...options });
  const redirects = result['3xx'];
  const refused = result.errors > 0 && !(timeoutsAllowed && result.errors === result.timeouts);
  if (refused || result.non2xx !== redirects || redirects === 0) {
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx - redirects} non-302 answers`);
  }
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    p50: result.latency.p50,
    total: redirects,
    timeouts: result.timeouts,
  };
}

/** CPU time (ms) used so far by the processes `match` picks, from /proc (0 where /proc is missing). */
function cpuMs(match) {
  if (!fs.existsSync('/proc/self/stat')) return 0;
  const tick = 1000 / 100; // USER_HZ
  let total = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!match(Number(pid), fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'))) continue;
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/** CPU time (ms) of one process's main thread (its first task) so far: the rest is V8's and libuv's threads. */
function mainThreadMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * PostgreSQL's processes that work for the bench: the backends of its database (`postgres: user db host(port) …`)
 * (its autovacuum workers among them) and the server's shared writers (WAL writer, checkpointer, background writer,
 * autovacuum launcher). The backends of other databases are left out: on a machine shared with other test runs, they
 * are not this bench's clicks (decision 120), and neither are their autovacuum workers (decision 146).
 */
const POSTGRES_WRITERS = /^postgres: (\S+: )?(walwriter|checkpointer|background writer|autovacuum launcher)/;
const ofPostgresFor = (dbName) => (_pid, cmdline) =>
  cmdline.startsWith('postgres') &&
  (POSTGRES_WRITERS.test(cmdline) || (dbName !== null && cmdline.split(/[\s\0]+/).includes(dbName)));

/**
 * PostgreSQL's CPU split by who spent it (decision 146): the bench database's backends, and each shared writer, with
 * the run's WAL bytes per click and the checkpoints that fell in it (a checkpoint's writes, and the full-page images
 * the backends write after it, are PostgreSQL's CPU that moves from run to run).
 */
const POSTGRES_PARTS = [
  ['backends', (cmdline, dbName) => dbName !== null && cmdline.split(/[\s\0]+/).includes(dbName)],
  ['walwriter', (cmdline) => /walwriter/.test(cmdline)],
  ['checkpointer', (cmdline) => /checkpointer/.test(cmdline)],
  ['background writer', (cmdline) => /background writer/.test(cmdline)],
  ['autovacuum launcher', (cmdline) => /autovacuum launcher/.test(cmdline)],
];
const postgresParts = (dbName) =>
  POSTGRES_PARTS.map(([name, test]) => [name, cpuMs((_pid, cmdline) => cmdline.startsWith('postgres') && test(cmdline, dbName))]); // prettier-ignore

/**
 * The server's WAL position (bytes) and checkpoints so far, or null without a PostgreSQL: the whole server's, other
 * databases' writes included (on a shared machine, read it beside their load).
 */
async function walAndCheckpoints(dbName) {
  if (dbName === null) return null;
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::float8 as wal,
        (checkpoints_timed + checkpoints_req)::int as checkpoints from pg_stat_bgwriter`,
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

/** A load run with the CPU time each side used per answered request (µs): the server process, and PostgreSQL's. */
async function measured(server, url, options, dbName = null) {
  const ofServer = (pid) => pid === server.child.pid;
  const ofPostgres = ofPostgresFor(dbName);
  const wal = await walAndCheckpoints(dbName);
  const parts = postgresParts(dbName);
  const before = [cpuMs(ofServer), cpuMs(ofPostgres), mainThreadMs(server.child.pid)];
  const own = process.cpuUsage();
  const result = await load(url, options);
  const perRequest = (ms) => (ms * 1000) / result.total;
  const generator = process.cpuUsage(own);
  const after = [cpuMs(ofServer), cpuMs(ofPostgres), mainThreadMs(server.child.pid)];
  const partsAfter = postgresParts(dbName);
  const walAfter = await walAndCheckpoints(dbName);
  return {
    ...result,
    serverCpu: perRequest(after[0] - before[0]),
    /** Of which the main thread's (the rest: V8's garbage-collection and compiler threads, libuv's pool). */
    serverMainCpu: perRequest(after[2] - before[2]),
    postgresCpu: perRequest(after[1] - before[1]),
    postgresParts: parts.map(([name, ms], i) => [name, perRequest(partsAfter[i][1] - ms)]),
    walPerClick: wal && walAfter ? (walAfter.wal - wal.wal) / result.total : null,
    checkpoints: wal && walAfter ? walAfter.checkpoints - wal.checkpoints : null,
    /** The load generator's (this process's) CPU per request: it shares the machine's CPUs with the servers. */
    generatorCpu: (generator.user + generator.system) / result.total,
  };
}

const warm = (url) => autocannon({ url, connections: CONNECTIONS, duration: 2 });
const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
const verdict = (ok) => (ok ? 'met' : 'MISSED');

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(
  `click redirect: autocannon, ${CONNECTIONS} connections, ${DURATION} s per run, ${os.cpus().length} CPUs ` +
    `(load generator and server share them), LOG_LEVEL=warn, load average ${loadAverage()}\n`,
);

const bare = await start('bare-server.mjs');
const bareUrl = `http://127.0.0.1:${bare.port}/click`;
await warm(bareUrl);
const bareMax = await measured(bare, bareUrl);
const halfRate = Math.floor(bareMax.rps / 2);
const bareHalf = await load(bareUrl, { overallRate: halfRate });
await stop(bare);
console.log(
  `bare node:http 302        max ${fmt(bareMax.rps)} req/s (server CPU ${fmt(bareMax.serverCpu, 1)} µs per ` +
    `request, main thread ${fmt(bareMax.serverMainCpu, 1)}); at ${fmt(halfRate)} req/s p99 ${bareHalf.p99} ms`,
);

const results = [];
for (const target of TARGETS) {
  let dataDir;
  let dbName = null;
  let extraEnv;
  if (target === 'postgres') {
    dbName = `${env.BENCH_DB_PREFIX ?? 'portal_bench'}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(PG_URL);
    url.pathname = `/${dbName}`;
    extraEnv = { DATABASE_URL: url.toString(), DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-')) };
    dataDir = extraEnv.DATA_DIR;
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
    extraEnv = { DATA_DIR: dataDir, DATABASE_URL: '' };
  }
  const app = await start('app-server.mjs', extraEnv);
  try {
    const link = `offer_id=${app.offerId}&aff_id=${app.partnerId}&subid=bench&tc1=autocannon`;
    const realUrl = `http://127.0.0.1:${app.port}/click?${link}`;
    const naiveUrl = `http://127.0.0.1:${app.port}/click-naive?${link}`;
    await warm(realUrl);
    const before = (await ask(app, 'count')).count;
    const realMax = await measured(app, realUrl, undefined, dbName);
    const realHalf = await load(realUrl, { overallRate: halfRate });
    await warm(naiveUrl);
    const naiveMax = await load(naiveUrl, {}, true);
    // Every redirect answered was a click written (the buffer flushes within 100 ms).
    await new Promise((resolve) => setTimeout(resolve, 500));
    const written = (await ask(app, 'count')).count - before;
    const row = {
      target,
      realMax,
      realHalf,
      naiveMax,
      throughput: realMax.rps / bareMax.rps,
      p99Ratio: realHalf.p99 / Math.max(bareHalf.p99, 1),
      vsNaive: realMax.rps / naiveMax.rps,
      cpuRatio: realMax.serverCpu / bareMax.serverCpu,
    };
    results.push(row);
    console.log(
      `\n${target}: /click max ${fmt(realMax.rps)} req/s (p99 ${realMax.p99} ms; server CPU ` +
        `${fmt(realMax.serverCpu, 1)} µs per request, main thread ${fmt(realMax.serverMainCpu, 1)}` +
        (target === 'postgres' ? `, PostgreSQL CPU ${fmt(realMax.postgresCpu, 1)} µs per click` : '') +
        `); at ${fmt(halfRate)} req/s p99 ` +
        `${realHalf.p99} ms; naive insert-per-request max ${fmt(naiveMax.rps)} req/s (p99 ${naiveMax.p99} ms` +
        `${naiveMax.timeouts > 0 ? `, ${naiveMax.timeouts} timed out` : ''}); ` +
        `clicks written ${fmt(written)} for ${fmt(realMax.total + realHalf.total + naiveMax.total)} redirects counted`,
    );
    console.log(
      `  throughput vs bare ${row.throughput.toFixed(2)}× (target ≥0.6×: ${verdict(row.throughput >= 0.6)}); ` +
        `p99 vs bare at half of bare's max ${row.p99Ratio.toFixed(2)}× (target ≤2×: ${verdict(row.p99Ratio <= 2)}); ` +
        `vs naive ${row.vsNaive.toFixed(1)}× (target ≥10×: ${verdict(row.vsNaive >= 10)})`,
    );
    // Issue 52 item 3: the load generator shares the machine's CPUs. Each side's ceiling from this run's CPU figures:
    // node and the load generator are one thread each (at most one CPU's worth of requests), and all the processes
    // together have the machine's CPUs (decision 022's reasoning, made a printed figure by decision 120).
    if (target === 'postgres') {
      const cpus = os.cpus().length;
      const ceiling = (server, generator, database = 0) =>
        Math.min(1e6 / server, 1e6 / generator, (cpus * 1e6) / (server + generator + database));
      const bareCeiling = ceiling(bareMax.serverCpu, bareMax.generatorCpu);
      const clickCeiling = ceiling(realMax.serverCpu, realMax.generatorCpu, realMax.postgresCpu);
      console.log(
        `  CPU per request: bare server ${fmt(bareMax.serverCpu, 1)} µs + load generator ${fmt(bareMax.generatorCpu, 1)}; ` +
          `/click node ${fmt(realMax.serverCpu, 1)} + PostgreSQL ${fmt(realMax.postgresCpu, 1)} + load generator ` +
          `${fmt(realMax.generatorCpu, 1)}. Ceilings on ${cpus} CPUs (one thread each for node and the generator, all ` +
          `processes within the CPUs): bare ${fmt(bareCeiling)} req/s, /click ${fmt(clickCeiling)} req/s, at most ` +
          `${(clickCeiling / bareCeiling).toFixed(2)}× here` +
          (clickCeiling / bareCeiling < 0.6
            ? ' (under 0.6×: not reachable on this machine at this CPU per click)'
            : ''),
      );
    }
    console.log(`  load average ${loadAverage()}`);
    // Issue 52 item 1: the node CPU a click costs against the bare server's per request, and PostgreSQL's per click.
    console.log(
      `  node CPU per click ${row.cpuRatio.toFixed(2)}× the bare server's per request (target ≤1.5×: ` +
        `${verdict(row.cpuRatio <= 1.5)})` +
        (target === 'postgres'
          ? `; PostgreSQL CPU ${fmt(realMax.postgresCpu, 1)} µs per click (target ≤20 µs: ${verdict(realMax.postgresCpu <= 20)})`
          : ''),
    );
    if (target === 'postgres') {
      console.log(
        `  PostgreSQL CPU per click by process: ${realMax.postgresParts.map(([name, us]) => `${name} ${fmt(us, 1)} µs`).join(', ')}; ` +
          `the server's WAL (every database's) ${fmt(realMax.walPerClick)} bytes per click, ${realMax.checkpoints} ` +
          `checkpoint(s) during the run`,
      );
    }
  } finally {
    await stop(app);
    if (dbName) {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  '\n| database | bare max req/s | /click max req/s | ratio | p99 bare / /click at half rate | ratio | naive max req/s | /click vs naive | node CPU µs per click / bare | ratio |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of results) {
  console.log(
    `| ${r.target} | ${fmt(bareMax.rps)} | ${fmt(r.realMax.rps)} | ${r.throughput.toFixed(2)}× ${verdict(r.throughput >= 0.6)} | ` +
      `${bareHalf.p99} ms / ${r.realHalf.p99} ms | ${r.p99Ratio.toFixed(2)}× ${verdict(r.p99Ratio <= 2)} | ` +
      `${fmt(r.naiveMax.rps)} | ${r.vsNaive.toFixed(1)}× ${verdict(r.vsNaive >= 10)} | ` +
      `${fmt(r.realMax.serverCpu, 1)} / ${fmt(bareMax.serverCpu, 1)} | ${r.cpuRatio.toFixed(2)}× ${verdict(r.cpuRatio <= 1.5)} |`,
  );
}
