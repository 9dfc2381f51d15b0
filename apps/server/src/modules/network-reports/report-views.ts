import { MAX_REPORT_VIEWS, type ReportView, type ReportViewBody } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import * as repo from './report-views.repository.js';

/**
 * Saves a staff member's view (decision 106): a name already used is replaced (its query changes), a new one is added
 * while the staff member keeps fewer than MAX_REPORT_VIEWS; counted, written and audited in one transaction.
 */
export async function saveReportView(
  db: Db,
  actor: AuditActor & { actorId: number },
  body: ReportViewBody,
  now: Date,
): Promise<ReportView> {
  const saved = await db.transaction(async (tx) => {
    const existing = await repo.reportViewNamed(tx, actor.actorId, body.name);
    if (existing) {
      const view = await repo.updateReportViewQuery(tx, existing.id, body.query);
      await recordAudit(tx, actor, [{ action: 'update', entityType: 'report_view', entityId: view.id, changes: [{ field: 'query', before: existing.query, after: view.query }] }], now); // prettier-ignore
      return view;
    }
    if ((await repo.reportViewCount(tx, actor.actorId)) >= MAX_REPORT_VIEWS) return null;
    const view = await repo.insertReportView(tx, { userId: actor.actorId, name: body.name, query: body.query, now });
    await recordAudit(tx, actor, [{ action: 'create', entityType: 'report_view', entityId: view.id, changes: [{ field: 'name', before: null, after: view.name }, { field: 'query', before: null, after: view.query }] }], now); // prettier-ignore
    return view;
  });
  if (!saved) throw conflict(`You already keep ${MAX_REPORT_VIEWS} views. Delete one before saving another.`);
  return saved;
}

/** Deletes one of the staff member's own views, audited; another's, or none, is not found. */
export async function deleteReportView(db: Db, actor: AuditActor & { actorId: number }, id: number, now: Date) {
  const deleted = await db.transaction(async (tx) => {
    const view = await repo.deleteReportView(tx, actor.actorId, id);
    if (view) await recordAudit(tx, actor, [{ action: 'delete', entityType: 'report_view', entityId: view.id, changes: [{ field: 'name', before: view.name, after: null }] }], now); // prettier-ignore
    return view;
  });
  if (!deleted) throw notFound('No such view.');
}

export { listReportViews } from './report-views.repository.js';
