// Network report benchmark (decision 049): a 30-day `partner` and `offer` breakdown across all partners, through the
// network-reports code (the narrow rollups, decision 046), against a naive GROUP BY over the raw clicks and
// conversions, on PostgreSQL, at 10 million clicks over 60 days spread over 200 partners and 100 offers (each partner
// runs 8 offers, 6 countries, 5,000 sub-IDs; a quarter of the offers pay in USD, a quarter in GBP). Since decision
// 111 also nested, filtered and converted cases; since decision 117 a goal filter and the landing-page breakdown (a
// third of the clicks sent to the offer's own URL, the others to one of 4 landing pages), read since decision 126 from
// the landing grain, alone and nested with the offer. Run `npm run build` first,
// then `node bench/network-reports.mjs`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const PG_URL = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CLICKS = Number(env.BENCH_CLICKS ?? 10_000_000);
const PARTNERS = Number(env.BENCH_PARTNERS ?? 200);
const OFFERS = Number(env.BENCH_OFFERS ?? 100);
const RUNS = Number(env.BENCH_REPORT_RUNS ?? 30);
const NAIVE_RUNS = Number(env.BENCH_NAIVE_RUNS ?? 3);
const DAYS = 60;
// The grains (decision 049) hold the network rollups' counts per (time, partner or offer, currency).
const SUMS = 'sum(clicks), sum(conversions), sum(pending), sum(rejected), sum(payout), sum(pending_payout), sum(revenue), sum(pending_revenue)'; // prettier-ignore

// `BENCH_SERVER_DIST=<a build's dist>`: another build (an earlier commit's) on the same database, for before/after pairs.
const dist = env.BENCH_SERVER_DIST ? path.resolve(env.BENCH_SERVER_DIST) : path.join(here, '../apps/server/dist');
if (!fs.existsSync(path.join(dist, 'modules/network-reports/network-reports.repository.js'))) {
  console.error(
    'apps/server/dist is missing or older than the network reports (decision 046): run `npm run build` first.',
  );
  process.exit(1);
}
const { openDatabase } = await import(path.join(dist, 'db/client.js'));
const { buildApp } = await import(path.join(dist, 'app.js'));
const { loadConfig } = await import(path.join(dist, 'config.js'));
const { seedDemo } = await import(path.join(dist, 'seed/seed.js'));
const { scopeOfRoles } = await import(path.join(dist, 'modules/access/staff-scope.js'));
const { networkReport, networkReportInBase } = await import(
  path.join(dist, 'modules/network-reports/network-reports.repository.js')
);

const rowsOf = (result) => (Array.isArray(result) ? result : result.rows);
const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
const verdict = (ok) => (ok ? 'met' : 'MISSED');
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);

/** Copies of a table's first row until it holds `count` rows, the `unique` text column made distinct. */
async function multiply(db, table, count, unique) {
  const columns = rowsOf(
    await db.execute(sql`select column_name from information_schema.columns
      where table_name = ${table} and column_name <> 'id' order by ordinal_position`),
  ).map((r) => r.column_name);
  const [{ n }] = rowsOf(await db.execute(sql.raw(`select count(*)::int as n from ${table}`)));
  if (n >= count) return;
  const list = columns.map((c) => `"${c}"`).join(', ');
  const values = columns.map((c) => (c === unique ? `"${c}" || '-' || g` : `"${c}"`)).join(', ');
  await db.execute(
    sql.raw(`insert into ${table} (${list}) select ${values}
      from (select * from ${table} order by id limit 1) t, generate_series(1, ${count - n}) g`),
  );
}

/** Whether the build measured has the weekly grains (decision 136), filled from the daily ones as migration 0045 does. */
const hasWeekly = async (db) =>
  rowsOf(await db.execute(sql`select to_regclass('stats_pair_weekly') is not null as has`))[0].has;
/** Whether the build measured keeps the weekly grains in the base currency (decision 142). */
const hasWeeklyFx = async (db) =>
  rowsOf(await db.execute(sql`select to_regclass('stats_pair_weekly_fx') is not null as has`))[0].has;
const WEEKLY_FILL = `insert into stats_partner_weekly select date_trunc('week', day::timestamp)::date, partner_id, currency, ${SUMS} from stats_partner_daily group by 1, 2, 3;
    insert into stats_offer_weekly select date_trunc('week', day::timestamp)::date, offer_id, currency, ${SUMS} from stats_offer_daily group by 1, 2, 3;
    insert into stats_pair_weekly select date_trunc('week', day::timestamp)::date, partner_id, offer_id, currency, ${SUMS} from stats_pair_daily group by 1, 2, 3, 4;`; // prettier-ignore
