import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import {
  countries,
  dataListItems,
  goalTypes,
  goals,
  languages,
  offerCountries,
  partners,
  verticals,
} from '../db/schema.js';

// The reference data's writes (decision 068): idempotent inserts, and the move off withdrawn country codes.

/** Which of these country codes the table still holds. */
export async function presentCountries(db: DbOrTx, isoCodes: string[]) {
  return db.select({ isoCode: countries.isoCode }).from(countries).where(inArray(countries.isoCode, isoCodes));
}

/** Moves the offers and partners of a withdrawn country code to its current code, then drops the old code. */
export async function replaceCountryCode(db: DbOrTx, isoCode: string, current: string): Promise<void> {
  await db.execute(sql`
    insert into ${offerCountries} (offer_id, iso_code)
    select offer_id, ${current} from ${offerCountries} where iso_code = ${isoCode}
    on conflict do nothing`);
  await db.execute(sql`delete from ${offerCountries} where iso_code = ${isoCode}`);
  await db.execute(sql`update ${partners} set country = ${current} where country = ${isoCode}`);
  await db.execute(sql`delete from ${countries} where iso_code = ${isoCode}`);
}

export async function hasGoals(db: DbOrTx): Promise<boolean> {
  return (await db.select({ id: goals.id }).from(goals).limit(1)).length > 0;
}

export async function insertGoals(db: DbOrTx, rows: (typeof goals.$inferInsert)[]): Promise<void> {
  await db.insert(goals).values(rows).onConflictDoNothing();
}

export async function insertGoalTypes(db: DbOrTx, rows: (typeof goalTypes.$inferInsert)[]): Promise<void> {
  await db.insert(goalTypes).values(rows).onConflictDoNothing();
}

export async function insertCountries(db: DbOrTx, rows: (typeof countries.$inferInsert)[]): Promise<void> {
  await db.insert(countries).values(rows).onConflictDoNothing();
}

export async function insertLanguages(db: DbOrTx, rows: (typeof languages.$inferInsert)[]): Promise<void> {
  await db.insert(languages).values(rows).onConflictDoNothing();
}

export async function insertVerticals(db: DbOrTx, rows: (typeof verticals.$inferInsert)[]): Promise<void> {
  await db.insert(verticals).values(rows).onConflictDoNothing();
}

export async function insertDataListItems(db: DbOrTx, rows: (typeof dataListItems.$inferInsert)[]): Promise<void> {
  await db.insert(dataListItems).values(rows).onConflictDoNothing();
}
