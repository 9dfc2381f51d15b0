// Report benchmark (decision 018): a 30-day daily and sub-ID report over millions of bulk-generated clicks,
// through the statistics code (hourly and daily rollups) against a naive GROUP BY over the raw clicks and
// conversions, for a user in UTC and one at +05:00, on PostgreSQL and on the embedded PGlite. Run `npm run build`
// first, then `node bench/reports.mjs`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const PG_URL = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const VOLUMES = {
  postgres: Number(env.BENCH_CLICKS ?? 10_000_000),
  pglite: Number(env.BENCH_PGLITE_CLICKS ?? 1_000_000),
};
const RUNS = Number(env.BENCH_REPORT_RUNS ?? 30);
const NAIVE_RUNS = Number(env.BENCH_NAIVE_RUNS ?? 5);
const TARGETS = (env.BENCH_DATABASES ?? 'postgres,pglite').split(',');
/** Days of generated traffic; `BENCH_DAYS=365` gives the year lines (issue 47 item 9) a whole year to read. */
const DAYS = Number(env.BENCH_DAYS ?? 60);
/** The year lines' target (issue 47 item 9): a report over a year answered from the rollups in ≤ 500 ms. */
const YEAR_TARGET_MS = 500;
const YEAR_RUNS = Number(env.BENCH_YEAR_RUNS ?? 10);
const PARTNER = 1;
/** Report users: UTC reads whole days from stats_daily, +05:00 cuts its days in stats_hourly (decision 021). */
const USERS = [
  ['UTC', null],
  ['+05:00', '+05:00'],
];

const dist = path.join(here, '../apps/server/dist');
if (!fs.existsSync(path.join(dist, 'db/client.js'))) {
  console.error('apps/server/dist is missing: run `npm run build` first.');
  process.exit(1);
}
const { openDatabase } = await import(path.join(dist, 'db/client.js'));
// The statistics module's report when it is built, else the tracking engine's daily read (decision 015).
const statistics = await import(path.join(dist, 'modules/statistics/statistics.repository.js')).catch(() => null);
const { dailyStats } = await import(path.join(dist, 'modules/rollups/rollups.js'));
// The click report's page (rollup-counted, rollup-guided seek, decision 017) and the report window, when built.
const rawRowsModule = await import(path.join(dist, 'modules/statistics/raw-rows.repository.js')).catch(() => null);
const reportDates = await import(path.join(dist, 'modules/statistics/report-dates.js')).catch(() => null);

const rowsOf = (result) => (Array.isArray(result) ? result : result.rows);
const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
const verdict = (ok) => (ok ? 'met' : 'MISSED');
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);

/** The rollup tables, each with its time column and how a raw row's `created_at` maps to it. */
const ROLLUPS = [
  ['stats_hourly', 'hour', `date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC'`],
  ['stats_daily', 'day', `(created_at at time zone 'UTC')::date`],
];

/**
 * N clicks of one partner over the last 60 days (10 offers, EUR and USD, 4 sub-IDs including none, 2 devices),
 * 1 % of them converted (approved, pending, rejected), and the hourly and daily rollups of both, all with set-based
 * SQL.
 */
