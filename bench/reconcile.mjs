// The books close (decision 073): a seeded, deterministic quarter of a small network (bench/lib/reconcile-sim.mjs:
// 20,000 clicks and 2,000 postbacks, 3 partners on different payment terms, 2 currencies, viewers in 3 time zones,
// duplicates, reviews, changes after the fact before and after billing, a scrub file, billing runs, a SEPA batch with
// four eyes, advertiser invoices) driven over real HTTP against the built server, in this process so that the
// simulation moves the server's clock (`buildApp({ now })`, as the tests do). Then every partner, advertiser and
// currency is reconciled; any difference of one cent fails (exit code 1).
// Run `npm run build` first, then `node bench/reconcile.mjs` (BENCH_DATABASES, BENCH_PG_URL, BENCH_PORT,
// BENCH_RECONCILE_CLICKS, BENCH_RECONCILE_POSTBACKS, BENCH_SEED).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { SIZES, TIMINGS, createWorld, formatTable, reconcile, simulate } from './lib/reconcile-sim.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const TARGETS = (env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const PG_URL = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(env.BENCH_PORT ?? 3415);
const SIZE = {
  clicks: Number(env.BENCH_RECONCILE_CLICKS ?? SIZES.bench.clicks),
  postbacks: Number(env.BENCH_RECONCILE_POSTBACKS ?? SIZES.bench.postbacks),
};
const SEED = Number(env.BENCH_SEED ?? 44);

const dist = path.join(here, '../apps/server/dist');
if (!fs.existsSync(path.join(dist, 'modules/ledger/index.js'))) {
  console.error('apps/server/dist is missing or older than the ledger (decision 073): run `npm run build` first.');
  process.exit(1);
}
const { buildApp } = await import(path.join(dist, 'app.js'));
const { loadConfig } = await import(path.join(dist, 'config.js'));
const { openDatabase } = await import(path.join(dist, 'db/client.js'));
const schema = await import(path.join(dist, 'db/schema.js'));
const { seedReference } = await import(path.join(dist, 'seed/reference.js'));
const { hashPassword } = await import(path.join(dist, 'lib/passwords.js'));

async function postgresDatabase() {
  const name = `portal_bench_reconcile_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function runOn(target) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-reconcile-'));
  const created = target === 'postgres' ? await postgresDatabase() : null;
  let current = new Date('2026-01-01T09:00:00Z').getTime();
  const clock = { now: () => new Date(current), set: (date) => void (current = date.getTime()) };
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: String(PORT),
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    ...(created ? { DATABASE_URL: created.url } : {}),
  });
  const database = await openDatabase(created ? { databaseUrl: created.url } : { dataDir: `${dataDir}/pglite` });
  await database.migrate();
  await seedReference(database.db);
  const app = await buildApp({ config, database, workers: false, now: clock.now });
  try {
    await app.listen({ port: PORT, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${PORT}`;
    const request = async (method, url, { headers, body }) => {
      const res = await fetch(`${base}${url}`, { method, headers, body, redirect: 'manual' });
      return { status: res.status, headers: Object.fromEntries(res.headers), text: await res.text() };
    };
    const started = performance.now();
    const world = await createWorld({ db: database.db, schema, sql, hashPassword });
    const counts = await simulate(world, {
      request,
      clock,
      size: SIZE,
      seed: SEED,
      log: (line) => console.log(`  ${target} ${line}`),
    });
    const simulated = performance.now();
    const books = await reconcile(world, { request, db: database.db, sql, missing: counts.missing });
    const done = performance.now();
    return { counts, books, seconds: { simulate: (simulated - started) / 1000, reconcile: (done - simulated) / 1000 } };
  } finally {
    await app.close();
    await database.close();
    await created?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

let failed = 0;
const summary = [];
for (const target of TARGETS) {
  console.log(`\n${target}: ${SIZE.clicks} clicks, ${SIZE.postbacks} postbacks, seed ${SEED}`);
  const { counts, books, seconds } = await runOn(target);
  const { missing, ...events } = counts;
  console.log(`  events: ${Object.entries(events).map(([k, v]) => `${k} ${v}`).join(', ')}`); // prettier-ignore
  console.log(
    `  ${seconds.simulate.toFixed(0)} s simulating, ${seconds.reconcile.toFixed(1)} s reconciling; the slowest routes:`,
  );
  const slowest = Object.entries(TIMINGS)
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, 6);
  for (const [route, { calls, ms }] of slowest)
    console.log(`    ${route.padEnd(50)} ${String(calls).padStart(6)} calls ${(ms / 1000).toFixed(1).padStart(6)} s ${(ms / calls).toFixed(1).padStart(7)} ms/call`); // prettier-ignore
  for (const key of Object.keys(TIMINGS)) delete TIMINGS[key];
  console.log('');
  console.log(formatTable(books.lines));
  for (const failure of books.failures) console.log(`  DIFFERENCE ${failure}`);
  if (missing.length) console.log(`  not served by this build: ${missing.join('; ')}`);
  failed += books.failures.length;
  summary.push(`${target} ${books.lines.length} lines, ${books.failures.length} differences`);
}
console.log(
  failed === 0
    ? `\nreconcile: the books close to the cent (${summary.join('; ')})`
    : `\nreconcile: FAILED, ${failed} differences (${summary.join('; ')})`,
);
process.exit(failed === 0 ? 0 : 1);
