import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/bulk.js';
import type { Db } from '../../db/client.js';

/** Lock taken while partitions are made or dropped: two servers starting at once do it one after the other. */
const PARTITION_LOCK = 4_100_411;
const PARTITION_NAME = /^clicks_(\d{4})_(\d{2})$/;

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));
const nameOf = (start: Date) => `clicks_${start.getUTCFullYear()}_${String(start.getUTCMonth() + 1).padStart(2, '0')}`;

/** The monthly partitions of `clicks` that exist, by name. */
async function partitions(db: Db): Promise<string[]> {
  const result = await db.execute(sql`select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
    where p.relname = 'clicks' and c.relname <> 'clicks_default'`);
  return rowsOf<{ name: string }>(result).map((r) => r.name);
}

/**
 * Makes the monthly partitions of `clicks` from this month to `ahead` months on (decision 054). A month whose clicks
 * already sit in the default partition (a clock far ahead, a partition dropped by hand) gets them moved into its new
 * partition in the same transaction.
 */
export async function ensureClickPartitions(db: Db, now: Date, ahead = 3): Promise<string[]> {
  const made: string[] = [];
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PARTITION_LOCK})`);
    const existing = new Set(await partitions(tx as unknown as Db));
    const months: Date[] = [];
    for (let i = 0; i <= ahead; i++) months.push(monthStart(now.getUTCFullYear(), now.getUTCMonth() + i));
    // And the months whose clicks wait in the default partition (the demo's replayed past, a clock that jumped).
    const waiting = await tx.execute(
      sql`select distinct date_trunc('month', created_at at time zone 'UTC') as month from clicks_default`,
    );
    for (const row of rowsOf<{ month: string | Date }>(waiting)) {
      const month = new Date(
        `${String(row.month instanceof Date ? row.month.toISOString() : row.month).slice(0, 7)}-01T00:00:00Z`,
      );
      if (!months.some((m) => m.getTime() === month.getTime())) months.push(month);
    }
    for (const from of months) {
      const to = monthStart(from.getUTCFullYear(), from.getUTCMonth() + 1);
      const name = nameOf(from);
      if (existing.has(name)) continue;
      const table = sql.identifier(name);
      const [lower, upper] = [from.toISOString(), to.toISOString()];
      await tx.execute(sql`create table ${table} (like clicks including defaults)`);
      await tx.execute(sql`insert into ${table} select * from clicks_default
        where created_at >= ${lower}::timestamptz and created_at < ${upper}::timestamptz`);
      await tx.execute(sql`delete from clicks_default
        where created_at >= ${lower}::timestamptz and created_at < ${upper}::timestamptz`);
      await tx.execute(
        sql`alter table clicks attach partition ${table} for values from (${sql.raw(`'${lower}'`)}) to (${sql.raw(`'${upper}'`)})`,
      );
      made.push(name);
    }
  });
  return made;
}

/**
 * Drops the partitions of months wholly older than `retentionMonths` before this month, and the default partition's
 * clicks that old (CLICK_RETENTION_MONTHS, decision 054): whole tables, no row-by-row delete. Reports read the rollups,
 * which are kept.
 */
export async function dropOldClickPartitions(db: Db, now: Date, retentionMonths: number): Promise<string[]> {
  const cutoff = monthStart(now.getUTCFullYear(), now.getUTCMonth() - retentionMonths);
  const dropped: string[] = [];
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PARTITION_LOCK})`);
    for (const name of await partitions(tx as unknown as Db)) {
      const match = PARTITION_NAME.exec(name);
      if (!match) continue;
      const end = monthStart(Number(match[1]), Number(match[2]));
      if (end <= cutoff) {
        await tx.execute(sql`drop table ${sql.identifier(name)}`);
        dropped.push(name);
      }
    }
    await tx.execute(sql`delete from clicks_default where created_at < ${cutoff.toISOString()}::timestamptz`);
  });
  return dropped;
}

/** The first day (UTC) from which raw clicks are kept: what the click report says of an older range. */
export function clickRetentionStart(now: Date, retentionMonths: number): Date {
  return monthStart(now.getUTCFullYear(), now.getUTCMonth() - retentionMonths);
}

/** What the click report answers for a range that starts before the retention (its `message`). */
export function clickRetentionMessage(retentionMonths: number, kept: Date): string {
  const day = `${String(kept.getUTCDate()).padStart(2, '0')}/${String(kept.getUTCMonth() + 1).padStart(2, '0')}/${kept.getUTCFullYear()}`;
  return `Raw clicks are kept for ${retentionMonths} months: clicks before ${day} are no longer listed. The other reports still count them.`;
}
