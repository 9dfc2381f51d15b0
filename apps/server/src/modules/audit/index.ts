/**
 * The audit log's front door (decision 036): every staff write calls `recordAudit` in its own transaction with the
 * field-level changes `diffFields` computes, and the actor `auditActorOf(request)` names.
 */
import type { FastifyRequest } from 'fastify';
import type { AuditActor } from './audit.repository.js';

export { recordAudit, type AuditActor, type AuditRecord } from './audit.repository.js';
export { auditRoutes } from './audit.routes.js';
export { diffFields, lastFour, type DiffOptions } from './audit-diff.js';

/** The signed-in staff member, the client's address and the request's id. */
export function auditActorOf(request: FastifyRequest): AuditActor {
  return { actorId: request.auth?.userId ?? null, ip: request.ip ?? null, requestId: String(request.id) };
}
