// ad hoc: PostgreSQL backend CPU per click of the batch write, by variant.
import fs from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../apps/server/dist/db/client.js';
const PG = 'postgres://postgres@127.0.0.1:5432/';
const name = `portal_pgcost_${Date.now()}`;
const admin = new pg.Client({ connectionString: PG + 'postgres' }); await admin.connect();
await admin.query(`create database ${name}`);
const database = await openDatabase({ databaseUrl: PG + name, dataDir: '/tmp/x' });
await database.migrate(); await database.close();
const c = new pg.Client({ connectionString: PG + name }); await c.connect();
const pid = (await c.query('select pg_backend_pid() as p')).rows[0].p;
const cpu = () => { const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
let n = 0;
const batch = (size) => { const t = Date.now(); const out = []; for (let i = 0; i < size; i++) { n++; out.push({ clickId: 'AZ' + String(n).padStart(20, '0'), offerId: 1, partnerId: 1, currency: 'EUR', subid: 'bench', tc1: 'autocannon', tc2: null, tc3: null, tc4: null, ip: '127.0.0.1', country: null, userAgent: null, referrer: null, flags: 'missingUserAgent', createdAt: new Date(t) }); } return out; };
const cols = `(click_id, offer_id, partner_id, subid, tc1, tc2, tc3, tc4, ip, country, user_agent, referrer, flags, created_at)`;
const jsonSql = `insert into clicks ${cols} select "clickId", "offerId", "partnerId", subid, tc1, tc2, tc3, tc4, ip, country, "userAgent", referrer, flags, "createdAt" from json_to_recordset($1::json) as x("clickId" text, "offerId" int, "partnerId" int, subid text, tc1 text, tc2 text, tc3 text, tc4 text, ip text, country text, "userAgent" text, referrer text, flags text, "createdAt" timestamptz)`;
const variants = {
  json: async (b) => { await c.query('begin'); await c.query(jsonSql, [JSON.stringify(b)]); await c.query('commit'); },
  jsonNoIdx: null,
};
async function measure(label, fn, rounds = 40, size = 1000) {
  await fn(batch(size));
  const t0 = cpu(); const w0 = Date.now();
  for (let i = 0; i < rounds; i++) await fn(batch(size));
  const t1 = cpu();
  console.log(`${label.padEnd(40)} ${((t1 - t0) * 1000 / (rounds * size)).toFixed(1)} µs/click (wall ${((Date.now() - w0) * 1000 / (rounds * size)).toFixed(1)})`);
}

const arr = (values) => '{' + values.map((v) => v === null ? 'NULL' : '"' + String(v).replace(/[\\"]/g, '\\$&') + '"').join(',') + '}';
const unnestSql = `insert into clicks ${cols} select * from unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::timestamptz[])`;
const unnest = async (b) => { const f = (k) => b.map((x) => x[k]); await c.query('begin'); await c.query(unnestSql, [arr(f('clickId')), arr(f('offerId')), arr(f('partnerId')), arr(f('subid')), arr(f('tc1')), arr(f('tc2')), arr(f('tc3')), arr(f('tc4')), arr(f('ip')), arr(f('country')), arr(f('userAgent')), arr(f('referrer')), arr(f('flags')), arr(b.map((x) => x.createdAt.toISOString()))]); await c.query('commit'); };
const esc = (v) => v === null ? '\\N' : String(v).replace(/[\\\t\n\r]/g, (m) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[m]);
const copyFile = '/tmp/clickprof/copy.tsv';
const copy = async (b) => { fs.writeFileSync(copyFile, b.map((x) => [x.clickId, x.offerId, x.partnerId, x.subid, x.tc1, x.tc2, x.tc3, x.tc4, x.ip, x.country, x.userAgent, x.referrer, x.flags, x.createdAt.toISOString()].map(esc).join('\t')).join('\n') + '\n'); fs.chmodSync(copyFile, 0o644); await c.query('begin'); await c.query(`copy clicks ${cols} from '${copyFile}'`); await c.query('commit'); };
const mode = process.argv[2] ?? 'all';
for (let r = 0; r < 2; r++) {
await measure('json_to_recordset insert', variants.json);
await measure('unnest text[] literals insert', unnest);
await measure('COPY text (server file) insert', copy);
}
await measure('select json_to_recordset only', async (b) => { await c.query(`select count(*) from json_to_recordset($1::json) as x("clickId" text, "offerId" int, "partnerId" int, subid text, tc1 text, tc2 text, tc3 text, tc4 text, ip text, country text, "userAgent" text, referrer text, flags text, "createdAt" timestamptz)`, [JSON.stringify(b)]); });
await measure('select unnest only', async (b) => { const f = (k) => b.map((x) => x[k]); await c.query(`select count(*) from unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::timestamptz[])`, [arr(f('clickId')), arr(f('offerId')), arr(f('partnerId')), arr(f('subid')), arr(f('tc1')), arr(f('tc2')), arr(f('tc3')), arr(f('tc4')), arr(f('ip')), arr(f('country')), arr(f('userAgent')), arr(f('referrer')), arr(f('flags')), arr(b.map((x) => x.createdAt.toISOString()))]); });
console.log('uptime', fs.readFileSync('/proc/loadavg', 'utf8').trim());
await c.end();
await admin.query(`drop database ${name} with (force)`); await admin.end();