async function generate(db, n, kind) {
  const now = Date.now();
  const start = new Date(now - DAYS * 86_400_000).toISOString();
  const step = (DAYS * 86_400_000) / n;
  const exec = async (queries) => {
    for (const query of queries.split(';')) if (query.trim()) await db.execute(sql.raw(query));
  };
  // Secondary indexes are built once after the load (the usual bulk-load order), not row by row. The clicks table is
  // partitioned by month (decision 054): its unique key holds the partition key.
  await exec(`drop index if exists clicks_partner_created_idx; drop index if exists clicks_partner_offer_created_idx;
    alter table clicks drop constraint if exists "clicks_click_id_created_at_unique"`);
  const chunk = kind === 'pglite' ? 250_000 : 2_000_000;
  for (let from = 1; from <= n; from += chunk) {
    const to = Math.min(n, from + chunk - 1);
    await exec(`insert into clicks (click_id, offer_id, partner_id, subid, tc1, ip, created_at)
      select 'bench' || g, 1 + (g * 7919) % 10, ${PARTNER},
        (array['fb_campaign_1', 'google_search', 'newsletter', null])[1 + (g * 31) % 4],
        case when g % 3 = 0 then 'desktop' else 'mobile' end, '203.0.113.' || (g % 250),
        timestamptz '${start}' + make_interval(secs => (g - 1) * ${step / 1000})
      from generate_series(${from}::bigint, ${to}::bigint) g`);
  }
  await exec(`insert into conversions (click_id, advertiser_id, dedupe_key, offer_id, partner_id, goal_id, goal,
      transaction_id, payout, currency, status, reason, subid, tc1, clicked_at, created_at, updated_at)
    select click_id, 1, 'tx:' || id, offer_id, partner_id, 1, 'registration', 'T' || id,
      case when id % 1000 < 900 and id % 1000 >= 50 then 500 + offer_id * 100 else 0 end,
      case when offer_id > 7 then 'USD' else 'EUR' end,
      case when id % 1000 < 50 then 'pending' when id % 1000 >= 900 then 'rejected' else 'approved' end,
      case when id % 1000 >= 900 then 'duplicate' end, subid, tc1, created_at,
      least(created_at + interval '20 minutes', now()), least(created_at + interval '20 minutes', now())
    from clicks where id % 100 = 0`);
  for (const [table, time, of] of ROLLUPS) {
    await exec(`insert into ${table} (partner_id, ${time}, offer_id, currency, subid, tc1, tc2, tc3, tc4, clicks)
      select partner_id, ${of}, offer_id, case when offer_id > 7 then 'USD' else 'EUR' end, coalesce(subid, ''),
        coalesce(tc1, ''), '', '', '', count(*)
      from clicks group by 1, 2, 3, 4, 5, 6`);
    await exec(`insert into ${table} as s (partner_id, ${time}, offer_id, currency, subid, tc1, tc2, tc3, tc4,
        conversions, pending, rejected, payout, pending_payout)
      select partner_id, ${of}, offer_id, currency, coalesce(subid, ''), coalesce(tc1, ''), '', '', '',
        count(*) filter (where status = 'approved'), count(*) filter (where status = 'pending'),
        count(*) filter (where status = 'rejected'), coalesce(sum(payout) filter (where status = 'approved'), 0),
        coalesce(sum(payout) filter (where status = 'pending'), 0)
      from conversions group by 1, 2, 3, 4, 5, 6
      on conflict (partner_id, ${time}, offer_id, currency, subid, tc1, tc2, tc3, tc4, country, landing_page_id)
      do update set
        conversions = s.conversions + excluded.conversions, pending = s.pending + excluded.pending,
        rejected = s.rejected + excluded.rejected, payout = s.payout + excluded.payout,
        pending_payout = s.pending_payout + excluded.pending_payout`);
  }
  // The partner grain (decision 049), as the writer folds the same rows into it: a report without a filter reads it.
  for (const [grain, table, time] of [
    ['stats_partner_hourly', 'stats_hourly', 'hour'],
    ['stats_partner_daily', 'stats_daily', 'day'],
  ]) {
    await exec(`insert into ${grain} (${time}, partner_id, currency, clicks, conversions, pending, rejected, payout,
        pending_payout)
      select ${time}, partner_id, currency, sum(clicks), sum(conversions), sum(pending), sum(rejected), sum(payout),
        sum(pending_payout)
      from ${table} group by 1, 2, 3`);
  }
  await exec(`create index clicks_partner_created_idx on clicks (partner_id, created_at desc, id desc);
    create index clicks_partner_offer_created_idx on clicks (partner_id, offer_id, created_at desc, id desc);
    alter table clicks add constraint "clicks_click_id_created_at_unique" unique (click_id, created_at)`);
  await exec('analyze');
  const [check] = rowsOf(
    await db.execute(sql`select (select count(*) from clicks)::bigint as clicks,
      (select sum(clicks) from stats_hourly)::bigint as rolled, (select count(*) from stats_hourly)::int as hours,
      (select count(*) from conversions)::int as conversions,
      (select sum(conversions + pending + rejected) from stats_hourly)::int as rolled_conversions,
      (select count(*) from stats_daily)::int as days`),
  );
  if (Number(check.clicks) !== Number(check.rolled) || check.conversions !== check.rolled_conversions) {
    throw new Error(`rollup not consistent with raw rows: ${JSON.stringify(check)}`);
  }
  // The daily rollup, key by key, must be the hourly one folded per UTC day (as RollupAccumulator writes them).
  const keyed = 'partner_id, day, offer_id, currency, subid, tc1, tc2, tc3, tc4';
  const counts = ['clicks', 'conversions', 'pending', 'rejected', 'payout', 'pending_payout'];
  const folded = `select partner_id, (hour at time zone 'UTC')::date as day, offer_id, currency, subid, tc1, tc2, tc3,
    tc4, ${counts.map((c) => `sum(${c})::bigint`).join(', ')} from stats_hourly group by 1, 2, 3, 4, 5, 6, 7, 8, 9`;
  const daily = `select ${keyed}, ${counts.join(', ')} from stats_daily`;
  const [diff] = rowsOf(
    await db.execute(
      sql.raw(`select count(*)::int as n from ((${daily} except all ${folded})
      union all (${folded} except all ${daily})) d`),
    ),
  );
  if (diff.n !== 0) throw new Error(`stats_daily differs from stats_hourly folded per day in ${diff.n} rows`);
  return check;
}

