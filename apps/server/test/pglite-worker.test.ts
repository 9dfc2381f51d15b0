/**
 * The embedded database in its own thread (decision 104): a long query no longer stops the event loop, a transaction
 * holds the database for its own queries, errors keep PostgreSQL's fields, an idle thread does not keep the process
 * alive, and `PGLITE_WORKER=off` still runs it here (decision 121: the worker is the default).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '../src/db/client.js';
import { rowsOf } from '../src/db/bulk.js';
import { isUniqueViolation } from '../src/lib/errors.js';
import { loadConfig } from '../src/config.js';

/** The longest gap between two ticks of a 5 ms timer while `work` runs, and how long `work` took. */
async function longestStall(work: () => Promise<unknown>): Promise<{ stall: number; took: number }> {
  const start = performance.now();
  let last = start;
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  const end = performance.now();
  // The gap until now counts too: a thread blocked throughout never ticks at all.
  return { stall: Math.max(longest, end - last), took: end - start };
}

// A query PGlite computes for a few hundred ms (pg_sleep would wait, not hold the thread in WASM).
const heavy = sql`select count(*)::int as n from generate_series(1, 2000000) g where g % 7 = 3`;

describe('PGlite in a worker thread', () => {
  let database: Database;
  // The suite's migrated cluster: a fresh PGlite's initdb takes a minute on a loaded machine.
  const template = () => {
    const file = inject('pgliteTemplate');
    return file ? { pgliteTemplate: new Blob([fs.readFileSync(file)], { type: 'application/x-tar' }) } : {};
  };
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://', pgliteWorker: true, ...template() });
    await database.db.execute(sql`create table worker_probe (id int primary key, note text)`);
  });
  afterAll(() => database.close());

  it('is the default (PGLITE_WORKER=on), and a long query leaves the event loop free', async () => {
    expect(loadConfig({}).pgliteWorker).toBe(true);
    expect(loadConfig({ PGLITE_WORKER: 'on' }).pgliteWorker).toBe(true);
    let answer: unknown;
    const { stall, took } = await longestStall(async () => {
      answer = rowsOf<{ n: number }>(await database.db.execute(heavy))[0]?.n;
    });
    expect(answer).toBe(285714);
    // In the main thread the whole query is one stall (the last test); here the timer keeps ticking meanwhile. Relative
    // to the query's own time, so that a loaded machine's scheduling delays do not decide it.
    expect(took).toBeGreaterThan(100);
    expect(stall).toBeLessThan(took / 3);
  });

  it('holds a transaction: its writes are its own until commit, a query outside waits, a throw rolls back', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_probe values (1, 'committed')`);
      outside = database.db.execute(sql`select count(*)::int as n from worker_probe`).then((result) => {
        order.push('outside');
        return rowsOf<{ n: number }>(result)[0]?.n;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const seen = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from worker_probe`))[0]?.n;
      expect(seen).toBe(1);
      order.push('transaction');
    });
    expect(await outside).toBe(1);
    expect(order).toEqual(['transaction', 'outside']);

    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into worker_probe values (2, 'rolled back')`);
        await tx.transaction(async (nested) => {
          await nested.execute(sql`insert into worker_probe values (3, 'rolled back too')`);
        });
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    const ids = rowsOf<{ id: number }>(await database.db.execute(sql`select id from worker_probe order by id`));
    expect(ids.map((row) => row.id)).toEqual([1]);
  });

  it('keeps PostgreSQL error fields across the thread', async () => {
    const error = await database.db.execute(sql`insert into worker_probe values (1, 'again')`).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    // The database still answers after the failed statement.
    const after = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from worker_probe`));
    expect(after[0]?.n).toBe(1);
  });

  it('does not keep a process alive once idle: a tool that never closes its database still exits, after its answer', async () => {
    const file = inject('pgliteTemplate');
    const client = new URL('../src/db/client.ts', import.meta.url).href;
    const script = `
      import fs from 'node:fs';
      import { sql } from 'drizzle-orm';
      import { openDatabase } from ${JSON.stringify(client)};
      const file = process.env.TEMPLATE;
      const database = await openDatabase({
        dataDir: 'memory://',
        pgliteWorker: true,
        ...(file ? { pgliteTemplate: new Blob([fs.readFileSync(file)]) } : {}),
      });
      // Not awaited at the top: only the query in flight keeps the process alive until it is answered.
      database.db.execute(sql\`select 6 * 7 as n\`).then((result) => console.log('answer', result.rows[0].n));
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { PATH: process.env.PATH ?? '', TEMPLATE: file },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, stderr).toBe(0);
    expect(stdout).toContain('answer 42');
  });

  it('runs in the main thread with PGLITE_WORKER=off, where a long query is one stall', async () => {
    expect(loadConfig({ PGLITE_WORKER: 'off' }).pgliteWorker).toBe(false);
    const inThread = await openDatabase({ dataDir: 'memory://', ...template() });
    try {
      const { stall, took } = await longestStall(() => inThread.db.execute(heavy));
      expect(took).toBeGreaterThan(100);
      expect(stall).toBeGreaterThan(took * 0.8);
    } finally {
      await inThread.close();
    }
  });
});
