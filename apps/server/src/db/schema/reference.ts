/** Reference data: countries, languages, verticals and the configuration's simple data lists. */
import { integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { id } from './columns.js';

export const countries = pgTable('countries', {
  isoCode: varchar({ length: 2 }).primaryKey(),
  name: text().notNull(),
});

export const languages = pgTable('languages', {
  code: varchar({ length: 5 }).primaryKey(),
  name: text().notNull(),
});

export const verticals = pgTable('verticals', {
  id: id(),
  identifier: varchar({ length: 64 }).notNull().unique(),
  name: text().notNull(),
});

/** Every simple data list of the configuration (typologyList, experienceList …), one row per choice. */
export const dataListItems = pgTable(
  'data_list_items',
  {
    list: varchar({ length: 64 }).notNull(),
    value: varchar({ length: 64 }).notNull(),
    label: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.list, t.value] })],
);
