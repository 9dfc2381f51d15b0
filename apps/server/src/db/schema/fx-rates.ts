/** The daily reference rates network reports convert with (decision 111). */
import { char, date, integer, numeric, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';

/**
 * One currency's rate on one day as the ECB quotes it: units of the currency for one euro (the euro itself is 1 and
 * never stored). Exact decimals: a converted amount is computed from them with integers, never floats.
 */
export const fxRates = pgTable(
  'fx_rates',
  {
    day: date({ mode: 'string' }).notNull(),
    currency: char({ length: 3 }).notNull(),
    rate: numeric({ precision: 15, scale: 6 }).notNull(),
    /** 'ecb' (the daily job), 'finance' (a staff edit, audited), 'seed' (the demo's year). */
    source: varchar({ length: 16 }).notNull(),
    updatedBy: integer(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.currency, t.day] })],
);
