import type { DbOrTx } from '../db/client.js';
import {
  advertisers,
  goalTypes,
  goals,
  offerCountries,
  offerCreatives,
  offerGoalTypes,
  offerGoals,
  offerLandingPages,
  offerVerticals,
  offers,
  partnerOffers,
  products,
  verticals,
} from '../db/schema.js';

// The demo catalogue's writes (decision 068): plain inserts of what catalogue.ts plans, in the seed's transaction.

/** The verticals, goals and payout tiers the catalogue refers to by identifier. */
export async function referenceIds(db: DbOrTx) {
  // One after the other: inside the seed's transaction they share one connection (pg 9 refuses overlapping queries).
  const verticalRows = await db.select().from(verticals);
  const goalRows = await db.select().from(goals);
  const tierRows = await db.select().from(goalTypes);
  return { verticalRows, goalRows, tierRows };
}

export const insertAdvertisers = (db: DbOrTx, rows: (typeof advertisers.$inferInsert)[]) =>
  db.insert(advertisers).values(rows).returning({ id: advertisers.id, name: advertisers.name });

export const insertProducts = (db: DbOrTx, rows: (typeof products.$inferInsert)[]) =>
  db.insert(products).values(rows).returning({ id: products.id });

export const insertOffers = (db: DbOrTx, rows: (typeof offers.$inferInsert)[]) =>
  db.insert(offers).values(rows).returning({ id: offers.id, name: offers.name });

export async function insertOfferCountries(db: DbOrTx, rows: (typeof offerCountries.$inferInsert)[]) {
  await db.insert(offerCountries).values(rows);
}

export async function insertOfferVerticals(db: DbOrTx, rows: (typeof offerVerticals.$inferInsert)[]) {
  await db.insert(offerVerticals).values(rows);
}

export const insertOfferGoals = (db: DbOrTx, rows: (typeof offerGoals.$inferInsert)[]) =>
  db.insert(offerGoals).values(rows).returning({ id: offerGoals.id });

export async function insertOfferGoalTypes(db: DbOrTx, rows: (typeof offerGoalTypes.$inferInsert)[]) {
  await db.insert(offerGoalTypes).values(rows);
}

export async function insertPartnerOffers(db: DbOrTx, rows: (typeof partnerOffers.$inferInsert)[]) {
  await db.insert(partnerOffers).values(rows);
}

export async function insertOfferCreatives(db: DbOrTx, rows: (typeof offerCreatives.$inferInsert)[]) {
  await db.insert(offerCreatives).values(rows);
}

export async function insertOfferLandingPages(db: DbOrTx, rows: (typeof offerLandingPages.$inferInsert)[]) {
  await db.insert(offerLandingPages).values(rows);
}
