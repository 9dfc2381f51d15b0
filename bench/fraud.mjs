// Traffic you can trust, measured (issue 48, decisions 083, 101, 102, 109): a seeded traffic set replayed through
// /click and /postback of the built server on the demo network, clean traffic mixed with each fraud pattern, with the
// network's default rules. Prints per pattern the share caught (refused, flagged or held by any rule) and the share of
// clean traffic touched, against the targets (each pattern ≥ 99 % caught, clean ≤ 0.5 % touched).
//
//   npm run build && node bench/fraud.mjs               # PGlite in a temporary folder, ~2 min
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/fraud.mjs   # on PostgreSQL: a database of its
//                                                       # own is created there and dropped after
//
// BENCH_SCALE (default 1) multiplies every count. Conversions of the clean traffic are posted 12 s after their clicks
// (the default floor is 10 s); the too-fast ones within a second of theirs.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isbot } from 'isbot';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const env = process.env;
const SCALE = Number(env.BENCH_SCALE ?? 1);
const n = (count) => Math.max(1, Math.round(count * SCALE));
const CONCURRENCY = Number(env.BENCH_CONNECTIONS ?? 16);

if (!fs.existsSync(path.join(root, 'apps/server/dist/app.js'))) {
  console.error('apps/server/dist is missing: run `npm run build` first.');
  process.exit(1);
}
const { openCountryLookup } = await import('../apps/server/dist/modules/click/geo.js');
const { asnTable, asnNumberOf } = await import('../apps/server/dist/modules/traffic/asn.js');
const { HOSTING_NETWORKS } = await import('../apps/server/dist/modules/traffic/hosting-networks.js');

// --- the traffic's raw material ----------------------------------------------------------------------------------

/** Browsers' user agents (none a bot to isbot: checked below). */
const BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0',
  'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/140.0.0.0 Mobile/15E148 Safari/604.1',
];
/** What sends bot clicks: crawlers, link previews, HTTP libraries, headless browsers, scanners. */
const BOTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'curl/8.5.0',
  'python-requests/2.32.3',
  'Go-http-client/1.1',
  'Wget/1.21.4',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
  'Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)',
  'Apache-HttpClient/4.5.14 (Java/17.0.9)',
  'node-fetch/1.0 (+https://github.com/bitinn/node-fetch)',
];
for (const ua of BROWSERS) if (isbot(ua)) throw new Error(`a browser's user agent is a bot's to isbot: ${ua}`);

const geo = openCountryLookup();
const table = asnTable();
const hostingAsns = new Map(HOSTING_NETWORKS.flatMap((h) => h.asns.map((asn) => [asn, h.provider])));
const ipOf = (v) => `${v >>> 24}.${(v >>> 16) & 255}.${(v >>> 8) & 255}.${v & 255}`;

/** French addresses of no hosting network (people at home or on a phone), from 90.0.0.0/8 up, each used once. */
function frenchHomes(count) {
  const found = [];
  for (let a = 90; a < 256 && found.length < count; a += 1)
    for (let b = 0; b < 256 && found.length < count; b += 1)
      for (let c = 0; c < 256 && found.length < count; c += 7) {
        const ip = `${a}.${b}.${c}.${((b + c) % 250) + 1}`;
        if (geo(ip) === 'FR' && !hostingAsns.has(asnNumberOf(ip, table))) found.push(ip);
      }
  return found;
}

/**
 * French addresses inside the ASNs of the hosting list (the offer takes France only: an address elsewhere would be
 * refused for its country, not as a data centre), a few from each range, across every provider that has some.
 */
