import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { conversionAdjustments, conversions, offerGoals, partners } from '../../db/schema.js';
import { partnerReachSql, type StaffScope } from '../access/index.js';

/**
 * The SQL of conversions changed after the fact (decision 069): the conversion locked for its change, its new values,
 * the adjustments ledger's lines. The rules stay in conversion-changes.ts.
 */

export type ConversionRow = typeof conversions.$inferSelect;
export type AdjustmentRow = typeof conversionAdjustments.$inferSelect;

/**
 * Which conversions a staff member may change: admins and finance every one (a conversion of an unknown click has no
 * partner, and only they reach it), others those of the partners within their reach.
 */
export const changeableBy = (scope: StaffScope) =>
  scope.reach === 'all' || scope.billing
    ? sql`true`
    : sql`${conversions.partnerId} in (select ${partners.id} from ${partners} where ${partnerReachSql(scope, partners.accountManagerId, partners.status) ?? sql`true`})`;

/**
 * The conversion, locked until the transaction ends (SELECT … FOR UPDATE): a second change of the same conversion
 * waits for the first and then reads what it left. Null when it does not exist or is out of the scope's reach (null
 * scope: the advertiser's own postback, which found it by its transaction id).
 */
export async function lockConversion(tx: DbOrTx, id: number, scope: StaffScope | null): Promise<ConversionRow | null> {
  const [row] = await tx
    .select()
    .from(conversions)
    .where(and(eq(conversions.id, id), scope ? changeableBy(scope) : undefined))
    .for('update');
  return row ?? null;
}

/** The advertiser's conversion under a transaction id, locked like lockConversion. */
export async function lockConversionByTransaction(
  tx: DbOrTx,
  advertiserId: number,
  transactionId: string,
): Promise<ConversionRow | null> {
  const [row] = await tx
    .select()
    .from(conversions)
    .where(and(eq(conversions.advertiserId, advertiserId), eq(conversions.dedupeKey, `tx:${transactionId}`)))
    .for('update');
  return row ?? null;
}

/** Writes the conversion's new values; answers the row as written. */
export async function updateConversion(
  tx: DbOrTx,
  id: number,
  values: Partial<typeof conversions.$inferInsert>,
): Promise<ConversionRow> {
  const [row] = await tx.update(conversions).set(values).where(eq(conversions.id, id)).returning();
  if (!row) throw new Error(`conversion ${id} vanished while locked`);
  return row;
}

/** Appends one line to the ledger. */
export async function insertAdjustment(
  tx: DbOrTx,
  values: typeof conversionAdjustments.$inferInsert,
): Promise<AdjustmentRow> {
  const [row] = await tx.insert(conversionAdjustments).values(values).returning();
  if (!row) throw new Error('adjustment insert returned nothing');
  return row;
}

/** A conversion's ledger lines, oldest first. */
export async function adjustmentsOf(db: DbOrTx, conversionId: number): Promise<AdjustmentRow[]> {
  return db
    .select()
    .from(conversionAdjustments)
    .where(eq(conversionAdjustments.conversionId, conversionId))
    .orderBy(asc(conversionAdjustments.createdAt), asc(conversionAdjustments.id));
}

/** Whether the offer's goal allows a payout above its revenue (decision 063). */
export async function goalAllowsNegativeMargin(db: DbOrTx, offerId: number, goalId: number | null): Promise<boolean> {
  if (goalId === null) return false;
  const [row] = await db
    .select({ allow: offerGoals.allowNegativeMargin })
    .from(offerGoals)
    .where(and(eq(offerGoals.offerId, offerId), eq(offerGoals.goalId, goalId)));
  return row?.allow ?? false;
}

/** The counted (approved or pending) conversion of a click and goal, if any: what a second one would duplicate. */
export async function countedConversionOf(db: DbOrTx, clickId: string, goalId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: conversions.id })
    .from(conversions)
    .where(
      and(eq(conversions.clickId, clickId), eq(conversions.goalId, goalId), sql`${conversions.status} <> 'rejected'`),
    );
  return row?.id ?? null;
}

/** A conversion the staff member may see, unlocked (its history). */
export async function conversionInScope(db: DbOrTx, id: number, scope: StaffScope): Promise<ConversionRow | null> {
  const [row] = await db
    .select()
    .from(conversions)
    .where(and(eq(conversions.id, id), changeableBy(scope)));
  return row ?? null;
}

/** Whether the partner is within the staff member's reach (admins and finance: every partner). */
export async function partnerWithinReach(db: DbOrTx, scope: StaffScope, partnerId: number): Promise<boolean> {
  if (scope.reach === 'all' || scope.billing) return true;
  const [row] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(and(eq(partners.id, partnerId), partnerReachSql(scope, partners.accountManagerId, partners.status)));
  return row !== undefined;
}
