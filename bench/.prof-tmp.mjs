// ad hoc: start the built app-server with --cpu-prof on PG or PGlite, load /click, stop.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import autocannon from 'autocannon';
const root = process.argv[2];
const target = process.argv[3] ?? 'postgres';
const profDir = process.argv[4] ?? '/tmp/clickprof/out'; fs.mkdirSync(profDir, { recursive: true });
const PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
let env = { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'production' };
let dbName;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clickprof-'));
if (target === 'postgres') {
  dbName = `portal_clickprof_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL }); await admin.connect();
  await admin.query(`create database ${dbName}`); await admin.end();
  env = { ...env, DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${dbName}`, DATA_DIR: dataDir };
} else env = { ...env, DATABASE_URL: '', DATA_DIR: dataDir };
const args = process.env.PROF === '0' ? [] : ['--cpu-prof', `--cpu-prof-dir=${profDir}`];
const child = fork(path.join(root, 'bench/lib/app-server.mjs'), [], { env, execArgv: args, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const info = await new Promise((r) => child.once('message', r));
const url = `http://127.0.0.1:${info.port}/click?offer_id=${info.offerId}&aff_id=${info.partnerId}&subid=bench&tc1=autocannon`;
await autocannon({ url, connections: 50, duration: 2 });
const cpu = () => { const f = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
const c0 = cpu(); const t0 = process.hrtime.bigint() / 1000n;
const r = await autocannon({ url, connections: 50, duration: Number(process.env.DUR ?? 10) });
const c1 = cpu(); const t1 = process.hrtime.bigint() / 1000n; 
console.log(`rps ${r.requests.average} 3xx ${r['3xx']} cpu µs/click ${((c1 - c0) * 1000 / r['3xx']).toFixed(1)} load ${os.loadavg()[0].toFixed(1)}`);
const exited = new Promise((res) => child.once('exit', res));
child.disconnect(); await exited; const t2 = process.hrtime.bigint() / 1000n; fs.writeFileSync(profDir + '/window.json', JSON.stringify({ back0: Number(t2 - t0), back1: Number(t2 - t1) }));
if (dbName) { const admin = new pg.Client({ connectionString: PG_URL }); await admin.connect(); await admin.query(`drop database if exists ${dbName} with (force)`); await admin.end(); }
fs.rmSync(dataDir, { recursive: true, force: true });
