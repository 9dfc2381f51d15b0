import { and, asc, gt, gte, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { offers, refusedClickDigests, rejectedClicksHourly } from '../../db/schema.js';

/** The partners with refused clicks in [start, end) (the hourly refusal rollup), by id. */
export async function partnersWithRefusals(db: DbOrTx, start: Date, end: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ partnerId: rejectedClicksHourly.partnerId })
    .from(rejectedClicksHourly)
    .where(
      and(
        gt(rejectedClicksHourly.partnerId, 0),
        gte(rejectedClicksHourly.hour, start),
        lt(rejectedClicksHourly.hour, end),
      ),
    )
    .orderBy(asc(rejectedClicksHourly.partnerId));
  return rows.map((r) => r.partnerId);
}

/**
 * Claims the partner's digest of a Paris day: the insert is the claim (decision 105), so that of two servers one tells
 * and the other finds the day taken. False when it was already.
 */
export async function claimRefusedDigest(tx: DbOrTx, partnerId: number, day: string, now: Date): Promise<boolean> {
  const rows = await tx
    .insert(refusedClickDigests)
    .values({ partnerId, day, createdAt: now })
    .onConflictDoNothing()
    .returning({ partnerId: refusedClickDigests.partnerId });
  return rows.length > 0;
}

export async function offerNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: offers.id, name: offers.name }).from(offers).where(inArray(offers.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}
