// deploy/local-cluster.sh's work (issue 51, decision 096). State (ports, pids, the bench link's ids) in
// CLUSTER_DIR/state.json so that `up`, `check` and `down` can be separate runs.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startLoad } from '../bench/lib/tracking-load.mjs';
import { SERVER_NODE_FLAGS } from '../scripts/lib/server-node-flags.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');
const env = process.env;
// The build the servers run (CLUSTER_ROOT: another checkout's, to compare builds with this script's check).
const serverRoot = env.CLUSTER_ROOT ?? root;
const DIR = env.CLUSTER_DIR ?? '/tmp/portal-cluster';
const STATE = path.join(DIR, 'state.json');
// Two bases so that a shared machine can give each run its own ports: CLUSTER_DB_PORT (primary, replica = +1,
// PgBouncer = +2) and CLUSTER_HTTP_PORT (HAProxy, servers = +1..+3, the postback receiver = +9).
const DB_PORT = Number(env.CLUSTER_DB_PORT ?? 5620);
const HTTP_PORT = Number(env.CLUSTER_HTTP_PORT ?? 5630);
const PORTS = { primary: DB_PORT, replica: DB_PORT + 1, pgbouncer: DB_PORT + 2, haproxy: HTTP_PORT, servers: [HTTP_PORT + 1, HTTP_PORT + 2, HTTP_PORT + 3], receiver: HTTP_PORT + 9 }; // prettier-ignore
const LOAD_S = Number(env.CLUSTER_LOAD_S ?? 60);
const METRICS_TOKEN = 'local-cluster-metrics-token';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const bin = (() => {
  const versions = fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  return path.join('/usr/lib/postgresql', versions[0], 'bin');
})();
const asPostgres = (file, args, options = {}) =>
  execFileSync(process.getuid?.() === 0 ? 'runuser' : file, process.getuid?.() === 0 ? ['-u', 'postgres', '--', file, ...args] : args, { stdio: ['ignore', 'pipe', 'pipe'], ...options }).toString(); // prettier-ignore
const url = (port, db = 'portal') => `postgres://postgres@127.0.0.1:${port}/${db}`;
const pgCtl = (name, action, extra = []) =>
  asPostgres(path.join(bin, 'pg_ctl'), ['-D', path.join(DIR, name), '-l', path.join(DIR, `${name}.log`), action, '-w', ...extra]); // prettier-ignore

function startPgbouncer() {
  asPostgres('pgbouncer', ['-d', path.join(DIR, 'pgbouncer.ini')]);
}
function stopPgbouncer() {
  const pidFile = path.join(DIR, 'pgbouncer.pid');
  if (fs.existsSync(pidFile)) {
    try {
      process.kill(Number(fs.readFileSync(pidFile, 'utf8')), 'SIGINT');
    } catch {
      // gone
    }
  }
}

function serverEnv(port) {
  return {
    ...env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${PORTS.haproxy}`,
    DATA_DIR: path.join(DIR, `server-${port}`),
    DATABASE_URL: url(PORTS.pgbouncer),
    MIGRATION_DATABASE_URL: url(PORTS.primary),
    REPORTS_DATABASE_URL: url(PORTS.replica),
    REPLICA_MAX_LAG_S: '5',
    METRICS_TOKEN,
    DRAIN_SECONDS: '2',
    TRUST_PROXY: 'true',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    POSTBACK_ALLOW_LOOPBACK: 'true',
    BILLING_JOB: 'off',
  };
}

async function readyz(port) {
  return fetch(`http://127.0.0.1:${port}/readyz`).then(
    (r) => r.status,
    () => 0,
  );
}

async function startServer(port) {
  const log = fs.openSync(path.join(DIR, `server-${port}.log`), 'a');
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(serverRoot, 'apps/server/dist/main.js')], {
    env: serverEnv(port),
    stdio: ['ignore', log, log],
    detached: true,
  });
  child.unref();
  for (let i = 0; i < 600; i++) {
    if ((await readyz(port)) === 200) return child.pid;
    await sleep(100);
  }
  throw new Error(`server on ${port} not ready in 60 s (see ${DIR}/server-${port}.log)`);
}

