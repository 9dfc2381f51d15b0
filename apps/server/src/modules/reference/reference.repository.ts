import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { countries, dataListItems, languages, verticals } from '../../db/schema.js';

export async function countryRows(db: DbOrTx) {
  return db.select().from(countries).orderBy(asc(countries.name));
}

export async function listLanguages(db: DbOrTx) {
  return db.select({ code: languages.code, name: languages.name }).from(languages).orderBy(asc(languages.name));
}

/** The configuration's data list items, list by list in their order. */
export async function dataListItemRows(db: DbOrTx) {
  return db.select().from(dataListItems).orderBy(asc(dataListItems.list), asc(dataListItems.position));
}

export async function verticalRows(db: DbOrTx) {
  return db.select().from(verticals).orderBy(asc(verticals.name));
}