function frenchDataCentres(count) {
  const found = [];
  for (let i = 0; i < table.v4Asn.length && found.length < count * 4; i += 1) {
    if (!hostingAsns.has(table.v4Asn[i])) continue;
    const start = table.v4Start[i];
    const size = table.v4End[i] - start + 1;
    for (let k = 0; k < Math.min(3, size); k += 1) {
      const ip = ipOf(start + Math.floor(((k + 1) * size) / 4));
      if (geo(ip) !== 'FR') continue;
      found.push({ ip, provider: hostingAsns.get(table.v4Asn[i]) });
    }
  }
  // Spread across the list rather than the first provider's ranges.
  const step = Math.max(1, Math.floor(found.length / count));
  const chosen = found.filter((_, i) => i % step === 0).slice(0, count);
  return { ips: chosen.map((f) => f.ip), providers: new Set(chosen.map((f) => f.provider)) };
}

// --- the server --------------------------------------------------------------------------------------------------

/** On PostgreSQL (BENCH_PG_URL), a database of the run's own on that server, dropped at the end. */
async function ownDatabase() {
  if (!env.BENCH_PG_URL) return { url: '', drop: async () => undefined };
  const name = `portal_fraud_${Date.now()}`;
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: env.BENCH_PG_URL });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(env.BENCH_PG_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

async function startServer(dataDir, databaseUrl) {
  const child = fork(path.join(here, 'lib/app-server.mjs'), [], {
    cwd: root,
    env: {
      ...env,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: 'true',
      CONVERSION_RULES: 'on',
      BENCH_SETUP: path.join(here, 'lib/fraud-setup.mjs'),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const info = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`app-server exited with ${code}`)));
  });
  const query = (text) =>
    new Promise((resolve) => {
      child.once('message', (m) => resolve(m.rows));
      child.send({ query: text });
    });
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.disconnect();
    await exited;
  };
  return { ...info, query, stop };
}

/** Runs the tasks with at most CONCURRENCY in flight; answers their results in order. */
async function pool(tasks, concurrency = CONCURRENCY) {
  const results = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]();
      }
    }),
  );
  return results;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (part, whole) => (whole ? (100 * part) / whole : 0);
const fmtPct = (value) => `${value.toFixed(value < 1 && value > 0 ? 2 : 1)} %`;

// --- the run -----------------------------------------------------------------------------------------------------

const COUNTS = {
  clean: n(4_500),
  bots: n(300),
  dataCentre: n(300),
  floodAddresses: n(10),
  floodClicks: 60,
  fast: n(200),
  countrySwitch: n(200),
  txPairs: n(200),
  spikeClicks: n(300),
  spikeConversions: n(60),
};
/** Share of clean clicks that convert (the clean partners' 30-day baseline is 10 %). */
const CLEAN_RATE = 0.08;