const readState = () => JSON.parse(fs.readFileSync(STATE, 'utf8'));
const writeState = (state) => fs.writeFileSync(STATE, JSON.stringify(state, null, 2));

async function up() {
  if (!fs.existsSync(path.join(serverRoot, 'apps/server/dist/main.js'))) throw new Error('build the server first');
  if (fs.existsSync(STATE)) throw new Error(`${DIR} holds a cluster: run down first`);
  fs.mkdirSync(DIR, { recursive: true });
  fs.chmodSync(DIR, 0o777);
  const t0 = Date.now();
  // The primary, ready for a streaming replica.
  asPostgres(path.join(bin, 'initdb'), ['-D', path.join(DIR, 'primary'), '-A', 'trust', '-U', 'postgres', '--no-sync']); // prettier-ignore
  fs.appendFileSync(path.join(DIR, 'primary/pg_hba.conf'), 'host replication postgres 127.0.0.1/32 trust\n');
  fs.appendFileSync(path.join(DIR, 'primary/postgresql.conf'), `port = ${PORTS.primary}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${DIR}'\nwal_level = replica\nmax_wal_senders = 5\nmax_connections = 200\nhot_standby = on\n`); // prettier-ignore
  pgCtl('primary', 'start');
  const admin = new pg.Client({ connectionString: url(PORTS.primary, 'postgres') });
  await admin.connect();
  await admin.query('create database portal');
  await admin.end();
  // The replica, from a base backup of the primary (-R: standby.signal and primary_conninfo).
  asPostgres(path.join(bin, 'pg_basebackup'), ['-h', '127.0.0.1', '-p', String(PORTS.primary), '-U', 'postgres', '-D', path.join(DIR, 'replica'), '-R', '-X', 'stream']); // prettier-ignore
  fs.appendFileSync(path.join(DIR, 'replica/postgresql.conf'), `port = ${PORTS.replica}\nhot_standby_feedback = on\n`);
  pgCtl('replica', 'start');
  // PgBouncer in transaction mode in front of the primary.
  fs.writeFileSync(path.join(DIR, 'userlist.txt'), '"postgres" ""\n');
  fs.writeFileSync(path.join(DIR, 'pgbouncer.ini'), `[databases]\n* = host=127.0.0.1 port=${PORTS.primary}\n\n[pgbouncer]\nlisten_addr = 127.0.0.1\nlisten_port = ${PORTS.pgbouncer}\nunix_socket_dir = ${DIR}\nauth_type = trust\nauth_file = ${DIR}/userlist.txt\npool_mode = transaction\nmax_client_conn = 1000\ndefault_pool_size = 30\nserver_reset_query =\nignore_startup_parameters = extra_float_digits\nlogfile = ${DIR}/pgbouncer.log\npidfile = ${DIR}/pgbouncer.pid\n`); // prettier-ignore
  startPgbouncer();
  // The demo network without traffic, migrated through the direct URL, and a partner postback to a local receiver.
  const out = execFileSync(process.execPath, [path.join(serverRoot, 'bench/lib/seed-once.mjs')], {
    env: { ...serverEnv(PORTS.servers[0]), DATABASE_URL: url(PORTS.primary), LOG_LEVEL: 'warn' },
  }).toString();
  const ids = JSON.parse(out.trim().split('\n').pop());
  const db = new pg.Client({ connectionString: url(PORTS.primary) });
  await db.connect();
  await db.query('delete from postbacks where partner_id = $1', [ids.partnerId]);
  await db.query('insert into postbacks (partner_id, url) values ($1, $2)', [ids.partnerId, `http://127.0.0.1:${PORTS.receiver}/pb?cid={click_id}&tx={transaction_id}`]); // prettier-ignore
  await db.end();
  const servers = {};
  for (const port of PORTS.servers) servers[port] = await startServer(port);
  // HAProxy: /readyz as the health check, a draining server out within a second.
  fs.writeFileSync(path.join(DIR, 'haproxy.cfg'), `global\n    maxconn 4000\n    daemon\n    pidfile ${DIR}/haproxy.pid\n\ndefaults\n    mode http\n    option redispatch\n    retries 2\n    retry-on conn-failure empty-response\n    timeout connect 2s\n    timeout client 75s\n    timeout server 75s\n\nfrontend portal\n    bind 127.0.0.1:${PORTS.haproxy}\n    option forwardfor\n    default_backend portal_servers\n\nbackend portal_servers\n    balance roundrobin\n    option httpchk GET /readyz\n    http-check expect status 200\n    default-server inter 300ms fall 2 rise 2\n    http-response set-header X-Portal-Server %[srv_name]\n${PORTS.servers.map((p, i) => `    server portal${i + 1} 127.0.0.1:${p} check`).join('\n')}\n`); // prettier-ignore
  execFileSync('haproxy', ['-f', path.join(DIR, 'haproxy.cfg')]);
  writeState({ ids, servers });
  console.log(`cluster up in ${((Date.now() - t0) / 1000).toFixed(1)} s: HAProxy http://127.0.0.1:${PORTS.haproxy}, servers ${PORTS.servers.join(', ')}, PgBouncer ${PORTS.pgbouncer}, primary ${PORTS.primary}, replica ${PORTS.replica}`); // prettier-ignore
}