const offsetMinutes = (offset) => (offset ? (offset[0] === '-' ? -1 : 1) * Number(offset.slice(1, 3)) * 60 : 0);

/**
 * The naive report: GROUP BY over every raw click and conversion of the range, per day or per sub-ID, with the days
 * cut in the user's offset as the report cuts them.
 */
function naive(db, by, range, offset) {
  const shift = offsetMinutes(offset) * 60_000;
  const start = new Date(Date.parse(`${range.startDate}T00:00:00Z`) - shift).toISOString();
  const end = new Date(Date.parse(`${range.endDate}T00:00:00Z`) + 86_400_000 - shift).toISOString();
  const local = shift
    ? `(created_at at time zone 'UTC') + interval '${shift / 60_000} minutes'`
    : `created_at at time zone 'UTC'`;
  const key = by === 'day' ? sql.raw(`to_char(${local}, 'YYYY-MM-DD')`) : sql.raw('subid');
  return db.execute(sql`
    select k, sum(clicks)::bigint as clicks, sum(conversions)::bigint as conversions, currency,
      sum(payout)::bigint as payout
    from (
      select ${key} as k, null::text as currency, count(*) as clicks, 0 as conversions, 0 as payout
      from clicks where partner_id = ${PARTNER} and created_at >= ${start} and created_at < ${end} group by 1
      union all
      select ${key}, currency, 0, count(*) filter (where status = 'approved'),
        coalesce(sum(payout) filter (where status = 'approved'), 0)
      from conversions where partner_id = ${PARTNER} and created_at >= ${start} and created_at < ${end} group by 1, 2
    ) x group by k, currency`);
}

function ours(db, by, range, offset) {
  if (statistics?.basicReport) return statistics.basicReport(db, PARTNER, by, range, {}, offset);
  if (by === 'day') return dailyStats(db, PARTNER, range.startDate, range.endDate, offset);
  throw new Error('no sub-ID report without the statistics module');
}

async function time(fn, runs) {
  const times = [];
  let last;
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    last = await fn();
    times.push(performance.now() - started);
  }
  return { times, last };
}

