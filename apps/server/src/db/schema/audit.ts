/** The audit log (decision 036). */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/**
 * The audit log (decision 036): one row per entity a staff write touched, in the write's own transaction. Rows are
 * never updated or deleted: a trigger of migration 0008 refuses UPDATE, DELETE and TRUNCATE for every role. The actor
 * and the partner are plain ids (no foreign key), so that nothing can rewrite an entry by cascade.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    /** The staff member; null for the system (a billing run without a person, the seed). */
    actorId: integer(),
    /** What was done, such as `create`, `update`, `status` or `decision`. */
    action: varchar({ length: 32 }).notNull(),
    entityType: varchar({ length: 32 }).notNull(),
    entityId: varchar({ length: 64 }).notNull(),
    /** The owning entity of a sub-entity (an offer's goal: the offer). */
    parentId: varchar({ length: 64 }),
    /** The partner the entity belongs to, when it does: the staff scope of the log reads it. */
    partnerId: integer(),
    /** `[{ field, before, after }]` in the contracts' field names. */
    changes: jsonb()
      .notNull()
      .default(sql`'[]'::jsonb`),
    reason: text(),
    ip: text(),
    /** Shared by the entries of one request (one bulk action). */
    requestId: varchar({ length: 64 }),
  },
  (t) => [
    index().on(t.entityType, t.entityId, t.createdAt),
    index().on(t.actorId, t.createdAt),
    index().on(t.partnerId, t.createdAt),
    index().on(t.createdAt),
  ],
);
