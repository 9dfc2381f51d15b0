import {
  MAX_REPORT_VIEWS,
  NETWORK_BREAKDOWNS,
  NETWORK_REPORT_COLUMNS,
  canNest,
  type NetworkBreakdown,
  type NetworkReportColumn,
  type AuditChange,
  type ReportView,
  type ReportViewBody,
  type ReportViewUpdate,
} from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import * as repo from './report-views.repository.js';
import type { ViewReader } from './report-views.repository.js';

type Actor = AuditActor & { actorId: number };

/** The reader of views a staff member is: its team read once per request (decision 114). */
export async function viewReaderOf(db: DbOrTx, userId: number, admin: boolean): Promise<ViewReader> {
  return { userId, admin, teamId: await repo.teamIdOf(db, userId) };
}

const noTeam = () =>
  conflict('You belong to no team: a view can be shared only with a team.', {
    shared: 'You belong to no team to share it with.',
  });
const nameTaken = () => conflict('You already keep a view of that name.', { name: 'You already keep a view of that name.' }); // prettier-ignore

/**
 * Saves a staff member's view (decisions 106, 114): a name already used is replaced (its query changes, and its
 * sharing when `shared` is given), a new one is added while the staff member keeps fewer than MAX_REPORT_VIEWS;
 * counted, written and audited in one transaction. Sharing needs a team.
 */
export async function saveReportView(
  db: Db,
  actor: Actor,
  reader: ViewReader,
  body: ReportViewBody,
  now: Date,
): Promise<ReportView> {
  if (body.shared && reader.teamId === null) throw noTeam();
  const savedId = await db.transaction(async (tx) => {
    const existing = await repo.reportViewNamed(tx, actor.actorId, body.name);
    if (existing) {
      const changes: AuditChange[] = [];
      if (existing.query !== body.query) changes.push({ field: 'query', before: existing.query, after: body.query });
      if (body.shared !== undefined && body.shared !== existing.shared) changes.push({ field: 'shared', before: existing.shared, after: body.shared }); // prettier-ignore
      if (changes.length === 0) return existing.id;
      await repo.updateReportView(tx, existing.id, { query: body.query, ...(body.shared !== undefined ? { shared: body.shared } : {}) }); // prettier-ignore
      await recordAudit(tx, actor, [{ action: 'update', entityType: 'report_view', entityId: existing.id, changes }], now); // prettier-ignore
      return existing.id;
    }
    if ((await repo.reportViewCount(tx, actor.actorId)) >= MAX_REPORT_VIEWS) return null;
    const shared = body.shared ?? false;
    const id = await repo.insertReportView(tx, {
      userId: actor.actorId,
      name: body.name,
      query: body.query,
      shared,
      now,
    });
    await recordAudit(tx, actor, [{ action: 'create', entityType: 'report_view', entityId: id, changes: [{ field: 'name', before: null, after: body.name }, { field: 'query', before: null, after: body.query }, { field: 'shared', before: null, after: shared }] }], now); // prettier-ignore
    return id;
  });
  if (savedId === null) throw conflict(`You already keep ${MAX_REPORT_VIEWS} views. Delete one before saving another.`);
  return (await repo.visibleReportView(db, reader, savedId))!;
}

/**
 * The owner's view by id, for a change: one the reader does not see is not found (404), one shared with it by someone
 * else is refused (403): it may open and copy it, not change it.
 */
async function ownView(tx: DbOrTx, reader: ViewReader, id: number): Promise<ReportView> {
  const view = await repo.visibleReportView(tx, reader, id);
  if (!view) throw notFound('No such view.');
  if (!view.mine) throw forbidden('Only the owner of a view changes or deletes it.');
  return view;
}

