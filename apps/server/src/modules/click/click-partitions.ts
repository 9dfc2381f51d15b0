import type { Db } from '../../db/client.js';
import {
  clickPartitionNames,
  createClickPartition,
  deleteDefaultClicksBefore,
  dropClickPartition,
  lockPartitions,
  monthsInDefaultPartition,
} from './click-partitions.repository.js';

const PARTITION_NAME = /^clicks_(\d{4})_(\d{2})$/;

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));
const nameOf = (start: Date) => `clicks_${start.getUTCFullYear()}_${String(start.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * Makes the monthly partitions of `clicks` from this month to `ahead` months on (decision 054). A month whose clicks
 * already sit in the default partition (a clock far ahead, a partition dropped by hand) gets them moved into its new
 * partition in the same transaction.
 */
export async function ensureClickPartitions(db: Db, now: Date, ahead = 3): Promise<string[]> {
  const made: string[] = [];
  await db.transaction(async (tx) => {
    await lockPartitions(tx);
    const existing = new Set(await clickPartitionNames(tx));
    const months: Date[] = [];
    for (let i = 0; i <= ahead; i++) months.push(monthStart(now.getUTCFullYear(), now.getUTCMonth() + i));
    // And the months whose clicks wait in the default partition (the demo's replayed past, a clock that jumped).
    for (const yearMonth of await monthsInDefaultPartition(tx)) {
      const month = new Date(`${yearMonth}-01T00:00:00Z`);
      if (!months.some((m) => m.getTime() === month.getTime())) months.push(month);
    }
    for (const from of months) {
      const to = monthStart(from.getUTCFullYear(), from.getUTCMonth() + 1);
      const name = nameOf(from);
      if (existing.has(name)) continue;
      await createClickPartition(tx, name, from.toISOString(), to.toISOString());
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
    await lockPartitions(tx);
    for (const name of await clickPartitionNames(tx)) {
      const match = PARTITION_NAME.exec(name);
      if (!match) continue;
      const end = monthStart(Number(match[1]), Number(match[2]));
      if (end <= cutoff) {
        await dropClickPartition(tx, name);
        dropped.push(name);
      }
    }
    await deleteDefaultClicksBefore(tx, cutoff);
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