async function open(target) {
  if (target === 'postgres') {
    const name = `${env.BENCH_DB_PREFIX ?? 'portal_bench_reports'}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
    return {
      database,
      drop: async () => {
        if (env.BENCH_KEEP_DB) return console.log(`kept database ${name} (BENCH_KEEP_DB)`);
        const client = new pg.Client({ connectionString: PG_URL });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-reports-'));
  const database = await openDatabase({ dataDir: dir });
  return { database, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Issue 47 item 9: the partner's reports over a year (the last 365 days) from the rollups, in ≤ 500 ms: the click
 * report's first page and a page 100 deep (50 rows, the exact total counted on the hourly rollup, the page found by
 * the rollup-guided seek, decision 017), and the daily report (365 rows from `stats_daily`, the +05:00 user's days
 * corrected from `stats_hourly`). The click report's total is checked against a count of the raw clicks.
 */
const yearResults = [];
async function yearLines(db, target, n) {
  const year = { startDate: isoDay(Date.now() - 364 * 86_400_000), endDate: isoDay(Date.now()) };
  for (const [user, offset] of USERS) {
    const window = reportDates.utcWindow(year, offset);
    const [raw] = rowsOf(
      await db.execute(sql`select count(*)::bigint as n from clicks
        where partner_id = ${PARTNER} and created_at >= ${window.start.toISOString()} and created_at < ${window.end.toISOString()}`),
    );
    const cases = [
      ['click report, page 1', () => rawRowsModule.clickPage(db, PARTNER, window, {}, { page: 1, count: 50 }, offset)],
      ['click report, page 100', () => rawRowsModule.clickPage(db, PARTNER, window, {}, { page: 100, count: 50 }, offset)], // prettier-ignore
      ['daily report', () => statistics.basicReport(db, PARTNER, 'day', year, {}, offset)],
    ];
    for (const [name, fn] of cases) {
      await time(fn, 2);
      const run = await time(fn, YEAR_RUNS);
      const counted = run.last.total ?? run.last.rows.at(-1).clicks;
      if (Number(counted) !== Number(raw.n)) throw new Error(`${name} ${user}: ${counted} clicks, raw ${raw.n}`);
      if (run.last.rows.length === 0) throw new Error(`${name} ${user}: no rows`);
      const row = { target, n, user, name, inRange: Number(raw.n), p50: percentile(run.times, 50), p95: percentile(run.times, 95) }; // prettier-ignore
      yearResults.push(row);
      console.log(
        `  year (${year.startDate} … ${year.endDate}), ${name}, ${user.padEnd(6)} user (${fmt(row.inRange)} clicks): ` +
          `p50 ${fmt(row.p50, 1)} ms p95 ${fmt(row.p95, 1)} ms (target ≤${YEAR_TARGET_MS} ms: ${verdict(row.p95 <= YEAR_TARGET_MS)})`,
      );
    }
  }
}

const today = Date.now();
const range = { startDate: isoDay(today - 29 * 86_400_000), endDate: isoDay(today) };
console.log(
  `reports: 30-day range ${range.startDate} … ${range.endDate}, ${RUNS} runs of ours, ${NAIVE_RUNS} of the naive ` +
    `GROUP BY; report code: ${statistics?.basicReport ? 'statistics.repository basicReport' : 'rollups dailyStats'}\n`,
);
const results = [];
for (const target of TARGETS) {
  const n = VOLUMES[target];
  const { database, drop } = await open(target);
  try {
    await database.migrate();
    const loadStarted = performance.now();
    const check = await generate(database.db, n, target);
    console.log(
      `${target}: ${fmt(Number(check.clicks))} clicks and ${fmt(check.conversions)} conversions over ${DAYS} days ` +
        `generated in ${fmt((performance.now() - loadStarted) / 1000, 1)} s; ${fmt(check.hours)} hourly and ` +
        `${fmt(check.days)} daily rollup rows`,
    );
    // BENCH_ONLY_YEAR=1: the year lines alone (issue 47 item 9), without the 30-day ones and their naive GROUP BY.
    for (const by of env.BENCH_ONLY_YEAR ? [] : ['day', 'subid']) {
      for (const [user, offset] of USERS) {
        await time(() => ours(database.db, by, range, offset), 3);
        const fast = await time(() => ours(database.db, by, range, offset), RUNS);
        const slow = await time(() => naive(database.db, by, range, offset), NAIVE_RUNS);
        const totalClicks = rowsOf(slow.last).reduce((sum, row) => sum + Number(row.clicks), 0);
        const oursClicks = fast.last.rows ? fast.last.rows.at(-1).clicks : fast.last.reduce((s, r) => s + r.clicks, 0);
        if (totalClicks !== oursClicks) {
          throw new Error(`${by} ${user}: ours counts ${oursClicks} clicks, naive ${totalClicks}`);
        }
        const row = {
          target,
          by,
          user,
          n: Number(check.clicks),
          inRange: totalClicks,
          p50: percentile(fast.times, 50),
          p95: percentile(fast.times, 95),
          naive: percentile(slow.times, 50),
        };
        row.speedup = row.naive / row.p50;
        results.push(row);
        console.log(
          `  ${by === 'day' ? 'daily ' : 'sub-ID'} report, ${user.padEnd(6)} user (${fmt(totalClicks)} clicks in ` +
            `range): ours p50 ${fmt(row.p50, 1)} ms p95 ${fmt(row.p95, 1)} ms (target <200 ms: ` +
            `${verdict(row.p95 < 200)}); naive ${fmt(row.naive, 0)} ms; speed-up ${fmt(row.speedup, 0)}× ` +
            `(target ≥100×: ${verdict(row.speedup >= 100)})`,
        );
      }
    }
    if (rawRowsModule?.clickPage && reportDates?.utcWindow && statistics?.basicReport) {
      await yearLines(database.db, target, Number(check.clicks));
    }
  } finally {
    await database.close();
    await drop();
  }
}

console.log(`\n| database | clicks (${DAYS} days) | report | user | ours p50 | ours p95 | naive GROUP BY | speed-up |`);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of results) {
  console.log(
    `| ${r.target} | ${fmt(r.n)} | ${r.by === 'day' ? 'daily' : 'sub-ID'} | ${r.user} | ${fmt(r.p50, 1)} ms | ` +
      `${fmt(r.p95, 1)} ms ${verdict(r.p95 < 200)} | ${fmt(r.naive)} ms | ${fmt(r.speedup)}× ${verdict(r.speedup >= 100)} |`,
  );
}

if (yearResults.length > 0) {
  console.log(`\n| database | clicks (${DAYS} days) | report over a year | user | p50 | p95 (≤${YEAR_TARGET_MS} ms) |`);
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const r of yearResults) {
    console.log(
      `| ${r.target} | ${fmt(r.n)} | ${r.name} | ${r.user} | ${fmt(r.p50, 1)} ms | ${fmt(r.p95, 1)} ms ${verdict(r.p95 <= YEAR_TARGET_MS)} |`,
    );
  }
  console.log(
    `\nload average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}
