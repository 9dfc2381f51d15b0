import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';
import { PGliteProxy } from './pglite-proxy.js';

export type Schema = typeof schema;
/** One type for both drivers: the queries are written once against `pg-core`. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /** The embedded cluster as a tarball, to start another from (`pgliteTemplate`); PGlite only. */
  dump?: () => Promise<Blob>;
  /** The pool's connections and the requests waiting for one (GET /metrics); PostgreSQL only. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** The pool itself (PostgreSQL only): a replica's report reads fall back to the primary's (decision 127). */
  pool?: pg.Pool;
};

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
/** Advisory lock key so that several processes starting at once migrate one after the other. */
const MIGRATION_LOCK = 4_100_410;

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  /**
   * A direct connection for the migrations (MIGRATION_DATABASE_URL): they hold a session advisory lock and run
   * DDL, which PgBouncer in transaction mode cannot carry (decision 096). Default: a connection of the pool.
   */
  migrationDatabaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` keeps the database in memory (tests). */
  dataDir?: string;
  /**
   * An embedded cluster to start from (a `dumpDataDir` tarball) instead of an empty one: PGlite's `initdb` and the
   * migrations take seconds, loading a migrated cluster a fraction of it (the integration suite's template).
   */
  pgliteTemplate?: Blob;
  /**
   * PGlite in its own worker thread, so that its queries (a click batch: ~50 ms per 1,000 clicks) never stop the event
   * loop (decisions 104, 121). The server and its tools pass `PGLITE_WORKER` (config.ts, default on); unset, PGlite runs
   * in this thread (the integration tests' default, `TEST_PGLITE_WORKER=on` to change it).
   */
  pgliteWorker?: boolean;
  poolSize?: number;
  /** How long a new connection may take before the request fails as "database unavailable" (default 5 s). */
  connectTimeoutMs?: number;
  /** How long a request may wait for a free client of a busy pool (default 30 s). */
  poolWaitMs?: number;
};

/**
 * A connection that does not answer (a cut network, a failover) fails in 5 s instead of hanging the request, while a
 * request queued behind a busy pool waits its turn for 30 s: node-postgres' pool has one setting for both, and at 5 s
 * a burst on one hot row (200 postbacks on one cap) answered 503 "database unavailable" with the database up
 * (decision 061). The connect timeout is the client's own; the pool's setting is then its wait alone.
 */
export const CONNECT_TIMEOUT_MS = 5000;
export const POOL_WAIT_MS = 30_000;

function clientWithConnectTimeout(timeoutMs: number): typeof pg.Client {
  return class extends pg.Client {
    constructor(config: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: timeoutMs });
    }
  };
}

/** The ORM over a node-postgres pool, or over anything that answers as one (decision 127's replica reads). */
export const drizzleOverPool = (pool: pg.Pool): Db =>
  drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      Client: clientWithConnectTimeout(options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS),
      connectionTimeoutMillis: options.poolWaitMs ?? POOL_WAIT_MS,
      keepAlive: true,
    });
    // A lost connection must never end the process (decision 053). node-postgres emits 'error' on the pool for an
    // idle client and on the client itself for one checked out (in a transaction between two queries): without a
    // listener that is an uncaught exception. The query in flight fails on its own; the pool replaces the client.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    const db = drizzleOverPool(pool);
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        const direct = options.migrationDatabaseUrl
          ? new pg.Client({
              connectionString: options.migrationDatabaseUrl,
              connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
            })
          : null;
        if (direct) {
          direct.on('error', () => undefined);
          await direct.connect();
        }
        const client = direct ?? (await pool.connect());
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client, { casing: 'snake_case' }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          if (direct) await direct.end().catch(() => undefined);
          else (client as pg.PoolClient).release();
        }
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      pool,
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  const inThread = options.pgliteWorker !== true;
  // drizzle's pglite driver calls only `query`, `exec` and `transaction` on its client: the proxy answers those.
  const client = inThread
    ? new PGlite(dataDir, options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : {})
    : await PGliteProxy.open(dataDir, options.pgliteTemplate);
  if (client instanceof PGlite) await client.waitReady;
  const asPglite = client as PGlite;
  const db = drizzlePglite(asPglite, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite(asPglite, { casing: 'snake_case' }), { migrationsFolder });
    },
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

export async function ping(db: Db): Promise<boolean> {
  await db.execute(sql`select 1`);
  return true;
}
