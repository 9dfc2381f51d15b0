import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { isDatabaseUnavailable, sqlStateOf } from '../lib/errors.js';
import { rowsOf } from './bulk.js';
import { drizzleOverPool, type Database, type Db } from './client.js';

/**
 * Where report reads go (issue 51, decision 097): with REPORTS_DATABASE_URL, partner and network reports and their
 * CSV exports read a streaming replica; everything else, and every write, the primary. Reports read rollups, which
 * tolerate seconds of lag. Past REPLICA_MAX_LAG_S the report still reads the replica and says how old its data may
 * be; past twice that (or with the replica unreachable) it reads the primary. A read the replica fails for its own
 * reason is read again on the primary (decision 127).
 */
export type ReportRead = {
  db: Db;
  /** Which database answered. */
  source: 'primary' | 'replica';
  /** Seconds the replica's data may be behind, when past the limit; null otherwise. */
  staleSeconds: number | null;
};

/** The replica's replay lag in seconds: 0 when it has replayed all it received (an idle primary), or on a primary. */
export async function replicaLagSeconds(db: Db): Promise<number> {
  const result = await db.execute(sql`
    select case
      when not pg_is_in_recovery() then 0
      when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
      else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0)
    end as lag`);
  return Number(rowsOf<{ lag: number | string | null }>(result)[0]?.lag ?? 0);
}

/**
 * Why a read on the replica failed, when the replica is to blame rather than the query (decision 127): `away` for a
 * connection refused, lost or timed out, the server shutting down or starting (57P01–57P03), too many connections
 * (the errors that answer 503 elsewhere, decision 053); `conflict` for 40001, which a read-only report meets on a hot
 * standby only as "canceling statement due to conflict with recovery". Anything else (a syntax error, a value refused,
 * 22xxx/23xxx, a statement timeout or cancel, 57014) is the query's, and the primary would fail it too or pay for it.
 */
export function replicaFailure(error: unknown): 'away' | 'conflict' | null {
  if (isDatabaseUnavailable(error)) return 'away';
  if (sqlStateOf(error) === '40001') return 'conflict';
  return null;
}

type Handles = Pick<Database, 'db' | 'pool'>;

export type ReportReadsOptions = {
  /** How long one lag reading is trusted: one query a second at most, whatever the report traffic. */
  checkEveryMs?: number;
  /** A replica read failed and was read again on the primary (a metric, a log line). */
  onFallback?: (reason: 'away' | 'conflict', error: unknown) => void;
};

export class ReportReads {
  private checked: { at: number; lag: Promise<number | null> } | null = null;
  /**
   * False from a replica read that failed with the replica away until a lag reading succeeds again: meanwhile every
   * query of a report that had already picked the replica goes to the primary. `generation` keeps a reading that
   * started before such a failure from clearing it.
   */
  private answering = true;
  private generation = 0;
  private readonly replicaDb: Db | null;
  private readonly checkEveryMs: number;

  constructor(
    private readonly primary: Handles,
    private readonly replica: { database: Handles; lagSeconds: () => Promise<number> } | null,
    private readonly maxLagS: number,
    private readonly options: ReportReadsOptions = {},
  ) {
    this.checkEveryMs = options.checkEveryMs ?? 1000;
    // On PostgreSQL both ways, each query of a report that fails on the replica is tried again on the primary. An
    // embedded primary has no pool, and no real replica: the replica's handle is used as it is (the tests' stand-in).
    const [from, to] = [replica?.database.pool, primary.pool];
    this.replicaDb = !replica ? null : from && to ? drizzleOverPool(fallingBack(from, to, this)) : replica.database.db;
  }

  /** Whether a replica is configured at all. */
  get routed(): boolean {
    return this.replica !== null;
  }

  /** Whether a read on the replica is tried at all (false while it is known away). */
  get replicaAnswering(): boolean {
    return this.answering;
  }

  /** The next lag reading queries the replica again (tests). */
  forget(): void {
    this.checked = null;
  }

  /** A read failed on the replica: with the replica away, the primary answers until a lag reading succeeds. */
  failed(reason: 'away' | 'conflict', error: unknown): void {
    this.options.onFallback?.(reason, error);
    if (reason !== 'away') return;
    this.generation += 1;
    this.answering = false;
    this.checked = { at: Date.now(), lag: Promise.resolve(null) };
  }

  async pick(): Promise<ReportRead> {
    const replica = this.replica;
    if (!replica || !this.replicaDb) return { db: this.primary.db, source: 'primary', staleSeconds: null };
    const now = Date.now();
    if (!this.checked || now - this.checked.at >= this.checkEveryMs) {
      // A replica that does not answer reads as "unknown": the primary answers until it does.
      const generation = this.generation;
      const settle = (lag: number | null) => {
        if (generation === this.generation) this.answering = lag !== null;
        return lag;
      };
      this.checked = { at: now, lag: replica.lagSeconds().then(settle, () => settle(null)) };
    }
    const lag = await this.checked.lag;
    if (lag === null || lag > 2 * this.maxLagS) return { db: this.primary.db, source: 'primary', staleSeconds: null };
    return { db: this.replicaDb, source: 'replica', staleSeconds: lag > this.maxLagS ? Math.ceil(lag) : null };
  }
}

/**
 * What drizzle's node-postgres session calls on a pool, over the replica's with the primary's behind it: a statement
 * that fails on the replica for the replica's reason (`replicaFailure`) runs once more on the primary, and while the
 * replica is known away statements go straight to the primary. Per statement, so that a streamed export's next chunk
 * (keyset pages, decision 017) continues on the primary where the replica left it. A transaction (`connect`) stays on
 * the replica: no report opens one. The name holds "Pool": drizzle takes a client from `connect` for a transaction
 * when it does.
 */
function fallingBack(replica: pg.Pool, primary: pg.Pool, reads: ReportReads): pg.Pool {
  class ReplicaFallbackPool {
    async query(config: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
      if (!reads.replicaAnswering) return primary.query(config, values);
      try {
        return await replica.query(config, values);
      } catch (error) {
        const reason = replicaFailure(error);
        if (!reason) throw error;
        reads.failed(reason, error);
        return primary.query(config, values);
      }
    }

    connect(): Promise<pg.PoolClient> {
      return replica.connect();
    }
  }
  return new ReplicaFallbackPool() as unknown as pg.Pool;
}
