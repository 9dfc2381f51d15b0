import { asc } from 'drizzle-orm';
import { DATA_LIST_NAMES, flagEmoji, type DataLists } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { countries, dataListItems, languages, verticals } from '../../db/schema.js';

export async function listCountries(db: DbOrTx) {
  const rows = await db.select().from(countries).orderBy(asc(countries.name));
  return rows.map((c) => ({ isoCode: c.isoCode, name: c.name, flag: flagEmoji(c.isoCode) }));
}

export async function listLanguages(db: DbOrTx) {
  return db.select({ code: languages.code, name: languages.name }).from(languages).orderBy(asc(languages.name));
}

/** Every data list of the configuration; the vertical list comes from the verticals table. */
export async function loadDataLists(db: DbOrTx): Promise<DataLists> {
  const lists = Object.fromEntries(
    DATA_LIST_NAMES.map((name) => [name, [] as { value: string; label: string }[]]),
  ) as DataLists;
  const items = await db.select().from(dataListItems).orderBy(asc(dataListItems.list), asc(dataListItems.position));
  for (const item of items) {
    const list = lists[item.list as keyof DataLists];
    if (list) list.push({ value: item.value, label: item.label });
  }
  const verticalRows = await db.select().from(verticals).orderBy(asc(verticals.name));
  lists.verticalList = verticalRows.map((v) => ({ value: v.identifier, label: v.name }));
  return lists;
}
