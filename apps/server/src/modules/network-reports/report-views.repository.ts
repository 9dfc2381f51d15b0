import { and, asc, count, eq } from 'drizzle-orm';
import type { ReportView } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { reportViews } from '../../db/schema.js';

const columns = { id: reportViews.id, name: reportViews.name, query: reportViews.query, createdAt: reportViews.createdAt }; // prettier-ignore
const asView = (row: { id: number; name: string; query: string; createdAt: Date }): ReportView => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/** A staff member's saved views, by name (decision 106). */
export async function listReportViews(db: DbOrTx, userId: number): Promise<ReportView[]> {
  const rows = await db.select(columns).from(reportViews).where(eq(reportViews.userId, userId)).orderBy(asc(reportViews.name), asc(reportViews.id)); // prettier-ignore
  return rows.map(asView);
}

/** The staff member's view of that name, if any: saving under it again replaces its query. */
export async function reportViewNamed(db: DbOrTx, userId: number, name: string) {
  const [row] = await db.select(columns).from(reportViews).where(and(eq(reportViews.userId, userId), eq(reportViews.name, name))); // prettier-ignore
  return row ? asView(row) : null;
}

export async function reportViewCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reportViews).where(eq(reportViews.userId, userId));
  return row?.n ?? 0;
}

export async function insertReportView(db: DbOrTx, view: { userId: number; name: string; query: string; now: Date }) {
  const [row] = await db
    .insert(reportViews)
    .values({ userId: view.userId, name: view.name, query: view.query, createdAt: view.now })
    .returning(columns);
  return asView(row!);
}

export async function updateReportViewQuery(db: DbOrTx, id: number, query: string) {
  const [row] = await db.update(reportViews).set({ query }).where(eq(reportViews.id, id)).returning(columns);
  return asView(row!);
}

/** Deletes one of the staff member's views; null when it has none of that id (another's view is not found either). */
export async function deleteReportView(db: DbOrTx, userId: number, id: number) {
  const [row] = await db.delete(reportViews).where(and(eq(reportViews.id, id), eq(reportViews.userId, userId))).returning(columns); // prettier-ignore
  return row ? asView(row) : null;
}