async function down() {
  const state = fs.existsSync(STATE) ? readState() : { servers: {} };
  const kill = (pid, signal = 'SIGTERM') => {
    try {
      process.kill(pid, signal);
    } catch {
      // gone
    }
  };
  const haproxyPid = path.join(DIR, 'haproxy.pid');
  if (fs.existsSync(haproxyPid)) kill(Number(fs.readFileSync(haproxyPid, 'utf8')));
  for (const pid of Object.values(state.servers)) kill(pid, 'SIGKILL');
  stopPgbouncer();
  for (const name of ['replica', 'primary']) {
    try {
      pgCtl(name, 'stop', ['-m', 'immediate']);
    } catch {
      // not running
    }
  }
  fs.rmSync(DIR, { recursive: true, force: true });
  console.log('cluster down');
}

let missed = 0;
const check = (label, ok, detail = '') => {
  if (!ok) missed++;
  console.log(`  ${ok ? 'met   ' : 'MISSED'}  ${label}${detail ? `: ${detail}` : ''}`);
};

/** The partner postback receiver: each request's delivery id and conversion (click id, transaction id). */
function startReceiver() {
  const received = [];
  const server = http.createServer((req, res) => {
    const query = new URL(req.url, 'http://x').searchParams;
    received.push({ deliveryId: String(req.headers['x-delivery-id'] ?? ''), tx: query.get('tx') });
    res.writeHead(200).end('ok');
  });
  return new Promise((resolve) => server.listen(PORTS.receiver, '127.0.0.1', () => resolve({ server, received })));
}