const homes = frenchHomes(COUNTS.clean + COUNTS.bots + COUNTS.fast + COUNTS.countrySwitch + 2 * COUNTS.txPairs + COUNTS.spikeClicks + COUNTS.floodAddresses); // prettier-ignore
let homeNext = 0;
const home = () => homes[homeNext++];
const dataCentres = frenchDataCentres(COUNTS.dataCentre);
if (dataCentres.ips.length < COUNTS.dataCentre)
  throw new Error(`only ${dataCentres.ips.length} French hosting addresses`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-fraud-'));
const database = await ownDatabase();
const server = await startServer(dataDir, database.url);
const base = `http://127.0.0.1:${server.port}`;
const [cleanA, cleanB, cleanC, spiker] = [
  server.partners['partner@demo.test'],
  server.partners['bluebird@demo.test'],
  server.partners['kestrel@demo.test'],
  server.partners['heron@demo.test'],
];
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(
  `fraud bench: ${server.kind}, offer ${server.offerId}, goal ${server.goal}, default rules, ${os.cpus().length} CPUs, load average ${load()} at start`, // prettier-ignore
);

/** One click: answers whether it was refused (403, or sent to the fallback) and the click id otherwise. */
async function click({ partnerId, subid, ip, ua }) {
  const url = `${base}/click?offer_id=${server.offerId}&aff_id=${partnerId}&subid=${subid}`;
  const res = await fetch(url, { redirect: 'manual', headers: { 'x-forwarded-for': ip, 'user-agent': ua } });
  const location = res.headers.get('location') ?? '';
  await res.arrayBuffer();
  if (res.status !== 302 && res.status !== 403) throw new Error(`/click answered ${res.status}`);
  const refused = res.status === 403 || !location.startsWith('https://landing.example/');
  return { refused, clickId: refused ? null : new URL(location).searchParams.get('cid'), at: Date.now(), ip, subid };
}

async function postback(clickId, fields = {}) {
  const query = new URLSearchParams({ token: server.token, click_id: clickId, goal: server.goal, ...fields });
  const res = await fetch(`${base}/postback?${query}`);
  const body = await res.json();
  if (res.status !== 200) throw new Error(`/postback answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

const browser = (i) => BROWSERS[i % BROWSERS.length];
const clicksOf = (count, make) => Array.from({ length: count }, (_, i) => () => click(make(i)));
const started = Date.now();

// 1. Clean traffic on three partners, and the patterns' clicks, interleaved.
const plan = [
  ...clicksOf(COUNTS.clean, (i) => ({ partnerId: [cleanA, cleanB, cleanC][i % 3], subid: 'clean', ip: home(), ua: browser(i) })), // prettier-ignore
  ...clicksOf(COUNTS.bots, (i) => ({ partnerId: [cleanA, cleanB][i % 2], subid: 'bots', ip: home(), ua: BOTS[i % BOTS.length] })), // prettier-ignore
  ...clicksOf(COUNTS.dataCentre, (i) => ({ partnerId: [cleanA, cleanC][i % 2], subid: 'dc', ip: dataCentres.ips[i], ua: browser(i) })), // prettier-ignore
  ...clicksOf(COUNTS.countrySwitch, (i) => ({ partnerId: cleanB, subid: 'country', ip: home(), ua: browser(i) })),
  ...clicksOf(COUNTS.txPairs, (i) => ({ partnerId: cleanC, subid: 'tx-first', ip: home(), ua: browser(i) })),
  ...clicksOf(COUNTS.txPairs, (i) => ({ partnerId: cleanA, subid: 'tx-second', ip: home(), ua: browser(i) })),
  ...clicksOf(COUNTS.spikeClicks, (i) => ({ partnerId: spiker, subid: 'spike', ip: home(), ua: browser(i) })),
];
// A fixed shuffle (the same set every run): a linear congruential order over the plan.
const order = plan.map((_, i) => i).sort((a, b) => ((a * 7919) % 10007) - ((b * 7919) % 10007));
const clicked = await pool(order.map((i) => plan[i]));
const bySubid = (subid) => clicked.filter((c) => c.subid === subid);
const lastClickAt = Math.max(...clicked.map((c) => c.at));
console.log(`${clicked.length} clicks in ${((Date.now() - started) / 1000).toFixed(1)} s`);

// 2. A click flood: each address clicks floodClicks times within seconds, inside one minute.
if (new Date().getUTCSeconds() > 45) await sleep((61 - new Date().getUTCSeconds()) * 1000);
const floodIps = Array.from({ length: COUNTS.floodAddresses }, home);
const flood = await pool(
  floodIps.flatMap(
    (ip, a) =>
    Array.from({ length: COUNTS.floodClicks }, () => () => click({ partnerId: [cleanA, cleanB][a % 2], subid: 'flood', ip, ua: browser(a) })), // prettier-ignore
  ),
  4,
);

// 3. Conversions in under 5 s: each click converts at once.
const fast = await pool(
  Array.from({ length: COUNTS.fast }, (_, i) => async () => {
    const c = await click({ partnerId: cleanA, subid: 'fast', ip: home(), ua: browser(i) });
    const answer = await postback(c.clickId, { transaction_id: `fast-${i}` });
    return { seconds: (Date.now() - c.at) / 1000, answer };
  }),
);

// 4. The rest convert 12 s after their clicks at least.
const wait = lastClickAt + 12_000 - Date.now();
if (wait > 0) await sleep(wait);
const cleanConverting = bySubid('clean').filter((c, i) => !c.refused && i % Math.round(1 / CLEAN_RATE) === 0);
let tx = 0;
const converted = await pool([
  ...cleanConverting.map((c) => () => postback(c.clickId, { transaction_id: `clean-${tx++}`, country: 'FR' })),
  ...bySubid('country').map((c, i) => () => postback(c.clickId, { transaction_id: `country-${i}`, country: 'VN' })),
]);
// A transaction id on two partners: the first partner's conversion, then the same id on another partner's click.
const txFirst = bySubid('tx-first');
const txSecond = bySubid('tx-second');
await pool(txFirst.map((c, i) => () => postback(c.clickId, { transaction_id: `shared-${i}` })));
await pool(txSecond.map((c, i) => () => postback(c.clickId, { transaction_id: `shared-${i}` })));
// The spike, one conversion after another (each sees the ones before it in the rollups).
const spikeClicks = bySubid('spike').slice(0, COUNTS.spikeConversions);
for (const [i, c] of spikeClicks.entries()) await postback(c.clickId, { transaction_id: `spike-${i}` });
const loadAtEnd = load();
await sleep(1500); // the last click batch written

// --- what the server made of it ----------------------------------------------------------------------------------

const flagged = Object.fromEntries(
  (await server.query(`select subid, count(*)::int as clicks,
      count(*) filter (where coalesce(flags, '') <> '')::int as flagged from clicks where offer_id = ${server.offerId} group by subid`)) // prettier-ignore
    .map((r) => [r.subid, r]),
);
const conversions = await server.query(`select subid, status, reason, coalesce(signals, '') as signals
  from conversions where offer_id = ${server.offerId} order by id`);
const refusedByReason = await server.query(`select reason, sum(count)::int as clicks from rejected_clicks_hourly
  where offer_id = ${server.offerId} group by reason order by reason`).catch(() => []); // prettier-ignore

const touched = (c) => c.signals !== '' || c.status === 'rejected';
const convOf = (subid) => conversions.filter((c) => c.subid === subid);
const refusedOf = (list) => list.filter((c) => c.refused).length;

const rows = [];
const row = (pattern, events, caught, how) => rows.push({ pattern, events, caught, share: pct(caught, events), how });
const clickRow = (pattern, subid, list) => {
  const flaggedCount = flagged[subid]?.flagged ?? 0;
  row(pattern, list.length, refusedOf(list) + flaggedCount, `${refusedOf(list)} refused, ${flaggedCount} flagged`);
};
clickRow('bot user agents (clicks)', 'bots', bySubid('bots'));
clickRow(`data-centre addresses (clicks, ${dataCentres.providers.size} providers)`, 'dc', bySubid('dc'));
// A flood's first velocityPerMinute clicks per address are under the limit by definition: the pattern is the rest.
const LIMIT = 30;
// Four clicks are in flight at once, so the order they are answered in is not quite the order they were counted in:
// the flood's share is its refused clicks against the excess, and more refused than the excess would show.
const floodExcess = floodIps.length * Math.max(0, COUNTS.floodClicks - LIMIT);
const floodRefused = refusedOf(flood);
row(`click flood (${COUNTS.floodClicks} a minute from each of ${floodIps.length} addresses; the clicks past ${LIMIT})`, floodExcess, Math.min(floodRefused, floodExcess), `${floodRefused} of ${flood.length} refused`); // prettier-ignore
const fastConv = convOf('fast');
row(`conversions in under 5 s (max ${Math.max(...fast.map((f) => f.seconds)).toFixed(1)} s)`, fast.length, fastConv.filter(touched).length, 'held (too_fast)'); // prettier-ignore
const countryConv = convOf('country');
row('country switch (FR click, VN conversion)', countryConv.length, countryConv.filter(touched).length, 'held (country_mismatch)'); // prettier-ignore
const second = convOf('tx-second');
row('transaction id on two partners (the second)', second.length, second.filter(touched).length, `${second.filter((c) => c.status === 'rejected').length} refused`); // prettier-ignore
// The spike: the heron partner's conversions once its 24-hour rate is over 3× its baseline (1 %) on ≥ 200 clicks.
const spikeConv = convOf('spike');
const spikeClicksCount = bySubid('spike').filter((c) => !c.refused).length;
const firstSpiking = spikeConv.findIndex((_, k) => (k + 1) * 3_000 > 3 * 30 * spikeClicksCount);
const spikeOver = firstSpiking < 0 ? [] : spikeConv.slice(firstSpiking);
row(`conversion-rate spike (${spikeConv.length} on ${spikeClicksCount} clicks, baseline 1 %; those past 3×)`, spikeOver.length, spikeOver.filter(touched).length, `${spikeConv.slice(0, Math.max(firstSpiking, 0)).filter(touched).length} of the ${Math.max(firstSpiking, 0)} under 3× held`); // prettier-ignore

const cleanClicks = bySubid('clean').length + bySubid('tx-first').length;
const cleanClicksTouched = refusedOf(bySubid('clean')) + refusedOf(bySubid('tx-first')) + (flagged.clean?.flagged ?? 0) + (flagged['tx-first']?.flagged ?? 0); // prettier-ignore
const cleanConv = [...convOf('clean'), ...convOf('tx-first')];
const cleanConvTouched = cleanConv.filter(touched).length;

console.log('\n| pattern | events | caught | share caught | target ≥ 99 % | how |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const r of rows)
  console.log(`| ${r.pattern} | ${r.events} | ${r.caught} | ${fmtPct(r.share)} | ${r.share >= 99 ? 'met' : 'MISSED'} | ${r.how} |`); // prettier-ignore
const cleanShare = pct(cleanClicksTouched + cleanConvTouched, cleanClicks + cleanConv.length);
console.log(`\n| clean traffic | events | wrongly refused, flagged or held | share | target ≤ 0.5 % |`);
console.log('| --- | --- | --- | --- | --- |');
console.log(`| clicks | ${cleanClicks} | ${cleanClicksTouched} | ${fmtPct(pct(cleanClicksTouched, cleanClicks))} | ${pct(cleanClicksTouched, cleanClicks) <= 0.5 ? 'met' : 'MISSED'} |`); // prettier-ignore
console.log(`| conversions | ${cleanConv.length} | ${cleanConvTouched} | ${fmtPct(pct(cleanConvTouched, cleanConv.length))} | ${pct(cleanConvTouched, cleanConv.length) <= 0.5 ? 'met' : 'MISSED'} |`); // prettier-ignore
console.log(`| all | ${cleanClicks + cleanConv.length} | ${cleanClicksTouched + cleanConvTouched} | ${fmtPct(cleanShare)} | ${cleanShare <= 0.5 ? 'met' : 'MISSED'} |`); // prettier-ignore
if (refusedByReason.length) console.log(`\nrefused clicks by reason: ${refusedByReason.map((r) => `${r.reason} ${r.clicks}`).join(', ')}`); // prettier-ignore
const signalCounts = {};
for (const c of conversions) for (const s of c.signals.split(',').filter(Boolean)) signalCounts[s] = (signalCounts[s] ?? 0) + 1; // prettier-ignore
console.log(
  `conversion signals: ${Object.entries(signalCounts)
    .map(([s, k]) => `${s} ${k}`)
    .join(', ')}`,
);
console.log(`${converted.length + fast.length + txFirst.length + txSecond.length + spikeClicks.length} postbacks; ${((Date.now() - started) / 1000).toFixed(0)} s in all; load average ${loadAtEnd} at the end`); // prettier-ignore

await server.stop();
await database.drop();
fs.rmSync(dataDir, { recursive: true, force: true });
