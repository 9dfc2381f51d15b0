import { z } from 'zod';
import { IdParamsSchema, envelope, listOf, pageQueryShape } from './api.js';
import { AdvertiserInvoiceSchema, ListAdvertiserInvoicesQuerySchema } from './advertiser-invoices.js';
import {
  PostbackLogEntrySchema,
  PostbackLogQuerySchema,
  TestPostbackResultSchema,
  TestPostbackSchema,
} from './advertisers.js';
import { OfferTagSetupSchema } from './client-tag.js';
import { CONVERSION_NOTE_MAX_LENGTH } from './conversion-changes.js';
import { SCRUB_STATUSES, ScrubPreviewSchema } from './conversion-scrubs.js';
import { defineEndpoint } from './endpoint.js';
import { emptyAsUnset } from './offers.js';
import { isoDateParam } from './statistics.js';
import { CONVERSION_STATUSES } from './tracking.js';
import { UploadDocumentSchema } from './uploads.js';
import { EmailSchema, requiredString } from './validation.js';

/**
 * The advertiser portal (decision 087): advertiser users, invited by staff, sign in on the one sign-in page and read
 * their own advertiser's offers, conversions, postback log and invoices, and send scrub files staff review. They never
 * see a payout, a margin, another advertiser or a partner's identity (a partner is an id only).
 */

// ---------------------------------------------------------------- advertiser users, as staff manage them

export const AdvertiserUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  enabled: z.boolean(),
  /** Whether a password was chosen (the invitation's link was followed). */
  passwordSet: z.boolean(),
  loggedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdvertiserUser = z.infer<typeof AdvertiserUserSchema>;

/** POST /staff/advertisers/{id}/users. */
export const AdvertiserUserInviteSchema = z.strictObject({
  email: EmailSchema,
  firstname: requiredString(100),
  lastname: requiredString(100),
});
export type AdvertiserUserInvite = z.infer<typeof AdvertiserUserInviteSchema>;

/** PUT /staff/advertisers/{id}/users/{userId}: disabled, it cannot sign in and its sessions end at once (decision 100). */
export const AdvertiserUserUpdateSchema = z.strictObject({ enabled: z.boolean({ error: 'type' }) });
export type AdvertiserUserUpdate = z.infer<typeof AdvertiserUserUpdateSchema>;

export const AdvertiserUserParamsSchema = z.strictObject({
  id: IdParamsSchema.shape.id,
  userId: IdParamsSchema.shape.id,
});

export const staffAdvertiserUsersEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/staff/advertisers/:id/users',
    tags: ['staff'],
    summary: 'The advertiser’s portal users (admins only)',
    params: IdParamsSchema,
    response: listOf(AdvertiserUserSchema),
    errors: { 404: 'No advertiser has this id.' },
  }),
  invite: defineEndpoint({
    method: 'POST',
    path: '/staff/advertisers/:id/users',
    tags: ['staff'],
    summary: 'Invite a user to the advertiser portal: it gets a mail to choose its password (admins, audited)',
    params: IdParamsSchema,
    body: AdvertiserUserInviteSchema,
    response: envelope(AdvertiserUserSchema),
    errors: { 404: 'No advertiser has this id.', 409: 'A user with this e-mail already exists.' },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/staff/advertisers/:id/users/:userId',
    tags: ['staff'],
    summary:
      'Disable or enable an advertiser user: disabled, it cannot sign in and its sessions end at once (admins, audited)',
    params: AdvertiserUserParamsSchema,
    body: AdvertiserUserUpdateSchema,
    response: envelope(AdvertiserUserSchema),
    errors: { 404: 'No user of this advertiser has this id.' },
  }),
};

// ---------------------------------------------------------------- what the advertiser reads

/** A cap of the whole offer as its advertiser sees it (payout caps are not shown: payouts are the network's). */
export const AdvertiserOfferCapSchema = z.object({
  metric: z.string(),
  period: z.string(),
  /** Clicks or conversions, or minor units of the offer's currency for a revenue cap. */
  limit: z.number().int(),
});

export const ADVERTISER_OFFER_STATUSES = ['active', 'paused', 'scheduled', 'ended'] as const;
export type AdvertiserOfferStatus = (typeof ADVERTISER_OFFER_STATUSES)[number];

