import fs from 'node:fs';
import pg from 'pg';
const seen = [];
const orig = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, cb) { if (typeof config === 'string' && /insert into "stats|with n0/.test(config)) seen.push({ text: config, values }); else if (config?.text && /insert into "stats|with n0/.test(config.text)) seen.push({ text: config.text, values: config.values ?? values }); return orig.call(this, config, values, cb); };
const { openDatabase } = await import('../apps/server/dist/db/client.js');
const { RollupAccumulator } = await import('../apps/server/dist/modules/rollups/rollups.js');
const PG = 'postgres://postgres@127.0.0.1:5432/';
const name = `portal_pgplan_${Date.now()}`;
const admin = new pg.Client({ connectionString: PG + 'postgres' }); await admin.connect();
await admin.query(`create database ${name}`);
const database = await openDatabase({ databaseUrl: PG + name, dataDir: '/tmp/x' });
await database.migrate();
const db = database.db;
const ids = (await db.execute(`select (select id from partners limit 1) as p, (select id from offers limit 1) as o`)).rows?.[0];
const a = new RollupAccumulator();
a.addAt(new Date(), { partnerId: ids?.p ?? 1, offerId: ids?.o ?? 1, currency: 'EUR', subid: 'bench', tc1: 'x', tc2: null, tc3: null, tc4: null, country: null }, { clicks: 1 });
await db.transaction((tx) => a.write(tx));
const c = new pg.Client({ connectionString: PG + name }); await c.connect();
for (const q of seen) {
  for (let i = 0; i < 3; i++) {
    const r = await orig.call(c, 'explain (analyze, summary) ' + q.text, q.values);
    const lines = r.rows.map((x) => x['QUERY PLAN']);
    console.log(q.text.slice(0, 40).replace(/\s+/g, ' '), '|', lines.filter((l) => /Planning Time|Execution Time/.test(l)).join(' '));
  }
  // prepared
  await orig.call(c, { name: 'p' + seen.indexOf(q), text: q.text, values: q.values });
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < 20; i++) await orig.call(c, { name: 'p' + seen.indexOf(q), text: q.text, values: q.values });
  const t1 = process.hrtime.bigint();
  for (let i = 0; i < 20; i++) await orig.call(c, { text: q.text, values: q.values });
  const t2 = process.hrtime.bigint();
  console.log('  wall per run: prepared', Number(t1 - t0) / 20e6, 'ms; unnamed', Number(t2 - t1) / 20e6, 'ms');
}
await c.end();
await database.close();
await admin.query(`drop database ${name} with (force)`); await admin.end();
