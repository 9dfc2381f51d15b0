// Where a network report's time goes (decision 134): on a database `bench/network-reports.mjs` generated and kept
// (`BENCH_DB=<name>`), each of its cases run `BENCH_REPORT_RUNS` times through the built repository, split into the
// time its statements were in flight (from the client's send to its parsed answer: PostgreSQL, the socket and the
// driver's parse) and the rest (drizzle's query building and mapping, the rows' assembly), node's CPU per report,
// and each statement's execution time by `EXPLAIN (ANALYZE)` (minimum of 5). Run `npm run build` first, then
// `BENCH_DB=<name> node bench/network-profile.mjs` (`BENCH_CASES='partner;offer'` to run some cases only, `BENCH_EXPLAIN=1` to print the plans).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
if (!env.BENCH_DB) {
  console.error('BENCH_DB=<a database bench/network-reports.mjs kept> is required.');
  process.exit(1);
}
const RUNS = Number(env.BENCH_REPORT_RUNS ?? 20);
const dist = env.BENCH_SERVER_DIST ? path.resolve(env.BENCH_SERVER_DIST) : path.join(here, '../apps/server/dist');
const { openDatabase } = await import(path.join(dist, 'db/client.js'));
const { scopeOfRoles } = await import(path.join(dist, 'modules/access/staff-scope.js'));
const { networkReport, networkReportInBase } = await import(
  path.join(dist, 'modules/network-reports/network-reports.repository.js')
);

// Every statement's text, parameters and time in flight, while `recording`.
let recording = null;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, callback) {
  if (!recording || typeof config !== 'object' || config === null || typeof config.text !== 'string') {
    return query.call(this, config, values, callback);
  }
  const entry = { text: config.text, values: config.values ?? values, start: performance.now(), end: 0 };
  recording.push(entry);
  const done = () => (entry.end = performance.now());
  // The pool passes a callback (as the second or third argument); a client used directly answers a promise.
  if (typeof callback === 'function') {
    return query.call(this, config, values, (...args) => (done(), callback(...args)));
  }
  if (typeof values === 'function') return query.call(this, config, (...args) => (done(), values(...args)));
  const answer = query.call(this, config, values);
  if (answer && typeof answer.then === 'function') answer.then(done, done);
  return answer;
};

const url = new URL(env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
url.pathname = `/${env.BENCH_DB}`;
const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
const { db } = database;
const scope = scopeOfRoles(1, ['ROLE_ADMIN'], []);
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);
const today = Date.now();
const range = { startDate: isoDay(today - 29 * 86_400_000), endDate: isoDay(today) };
const utc = { start: new Date(`${range.startDate}T00:00:00Z`), end: new Date(Date.parse(`${range.endDate}T00:00:00Z`) + 86_400_000) }; // prettier-ignore
const firstPage = { from: 0, count: 50 };
const paris = { start: new Date(utc.start.getTime() - 3_600_000), end: new Date(utc.end.getTime() - 3_600_000) };
const someIds = (await db.execute('select id from partners order by id limit 20')).rows.map((r) => r.id);
const cases = {
  partner: () => networkReport(db, scope, 'partner', range, utc, {}, null),
  offer: () => networkReport(db, scope, 'offer', range, utc, {}, null),
  'partner +01:00': () => networkReport(db, scope, 'partner', range, paris, {}, '+01:00'),
  'offer +01:00': () => networkReport(db, scope, 'offer', range, paris, {}, '+01:00'),
  // The nested cases as the screen and bench/network-reports.mjs ask them since decision 153: the first page of 50.
  'partner × offer': () => networkReport(db, scope, 'partner', range, utc, {}, null, { then: 'offer', page: firstPage }), // prettier-ignore
  'offer, 20 partners': () => networkReport(db, scope, 'offer', range, utc, { partnerId: someIds }, null),
  'offer in EUR': () => networkReportInBase(db, scope, 'offer', range, utc, {}, null, 'EUR'),
  'partner × offer in EUR': () => networkReportInBase(db, scope, 'partner', range, utc, {}, null, 'EUR', { then: 'offer', page: firstPage }), // prettier-ignore
  'offer, goal': () => networkReport(db, scope, 'offer', range, utc, { goal: ['registration'] }, null),
  landing: () => networkReport(db, scope, 'landing', range, utc, {}, null),
  'landing × offer': () => networkReport(db, scope, 'landing', range, utc, {}, null, { then: 'offer', page: firstPage }), // prettier-ignore
  // Decision 150: the landing grain's weeks in the base currency.
  'landing in EUR': () => networkReportInBase(db, scope, 'landing', range, utc, {}, null, 'EUR'),
};
const only = env.BENCH_CASES ? env.BENCH_CASES.split(';') : Object.keys(cases);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** The time at least one statement was in flight: the union of their intervals. */
const inFlight = (entries) => {
  let total = 0;
  let until = -Infinity;
  for (const { start, end } of [...entries].sort((a, b) => a.start - b.start)) {
    if (end <= until) continue;
    total += end - Math.max(start, until);
    until = end;
  }
  return total;
};

console.log('| case | wall p50 | statements in flight | outside them | node CPU | statements | rows | EXPLAIN execution (min of 5) |'); // prettier-ignore
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
// Every case warmed before any is measured: the first one measured otherwise pays for compiling the code they share.
for (const name of only) for (let i = 0; i < 3; i += 1) await cases[name]();
for (const name of only) {
  const run = cases[name];
  const walls = [];
  const flights = [];
  const cpus = [];
  let last = [];
  let rows = 0;
  for (let i = 0; i < RUNS; i += 1) {
    recording = [];
    const cpu = process.cpuUsage();
    const started = performance.now();
    const answer = await run();
    walls.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
    await new Promise((resolve) => setImmediate(resolve));
    flights.push(inFlight(recording));
    last = recording;
    rows = (Array.isArray(answer) ? answer : answer.rows).length;
    recording = null;
  }
  const explained = [];
  for (const { text, values } of last) {
    let best = Infinity;
    for (let i = 0; i < 5; i += 1) {
      const plan = await db.$client.query({ text: `explain (analyze, format json) ${text}`, values });
      best = Math.min(best, plan.rows[0]['QUERY PLAN'][0]['Execution Time']);
    }
    explained.push(best.toFixed(1));
    // `BENCH_EXPLAIN=1`: the plans of the statements over a millisecond.
    if (env.BENCH_EXPLAIN && best > 1) {
      const plan = await db.$client.query({ text: `explain (analyze, buffers) ${text}`, values });
      console.log(`\n${name}:\n${text}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`);
    }
  }
  const wall = median(walls);
  const flight = median(flights);
  console.log(
    `| ${name} | ${wall.toFixed(1)} ms | ${flight.toFixed(1)} ms | ${(wall - flight).toFixed(1)} ms | ${median(cpus).toFixed(1)} ms | ` +
      `${last.length} | ${rows} | ${explained.join(' + ')} ms |`,
  );
}
await database.close();
