import { and, desc, eq, sql } from 'drizzle-orm';
import type { ConversionRejectionReason, ConversionReview, ConversionStatus, StaffConversion } from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { conversions, partners } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/errors.js';
import { enqueuePostbackDeliveries } from '../postbacks/index.js';
import { giveBackConversionCaps } from '../caps/index.js';
import { hourOf, RollupAccumulator } from '../rollups/index.js';
import { partnerReachSql, type StaffScope } from '../access/index.js';
import { recordAudit, type AuditActor } from '../audit/index.js';

/** Who reviews: every partner's conversions, or only those of the partners the account manager looks after. */
export type Reviewer = StaffScope;

const columns = {
  id: conversions.id,
  partnerId: conversions.partnerId,
  offerId: conversions.offerId,
  goalId: conversions.goalId,
  goal: conversions.goal,
  clickId: conversions.clickId,
  transactionId: conversions.transactionId,
  status: conversions.status,
  reason: conversions.reason,
  payout: conversions.payout,
  revenue: conversions.revenue,
  currency: conversions.currency,
  subid: conversions.subid,
  tc1: conversions.tc1,
  tc2: conversions.tc2,
  tc3: conversions.tc3,
  tc4: conversions.tc4,
  country: conversions.country,
  createdAt: conversions.createdAt,
  updatedAt: conversions.updatedAt,
};

type Row = Pick<typeof conversions.$inferSelect, keyof typeof columns>;

function dto(row: Row): StaffConversion {
  return {
    id: row.id,
    partnerId: row.partnerId!,
    offerId: row.offerId!,
    goal: row.goal,
    transactionId: row.transactionId,
    status: row.status as ConversionStatus,
    reason: row.reason as ConversionRejectionReason | null,
    payout: row.payout,
    currency: row.currency,
    subid: row.subid,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Conversions of partners the reviewer may see (an account manager: its own partners only). */
const visibleTo = (reviewer: Reviewer) =>
  reviewer.reach === 'all'
    ? sql`${conversions.partnerId} is not null`
    : sql`${conversions.partnerId} in (select ${partners.id} from ${partners} where ${partnerReachSql(reviewer, partners.accountManagerId, partners.status) ?? sql`true`})`;

export async function listForReview(
  db: Db,
  reviewer: Reviewer,
  query: { status: ConversionStatus; page: number; count: number },
): Promise<{ list: StaffConversion[]; total: number }> {
  const where = and(visibleTo(reviewer), eq(conversions.status, query.status));
  const [rows, [counted]] = [
    await db
      .select(columns)
      .from(conversions)
      .where(where)
      .orderBy(desc(conversions.createdAt), desc(conversions.id))
      .limit(query.count)
      .offset((query.page - 1) * query.count),
    await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(conversions)
      .where(where),
  ];
  return { list: rows.map(dto), total: counted?.n ?? 0 };
}

/**
 * Approves or declines a pending conversion (decision 023), in one transaction: the status (and the reason
 * 'declined'), the rollups of the hour the conversion was recorded in (pending out, approved or rejected in), and, on
 * approval, the partner's postbacks for the new status. Only a pending conversion can be reviewed: the status check
 * is part of the UPDATE, so two reviewers cannot both move it.
 */
export async function reviewConversion(
  db: Db,
  reviewer: Reviewer,
  id: number,
  review: ConversionReview,
  now: Date,
  actor: AuditActor,
): Promise<StaffConversion> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select(columns)
      .from(conversions)
      .where(and(eq(conversions.id, id), visibleTo(reviewer)));
    // Another manager's partner's conversion does not exist for this reviewer.
    if (!current) throw notFound('Conversion not found.');
    const reason: ConversionRejectionReason | null = review.status === 'rejected' ? 'declined' : null;
    const [updated] = await tx
      .update(conversions)
      // A declined conversion pays nothing, as one rejected on arrival.
      .set({ status: review.status, reason, updatedAt: now, ...(reason ? { payout: 0, revenue: 0 } : {}) })
      .where(and(eq(conversions.id, id), eq(conversions.status, 'pending')))
      .returning(columns);
    if (!updated) throw conflict('Only a pending conversion can be reviewed.', { status: 'pending' });
    // A declined conversion frees what it took from its caps, in the periods it took it from (issue 20).
    if (reason) await giveBackConversionCaps(tx, updated.id);
    await moveRollups(tx, updated, current.payout, current.revenue);
    await recordAudit(
      tx,
      actor,
      [
        {
          action: 'decision',
          entityType: 'conversion',
          entityId: updated.id,
          partnerId: updated.partnerId,
          changes: [
            { field: 'status', before: current.status, after: updated.status },
            ...(current.reason !== updated.reason
              ? [{ field: 'reason', before: current.reason, after: updated.reason }]
              : []),
            ...(current.payout !== updated.payout
              ? [{ field: 'payout', before: current.payout, after: updated.payout }]
              : []),
          ],
        },
      ],
      now,
    );
    if (updated.status === 'approved') {
      await enqueuePostbackDeliveries(
        tx,
        { ...updated, partnerId: updated.partnerId!, offerId: updated.offerId! },
        now,
      );
    }
    return dto(updated);
  });
}

/** The conversion leaves the pending counts of its hour for the approved or the rejected ones. */
async function moveRollups(tx: DbOrTx, conversion: Row, payout: number, revenue: number): Promise<void> {
  const rollups = new RollupAccumulator();
  const key = {
    partnerId: conversion.partnerId!,
    offerId: conversion.offerId!,
    currency: conversion.currency,
    subid: conversion.subid,
    tc1: conversion.tc1,
    tc2: conversion.tc2,
    tc3: conversion.tc3,
    tc4: conversion.tc4,
    country: conversion.country,
    hour: hourOf(conversion.createdAt),
  };
  rollups.add(
    key,
    conversion.status === 'approved'
      ? { pending: -1, pendingPayout: -payout, pendingRevenue: -revenue, conversions: 1, payout, revenue }
      : { pending: -1, pendingPayout: -payout, pendingRevenue: -revenue, rejected: 1 },
  );
  await rollups.write(tx);
}