export const AdvertiserOfferSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(ADVERTISER_OFFER_STATUSES),
  currency: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  caps: z.array(AdvertiserOfferCapSchema),
});
export type AdvertiserOffer = z.infer<typeof AdvertiserOfferSchema>;

/**
 * A conversion as its advertiser sees it: the partner by id only, no payout, no sub-ID; `revenue` is what the
 * advertiser owes for it.
 */
export const AdvertiserConversionSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  offerId: z.number().int().nullable(),
  offerName: z.string().nullable(),
  partnerId: z.number().int().nullable(),
  /** The partner's company name, only when the network allows this advertiser to read it (decision 100); else null. */
  partnerName: z.string().nullable(),
  goal: z.string(),
  transactionId: z.string().nullable(),
  status: z.enum(CONVERSION_STATUSES),
  reason: z.string().nullable(),
  /** The sale amount it reported, minor units. */
  amount: z.number().int().nullable(),
  /** What it owes the network for it, minor units. */
  revenue: z.number().int(),
  currency: z.string(),
});
export type AdvertiserConversion = z.infer<typeof AdvertiserConversionSchema>;

const idFilter = z.preprocess(
  emptyAsUnset,
  z.coerce.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'type' }).max(2_147_483_647, { error: 'type' }).optional(), // prettier-ignore
);

/** GET /advertiser/conversions: newest first, paged, filtered like the staff's search. */
export const AdvertiserConversionsQuerySchema = z
  .strictObject({
    ...pageQueryShape,
    status: z.preprocess(emptyAsUnset, z.enum(CONVERSION_STATUSES, { error: 'oneOf' }).optional()),
    offerId: idFilter,
    /** A transaction id, matched exactly. */
    transactionId: z.preprocess(emptyAsUnset, z.string({ error: 'type' }).trim().max(255, { error: 'maxLength' }).optional()), // prettier-ignore
    /** yyyy-MM-dd (UTC), both ends included. */
    from: isoDateParam,
    to: isoDateParam,
  })
  .superRefine((value, ctx) => {
    if (value.from && value.to && value.from > value.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'min' });
  });
export type AdvertiserConversionsQuery = z.input<typeof AdvertiserConversionsQuerySchema>;
export type AdvertiserConversionsFilter = z.output<typeof AdvertiserConversionsQuerySchema>;

export const AdvertiserInvoicesQuerySchema = ListAdvertiserInvoicesQuerySchema.omit({ advertiserId: true });

/** POST /advertiser/scrubs: a CSV of `transaction_id[,reason]`, kept for staff to review. */
export const AdvertiserScrubUploadSchema = z.strictObject({
  file: UploadDocumentSchema,
  note: z.string({ error: 'type' }).trim().max(CONVERSION_NOTE_MAX_LENGTH, { error: 'maxLength' }).optional(),
});
export type AdvertiserScrubUpload = z.infer<typeof AdvertiserScrubUploadSchema>;

/** A scrub file as its advertiser sees it: counts only (the preview's partners and money are the network's). */
export const AdvertiserScrubSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  note: z.string().nullable(),
  status: z.enum(SCRUB_STATUSES),
  counts: ScrubPreviewSchema.shape.counts,
  createdAt: z.string(),
});
export type AdvertiserScrub = z.infer<typeof AdvertiserScrubSchema>;

/** Who the signed-in advertiser user works for. */
export const AdvertiserMeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  currency: z.string(),
  /** Whether the network shows it the partners' company names (decision 100). */
  showPartnerNames: z.boolean(),
});

/**
 * The advertiser's test postback (decision 100): what `/postback` would answer (status, reason, duplicate), without a
 * conversion id since none is recorded, and never the partner's payout.
 */
export const AdvertiserTestPostbackResultSchema = TestPostbackResultSchema.pick({
  status: true,
  reason: true,
  duplicate: true,
  goalCode: true,
});
export type AdvertiserTestPostbackResult = z.infer<typeof AdvertiserTestPostbackResultSchema>;

const ADVERTISER = 'Advertiser users only: their own advertiser’s records.';

