// ad hoc: PostgreSQL CPU per click of the real batch write (ClickBuffer.write), by part.
import fs from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../apps/server/dist/db/client.js';
import { ClickBuffer } from '../apps/server/dist/modules/click/click-buffer.js';
import { insertClicks } from '../apps/server/dist/modules/click/click.repository.js';
import { RollupAccumulator } from '../apps/server/dist/modules/rollups/rollups.js';
const PG = 'postgres://postgres@127.0.0.1:5432/';
const name = `portal_pgwrite_${Date.now()}`;
const admin = new pg.Client({ connectionString: PG + 'postgres' }); await admin.connect();
await admin.query(`create database ${name}`);
const database = await openDatabase({ databaseUrl: PG + name, dataDir: '/tmp/x' });
await database.migrate();
const db = database.db;
const ids = (await db.execute(`select (select id from partners limit 1) as p, (select id from offers limit 1) as o`)).rows?.[0];
const cpuOfDb = () => { let t = 0; for (const pid of fs.readdirSync('/proc')) { if (!/^\d+$/.test(pid)) continue; try { const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'); if (!cmd.startsWith('postgres') || !(cmd.includes(name) || /walwriter|checkpointer|background writer/.test(cmd))) continue; const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); t += (Number(f[11]) + Number(f[12])) * 10; } catch {} } return t; };
const logger = { info() {}, warn() {}, error: console.error, debug() {} };
const buffer = new ClickBuffer(db, { logger });
let n = 0;
const partnerId = ids?.p ?? 1, offerId = ids?.o ?? 1;
const batch = (size) => { const t = Date.now(); const out = []; for (let i = 0; i < size; i++) { n++; out.push({ clickId: 'AZ' + String(n).padStart(20, '0'), offerId, partnerId, currency: 'EUR', subid: 'bench', tc1: 'autocannon', tc2: null, tc3: null, tc4: null, ip: '127.0.0.1', country: null, userAgent: null, referrer: null, flags: process.env.FLAGS === '0' ? null : 'missingUserAgent', createdAt: new Date(t) }); } return out; };
async function measure(label, fn, rounds = 30, size = 1000) {
  await fn(batch(size));
  const t0 = cpuOfDb();
  for (let i = 0; i < rounds; i++) await fn(batch(size));
  console.log(`${label.padEnd(40)} ${((cpuOfDb() - t0) * 1000 / (rounds * size)).toFixed(1)} µs/click`);
}
const size = Number(process.env.SIZE ?? 1000);
for (let r = 0; r < 2; r++) {
  await measure('full batch write', (b) => buffer.write(b, [], false), 30, size);
  await measure('insert only (in a transaction)', (b) => db.transaction((tx) => insertClicks(tx, b, false)), 30, size);
  await measure('rollups only', (b) => db.transaction(async (tx) => { const a = new RollupAccumulator(); for (const c of b) a.addAt(c.createdAt, c, { clicks: 1 }); await a.write(tx); }), 30, size);
}
console.log('load', fs.readFileSync('/proc/loadavg', 'utf8').trim());
await database.close();
await admin.query(`drop database ${name} with (force)`); await admin.end();
