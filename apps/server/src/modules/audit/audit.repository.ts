import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditChange, AuditEntityType, AuditEntry, AuditLogQuery } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { auditLog, partners, users } from '../../db/schema.js';
import { partnerReachSql, type StaffScope } from '../access/index.js';

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

/** The log as a staff member may read it: admins every entry, others the entries of partners within their reach. */
export async function listAuditLog(
  db: DbOrTx,
  scope: StaffScope,
  query: AuditLogQuery,
): Promise<{ list: AuditEntry[]; total: number }> {
  const where: SQL[] = [];
  if (scope.reach !== 'all') {
    const reach = partnerReachSql(scope, partners.accountManagerId, partners.status) ?? sql`true`;
    // Entries of no partner (staff users, teams, settings) are the admins' alone.
    where.push(inArray(auditLog.partnerId, db.select({ id: partners.id }).from(partners).where(reach)));
  }
  if (query.entityType) where.push(eq(auditLog.entityType, query.entityType));
  if (query.entityId) where.push(eq(auditLog.entityId, query.entityId));
  if (query.actorId) where.push(eq(auditLog.actorId, query.actorId));
  if (query.partnerId) where.push(eq(auditLog.partnerId, query.partnerId));
  if (query.from) where.push(gte(auditLog.createdAt, new Date(query.from)));
  if (query.to) where.push(lt(auditLog.createdAt, new Date(query.to)));
  const condition = and(...where);
  const rows = await db
    .select({
      entry: auditLog,
      actor: { id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email },
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(condition)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.count)
    .offset((query.page - 1) * query.count);
  const [counted] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(auditLog)
    .where(condition);
  return {
    total: counted?.n ?? 0,
    list: rows.map(({ entry, actor }) => ({
      id: entry.id,
      createdAt: entry.createdAt.toISOString(),
      actor: actor ? { id: actor.id, name: `${actor.firstname} ${actor.lastname}`.trim(), email: actor.email } : null,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      parentId: entry.parentId,
      partnerId: entry.partnerId,
      changes: entry.changes as AuditChange[],
      reason: entry.reason,
      ip: entry.ip,
      requestId: entry.requestId,
    })),
  };
}