/** Renames, changes or shares one of the owner's views, audited (decision 114). */
export async function updateReportView(
  db: Db,
  actor: Actor,
  reader: ViewReader,
  id: number,
  body: ReportViewUpdate,
  now: Date,
): Promise<ReportView> {
  if (body.shared && reader.teamId === null) throw noTeam();
  await db.transaction(async (tx) => {
    const view = await ownView(tx, reader, id);
    const changes: AuditChange[] = [];
    if (body.name !== undefined && body.name !== view.name) {
      if (await repo.reportViewNamed(tx, actor.actorId, body.name)) throw nameTaken();
      changes.push({ field: 'name', before: view.name, after: body.name });
    }
    if (body.query !== undefined && body.query !== view.query) changes.push({ field: 'query', before: view.query, after: body.query }); // prettier-ignore
    if (body.shared !== undefined && body.shared !== view.shared) changes.push({ field: 'shared', before: view.shared, after: body.shared }); // prettier-ignore
    if (changes.length === 0) return;
    await repo.updateReportView(tx, id, Object.fromEntries(changes.map((c) => [c.field, c.after])));
    await recordAudit(tx, actor, [{ action: 'update', entityType: 'report_view', entityId: id, changes }], now);
  });
  return (await repo.visibleReportView(db, reader, id))!;
}

/** Deletes one of the owner's views, audited; another's shared view is refused, one not seen is not found. */
export async function deleteReportView(db: Db, actor: Actor, reader: ViewReader, id: number, now: Date) {
  await db.transaction(async (tx) => {
    const view = await ownView(tx, reader, id);
    await repo.deleteReportView(tx, actor.actorId, id);
    await recordAudit(tx, actor, [{ action: 'delete', entityType: 'report_view', entityId: id, changes: [{ field: 'name', before: view.name, after: null }] }], now); // prettier-ignore
  });
}

/**
 * Pins a view the reader sees to its home, or unpins (null), audited as the reader's `home_view` (decision 114). A
 * view it does not see is not found.
 */
export async function pinHomeView(db: Db, actor: Actor, reader: ViewReader, viewId: number | null, now: Date) {
  await db.transaction(async (tx) => {
    if (viewId !== null && !(await repo.visibleReportView(tx, reader, viewId))) throw notFound('No such view.');
    const before = await repo.pinnedViewId(tx, reader.userId);
    if (before === viewId) return;
    await repo.setPinnedView(tx, reader.userId, viewId, now);
    await recordAudit(tx, actor, [{ action: 'update', entityType: 'home_view', entityId: reader.userId, changes: [{ field: 'viewId', before, after: viewId }] }], now); // prettier-ignore
  });
  return { viewId };
}

/** The view pinned to the reader's home, if it still sees it (a view no longer shared with it shows nothing). */
export async function pinnedView(db: DbOrTx, reader: ViewReader): Promise<ReportView | null> {
  const id = await repo.pinnedViewId(db, reader.userId);
  return id === null ? null : repo.visibleReportView(db, reader, id);
}

export { listReportViews } from './report-views.repository.js';
export type { ViewReader } from './report-views.repository.js';

/**
 * A saved view's address as the report's request (decision 114), as the screen reads the same address: the breakdown
 * `by` (the screen's `partner` without one), `then` only where it can nest, no `columns` (the screen's, not the
 * report's), and without a quick range or dates the screen's last 30 days. The query is then validated as the
 * report's own, so a view reads exactly what its report would.
 */
export function reportRequestOfView(query: string): {
  breakdown: NetworkBreakdown;
  then: NetworkBreakdown | null;
  input: Record<string, string | string[]>;
  columns: NetworkReportColumn[] | null;
  compare: boolean;
} {
  const params = new URLSearchParams(query);
  const known = (value: string | null) => (NETWORK_BREAKDOWNS as readonly string[]).includes(value ?? '');
  const breakdown = known(params.get('by')) ? (params.get('by') as NetworkBreakdown) : 'partner';
  const thenParam = params.get('then');
  const then = known(thenParam) && canNest(breakdown, thenParam as NetworkBreakdown) ? (thenParam as NetworkBreakdown) : null; // prettier-ignore
  const input: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    if (name === 'by' || name === 'then' || name === 'columns') continue;
    const values = params.getAll(name);
    input[name] = values.length === 1 ? values[0]! : values;
  }
  if (then) input.then = then;
  if (!input.range && !input.startDate && !input.endDate) input.range = 'last_30_days';
  // The columns as the screen reads them (decision 117): the known names, in the table's order; none known, no choice.
  const named = new Set((params.get('columns') ?? '').split(','));
  const columns = NETWORK_REPORT_COLUMNS.filter((c) => named.has(c));
  return { breakdown, then, input, columns: columns.length > 0 ? columns : null, compare: params.get('compare') === 'previous' }; // prettier-ignore
}