async function reportStatus(ids) {
  // A partner report through HAProxy: signs in as the demo partner once.
  const login = await fetch(`http://127.0.0.1:${PORTS.haproxy}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'partner@demo.test', password: env.DEMO_PARTNER_PASSWORD ?? 'Partner2025!' }),
  });
  const body = await login.json().catch(() => null);
  const token = body?.data?.bearer ?? null;
  if (!token) console.log(`  partner sign-in through HAProxy: ${login.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { token, ids };
}

/**
 * The acknowledged clicks the database lacks, each with the server that answered it (HAProxy's `X-Portal-Server`),
 * when (ms on the load's clock, with the events just before it), and how its neighbours on that server fared: the
 * evidence for why it was lost.
 */
async function tellMissing(db, load, events) {
  const { rows } = await db.query('select x.id from unnest($1::text[]) as x(id) where not exists (select 1 from clicks c where c.click_id = x.id)', [[...load.acked]]); // prettier-ignore
  const portOf = (name) => (name ? (PORTS.servers[Number(String(name).replace('portal', '')) - 1] ?? name) : '?');
  const byServer = new Map();
  for (const [id, info] of load.ackedBy) {
    const list = byServer.get(info.server) ?? [];
    list.push({ id, t: info.t });
    byServer.set(info.server, list);
  }
  const missing = new Set(rows.map((r) => r.id));
  for (const { id } of rows.slice(0, 20)) {
    const info = load.ackedBy.get(id) ?? { t: NaN, server: null };
    const before = events.filter((e) => e.t <= info.t).pop();
    const after = events.find((e) => e.t > info.t);
    const near = (byServer.get(info.server) ?? []).filter((c) => Math.abs(c.t - info.t) <= 200);
    const lost = near.filter((c) => missing.has(c.id)).length;
    console.log(`    missing ${id}: answered by ${portOf(info.server)} at t=${(info.t / 1000).toFixed(3)} s (after "${before?.what ?? 'the start'}" at ${before ? (before.t / 1000).toFixed(3) : 0} s, before "${after?.what ?? 'the end'}"${after ? ` at ${(after.t / 1000).toFixed(3)} s` : ''}); that server's clicks within 200 ms: ${near.length}, ${lost} missing`); // prettier-ignore
  }
  if (rows.length > 20) console.log(`    … and ${rows.length - 20} more`);
  // What the servers' logs said about their journals (replays, torn lines, clicks left for the next start).
  for (const port of PORTS.servers) {
    const lines = fs.readFileSync(path.join(DIR, `server-${port}.log`), 'utf8').split('\n');
    for (const line of lines)
      if (/journal|clicks not written/.test(line)) console.log(`    server ${port}: ${line.slice(0, 400)}`);
  }
}

async function checkCluster() {
  const state = readState();
  const { ids } = state;
  const receiver = await startReceiver();
  const base = () => `http://127.0.0.1:${PORTS.haproxy}`;
  const statuses = new Map();
  const load = startLoad({ base, ids, workers: 8, postbackEvery: 4 });
  const t0 = Date.now();
  const at = (s) => sleep(Math.max(0, t0 + s * 1000 - Date.now()));
  console.log(`load through HAProxy for ${LOAD_S} s`);

  // A report reader beside the load: partner quick stats every 250 ms, its statuses and lag headers counted.
  const report = await reportStatus(ids);
  let reading = true;
  const reports = { ok: 0, failed: 0, lagged: 0 };
  const reader = (async () => {
    while (reading) {
      if (report.token) {
        const r = await fetch(`${base()}/api/v1/statistics/home/quick-stats`, { headers: { authorization: `Bearer ${report.token}` } }).catch(() => null); // prettier-ignore
        if (r?.ok) reports.ok++;
        else reports.failed++;
        if (r?.headers.get('x-report-data-lag-seconds')) reports.lagged++;
        statuses.set(r?.status ?? 0, (statuses.get(r?.status ?? 0) ?? 0) + 1);
      }
      await sleep(250);
    }
  })();

  // Lock waits on the primary, sampled every 500 ms: what a postback or a click batch waits for besides the CPU.
  const locks = { samples: 0, waiting: 0, max: 0, byQuery: {} };
  let sampling = true;
  const sampler = (async () => {
    const probe = new pg.Client({ connectionString: url(PORTS.primary) });
    await probe.connect().catch(() => null);
    while (sampling) {
      const { rows } = await probe.query("select left(regexp_replace(query, '\\s+', ' ', 'g'), 50) as q from pg_stat_activity where wait_event_type = 'Lock'").catch(() => ({ rows: [] })); // prettier-ignore
      locks.samples++;
      locks.waiting += rows.length;
      locks.max = Math.max(locks.max, rows.length);
      for (const r of rows) locks.byQuery[r.q] = (locks.byQuery[r.q] ?? 0) + 1;
      await sleep(500);
    }
    await probe.end().catch(() => undefined);
  })();

  const [killed, restarted] = PORTS.servers;
  // What happened when, in ms on the load's clock (an acknowledged click's `t`): a missing click is placed among them.
  const events = [];
  const mark = (what) => {
    events.push({ t: Date.now() - load.started, what });
    console.log(`  t=${((Date.now() - t0) / 1000).toFixed(1)} s: ${what}`);
  };
  await at(LOAD_S * 0.2);
  mark(`kill -9 the server on ${killed}`);
  process.kill(state.servers[killed], 'SIGKILL');
  await sleep(3000);
  mark(`${killed} starting (its journal replayed)`);
  state.servers[killed] = await startServer(killed);
  mark(`${killed} ready`);

  await at(LOAD_S * 0.4);
  mark(`graceful restart (SIGTERM, drain) of ${restarted}`);
  const pid = state.servers[restarted];
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 300; i++) {
    try {
      process.kill(pid, 0);
      await sleep(100);
    } catch {
      break;
    }
  }
  mark(`${restarted} exited; starting again`);
  state.servers[restarted] = await startServer(restarted);
  mark(`${restarted} ready`);
  writeState(state);

  await at(LOAD_S * 0.6);
  mark('replica stopped for 10 s');
  const before = { ...reports };
  pgCtl('replica', 'stop', ['-m', 'fast']);
  await sleep(10_000);
  pgCtl('replica', 'start');
  mark('replica started');
  const duringReplica = { ok: reports.ok - before.ok, failed: reports.failed - before.failed };

  await at(LOAD_S * 0.8);
  mark('PgBouncer stopped');
  stopPgbouncer();
  await sleep(1000);
  startPgbouncer();
  mark('PgBouncer started');

  await at(LOAD_S);
  await load.stop();
  reading = false;
  await reader;
  sampling = false;
  await sampler;
  const latency = load.latency();
  console.log(`  click answer times through HAProxy: p50 ${latency.p50.toFixed(1)} ms, p99 ${latency.p99.toFixed(1)} ms, max ${latency.max.toFixed(0)} ms; clicks per second ${latency.perSecond.join(' ')}`); // prettier-ignore
  console.log(`  lock waits on the primary: ${(locks.waiting / Math.max(locks.samples, 1)).toFixed(2)} sessions on average, ${locks.max} at most; by statement ${JSON.stringify(locks.byQuery)}`); // prettier-ignore
  // Everything written and every partner postback sent (the workers poll every second).
  const db = new pg.Client({ connectionString: url(PORTS.primary) });
  await db.connect();
  for (let i = 0; i < 120; i++) {
    const healths = await Promise.all(PORTS.servers.map((p) => fetch(`http://127.0.0.1:${p}/healthz`).then((r) => r.json(), () => null))); // prettier-ignore
    const { rows } = await db.query("select count(*)::int as n from postback_deliveries where status = 'pending'");
    if (healths.every((h) => h?.clicks.buffered === 0) && rows[0].n === 0) break;
    await sleep(500);
  }
  const acked = [...load.acked];
  const { rows: present } = await db.query('select count(*)::int as n from clicks where click_id = any($1)', [acked]);
  check('acknowledged clicks in the database', present[0].n === acked.length, `${present[0].n} of ${acked.length}`); // prettier-ignore
  if (present[0].n !== acked.length) await tellMissing(db, load, events);
  const transactions = [...load.converted.keys()];
  const { rows: counted } = await db.query('select transaction_id, count(*)::int as n, min(id) as id, min(status) as status from conversions where transaction_id = any($1) group by transaction_id', [transactions]); // prettier-ignore
  const once = counted.filter((r) => r.n === 1).length;
  check('acknowledged conversions recorded once', once === transactions.length, `${once} of ${transactions.length}`);
  // This run's deliveries: those of its conversions (a cluster checked twice keeps the first run's).
  const { rows: deliveries } = await db.query("select count(*)::int as n, count(*) filter (where d.status = 'succeeded')::int as ok from postback_deliveries d join conversions c on c.id = d.conversion_id where d.partner_id = $1 and c.transaction_id = any($2)", [ids.partnerId, transactions]); // prettier-ignore
  const { rows: byStatus } = await db.query('select status, count(*)::int as n from conversions where transaction_id = any($1) group by status', [transactions]); // prettier-ignore
  console.log(`  this run's conversions by status: ${JSON.stringify(Object.fromEntries(byStatus.map((r) => [r.status, r.n])))}`); // prettier-ignore
  const byTx = new Map();
  // This run's conversions only (a delivery of an earlier run's, retried now, is that run's).
  const ours = receiver.received.filter((r) => load.converted.has(r.tx));
  for (const r of ours) byTx.set(r.tx, new Set([...(byTx.get(r.tx) ?? []), r.deliveryId]));
  const twice = [...byTx.values()].filter((s) => s.size > 1).length;
  const repeats = ours.length - new Set(ours.map((r) => r.deliveryId)).size;
  check('partner postbacks delivered, each conversion under one delivery id', deliveries[0].ok === deliveries[0].n && twice === 0 && byTx.size === deliveries[0].n, `${byTx.size} conversions received of ${deliveries[0].n} deliveries, ${deliveries[0].ok} succeeded, ${twice} under two ids, ${repeats} repeated sends of one id`); // prettier-ignore
  await db.end();
  const c = load.counts;
  console.log(`  failed answers: clicks ${JSON.stringify(load.failures.clicks)}; postbacks ${JSON.stringify(load.failures.postbacks)}; postbacks other than 503 by time ${JSON.stringify(load.failures.postbackTimes)}`); // prettier-ignore
  for (const port of PORTS.servers) {
    const lines = fs.readFileSync(path.join(DIR, `server-${port}.log`), 'utf8').split('\n');
    const errors = new Map();
    for (const line of lines) {
      try {
        const entry = JSON.parse(line);
        if (entry.level >= 50) errors.set(entry.msg, (errors.get(entry.msg) ?? 0) + 1);
      } catch {
        // not a log line
      }
    }
    if (errors.size) console.log(`  server ${port} logged errors: ${JSON.stringify(Object.fromEntries(errors))}`);
  }
  check('no 5xx on clicks and postbacks other than documented 503s', c.clickErrors === 0 && c.postbackErrors === 0, `clicks ${c.clicks} ok, ${c.click503} × 503, ${c.clickErrors} other failures; postbacks ${c.postbacks} ok, ${c.postback503} × 503, ${c.postbackErrors} other`); // prettier-ignore
  check('reports answered while the replica was stopped (fell back)', duringReplica.failed === 0 && duringReplica.ok > 0, `${duringReplica.ok} answered, ${duringReplica.failed} failed in those 10 s; overall ${reports.ok} ok, ${reports.failed} failed, ${reports.lagged} with a lag notice, statuses ${JSON.stringify(Object.fromEntries(statuses))}`); // prettier-ignore
  const ready = await Promise.all(PORTS.servers.map(readyz));
  check(
    'every server ready after PgBouncer restarted',
    ready.every((s) => s === 200),
    ready.join(', '),
  );
  const metrics = await fetch(`http://127.0.0.1:${PORTS.servers[0]}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((r) => r.text()); // prettier-ignore
  check('GET /metrics answers on a server', metrics.includes('portal_clicks_redirected_total'));
  // The report reads each server read again on the primary when the replica failed them (decision 127).
  const fallbacks = await Promise.all(PORTS.servers.map((p) => fetch(`http://127.0.0.1:${p}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((r) => r.text(), () => '').then((text) => text.split('\n').filter((l) => l.startsWith('portal_replica_fallbacks_total')).join(' ') || 'none'))); // prettier-ignore
  console.log(`  report reads retried on the primary, by server: ${fallbacks.join('; ')}`);
  receiver.server.close();
  console.log(missed ? `${missed} MISSED` : 'all met');
  process.exitCode = missed ? 1 : 0;
}

const command = process.argv[2];
if (command === 'up') await up();
else if (command === 'down') await down();
else if (command === 'check') await checkCluster();
else {
  console.error('usage: deploy/local-cluster.sh up|check|down');
  process.exitCode = 2;
}
