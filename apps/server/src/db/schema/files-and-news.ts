/** Uploaded files (decision 011) and the news partners read (decisions 008, 042). */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';

export const files = pgTable(
  'files',
  {
    id: id(),
    type: varchar({ length: 64 }).notNull(),
    filename: text().notNull(),
    mimeType: varchar({ length: 128 }).notNull(),
    size: integer().notNull(),
    storageKey: text().notNull().unique(),
    ownerPartnerId: integer(),
    expireAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.ownerPartnerId)],
);

export const news = pgTable(
  'news',
  {
    id: id(),
    title: text().notNull(),
    excerpt: text().notNull().default(''),
    content: text().notNull().default(''),
    publishedAt: timestamp({ withTimezone: true }),
    imageId: integer().references(() => files.id, { onDelete: 'set null' }),
    /**
     * Who reads it (decision 042): `{"kind":"all"}`, `{"kind":"offers","offerIds":[…]}` (partners with an active
     * application on, or traffic in the last 30 days to, one of them) or `{"kind":"partners","partnerIds":[…]}`.
     */
    audience: jsonb()
      .notNull()
      .default(sql`'{"kind":"all"}'::jsonb`),
    createdBy: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.publishedAt)],
);
