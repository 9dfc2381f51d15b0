import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { conversionAdjustments } from '../../db/schema.js';

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
