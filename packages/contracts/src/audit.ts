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
  'payment_batch',
  'advertiser_invoice',
  'advertiser_invoice_run',
  'goal',
  'traffic_rules',
  'blocklist',
  'scheduled_change',
  'report_view',
  'home_view',
  'fx_rate',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/**
 * What a write did. `status` and `decision` carry their new value in `changes`; `view_as` opens a read-only session;
 * `download` is a payment batch's file handed out (decision 073).
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'status',
  'decision',
  'view_as',
  'invite',
  'rotate_token',
  'download',
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

/**
 * How a line's values read (decision 081): `money` in minor units of the entry's `currency`, `percent` in basis
 * points, the reference kinds by the names in the line's `names` (id → name, resolved when the log is read), `date` an
 * ISO instant; `text` as it is.
 */
export const AUDIT_VALUE_KINDS = [
  'text',
  'money',
  'percent',
  'date',
  'user',
  'partner',
  'offer',
  'advertiser',
  'product',
  'goal',
  'country',
  'vertical',
] as const;
export type AuditValueKind = (typeof AUDIT_VALUE_KINDS)[number];

/**
 * One changed field as the log is read (decision 081): a goal's change is one line per changed field of the goal
 * (`goal` names it, `tier` the payout tier when the field is a tier's), unchanged fields have no line.
 */
export const AuditLineSchema = z.object({
  /** The field's own name (`payoutAmount`), the key of its label. */
  field: z.string(),
  /** The goal the field belongs to, by its code and its name today. */
  goal: z.object({ code: z.string(), name: z.string() }).nullable(),
  /** The payout tier (goal type) the field belongs to. */
  tier: z.string().nullable(),
  kind: z.enum(AUDIT_VALUE_KINDS),
  before: z.unknown(),
  after: z.unknown(),
  /** The names of the ids or codes the values hold (reference kinds), as they are when the log is read. */
  names: z.record(z.string(), z.string()),
});
export type AuditLine = z.infer<typeof AuditLineSchema>;

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
  /** The entity's name today (a partner's company, an offer's name, a person); null when it has none or is gone. */
  entityName: z.string().nullable(),
  /** The parent's name (the offer of a cap, a creative or an override; the advertiser of a product). */
  parentName: z.string().nullable(),
  partnerName: z.string().nullable(),
  /** The currency the entry's amounts are in (the offer's, the invoice's…); null when it has none. */
  currency: z.string().nullable(),
  changes: z.array(AuditLineSchema),
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

/** A staff member who wrote entries the reader may read: the actor filter's choices. */
export const AuditActorSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type AuditActorChoice = z.infer<typeof AuditActorSchema>;
export const AuditActorsSchema = envelope(z.array(AuditActorSchema));

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
  auditActors: defineEndpoint({
    method: 'GET',
    path: '/staff/audit-log/actors',
    tags: ['staff'],
    summary: 'The staff members who wrote entries the reader may read, by name: the audit log’s actor filter',
    response: AuditActorsSchema,
  }),
};