/** Whether the build measured has the weekly landing grain (decision 150), filled as migration 0048 does. */
const hasLandingWeekly = async (db) =>
  rowsOf(await db.execute(sql`select to_regclass('stats_landing_weekly') is not null as has`))[0].has;
const LANDING_WEEKLY_FILL = `insert into stats_landing_weekly select date_trunc('week', day::timestamp)::date, offer_id, landing_page_id, currency, ${SUMS} from stats_landing_daily group by 1, 2, 3, 4;`; // prettier-ignore
// The goal grain per offer (decision 141), when the build measured has it.
const hasGoalOffer = async (db) =>
  rowsOf(await db.execute(sql`select to_regclass('stats_goal_offer_daily') is not null as has`))[0].has;
const GOAL_OFFER_FILL = `insert into stats_goal_offer_daily select day, offer_id, goal, currency, ${SUMS} from stats_goal_daily group by 1, 2, 3, 4;`; // prettier-ignore

async function generate(db) {
  const exec = async (queries) => {
    for (const query of queries.split(';')) if (query.trim()) await db.execute(sql.raw(query));
  };
  await multiply(db, 'partners', PARTNERS, 'email');
  await multiply(db, 'offers', OFFERS, 'name');
  await exec(`update partners set status = 'active'`);
  const partnerIds = rowsOf(await db.execute(sql`select id from partners order by id`)).map((r) => r.id);
  const offerIds = rowsOf(await db.execute(sql`select id from offers order by id`)).map((r) => r.id);
  const start = new Date(Date.now() - DAYS * 86_400_000).toISOString();
  const step = (DAYS * 86_400_000) / CLICKS;
  // Secondary indexes are built once after the load, not row by row.
  // (The clicks are partitioned by month since decision 054: no unique constraint on click_id alone to drop.)
  await exec(`drop index if exists clicks_partner_created_idx; drop index if exists clicks_partner_offer_created_idx`);
  for (let from = 1; from <= CLICKS; from += 2_000_000) {
    const to = Math.min(CLICKS, from + 2_000_000 - 1);
    // Partner p runs 8 offers (p*3 … p*3+7 modulo the catalogue); 6 countries, one unplaced; 5,000 sub-IDs.
    await exec(`insert into clicks (click_id, offer_id, partner_id, subid, tc1, country, ip, landing_page_id, created_at)
      select 'nb' || g, (array[${offerIds.join(',')}])[1 + ((g % ${PARTNERS}) * 3 + (g / ${PARTNERS}) % 8) % ${OFFERS}],
        (array[${partnerIds.join(',')}])[1 + g % ${PARTNERS}],
        'sub_' || ((g * 7919) % 5000), case when g % 3 = 0 then 'desktop' else 'mobile' end,
        (array['FR', 'DE', 'GB', 'ES', 'IT', null])[1 + (g * 13) % 6], '203.0.113.' || (g % 250),
        (array[null, null, 1001, 1002, 1003, 1004])[1 + (g * 17) % 6],
        timestamptz '${start}' + make_interval(secs => (g - 1) * ${step / 1000})
      from generate_series(${from}::bigint, ${to}::bigint) g`);
  }
  await exec(`insert into conversions (click_id, advertiser_id, dedupe_key, offer_id, partner_id, goal_id, goal,
      transaction_id, payout, revenue, currency, status, reason, subid, tc1, country, landing_page_id, clicked_at,
      created_at, updated_at)
    select click_id, 1, 'tx:' || id, offer_id, partner_id, 1, 'registration', 'T' || id,
      case when id % 1000 < 900 then 400 + (offer_id % 7) * 100 else 0 end,
      case when id % 1000 < 900 then 600 + (offer_id % 7) * 120 else 0 end, (array['EUR', 'EUR', 'USD', 'GBP'])[1 + offer_id % 4],
      case when id % 1000 < 50 then 'pending' when id % 1000 >= 900 then 'rejected' else 'approved' end,
      case when id % 1000 >= 900 then 'duplicate' end, subid, tc1, country, landing_page_id, created_at,
      least(created_at + interval '20 minutes', now()), least(created_at + interval '20 minutes', now())
    from clicks where id % 100 = 0`);
  // The narrow rollups as the accumulator writes them: clicks and conversions per (hour, partner, offer, currency,
  // country, landing page), then folded per UTC day.
  await exec(`insert into stats_network_hourly as s (hour, partner_id, offer_id, currency, country, landing_page_id, clicks)
      select date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC', partner_id, offer_id,
        (array['EUR', 'EUR', 'USD', 'GBP'])[1 + offer_id % 4], coalesce(country, ''), coalesce(landing_page_id, 0),
        count(*) from clicks group by 1, 2, 3, 4, 5, 6;
    insert into stats_network_hourly as s (hour, partner_id, offer_id, currency, country, landing_page_id, conversions,
        pending, rejected, payout, pending_payout, revenue, pending_revenue)
      select date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC', partner_id, offer_id, currency,
        coalesce(country, ''), coalesce(landing_page_id, 0), count(*) filter (where status = 'approved'),
        count(*) filter (where status = 'pending'),
        count(*) filter (where status = 'rejected'), coalesce(sum(payout) filter (where status = 'approved'), 0),
        coalesce(sum(payout) filter (where status = 'pending'), 0),
        coalesce(sum(revenue) filter (where status = 'approved'), 0),
        coalesce(sum(revenue) filter (where status = 'pending'), 0)
      from conversions group by 1, 2, 3, 4, 5, 6
      on conflict (hour, partner_id, offer_id, currency, country, landing_page_id) do update set
        conversions = s.conversions + excluded.conversions, pending = s.pending + excluded.pending,
        rejected = s.rejected + excluded.rejected, payout = s.payout + excluded.payout,
        pending_payout = s.pending_payout + excluded.pending_payout, revenue = s.revenue + excluded.revenue,
        pending_revenue = s.pending_revenue + excluded.pending_revenue;
    insert into stats_network_daily (day, partner_id, offer_id, currency, country, landing_page_id, clicks,
        conversions, pending, rejected, payout, pending_payout, revenue, pending_revenue)
      select (hour at time zone 'UTC')::date, partner_id, offer_id, currency, country, landing_page_id, sum(clicks),
        sum(conversions), sum(pending), sum(rejected), sum(payout), sum(pending_payout), sum(revenue),
        sum(pending_revenue)
      from stats_network_hourly group by 1, 2, 3, 4, 5, 6;
    insert into stats_goal_hourly (hour, partner_id, offer_id, goal, currency, country, subid, tc1, tc2, tc3, tc4,
        landing_page_id, conversions, pending, rejected, payout, pending_payout, revenue, pending_revenue)
      select date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC', partner_id, offer_id, goal, currency,
        coalesce(country, ''), coalesce(subid, ''), coalesce(tc1, ''), '', '', '', coalesce(landing_page_id, 0),
        count(*) filter (where status = 'approved'), count(*) filter (where status = 'pending'),
        count(*) filter (where status = 'rejected'), coalesce(sum(payout) filter (where status = 'approved'), 0),
        coalesce(sum(payout) filter (where status = 'pending'), 0),
        coalesce(sum(revenue) filter (where status = 'approved'), 0),
        coalesce(sum(revenue) filter (where status = 'pending'), 0)
      from conversions group by 1, 2, 3, 4, 5, 6, 7, 8, 12;
    insert into stats_goal_daily select (hour at time zone 'UTC')::date, partner_id, offer_id, goal, currency, country,
        subid, tc1, tc2, tc3, tc4, ${SUMS}, landing_page_id
      from stats_goal_hourly group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, landing_page_id;
    insert into stats_partner_hourly select hour, partner_id, currency, ${SUMS} from stats_network_hourly group by 1, 2, 3;
    insert into stats_partner_daily select day, partner_id, currency, ${SUMS} from stats_network_daily group by 1, 2, 3;
    insert into stats_offer_hourly select hour, offer_id, currency, ${SUMS} from stats_network_hourly group by 1, 2, 3;
    insert into stats_offer_daily select day, offer_id, currency, ${SUMS} from stats_network_daily group by 1, 2, 3;
    insert into stats_pair_daily select day, partner_id, offer_id, currency, ${SUMS} from stats_network_daily group by 1, 2, 3, 4;
    insert into stats_landing_daily select day, offer_id, landing_page_id, currency, ${SUMS} from stats_network_daily group by 1, 2, 3, 4;
    ${(await hasWeekly(db)) ? WEEKLY_FILL : ''}
    ${(await hasLandingWeekly(db)) ? LANDING_WEEKLY_FILL : ''}
    ${(await hasGoalOffer(db)) ? GOAL_OFFER_FILL : ''}
    create index clicks_partner_created_idx on clicks (partner_id, created_at desc, id desc);
    create index clicks_partner_offer_created_idx on clicks (partner_id, offer_id, created_at desc, id desc);
    analyze`);
  return counts(db);
}

