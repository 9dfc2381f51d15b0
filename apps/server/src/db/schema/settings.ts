/** Network-wide settings and server secrets. */
import { integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';

/** Network-wide settings staff change from the console (such as two-factor sign-in required for all staff). */
export const networkSettings = pgTable('network_settings', {
  name: varchar({ length: 64 }).primaryKey(),
  value: jsonb().notNull(),
  updatedBy: integer(),
  updatedAt: updatedAt(),
});

/** Server-wide secrets generated on first use (signing keys), shared by every server process. */
export const appSecrets = pgTable('app_secrets', {
  name: varchar({ length: 64 }).primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});
