/** The staff's saved network report views (decisions 106, 114). */
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { users } from './users.js';

/** A network report kept under a name by one staff member: the screen's address query, applied as it was saved. */
export const reportViews = pgTable(
  'report_views',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar({ length: 80 }).notNull(),
    query: text().notNull(),
    /** Shared with the owner's team (decision 114): read by its members and every admin, changed by the owner only. */
    shared: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  // One view per name and person: saving under a name again replaces it.
  (t) => [uniqueIndex('report_views_user_name_idx').on(t.userId, t.name)],
);

/**
 * The view a staff member's home shows the totals of (decision 114): one per staff member, its own or one shared with
 * it. Deleting the view unpins it; a view no longer shared with it is kept pinned but shown as nothing.
 */
export const reportViewPins = pgTable(
  'report_view_pins',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewId: integer()
      .notNull()
      .references(() => reportViews.id, { onDelete: 'cascade' }),
    pinnedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.viewId)],
);
