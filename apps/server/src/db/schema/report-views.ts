/** The staff's saved network report views (decision 106). */
import { integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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
    createdAt: createdAt(),
  },
  // One view per name and person: saving under a name again replaces it.
  (t) => [uniqueIndex('report_views_user_name_idx').on(t.userId, t.name)],
);