export const advertiserPortalEndpoints = {
  me: defineEndpoint({
    method: 'GET',
    path: '/advertiser/me',
    tags: ['advertiser'],
    summary: 'The advertiser the signed-in advertiser user works for',
    description: ADVERTISER,
    response: envelope(AdvertiserMeSchema),
  }),
  offers: defineEndpoint({
    method: 'GET',
    path: '/advertiser/offers',
    tags: ['advertiser'],
    summary: 'The advertiser’s offers with their status and caps',
    description: ADVERTISER,
    response: listOf(AdvertiserOfferSchema),
  }),
  conversions: defineEndpoint({
    method: 'GET',
    path: '/advertiser/conversions',
    tags: ['advertiser'],
    summary:
      'The advertiser’s conversions: status, reason, partner by id (its name only if the network allows it, never its payout), no sub-ID',
    description: ADVERTISER,
    query: AdvertiserConversionsQuerySchema,
    response: listOf(AdvertiserConversionSchema),
  }),
  postbacks: defineEndpoint({
    method: 'GET',
    path: '/advertiser/postbacks',
    tags: ['advertiser'],
    summary: 'The advertiser’s postback log, newest first',
    description: ADVERTISER,
    query: PostbackLogQuerySchema,
    response: listOf(PostbackLogEntrySchema),
  }),
  invoices: defineEndpoint({
    method: 'GET',
    path: '/advertiser/invoices',
    tags: ['advertiser'],
    summary: 'The advertiser’s invoices and credit notes, newest first',
    description: ADVERTISER,
    query: AdvertiserInvoicesQuerySchema,
    response: listOf(AdvertiserInvoiceSchema),
  }),
  invoicePdf: defineEndpoint({
    method: 'GET',
    path: '/advertiser/invoices/:id/pdf',
    tags: ['advertiser'],
    summary: 'One of the advertiser’s invoices or credit notes as its PDF (another advertiser’s is a 404)',
    description: ADVERTISER,
    params: IdParamsSchema,
    produces: ['application/pdf'],
    errors: { 404: 'No invoice of this advertiser has this id, or it has no PDF.' },
  }),
  setup: defineEndpoint({
    method: 'GET',
    path: '/advertiser/setup',
    tags: ['advertiser'],
    summary:
      'Per offer and goal, ready snippets (S2S URL with the advertiser’s own token, JavaScript tag, image, iframe) and each offer’s latest tag hit',
    description: ADVERTISER,
    response: envelope(z.array(OfferTagSetupSchema)),
  }),
  offerSetup: defineEndpoint({
    method: 'GET',
    path: '/advertiser/offers/:id/setup',
    tags: ['advertiser'],
    summary:
      'One offer’s snippets and latest tag hit: what “Check my installation” polls (another advertiser’s is a 404)',
    description: ADVERTISER,
    params: IdParamsSchema,
    response: envelope(OfferTagSetupSchema),
    errors: { 404: 'No offer of this advertiser has this id.' },
  }),
  testPostback: defineEndpoint({
    method: 'POST',
    path: '/advertiser/test-postback',
    tags: ['advertiser'],
    summary: 'What a postback would answer for this click and goal, without recording a conversion (logged as a test)',
    description: ADVERTISER,
    body: TestPostbackSchema,
    response: envelope(AdvertiserTestPostbackResultSchema),
  }),
  scrubs: defineEndpoint({
    method: 'GET',
    path: '/advertiser/scrubs',
    tags: ['advertiser'],
    summary: 'The scrub files the advertiser sent, newest first, with what staff did with them',
    description: ADVERTISER,
    query: z.strictObject(pageQueryShape),
    response: listOf(AdvertiserScrubSchema),
  }),
  uploadScrub: defineEndpoint({
    method: 'POST',
    path: '/advertiser/scrubs',
    tags: ['advertiser'],
    summary: 'Send a scrub file (CSV of transaction_id[,reason]): staff review it before any conversion changes',
    description: `${ADVERTISER} The file is a base64 data URL (decision 011), read as the staff's scrub upload reads it.`,
    body: AdvertiserScrubUploadSchema,
    response: envelope(AdvertiserScrubSchema),
  }),
};
