import { z } from 'zod';
import { envelope, pageQueryShape } from './api.js';
import { defineEndpoint } from './endpoint.js';

// ---------------------------------------------------------------- the audit log (decision 036)

/** The kinds of entity staff writes touch; later issues add theirs here. */
export const AUDIT_ENTITY_TYPES = [
  'partner',
  'partner_contact',
  'partner_document',
  'application',
  'conversion',
  'invoice',
  'billing_run',
  'user',
  'team',
  'network_setting',
  'session',
  'advertiser',
  'product',
  'offer',
  'payout_override',
  'payout_override_request',
  'cap',
  'creative',
  'landing_page',
  'news',
  'image',
  'conversion_scrub',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** What a write did. `status` and `decision` carry their new value in `changes`; `view_as` opens a read-only session. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'status',
  'decision',
  'view_as',
  'invite',
  'rotate_token',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How a secret's change is shown: never its value. */
export const AUDIT_SECRET_CHANGED = '[changed]';

/** One field's change, in the contracts' field names; `before` is null on create, arrays are compared whole. */
export const AuditChangeSchema = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditChange = z.infer<typeof AuditChangeSchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  /** Null for the system. */
  actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  parentId: z.string().nullable(),
  partnerId: z.number().int().nullable(),
  changes: z.array(AuditChangeSchema),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditLogSchema = envelope(z.array(AuditEntrySchema));

const instant = z.iso.datetime({ offset: true, error: 'type' });

/** GET /staff/audit-log: newest first, paged; `from` inclusive, `to` exclusive. */
export const AuditLogQuerySchema = z
  .strictObject({
    ...pageQueryShape,
    entityType: z.enum(AUDIT_ENTITY_TYPES, { error: 'type' }).optional(),
    entityId: z.string().trim().min(1).max(64).optional(),
    actorId: z.coerce.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'min' }).optional(),
    /** Every entry about one partner and what belongs to it (its history tab). */
    partnerId: z.coerce.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'min' }).optional(),
    from: instant.optional(),
    to: instant.optional(),
  })
  .refine((q) => !q.from || !q.to || new Date(q.from) < new Date(q.to), {
    path: ['to'],
    error: 'after',
  });
export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>;

export const auditEndpoints = {
  auditLog: defineEndpoint({
    method: 'GET',
    path: '/staff/audit-log',
    tags: ['staff'],
    summary:
      'Who changed what, when and why: admins read every entry, team managers their team’s partners’, account managers their own partners’',
    query: AuditLogQuerySchema,
    response: AuditLogSchema,
  }),
};
