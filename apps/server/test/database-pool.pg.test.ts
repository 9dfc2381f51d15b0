/**
 * The PostgreSQL pool's two waits (decision 061), PostgreSQL only: a request queued behind a busy pool waits its turn
 * longer than a connection may take to open, and a database that does not answer fails fast as "unavailable".
 * PGlite has no pool nor network, so the PGlite run leaves this file out (`*.pg.test.ts`, vitest.config.ts).
 */
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { isDatabaseUnavailable } from '../src/lib/errors.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) throw new Error('database-pool.pg.test.ts runs on PostgreSQL only: set TEST_DATABASE_URL.');

describe('the PostgreSQL pool', () => {
  it('keeps a request queued behind a busy pool waiting past the connect timeout, and answers it', async () => {
    // One client, a connect timeout of 300 ms and a pool wait of 5 s: the second query waits about 1.5 s for the
    // client the first one holds. With one setting for both (as before) it failed at 300 ms.
    const database = await openDatabase({ databaseUrl, poolSize: 1, connectTimeoutMs: 300, poolWaitMs: 5000 });
    try {
      const started = Date.now();
      const [busy, queued] = await Promise.allSettled([
        database.db.execute(sql`select pg_sleep(1.5)`),
        database.db.execute(sql`select 42 as answer`),
      ]);
      expect(busy.status).toBe('fulfilled');
      expect(queued.status, String((queued as PromiseRejectedResult).reason)).toBe('fulfilled');
      expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
      const rows = (queued as PromiseFulfilledResult<{ rows: { answer: number }[] }>).value.rows;
      expect(rows[0]?.answer).toBe(42);
    } finally {
      await database.close();
    }
  });

  it('fails a request as "database unavailable" within the connect timeout when the database does not answer', async () => {
    // A server that accepts connections and never says a word: a cut network, a stalled failover.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    const port = await new Promise<number>((resolve) =>
      silent.listen(0, '127.0.0.1', () => resolve((silent.address() as net.AddressInfo).port)),
    );
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    const database = await openDatabase({ databaseUrl: url.toString(), connectTimeoutMs: 500, poolWaitMs: 10_000 });
    try {
      const started = Date.now();
      const error = await database.db.execute(sql`select 1`).then(
        () => null,
        (caught: unknown) => caught,
      );
      const elapsed = Date.now() - started;
      expect(error).not.toBeNull();
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
      expect(elapsed).toBeGreaterThanOrEqual(400);
      // The connect timeout, not the pool's wait.
      expect(elapsed).toBeLessThan(5000);
    } finally {
      await database.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
