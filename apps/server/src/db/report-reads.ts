import { sql } from 'drizzle-orm';
import { rowsOf } from './bulk.js';
import type { Db } from './client.js';

/**
 * Where report reads go (issue 51, decision 097): with REPORTS_DATABASE_URL, partner and network reports and their
 * CSV exports read a streaming replica; everything else, and every write, the primary. Reports read rollups, which
 * tolerate seconds of lag. Past REPLICA_MAX_LAG_S the report still reads the replica and says how old its data may
 * be; past twice that (or with the replica unreachable) it reads the primary.
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

export class ReportReads {
  private checked: { at: number; lag: Promise<number | null> } | null = null;

  constructor(
    private readonly primary: Db,
    private readonly replica: { db: Db; lagSeconds: () => Promise<number> } | null,
    private readonly maxLagS: number,
    /** How long one lag reading is trusted: one query a second at most, whatever the report traffic. */
    private readonly checkEveryMs = 1000,
  ) {}

  /** Whether a replica is configured at all. */
  get routed(): boolean {
    return this.replica !== null;
  }

  /** The next lag reading queries the replica again (tests). */
  forget(): void {
    this.checked = null;
  }

  async pick(): Promise<ReportRead> {
    const replica = this.replica;
    if (!replica) return { db: this.primary, source: 'primary', staleSeconds: null };
    const now = Date.now();
    if (!this.checked || now - this.checked.at >= this.checkEveryMs) {
      // A replica that does not answer reads as "unknown": the primary answers until it does.
      this.checked = { at: now, lag: replica.lagSeconds().catch(() => null) };
    }
    const lag = await this.checked.lag;
    if (lag === null || lag > 2 * this.maxLagS) return { db: this.primary, source: 'primary', staleSeconds: null };
    return { db: replica.db, source: 'replica', staleSeconds: lag > this.maxLagS ? Math.ceil(lag) : null };
  }
}
