import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { conversionAdjustments, conversions } from '../../db/schema.js';

/** The partners with ledger lines recorded before `before` that no digest told yet (the undigested index). */
export async function partnersToDigest(db: DbOrTx, before: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ partnerId: conversionAdjustments.partnerId })
    .from(conversionAdjustments)
    .where(and(isNull(conversionAdjustments.digestedAt), lt(conversionAdjustments.createdAt, before)))
    .orderBy(asc(conversionAdjustments.partnerId));
  return rows.map((row) => row.partnerId);
}

/**
 * Claims a partner's lines recorded before `before` that no digest told yet, marking them told at `now`: the UPDATE is
 * the claim, so of two servers running the digest at once, the second waits on the first's row locks and then finds
 * nothing left (decision 072). Answers the lines claimed, oldest first.
 */
export async function claimUndigestedLines(tx: DbOrTx, partnerId: number, before: Date, now: Date) {
  const lines = await tx
    .update(conversionAdjustments)
    .set({ digestedAt: now })
    .where(
      and(
        eq(conversionAdjustments.partnerId, partnerId),
        isNull(conversionAdjustments.digestedAt),
        lt(conversionAdjustments.createdAt, before),
      ),
    )
    .returning({
      id: conversionAdjustments.id,
      conversionId: conversionAdjustments.conversionId,
      currency: conversionAdjustments.currency,
      kind: conversionAdjustments.kind,
      payoutDelta: conversionAdjustments.payoutDelta,
      reasonCode: conversionAdjustments.reasonCode,
      note: conversionAdjustments.note,
      createdAt: conversionAdjustments.createdAt,
    });
  return lines.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
}

/** When the conversions were recorded: the report's period that holds them all. */
export async function conversionsRecordedBetween(
  db: DbOrTx,
  conversionIds: number[],
): Promise<{ first: Date; last: Date } | null> {
  if (conversionIds.length === 0) return null;
  const [row] = await db
    .select({
      first: sql<string | null>`min(${conversions.createdAt})`,
      last: sql<string | null>`max(${conversions.createdAt})`,
    })
    .from(conversions)
    .where(inArray(conversions.id, conversionIds));
  if (!row?.first || !row.last) return null;
  return { first: new Date(row.first), last: new Date(row.last) };
}
