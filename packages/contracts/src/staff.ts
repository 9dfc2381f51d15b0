import { z } from 'zod';
import {
  ACCOUNT_TYPES,
  APPLICATION_STATUSES,
  CONTACT_ROLES,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  PARTNER_STATUSES,
  PAYMENT_TERMS,
} from './constants.js';
import { IdParamsSchema, envelope, pageQueryShape } from './api.js';
import { defineEndpoint } from './endpoint.js';
import { PARTNER_STATUS_REASON_MAX, STAFF_PARTNER_SORTS } from './staff-partner-rules.js';
import { StaffPartnerUpdateSchema, id } from './staff-partner-update.js';
import { PayoutHoldSchema } from './billing.js';
import { NetworkFiguresSchema } from './network-reports.js';
import { ComplianceDocumentSchema, FileSchema, PartnerContactSchema } from './partner.js';
import { optionalString } from './validation.js';

export * from './staff-partner-rules.js';
export {
  STAFF_PARTNER_EDITABLE_FIELDS,
  StaffPartnerUpdateSchema,
  type StaffPartnerUpdate,
} from './staff-partner-update.js';

// ---------------------------------------------------------------- the back-office's partners (decision 026)

/** A staff member named on a partner: its account manager. */
export const StaffRefSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

/** A partner as staff list it (decision 040). */
export const StaffPartnerSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  companyName: z.string(),
  email: z.string(),
  status: z.enum(PARTNER_STATUSES),
  accountType: z.enum(ACCOUNT_TYPES),
  prospect: z.boolean(),
  accountManagerId: z.number().int().nullable(),
  accountManager: StaffRefSchema.nullable(),
  country: z.string().nullable(),
  /**
   * The required document types (network setting) it lacks an approved, unexpired document of: a partner with any
   * is flagged in the list and on its page.
   */
  missingDocuments: z.array(z.enum(DOCUMENT_TYPES)),
  /** Its latest click or conversion (decision 082); null: none yet. */
  lastActivityAt: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type StaffPartner = z.infer<typeof StaffPartnerSchema>;
export const StaffPartnerListSchema = envelope(z.array(StaffPartnerSchema));
export const StaffPartnerDetailSchema = envelope(StaffPartnerSchema);

/**
 * GET /staff/partners: every status unless filtered; `q` matches the company name, the e-mail or the id; paged and
 * sorted like the spec's lists. `documents=missing` keeps the partners flagged for missing or expired documents.
 */
