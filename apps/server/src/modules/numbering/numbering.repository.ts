import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { numberingSeries } from '../../db/schema.js';

/**
 * The next number of a series in a year (decision 073): one row per series and year, created at 1 or incremented in
 * the caller's transaction. The row stays locked until that transaction ends, so a concurrent issue waits and then
 * takes the following number, and a rolled-back issue gives its number back: the series has no gap.
 */
export async function takeNextNumber(tx: DbOrTx, series: string, year: number): Promise<number> {
  const [row] = await tx
    .insert(numberingSeries)
    .values({ series, year, last: 1 })
    .onConflictDoUpdate({
      target: [numberingSeries.series, numberingSeries.year],
      set: { last: sql`${numberingSeries.last} + 1` },
    })
    .returning({ last: numberingSeries.last });
  if (!row) throw new Error(`numbering series ${series} returned nothing`);
  return row.last;
}
