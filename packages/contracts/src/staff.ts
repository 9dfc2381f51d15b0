import { z } from 'zod';
import {
  APPLICATION_STATUSES,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  PARTNER_STATUSES,
  type PartnerStatus,
} from './constants.js';
import { IdParamsSchema, envelope, pageQueryShape } from './api.js';
import { defineEndpoint } from './endpoint.js';
import { optionalString } from './validation.js';

// ---------------------------------------------------------------- the back-office's partners (decision 026)

/** A partner as staff list it. */
export const StaffPartnerSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  email: z.string(),
  status: z.enum(PARTNER_STATUSES),
  prospect: z.boolean(),
  accountManagerId: z.number().int().nullable(),
  createdAt: z.string().nullable(),
});
export type StaffPartner = z.infer<typeof StaffPartnerSchema>;
export const StaffPartnerListSchema = envelope(z.array(StaffPartnerSchema));
export const StaffPartnerDetailSchema = envelope(StaffPartnerSchema);

/** GET /staff/partners: optionally one status, e.g. the pending registrations waiting for a decision. */
export const StaffPartnersQuerySchema = z.strictObject({
  status: z.enum(PARTNER_STATUSES, { error: 'type' }).optional(),
});
export type StaffPartnersQuery = z.infer<typeof StaffPartnersQuerySchema>;

/**
 * Where a partner's status may go. A registration is approved or declined; an active partner is suspended or
 * closed; a suspended one comes back or is closed; a declined request may be reconsidered. Closed is final.
 */
export const PARTNER_STATUS_TRANSITIONS: Readonly<Record<PartnerStatus, readonly PartnerStatus[]>> = {
  pending: ['active', 'rejected'],
  active: ['suspended', 'closed'],
  suspended: ['active', 'closed'],
  rejected: ['active'],
  closed: [],
};

/** The longest reason staff may give; it is sent to the partner. */
export const PARTNER_STATUS_REASON_MAX = 1000;

/** PUT /staff/partners/{id}/status: approve, decline, suspend, reinstate or close a partner. */
export const PartnerStatusBodySchema = z.strictObject({
  status: z.enum(['active', 'rejected', 'suspended', 'closed'], { error: 'type' }),
  /** Told to the partner in the e-mail; optional. */
  reason: optionalString(PARTNER_STATUS_REASON_MAX),
});
export type PartnerStatusBody = z.infer<typeof PartnerStatusBodySchema>;

/** One change of a partner's status, for the audit trail. */
export const PartnerStatusChangeSchema = z.object({
  id: z.number().int(),
  from: z.enum(PARTNER_STATUSES),
  to: z.enum(PARTNER_STATUSES),
  reason: z.string().nullable(),
  /** The staff member who made the change; null once that user is deleted. */
  changedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type PartnerStatusChange = z.infer<typeof PartnerStatusChangeSchema>;
export const PartnerStatusHistorySchema = envelope(z.array(PartnerStatusChangeSchema));

/**
 * The staff home's work queues (issue 17), each counted within the reader's scope; null for a queue the role does not
 * work (finance works invoices only).
 */
export const StaffHomeSchema = z.object({
  pendingPartners: z.number().int().nullable(),
  pendingApplications: z.number().int().nullable(),
  pendingDocuments: z.number().int().nullable(),
  pendingConversions: z.number().int().nullable(),
  invoicesWaitingForApproval: z.number().int().nullable(),
});
export type StaffHome = z.infer<typeof StaffHomeSchema>;

// ---------------------------------------------------------------- the console's queues (issue 17)

/** An application to an offer, as the staff queue lists it. */
export const StaffApplicationSchema = z.object({
  id: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
  partner: z.object({ id: z.number().int(), displayName: z.string() }),
  offer: z.object({ id: z.number().int(), name: z.string() }),
  createdAt: z.string(),
});
export type StaffApplication = z.infer<typeof StaffApplicationSchema>;

/** GET /staff/partner-offers: one status (pending by default), oldest first, paged. */
export const StaffApplicationsQuerySchema = z.strictObject({
  ...pageQueryShape,
  status: z.enum(APPLICATION_STATUSES, { error: 'type' }).default('pending'),
});

/** A compliance document, as the staff queue lists it. */
export const StaffDocumentSchema = z.object({
  id: z.number().int(),
  type: z.enum(DOCUMENT_TYPES),
  status: z.enum(DOCUMENT_STATUSES),
  expireAt: z.string().nullable(),
  partner: z.object({ id: z.number().int(), displayName: z.string() }),
  filename: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaffDocument = z.infer<typeof StaffDocumentSchema>;

/** GET /staff/compliance-documents: one status (pending by default), oldest first, paged. */
export const StaffDocumentsQuerySchema = z.strictObject({
  ...pageQueryShape,
  status: z.enum(DOCUMENT_STATUSES, { error: 'type' }).default('pending'),
});

/** How long a "view as partner" session lasts (decision 039). */
export const VIEW_AS_TTL_MINUTES = 15;

/** POST /staff/partners/{id}/view-as: a read-only session of the partner, handed over by the spec's sign-in link. */
export const ViewAsSchema = z.object({
  token: z.string(),
  expireAt: z.string(),
  /** `/login?token=…&expireAt=…&viewAs=1`, to open in a new tab. */
  url: z.string(),
});
export type ViewAs = z.infer<typeof ViewAsSchema>;

export const staffEndpoints = {
  applications: defineEndpoint({
    method: 'GET',
    path: '/staff/partner-offers',
    tags: ['staff'],
    summary: 'Applications to offers of one status (pending by default), oldest first, within the reader’s scope',
    query: StaffApplicationsQuerySchema,
    response: envelope(z.array(StaffApplicationSchema)),
  }),
  documents: defineEndpoint({
    method: 'GET',
    path: '/staff/compliance-documents',
    tags: ['staff'],
    summary: 'Compliance documents of one status (pending by default), oldest first, within the reader’s scope',
    query: StaffDocumentsQuerySchema,
    response: envelope(z.array(StaffDocumentSchema)),
  }),
  viewAsPartner: defineEndpoint({
    method: 'POST',
    path: '/staff/partners/:id/view-as',
    tags: ['staff'],
    summary: 'Open the partner portal as this partner, read-only, for 15 minutes: answers a sign-in link (audited)',
    params: IdParamsSchema,
    response: envelope(ViewAsSchema),
  }),
  home: defineEndpoint({
    method: 'GET',
    path: '/staff/home',
    tags: ['staff'],
    summary: 'The staff home’s work queues with their counts, within the reader’s scope',
    response: envelope(StaffHomeSchema),
  }),
  listPartners: defineEndpoint({
    method: 'GET',
    path: '/staff/partners',
    tags: ['staff'],
    summary: 'Partners, for staff, newest first; `status=pending` gives the registrations waiting for a decision',
    query: StaffPartnersQuerySchema,
    response: StaffPartnerListSchema,
  }),
  changePartnerStatus: defineEndpoint({
    method: 'PUT',
    path: '/staff/partners/:id/status',
    tags: ['staff'],
    summary:
      'Approve, decline, suspend, reinstate or close a partner; the first approval creates its user and mails a set-password link',
    params: IdParamsSchema,
    body: PartnerStatusBodySchema,
    response: StaffPartnerDetailSchema,
  }),
  partnerStatusHistory: defineEndpoint({
    method: 'GET',
    path: '/staff/partners/:id/status-history',
    tags: ['staff'],
    summary: 'Who changed a partner’s status, when, and why; newest first',
    params: IdParamsSchema,
    response: PartnerStatusHistorySchema,
  }),
};
