import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { ReportView } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { reportViewPins, reportViews, users } from '../../db/schema.js';

/**
 * Who reads a view (decision 114): the reader, its team (`users.team_id`, the team the staff scope of decision 036 reads
 * too) and whether it is an admin, who reads the shared views of every team.
 */
export type ViewReader = { userId: number; teamId: number | null; admin: boolean };

/** A staff member's team: the one it is a member of, as its staff scope reads it (decision 036). */
export async function teamIdOf(db: DbOrTx, userId: number): Promise<number | null> {
  const [member] = await db.select({ teamId: users.teamId }).from(users).where(eq(users.id, userId));
  return member?.teamId ?? null;
}

/** The views a reader sees: its own, and the shared ones whose owner is in its team; an admin every shared view. */
function visibleTo(reader: ViewReader): SQL {
  const own = eq(reportViews.userId, reader.userId);
  if (reader.admin) return or(own, eq(reportViews.shared, true))!;
  if (reader.teamId === null) return own;
  return or(own, and(eq(reportViews.shared, true), eq(users.teamId, reader.teamId)))!;
}

const columns = {
  id: reportViews.id,
  name: reportViews.name,
  query: reportViews.query,
  shared: reportViews.shared,
  createdAt: reportViews.createdAt,
  ownerId: reportViews.userId,
  firstname: users.firstname,
  lastname: users.lastname,
  pinnedBy: reportViewPins.userId,
};
type Row = { id: number; name: string; query: string; shared: boolean; createdAt: Date; ownerId: number; firstname: string; lastname: string; pinnedBy: number | null }; // prettier-ignore
const asView = (reader: number, row: Row): ReportView => ({
  id: row.id,
  name: row.name,
  query: row.query,
  createdAt: row.createdAt.toISOString(),
  shared: row.shared,
  owner: { id: row.ownerId, name: `${row.firstname} ${row.lastname}`.trim() },
  mine: row.ownerId === reader,
  pinned: row.pinnedBy !== null,
});

function selectViews(db: DbOrTx, reader: number) {
  return db
    .select(columns)
    .from(reportViews)
    .innerJoin(users, eq(users.id, reportViews.userId))
    .leftJoin(reportViewPins, and(eq(reportViewPins.viewId, reportViews.id), eq(reportViewPins.userId, reader)));
}

/** The reader's views and those shared with it: its own first, each group by name (decisions 106, 114). */
export async function listReportViews(db: DbOrTx, reader: ViewReader): Promise<ReportView[]> {
  const rows = await selectViews(db, reader.userId)
    .where(visibleTo(reader))
    .orderBy(desc(sql`${reportViews.userId} = ${reader.userId}`), asc(reportViews.name), asc(reportViews.id));
  return rows.map((row) => asView(reader.userId, row));
}

/** One view the reader sees, or null (another's unshared view, or one of another team, is not found). */
export async function visibleReportView(db: DbOrTx, reader: ViewReader, id: number): Promise<ReportView | null> {
  const [row] = await selectViews(db, reader.userId).where(and(eq(reportViews.id, id), visibleTo(reader)));
  return row ? asView(reader.userId, row) : null;
}

/** The staff member's own view of that name, if any: saving under it again replaces its query. */
export async function reportViewNamed(db: DbOrTx, userId: number, name: string) {
  const [row] = await selectViews(db, userId).where(and(eq(reportViews.userId, userId), eq(reportViews.name, name)));
  return row ? asView(userId, row) : null;
}

export async function reportViewCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reportViews).where(eq(reportViews.userId, userId));
  return row?.n ?? 0;
}

export async function insertReportView(
  db: DbOrTx,
  view: { userId: number; name: string; query: string; shared: boolean; now: Date },
) {
  const [row] = await db
    .insert(reportViews)
    .values({ userId: view.userId, name: view.name, query: view.query, shared: view.shared, createdAt: view.now })
    .returning({ id: reportViews.id });
  return row!.id;
}

/** Changes one of the owner's views (the caller has checked it is the owner's). */
export async function updateReportView(
  db: DbOrTx,
  id: number,
  fields: { name?: string; query?: string; shared?: boolean },
) {
  if (Object.keys(fields).length > 0) await db.update(reportViews).set(fields).where(eq(reportViews.id, id));
}

/** Deletes one view of its owner's; the caller has checked the owner. Its pins go with it. */
export async function deleteReportView(db: DbOrTx, userId: number, id: number) {
  await db.delete(reportViews).where(and(eq(reportViews.id, id), eq(reportViews.userId, userId)));
}

/** The id of the view pinned to a staff member's home, if any. */
export async function pinnedViewId(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await db.select({ viewId: reportViewPins.viewId }).from(reportViewPins).where(eq(reportViewPins.userId, userId)); // prettier-ignore
  return row?.viewId ?? null;
}

export async function setPinnedView(db: DbOrTx, userId: number, viewId: number | null, now: Date) {
  if (viewId === null) {
    await db.delete(reportViewPins).where(eq(reportViewPins.userId, userId));
    return;
  }
  await db
    .insert(reportViewPins)
    .values({ userId, viewId, pinnedAt: now })
    .onConflictDoUpdate({ target: reportViewPins.userId, set: { viewId, pinnedAt: now } });
}