export const StaffPartnersQuerySchema = z.strictObject({
  ...pageQueryShape,
  q: z.string({ error: 'type' }).trim().max(100, { error: 'maxLength' }).optional(),
  status: z.enum(PARTNER_STATUSES, { error: 'oneOf' }).optional(),
  accountManagerId: id.optional(),
  accountType: z.enum(ACCOUNT_TYPES, { error: 'oneOf' }).optional(),
  documents: z.enum(['missing'], { error: 'oneOf' }).optional(),
  sortName: z.enum(STAFF_PARTNER_SORTS, { error: 'oneOf' }).default('id'),
  sortOrder: z.enum(['asc', 'desc'], { error: 'oneOf' }).default('desc'),
});
export type StaffPartnersQuery = z.input<typeof StaffPartnersQuerySchema>;
export type StaffPartnersFilter = z.output<typeof StaffPartnersQuerySchema>;

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
/** An application as the partner's page lists it. */
export const StaffPartnerApplicationSchema = z.object({
  id: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
  offer: z.object({ id: z.number().int(), name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/**
 * GET /staff/partners/{id}: everything the spec's Partner holds. The IBAN and account number are masked to their last
 * four characters unless the reader may see bank details (admins and finance); the credentials' password is never
 * sent, only whether one is stored.
 */
export const StaffPartnerProfileSchema = StaffPartnerSchema.extend({
  advertisingPlatform: z.string().nullable(),
  companyStatus: z.string().nullable(),
  companyRegistrationNumber: z.string().nullable(),
  companyVatNumber: z.string().nullable(),
  langs: z.array(z.string()),
  address: z.string().nullable(),
  zipCode: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  prospectOrigin: z.string().nullable(),
  typology: z.string().nullable(),
  verticals: z.array(z.string()),
  geographicAreas: z.array(z.string()),
  trafficSources: z.array(z.string()),
  experience: z.string().nullable(),
  monthlyEstimateRevenue: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  paymentThreshold: z.number().int().nullable(),
  paymentTerms: z.enum(PAYMENT_TERMS),
  paymentCurrency: z.string(),
  paymentMethod: z.string(),
  accountHolder: z.string().nullable(),
  bankName: z.string().nullable(),
  bankAddress: z.string().nullable(),
  iban: z.string().nullable(),
  swift: z.string().nullable(),
  routingNumber: z.string().nullable(),
  /** The IBAN and routing number above are masked for this reader. */
  bankDetailsMasked: z.boolean(),
  /** Its payments held after a change of its bank details (decision 072); null: none. */
  payoutHold: PayoutHoldSchema.nullable(),
  credentialUrl: z.string().nullable(),
  credentialUsername: z.string().nullable(),
  credentialPasswordSet: z.boolean(),
  allOffersAccess: z.boolean(),
  contacts: z.partialRecord(z.enum(CONTACT_ROLES), PartnerContactSchema),
  documents: z.partialRecord(z.enum(DOCUMENT_TYPES), ComplianceDocumentSchema),
  applications: z.array(StaffPartnerApplicationSchema),
  statusHistory: z.array(PartnerStatusChangeSchema),
  /** Its users: who signs in for it. */
  users: z.array(
    z.object({
      id: z.number().int(),
      email: z.string(),
      name: z.string(),
      enabled: z.boolean(),
      loggedAt: z.string().nullable(),
    }),
  ),
});
export type StaffPartnerProfile = z.infer<typeof StaffPartnerProfileSchema>;

/** PUT /staff/partners/{id}/status: approve, decline, suspend, reinstate or close a partner. */
export const PartnerStatusBodySchema = z.strictObject({
  status: z.enum(['active', 'rejected', 'suspended', 'closed'], { error: 'type' }),
  /** Told to the partner in the e-mail; optional. */
  reason: optionalString(PARTNER_STATUS_REASON_MAX),
});
export type PartnerStatusBody = z.infer<typeof PartnerStatusBodySchema>;

export const PartnerStatusHistorySchema = envelope(z.array(PartnerStatusChangeSchema));
export const StaffPartnerProfileAnswerSchema = envelope(StaffPartnerProfileSchema);

/**
 * GET /staff/partners/{id}/performance (decision 082): the network's figures of one partner over the reader's last 30
 * days (today included), today's clicks and conversions, and its true last activity: its latest click or conversion.
 */
export const StaffPartnerPerformanceSchema = z.object({
  /** The 30 days' first and last day, in the reader's time zone: the range of the network report it links to. */
  startDate: z.string(),
  endDate: z.string(),
  last30Days: NetworkFiguresSchema,
  today: z.object({ clicks: z.number().int(), conversions: z.number().int() }),
  lastActivityAt: z.string().nullable(),
});
export type StaffPartnerPerformance = z.infer<typeof StaffPartnerPerformanceSchema>;

/**
 * The staff home's work queues (decision 036), each counted within the reader's scope; null for a queue the role does not
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

// ---------------------------------------------------------------- the console's queues (decision 036)

/** An application to an offer, as the staff queue lists it. */
export const StaffApplicationSchema = z.object({
  id: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
  partner: z.object({ id: z.number().int(), displayName: z.string() }),
  offer: z.object({ id: z.number().int(), name: z.string() }),
  createdAt: z.string(),
});
export type StaffApplication = z.infer<typeof StaffApplicationSchema>;

/** GET /staff/partner-offers: one status (pending by default), one partner or offer, oldest first, paged. */
export const StaffApplicationsQuerySchema = z.strictObject({
  ...pageQueryShape,
  status: z.enum(APPLICATION_STATUSES, { error: 'type' }).default('pending'),
  partnerId: id.optional(),
  offerId: id.optional(),
});

/** A compliance document, as the staff queue lists it. */
export const StaffDocumentSchema = z.object({
  id: z.number().int(),
  type: z.enum(DOCUMENT_TYPES),
  status: z.enum(DOCUMENT_STATUSES),
  expireAt: z.string().nullable(),
  expired: z.boolean(),
  partner: z.object({ id: z.number().int(), displayName: z.string() }),
  filename: z.string().nullable(),
  /** The file, with a signed link valid a few minutes. */
  document: FileSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaffDocument = z.infer<typeof StaffDocumentSchema>;

/**
 * GET /staff/compliance-documents: one status (pending by default, `all` for any), one partner or type, oldest first,
 * paged; `expired=true` keeps the expired ones, `expired=false` the others.
 */
export const StaffDocumentsQuerySchema = z.strictObject({
  ...pageQueryShape,
  /** `all` for every status. */
  status: z.enum([...DOCUMENT_STATUSES, 'all'], { error: 'oneOf' }).default('pending'),
  partnerId: id.optional(),
  type: z.enum(DOCUMENT_TYPES, { error: 'oneOf' }).optional(),
  expired: z.stringbool({ error: 'type' }).optional(),
});
export type StaffDocumentsFilter = z.output<typeof StaffDocumentsQuerySchema>;

/** The most records one bulk decision takes. */
export const BULK_DECISION_MAX = 100;
/** The longest reason given with a decision; the partner reads it in its notification. */
export const DECISION_REASON_MAX = 1000;

export const BulkIdsSchema = z
  .array(z.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'min' }).max(2_147_483_647), {
    error: 'required',
  })
  .min(1, { error: 'required' })
  .max(BULK_DECISION_MAX, { error: 'max' })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'unique' });

/** POST /staff/partner-offers/decisions: approve or refuse many applications at once, all or none. */
export const BulkApplicationDecisionSchema = z.strictObject({
  ids: BulkIdsSchema,
  status: z.enum(['active', 'refused'], { error: 'oneOf' }),
  reason: optionalString(DECISION_REASON_MAX),
});
export type BulkApplicationDecision = z.infer<typeof BulkApplicationDecisionSchema>;

/** POST /staff/compliance-documents/decisions: approve or refuse many documents at once, all or none. */
export const BulkDocumentDecisionSchema = z.strictObject({
  ids: BulkIdsSchema,
  status: z.enum(['approved', 'refused'], { error: 'oneOf' }),
  reason: optionalString(DECISION_REASON_MAX),
});
export type BulkDocumentDecision = z.infer<typeof BulkDocumentDecisionSchema>;

/** What a bulk decision answers: how many records changed (the others already had that status). */
export const BulkDecisionResultSchema = z.object({ decided: z.number().int(), unchanged: z.number().int() });
export type BulkDecisionResult = z.infer<typeof BulkDecisionResultSchema>;

/** The network's compliance settings: which document types every partner must hold, approved and unexpired. */
export const ComplianceSettingsSchema = z.strictObject({
  requiredDocumentTypes: z
    .array(z.enum(DOCUMENT_TYPES, { error: 'oneOf' }), { error: 'required' })
    .refine((types) => new Set(types).size === types.length, { error: 'unique' }),
});
export type ComplianceSettings = z.infer<typeof ComplianceSettingsSchema>;

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
    summary:
      'Applications to offers of one status (pending by default), of one partner or offer, oldest first, within the reader’s scope',
    query: StaffApplicationsQuerySchema,
    response: envelope(z.array(StaffApplicationSchema)),
  }),
  documents: defineEndpoint({
    method: 'GET',
    path: '/staff/compliance-documents',
    tags: ['staff'],
    summary:
      'Compliance documents of one status, partner or type, or the expired ones, oldest first, within the reader’s scope',
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
  decideApplications: defineEndpoint({
    method: 'POST',
    path: '/staff/partner-offers/decisions',
    errors: {
      404: 'An application is unknown or out of the reader’s reach (its position named in `errors`): nothing was decided.',
    },
    tags: ['staff'],
    summary: 'Approve or refuse many applications at once, all or none, with a reason each partner reads',
    body: BulkApplicationDecisionSchema,
    response: envelope(BulkDecisionResultSchema),
  }),
  decideDocuments: defineEndpoint({
    method: 'POST',
    path: '/staff/compliance-documents/decisions',
    errors: {
      404: 'A document is unknown or out of the reader’s reach (its position named in `errors`): nothing was decided.',
    },
    tags: ['staff'],
    summary: 'Approve or refuse many compliance documents at once, all or none, with a reason each partner reads',
    body: BulkDocumentDecisionSchema,
    response: envelope(BulkDecisionResultSchema),
  }),
  partner: defineEndpoint({
    method: 'GET',
    path: '/staff/partners/:id',
    tags: ['staff'],
    summary:
      'A partner as staff see it: company, contacts, payment (bank details masked for account and team managers), documents, applications, status history',
    params: IdParamsSchema,
    response: StaffPartnerProfileAnswerSchema,
  }),
  partnerPerformance: defineEndpoint({
    method: 'GET',
    path: '/staff/partners/:id/performance',
    tags: ['staff'],
    summary:
      'A partner’s last 30 days in the network’s numbers (clicks, conversions, payout, advertiser revenue, margin), today’s clicks and conversions, and its last click or conversion',
    params: IdParamsSchema,
    response: envelope(StaffPartnerPerformanceSchema),
  }),
  updatePartner: defineEndpoint({
    method: 'PUT',
    path: '/staff/partners/:id',
    tags: ['staff'],
    summary:
      'Change what staff may set on a partner: account manager, account type, payment terms and threshold, company fields… (audited)',
    params: IdParamsSchema,
    body: StaffPartnerUpdateSchema,
    response: StaffPartnerProfileAnswerSchema,
  }),
  complianceSettings: defineEndpoint({
    method: 'GET',
    path: '/staff/settings/compliance',
    tags: ['staff'],
    summary: 'The document types every partner must hold, approved and unexpired',
    response: envelope(ComplianceSettingsSchema),
  }),
  updateComplianceSettings: defineEndpoint({
    method: 'PUT',
    path: '/staff/settings/compliance',
    tags: ['staff'],
    summary: 'Set the document types every partner must hold (admins)',
    body: ComplianceSettingsSchema,
    response: envelope(ComplianceSettingsSchema),
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
    summary:
      'Partners within the reader’s scope: search, filters, paging and sorting; `status=pending` gives the registrations waiting for a decision',
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

// ---------------------------------------------------------------- bulk on partners (decision 080)

/**
 * POST /staff/partners/bulk/status: moves many partners to one status, all or none, each audited and mailed as the
 * single change is; the reason (told to each partner) is required, but for a reinstatement or an approval.
 */
export const BulkPartnerStatusSchema = z
  .strictObject({
    ids: BulkIdsSchema,
    status: PartnerStatusBodySchema.shape.status,
    reason: optionalString(PARTNER_STATUS_REASON_MAX),
  })
  .superRefine((body, ctx) => {
    if (body.status !== 'active' && !body.reason)
      ctx.addIssue({ code: 'custom', message: 'required', path: ['reason'] });
  });
export type BulkPartnerStatus = z.input<typeof BulkPartnerStatusSchema>;

/** POST /staff/partners/bulk/account-manager: hands many partners to one account manager, all or none, each audited. */
export const BulkPartnerManagerSchema = z.strictObject({
  ids: BulkIdsSchema,
  accountManagerId: z.number({ error: 'required' }).int({ error: 'type' }).positive({ error: 'min' }),
});
export type BulkPartnerManager = z.input<typeof BulkPartnerManagerSchema>;

/** What a bulk change answers: how many records changed (the others already were as asked). */
export const BulkChangeResultSchema = z.object({ changed: z.number().int(), unchanged: z.number().int() });
export type BulkChangeResult = z.infer<typeof BulkChangeResultSchema>;

export const staffPartnerBulkEndpoints = {
  status: defineEndpoint({
    method: 'POST',
    path: '/staff/partners/bulk/status',
    errors: {
      404: 'A partner is unknown or out of the reader’s reach (its position named in `errors`): nothing changed.',
      409: 'A partner cannot move to that status (its position named in `errors`): nothing changed.',
    },
    tags: ['staff'],
    summary: 'Move many partners to one status, all or none, with a reason each partner reads (audited per partner)',
    body: BulkPartnerStatusSchema,
    response: envelope(BulkChangeResultSchema),
  }),
  accountManager: defineEndpoint({
    method: 'POST',
    path: '/staff/partners/bulk/account-manager',
    errors: {
      404: 'A partner is unknown or out of the reader’s reach (its position named in `errors`): nothing changed.',
    },
    tags: ['staff'],
    summary: 'Hand many partners to one account manager, all or none (admins and team managers, audited per partner)',
    body: BulkPartnerManagerSchema,
    response: envelope(BulkChangeResultSchema),
  }),
};
