import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { goals, offerGoals, offers, products } from '../../db/schema.js';

export type GoalRow = typeof goals.$inferSelect;

// Written out: drizzle leaves a single-table select's columns unqualified, which a correlated subquery would misread.
const offerCount = sql<number>`(select count(*) from offer_goals og where og.goal_id = "goals"."id")`.mapWith(Number); // prettier-ignore
const inPostbacks = sql<boolean>`exists (select 1 from postbacks p where p.goal_id = "goals"."id")`.mapWith(Boolean); // prettier-ignore

export type ListedGoal = { goal: GoalRow; offerCount: number; inPostbacks: boolean };

/** Every goal, the ones in use first by their order of creation, with how many offers pay on it. */
export async function listGoals(db: DbOrTx, id?: number): Promise<ListedGoal[]> {
  return db
    .select({ goal: goals, offerCount, inPostbacks })
    .from(goals)
    .where(id === undefined ? undefined : eq(goals.id, id))
    .orderBy(sql`${goals.retiredAt} is not null`, asc(goals.id));
}

export async function lockGoal(tx: DbOrTx, id: number): Promise<GoalRow | null> {
  const [row] = await tx.select().from(goals).where(eq(goals.id, id)).for('update');
  return row ?? null;
}

export async function insertGoal(tx: DbOrTx, values: typeof goals.$inferInsert): Promise<GoalRow> {
  const [row] = await tx.insert(goals).values(values).returning();
  if (!row) throw new Error('goal insert returned nothing');
  return row;
}

export async function updateGoal(tx: DbOrTx, id: number, values: Partial<typeof goals.$inferInsert>): Promise<void> {
  await tx.update(goals).set(values).where(eq(goals.id, id));
}

/** Another goal holding this code, or this name whatever its case: the field each clashes on. */
export async function clashes(
  db: DbOrTx,
  values: { code?: string | undefined; name?: string | undefined },
  exceptId?: number,
) {
  const others = (cond: ReturnType<typeof eq>) =>
    db
      .select({ id: goals.id })
      .from(goals)
      .where(and(cond, exceptId === undefined ? undefined : sql`${goals.id} <> ${exceptId}`))
      .limit(1);
  return {
    code: values.code !== undefined && (await others(eq(goals.identifier, values.code))).length > 0,
    name: values.name !== undefined && (await others(eq(sql`lower(${goals.name})`, values.name.toLowerCase()))).length > 0, // prettier-ignore
  };
}

/** An offer now pays on these goals: their codes are what advertisers send from now on. */
export async function markGoalsUsed(tx: DbOrTx, goalIds: number[], now: Date): Promise<void> {
  if (goalIds.length === 0) return;
  await tx
    .update(goals)
    .set({ usedAt: now })
    .where(and(inArray(goals.id, goalIds), isNull(goals.usedAt)));
}

/** The goal a value names: its code exactly, else its name whatever the case. */
export async function goalByCodeOrName(db: DbOrTx, value: string): Promise<GoalRow | null> {
  const [byCode] = await db.select().from(goals).where(eq(goals.identifier, value));
  if (byCode) return byCode;
  const [byName] = await db
    .select()
    .from(goals)
    .where(eq(sql`lower(${goals.name})`, value.trim().toLowerCase()));
  return byName ?? null;
}

/** The goals an advertiser's offers pay on, each once, in the goals' order. */
export async function goalsOfAdvertiser(db: DbOrTx, advertiserId: number): Promise<GoalRow[]> {
  return db
    .selectDistinct({
      id: goals.id,
      identifier: goals.identifier,
      name: goals.name,
      types: goals.types,
      retiredAt: goals.retiredAt,
      minSecondsToConvert: goals.minSecondsToConvert,
      usedAt: goals.usedAt,
      createdAt: goals.createdAt,
      updatedAt: goals.updatedAt,
    })
    .from(goals)
    .innerJoin(offerGoals, eq(offerGoals.goalId, goals.id))
    .innerJoin(offers, eq(offers.id, offerGoals.offerId))
    .innerJoin(products, eq(products.id, offers.productId))
    .where(eq(products.advertiserId, advertiserId))
    .orderBy(asc(goals.id));
}
