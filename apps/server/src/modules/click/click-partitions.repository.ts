import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/bulk.js';
import type { DbOrTx } from '../../db/client.js';

/** Lock taken while partitions are made or dropped: two servers starting at once do it one after the other. */
const PARTITION_LOCK = 4_100_411;

/** Waits for the partition lock, held until the transaction ends. */
export async function lockPartitions(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PARTITION_LOCK})`);
}

/** The monthly partitions of `clicks` that exist, by name. */
export async function clickPartitionNames(db: DbOrTx): Promise<string[]> {
  const result = await db.execute(sql`select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
    where p.relname = 'clicks' and c.relname <> 'clicks_default'`);
  return rowsOf<{ name: string }>(result).map((r) => r.name);
}

/** The months (UTC, as `yyyy-mm`) of the clicks waiting in the default partition. */
export async function monthsInDefaultPartition(db: DbOrTx): Promise<string[]> {
  const waiting = await db.execute(
    sql`select distinct date_trunc('month', created_at at time zone 'UTC') as month from clicks_default`,
  );
  return rowsOf<{ month: string | Date }>(waiting).map((row) =>
    String(row.month instanceof Date ? row.month.toISOString() : row.month).slice(0, 7),
  );
}

/**
 * Makes the partition `name` for [lower, upper) (ISO moments), moving into it the clicks of that range that wait in
 * the default partition first: attaching refuses a range the default partition still holds rows of.
 */
export async function createClickPartition(tx: DbOrTx, name: string, lower: string, upper: string): Promise<void> {
  const table = sql.identifier(name);
  await tx.execute(sql`create table ${table} (like clicks including defaults)`);
  await tx.execute(sql`insert into ${table} select * from clicks_default
        where created_at >= ${lower}::timestamptz and created_at < ${upper}::timestamptz`);
  await tx.execute(sql`delete from clicks_default
        where created_at >= ${lower}::timestamptz and created_at < ${upper}::timestamptz`);
  await tx.execute(
    sql`alter table clicks attach partition ${table} for values from (${sql.raw(`'${lower}'`)}) to (${sql.raw(`'${upper}'`)})`,
  );
}

export async function dropClickPartition(tx: DbOrTx, name: string): Promise<void> {
  await tx.execute(sql`drop table ${sql.identifier(name)}`);
}

/** Deletes the default partition's clicks older than `cutoff`. */
export async function deleteDefaultClicksBefore(tx: DbOrTx, cutoff: Date): Promise<void> {
  await tx.execute(sql`delete from clicks_default where created_at < ${cutoff.toISOString()}::timestamptz`);
}
