import { DATA_LIST_NAMES, flagEmoji, type DataLists } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { countryRows, dataListItemRows, verticalRows } from './reference.repository.js';

export { listLanguages } from './reference.repository.js';

export async function listCountries(db: DbOrTx) {
  const rows = await countryRows(db);
  return rows.map((c) => ({ isoCode: c.isoCode, name: c.name, flag: flagEmoji(c.isoCode) }));
}

/** Every data list of the configuration; the vertical list comes from the verticals table. */
export async function loadDataLists(db: DbOrTx): Promise<DataLists> {
  const lists = Object.fromEntries(
    DATA_LIST_NAMES.map((name) => [name, [] as { value: string; label: string }[]]),
  ) as DataLists;
  for (const item of await dataListItemRows(db)) {
    const list = lists[item.list as keyof DataLists];
    if (list) list.push({ value: item.value, label: item.label });
  }
  lists.verticalList = (await verticalRows(db)).map((v) => ({ value: v.identifier, label: v.name }));
  return lists;
}