async function counts(db) {
  const [check] = rowsOf(
    await db.execute(sql`select (select count(*) from clicks)::bigint as clicks,
      (select count(*) from conversions)::int as conversions,
      (select count(*) from stats_network_hourly)::int as hourly, (select count(*) from stats_network_daily)::int as daily,
      (select count(*) from stats_partner_daily)::int as partner_daily, (select count(*) from stats_offer_daily)::int as offer_daily,
      (select count(*) from stats_pair_daily)::int as pair_daily, (select count(*) from stats_landing_daily)::int as landing_daily`),
  );
  return check;
}

/**
 * The naive report: GROUP BY over every raw click and conversion of the window, per partner or offer, or per both
 * (`nested`), within some partners (`partners`), or with each conversion's amounts converted to euros at the last
 * reference rate on or before its day (`converted`, decision 111).
 */
function naive(
  db,
  by,
  window,
  { nested = false, partners = null, converted = false, goal = null, key: grouped = null } = {},
) {
  const key = sql.raw(grouped ?? (nested ? "partner_id || '/' || offer_id" : by === 'landing' ? 'coalesce(landing_page_id, 0)' : by === 'partner' ? 'partner_id' : 'offer_id')); // prettier-ignore
  const only = sql.raw(partners ? `and partner_id in (${partners.join(',')})` : '');
  // A goal filter (decision 113): the clicks of the offers paying on the goal, the conversions on it.
  const paying = sql.raw(goal ? `and offer_id in (select og.offer_id from offer_goals og join goals g on g.id = og.goal_id where g.identifier = '${goal}')` : ''); // prettier-ignore
  const onGoal = sql.raw(goal ? `and goal = '${goal}'` : '');
  const money = (column) =>
    converted
      ? sql.raw(`coalesce(sum(${column} / coalesce((select rate from fx_rates r where r.currency = conversions.currency
          and r.day <= conversions.created_at::date order by r.day desc limit 1), 1)) filter (where status = 'approved'), 0)`)
      : sql.raw(`coalesce(sum(${column}) filter (where status = 'approved'), 0)`);
  return db.execute(sql`
    select k, sum(clicks)::bigint as clicks, sum(conversions)::bigint as conversions, sum(revenue)::bigint as revenue,
      sum(payout)::bigint as payout
    from (
      select ${key} as k, count(*) as clicks, 0 as conversions, 0 as revenue, 0 as payout
      from clicks where created_at >= ${window.start.toISOString()} and created_at < ${window.end.toISOString()} ${only} ${paying} group by 1
      union all
      select ${key}, 0, count(*) filter (where status = 'approved'), ${money('revenue')}, ${money('payout')}
      from conversions where created_at >= ${window.start.toISOString()} and created_at < ${window.end.toISOString()} ${only} ${onGoal} group by 1
    ) x group by k`);
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

// `BENCH_DB=name` keeps the database after the run and reuses its traffic when it already holds clicks (a new build's
// migrations are applied to it): one generation for several measurements. Without it, a fresh database, dropped after.
const name = env.BENCH_DB ?? `portal_bench_network_${Date.now()}`;
const keep = env.BENCH_DB !== undefined;
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
if (!exists) await admin.query(`create database ${name}`);
await admin.end();
const url = new URL(PG_URL);
url.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
const results = [];
try {
  await database.migrate();
  const config = loadConfig({ ...env, LOG_LEVEL: 'warn', SEED_DEMO: 'true', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-network-')) }); // prettier-ignore
  const app = await buildApp({ config, database, workers: false });
  const reused = exists && Number(rowsOf(await database.db.execute(sql`select count(*) as n from clicks`))[0].n) >= CLICKS; // prettier-ignore
  if (!reused) {
    await seedDemo(app.ctx, { traffic: false });
    // The weekly grains (decision 136), when the build measured has them.
    const WEEKLY = `${(await hasWeekly(database.db)) ? 'stats_partner_weekly, stats_offer_weekly, stats_pair_weekly, ' : ''}${(await hasLandingWeekly(database.db)) ? 'stats_landing_weekly, stats_landing_weekly_fx, ' : ''}${(await hasGoalOffer(database.db)) ? 'stats_goal_offer_daily, ' : ''}`; // prettier-ignore
    // And their amounts in the base currency (decision 142), taken again from the daily grains once generated.
    const WEEKLY_FX = (await hasWeeklyFx(database.db)) ? 'stats_partner_weekly_fx, stats_offer_weekly_fx, stats_pair_weekly_fx, ' : ''; // prettier-ignore
    // Only the bench's traffic: the demo seed's own rollups and conversions are cleared.
    await database.db.execute(
      sql.raw(
        `truncate stats_network_hourly, stats_network_daily, stats_partner_hourly, stats_partner_daily, stats_offer_hourly, stats_offer_daily, stats_pair_daily, stats_landing_daily, ${WEEKLY}${WEEKLY_FX}stats_goal_hourly, stats_goal_daily, conversions cascade`,
      ),
    );
  }
  const loadStarted = performance.now();
  const check = reused ? await counts(database.db) : await generate(database.db);
  if (!reused && (await hasWeeklyFx(database.db))) {
    const { rebuildConvertedWeeks } = await import(path.join(dist, 'modules/rollups/index.js'));
    const rebuilt = performance.now();
    await rebuildConvertedWeeks(database.db, 'EUR');
    console.log(`weekly grains in the base currency built in ${fmt((performance.now() - rebuilt) / 1000, 1)} s`);
    await database.db.execute(sql`analyze`);
  }
  if (reused) await database.db.execute(sql`analyze`);
  console.log(
    `postgres: ${fmt(Number(check.clicks))} clicks, ${fmt(check.conversions)} conversions over ${DAYS} days, ` +
      `${PARTNERS} partners, ${OFFERS} offers, generated in ${fmt((performance.now() - loadStarted) / 1000, 1)} s; ` +
      `${fmt(check.hourly)} hourly and ${fmt(check.daily)} daily network rollup rows, ` +
      `${fmt(check.partner_daily)} partner, ${fmt(check.offer_daily)} offer, ${fmt(check.pair_daily)} pair and ${fmt(check.landing_daily)} landing daily grain rows`,
  );
  const scope = scopeOfRoles(1, ['ROLE_ADMIN'], []);
  const today = Date.now();
  const range = { startDate: isoDay(today - 29 * 86_400_000), endDate: isoDay(today) };
  // UTC (the target), and a Paris staff member in winter (+01:00): its window ends an hour into a UTC day, so the
  // reports read the hours at both ends from the hourly grains.
  for (const [zone, offset, shift] of [
    ['UTC', null, 0],
    ['+01:00', '+01:00', 3_600_000],
  ]) {
    const window = {
      start: new Date(Date.parse(`${range.startDate}T00:00:00Z`) - shift),
      end: new Date(Date.parse(`${range.endDate}T00:00:00Z`) + 86_400_000 - shift),
    };
    for (const by of ['partner', 'offer']) {
      const ours = () => networkReport(database.db, scope, by, range, window, {}, offset);
      await time(ours, 3);
      const fast = await time(ours, RUNS);
      const slow = await time(() => naive(database.db, by, window), NAIVE_RUNS);
      const naiveClicks = rowsOf(slow.last).reduce((sum, r) => sum + Number(r.clicks), 0);
      const oursClicks = fast.last.at(-1).clicks;
      if (naiveClicks !== oursClicks) throw new Error(`${by}: ours counts ${oursClicks} clicks, naive ${naiveClicks}`);
      const row = { by, zone, inRange: naiveClicks, rows: fast.last.length - 1, p50: percentile(fast.times, 50), p95: percentile(fast.times, 95), naive: percentile(slow.times, 50) }; // prettier-ignore
      row.speedup = row.naive / row.p50;
      results.push(row);
      console.log(
        `  ${by} breakdown, ${zone} (${fmt(naiveClicks)} clicks in range, ${row.rows} rows): ours p50 ${fmt(row.p50, 1)} ms ` +
          `p95 ${fmt(row.p95, 1)} ms (target <200 ms: ${verdict(row.p95 < 200)}); naive ${fmt(row.naive)} ms; ` +
          `speed-up ${fmt(row.speedup)}× (target ≥100×: ${verdict(row.speedup >= 100)})`,
      );
    }
  }
  // The nested, filtered and converted cases (decision 111), UTC: partner × offer, 20 partners' offers, the offer
  // breakdown in euros (a quarter of the offers pay in USD and a quarter in GBP, converted at each day's seeded rate).
  {
    const window = { start: new Date(`${range.startDate}T00:00:00Z`), end: new Date(Date.parse(`${range.endDate}T00:00:00Z`) + 86_400_000) }; // prettier-ignore
    const someIds = rowsOf(await database.db.execute(sql`select id from partners order by id limit 20`)).map((r) => r.id); // prettier-ignore
    // The nested reports as the screen asks for them since decision 153: the first page of 50 partners by margin (an
    // earlier build ignores `page` and answers every row).
    const firstPage = { from: 0, count: 50 };
    const cases = [
      ['partner × offer', () => networkReport(database.db, scope, 'partner', range, window, {}, null, { then: 'offer', page: firstPage }), { nested: true }, 'partner'], // prettier-ignore
      ['offer, 20 partners', () => networkReport(database.db, scope, 'offer', range, window, { partnerId: someIds }, null), { partners: someIds }, 'offer'], // prettier-ignore
      ['offer in EUR', async () => (await networkReportInBase(database.db, scope, 'offer', range, window, {}, null, 'EUR')).rows, { converted: true }, 'offer'], // prettier-ignore
      ['partner × offer in EUR', async () => (await networkReportInBase(database.db, scope, 'partner', range, window, {}, null, 'EUR', { then: 'offer', page: firstPage })).rows, { nested: true, converted: true }, 'partner'], // prettier-ignore
      // Decision 117: a goal filter (the goal grain beside the offer grain's clicks), and the landing-page breakdown.
      ['offer, goal registration', () => networkReport(database.db, scope, 'offer', range, window, { goal: ['registration'] }, null), { goal: 'registration' }, 'offer'], // prettier-ignore
      ['landing page', () => networkReport(database.db, scope, 'landing', range, window, {}, null), {}, 'landing'], // prettier-ignore
      // Decision 126: the landing grain, also nested with the offer.
      ['landing page × offer', () => networkReport(database.db, scope, 'landing', range, window, {}, null, { then: 'offer', page: firstPage }), { key: "coalesce(landing_page_id, 0) || '/' || offer_id" }, 'landing'], // prettier-ignore
    ];
    for (const [label, ours, options, by] of cases) {
      await time(ours, 3);
      const fast = await time(ours, RUNS);
      const slow = await time(() => naive(database.db, by, window, options), NAIVE_RUNS);
      const naiveClicks = rowsOf(slow.last).reduce((sum, r) => sum + Number(r.clicks), 0);
      const oursClicks = fast.last.at(-1).clicks;
      if (naiveClicks !== oursClicks)
        throw new Error(`${label}: ours counts ${oursClicks} clicks, naive ${naiveClicks}`);
      const row = { by: label, zone: 'UTC', inRange: naiveClicks, rows: fast.last.length - 1, p50: percentile(fast.times, 50), p95: percentile(fast.times, 95), naive: percentile(slow.times, 50) }; // prettier-ignore
      row.speedup = row.naive / row.p50;
      results.push(row);
      console.log(
        `  ${label} (${fmt(naiveClicks)} clicks in range, ${row.rows} rows): ours p50 ${fmt(row.p50, 1)} ms ` +
          `p95 ${fmt(row.p95, 1)} ms (target <200 ms: ${verdict(row.p95 < 200)}); naive ${fmt(row.naive)} ms; ` +
          `speed-up ${fmt(row.speedup)}× (target ≥100×: ${verdict(row.speedup >= 100)})`,
      );
    }
  }
  console.log(`load average while measuring: ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} on ${os.cpus().length} cores`); // prettier-ignore
  await app.close();
} finally {
  await database.close();
  if (!keep) {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  }
}

console.log('\n| breakdown | viewer | clicks in range | ours p50 | ours p95 | naive GROUP BY | speed-up |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const r of results) {
  console.log(
    `| ${r.by} | ${r.zone} | ${fmt(r.inRange)} | ${fmt(r.p50, 1)} ms | ${fmt(r.p95, 1)} ms ${verdict(r.p95 < 200)} | ` +
      `${fmt(r.naive)} ms | ${fmt(r.speedup)}× ${verdict(r.speedup >= 100)} |`,
  );
}
