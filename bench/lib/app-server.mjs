// The real server (apps/server/dist, as `npm start` builds it) on the database of DATA_DIR or DATABASE_URL, with the
// demo network (no traffic), plus one bench-only route: GET /click-naive, the same decision as /click but an INSERT
// of the click and its rollup per request, committed before the redirect.
// `BENCH_SERVER_DIST=<a build's dist>` runs another build (an earlier commit's) instead, for interleaved before/after
// pairs in one period of a shared machine (decision 143).
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ClickQuerySchema } from '@portal/contracts';
import { sql } from 'drizzle-orm';

const dist = pathToFileURL(
  path.resolve(process.env.BENCH_SERVER_DIST ?? fileURLToPath(new URL('../../apps/server/dist', import.meta.url))),
).href;
const { buildApp } = await import(`${dist}/app.js`);
const { loadConfig } = await import(`${dist}/config.js`);
const { openDatabase } = await import(`${dist}/db/client.js`);
const { clicks } = await import(`${dist}/db/schema.js`);
const { seedDemo } = await import(`${dist}/seed/seed.js`);
const { ClickContextCache } = await import(`${dist}/modules/click/click-lookup.js`);
const { decideClick, landingUrl, newClickId } = await import(`${dist}/modules/click/click.js`);
const { hourOf, RollupAccumulator } = await import(`${dist}/modules/rollups/rollups.js`);

const config = loadConfig({ ...process.env, SEED_DEMO: 'true' });
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: `${config.dataDir}/pglite`,
  pgliteWorker: config.pgliteWorker,
});
await database.migrate();
const app = await buildApp({ config, database, workers: false });
await seedDemo(app.ctx, { traffic: false });
const { db } = database;

const contexts = new ClickContextCache(db, () => Date.now());
app.get('/click-naive', { schema: { hide: true } }, async (request, reply) => {
  const parsed = ClickQuerySchema.safeParse(request.query);
  if (!parsed.success) return reply.code(400).send({ status: 400, message: 'invalid', data: null, errors: null });
  const query = parsed.data;
  const now = new Date();
  const decision = decideClick(await contexts.get(query.offer_id, query.aff_id), now.getTime(), undefined);
  if (!decision.ok) return reply.code(decision.status).send({ status: decision.status, message: decision.reason });
  const clickId = newClickId(now);
  const click = {
    clickId,
    offerId: query.offer_id,
    partnerId: query.aff_id,
    subid: query.subid || null,
    tc1: query.tc1 || null,
    tc2: query.tc2 || null,
    tc3: query.tc3 || null,
    tc4: query.tc4 || null,
    ip: request.ip || null,
    country: null,
    userAgent: request.headers['user-agent'] ?? null,
    referrer: request.headers.referer ?? null,
    createdAt: now,
  };
  await db.transaction(async (tx) => {
    await tx.insert(clicks).values(click);
    const rollups = new RollupAccumulator();
    rollups.add({ ...click, currency: decision.offer.currency, hour: hourOf(now) }, { clicks: 1 });
    await rollups.write(tx);
  });
  return reply.redirect(landingUrl(decision.offer.defaultUrl, query, clickId), 302);
});

// The bench's link: Northwind Media and a public offer it may run.
const rows = await db.execute(sql`select
  (select id from partners where email = 'partner@demo.test') as partner_id,
  (select id from offers where name = 'LunaDate – FR – SOI') as offer_id`);
const ids = (Array.isArray(rows) ? rows : rows.rows)[0];

// Caps on the bench's offer (decision 045): BENCH_CAPS=capped puts an offer-wide daily and a partner monthly click cap on
// it, so high that every click goes through both counters and none is refused; otherwise it has none (the demo's
// own daily click cap on this offer would refuse the bench's clicks after 5,000).
await db.execute(sql`delete from offer_caps where offer_id = ${ids.offer_id}`);
if (process.env.BENCH_CAPS === 'capped') {
  await db.execute(sql`insert into offer_caps (offer_id, partner_id, metric, period, "limit") values
    (${ids.offer_id}, null, 'clicks', 'day', 10000000000), (${ids.offer_id}, ${ids.partner_id}, 'clicks', 'month', 10000000000)`); // prettier-ignore
}

// Every traffic rule on (decisions 083, 102): BENCH_TRAFFIC_RULES=every sets each click rule to `flag` (so that every
// click is judged by all of them and still redirected) and puts a blocklist entry of each kind, matching none of the
// bench's clicks, on the network, so that each click also goes through every list. A build without the traffic
// module (an earlier commit) ignores it.
if (process.env.BENCH_TRAFFIC_RULES === 'every') {
  await db.execute(sql`insert into traffic_rules (offer_id, bot, missing_user_agent, data_centre, velocity, velocity_per_minute)
    values (null, 'flag', 'flag', 'flag', 'flag', 30)`); // prettier-ignore
  await db.execute(sql`insert into blocklist_entries (kind, value) values
    ('ip', '203.0.113.0/24'), ('asn', '64496'), ('subid', 'never-this'), ('tc1', 'never-this'), ('user_agent', 'NeverThisBrowser')`); // prettier-ignore
}

// A bench's own set-up (BENCH_SETUP, a module's path): run in this process, on its database, before listening; what it
// answers is added to the ids sent to the parent. bench/fraud.mjs seeds its partners and baselines this way.
const setup = process.env.BENCH_SETUP ? await (await import(pathToFileURL(process.env.BENCH_SETUP).href)).default({ db, sql, ids }) : {}; // prettier-ignore

await app.listen({ host: '127.0.0.1', port: 0 });
const clickCount = async () => {
  const result = await db.execute(sql`select count(*)::int as n from clicks`);
  return (Array.isArray(result) ? result : result.rows)[0].n;
};
process.send?.({
  port: app.server.address().port,
  partnerId: ids.partner_id,
  offerId: ids.offer_id,
  kind: database.kind,
  ...setup,
});
// The event loop's delay (perf_hooks), reset and read around a load run: how long answering was held up (decision 104).
// The histogram holds each interval between its timer's runs, the timer's own 5 ms included (an idle process reads
// p50 ~5 ms): answered beyond those 5 ms, the time the loop was late (decision 137).
const LOOP_RESOLUTION_MS = 5;
const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
loopDelay.enable();
process.on('message', async (message) => {
  if (message === 'count') process.send?.({ count: await clickCount() });
  // A read-only question from the bench (its results after a run): `{ query: 'select …' }` answers `{ rows }`.
  if (message?.query) {
    const result = await db.execute(sql.raw(message.query));
    process.send?.({ rows: Array.isArray(result) ? result : result.rows });
  }
  if (message === 'loop-reset') {
    loopDelay.reset();
    process.send?.({ ok: true });
  }
  if (message === 'loop') {
    const late = (ns) => Math.max(ns / 1e6 - LOOP_RESOLUTION_MS, 0);
    process.send?.({ p99: late(loopDelay.percentile(99)), max: late(loopDelay.max) });
  }
});
process.on('disconnect', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
