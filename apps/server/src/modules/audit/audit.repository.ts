import type { AuditAction, AuditChange, AuditEntityType } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

/** Who wrote, from where, in which request: the same for every entry of one request. */
export type AuditActor = { actorId: number | null; ip: string | null; requestId: string | null };

export type AuditRecord = {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string | number;
  parentId?: string | number | null;
  /** The partner the entity belongs to, if any: the log's staff scope reads it. */
  partnerId?: number | null;
  changes: AuditChange[];
  reason?: string | null;
};

/**
 * Writes the entries of one staff write, in that write's transaction (pass the transaction), so that an entry exists
 * exactly when its write does. An `update` that changed nothing writes nothing.
 */
export async function recordAudit(tx: DbOrTx, actor: AuditActor, records: AuditRecord[], now: Date): Promise<void> {
  const rows = records
    .filter((record) => record.action !== 'update' || record.changes.length > 0)
    .map((record) => ({
      createdAt: now,
      actorId: actor.actorId,
      action: record.action,
      entityType: record.entityType,
      entityId: String(record.entityId),
      parentId: record.parentId === undefined || record.parentId === null ? null : String(record.parentId),
      partnerId: record.partnerId ?? null,
      changes: record.changes,
      reason: record.reason ? record.reason : null,
      ip: actor.ip,
      requestId: actor.requestId,
    }));
  if (rows.length > 0) await tx.insert(auditLog).values(rows);
}
