/** The columns every area's tables share. Every timestamp is `timestamptz` (UTC). */
import { integer, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const id = () => integer().primaryKey().generatedAlwaysAsIdentity();
