import { z } from 'zod';
import { IdParamsSchema, envelope, listOf, pageQueryShape } from './api.js';
import { CONVERSION_NOTE_MAX_LENGTH } from './conversion-changes.js';
import { defineEndpoint } from './endpoint.js';
import { CONVERSION_REVERSAL_REASONS, CONVERSION_STATUSES, TRACKING_VALUE_MAX_LENGTH } from './tracking.js';
import { UploadDocumentSchema } from './uploads.js';

/**
 * An advertiser's scrub file (decision 069): a CSV of `transaction_id[,reason]` lines naming the conversions it
 * cancels. Uploaded, it answers a preview; applied, it reverses them all in one transaction, once.
 */

/** The most data lines a scrub file may hold (the header row and blank lines aside). */
export const SCRUB_MAX_LINES = 50_000;
/** The largest scrub file, decoded. */
export const SCRUB_MAX_BYTES = 5 * 1024 * 1024;
/** How many lines of each category the preview shows (its counts cover them all). */
export const SCRUB_SAMPLE_LINES = 20;
/** How many line errors the preview lists (its count covers them all). */
export const SCRUB_ERROR_LINES = 200;

/** 'dismissed': staff declined an advertiser's file (decision 087). */
export const SCRUB_STATUSES = ['previewed', 'applied', 'dismissed'] as const;
export type ScrubStatus = (typeof SCRUB_STATUSES)[number];

/** What is wrong with one line of the file. */
export const SCRUB_LINE_ERRORS = ['emptyId', 'idTooLong', 'duplicateLine', 'reasonTooLong', 'tooManyColumns'] as const;
export type ScrubLineError = (typeof SCRUB_LINE_ERRORS)[number];

/**
 * POST /staff/conversion-scrubs body. The file travels as a base64 data URL like every upload of the API (decision
 * 011), so the typed client sends it as JSON; ids are unique per advertiser, so the advertiser is required.
 */
export const ConversionScrubUploadSchema = z.strictObject({
  advertiserId: z.coerce.number({ error: 'required' }).int({ error: 'type' }).positive({ error: 'required' }),
  file: UploadDocumentSchema,
  /** Kept as the note of every reversal whose line gives no free-text reason: the partner reads it. */
  note: z.string({ error: 'type' }).trim().max(CONVERSION_NOTE_MAX_LENGTH, { error: 'maxLength' }).optional(),
});
export type ConversionScrubUpload = z.infer<typeof ConversionScrubUploadSchema>;

/** A line of the file that names a conversion, as the preview shows it. */
export const ScrubSampleLineSchema = z.object({
  line: z.number().int(),
  transactionId: z.string(),
  reason: z.enum(CONVERSION_REVERSAL_REASONS),
  note: z.string().nullable(),
  conversionId: z.number().int().nullable(),
  status: z.enum(CONVERSION_STATUSES).nullable(),
  partnerName: z.string().nullable(),
  currency: z.string().nullable(),
  payout: z.number().int().nullable(),
  revenue: z.number().int().nullable(),
});
export type ScrubSampleLine = z.infer<typeof ScrubSampleLineSchema>;

export const ScrubErrorLineSchema = z.object({
  line: z.number().int(),
  /** The id as read (cut to 100 characters), empty for an empty one. */
  transactionId: z.string(),
  error: z.enum(SCRUB_LINE_ERRORS),
  /** The error in words. */
  message: z.string(),
});
export type ScrubErrorLine = z.infer<typeof ScrubErrorLineSchema>;

/** The money a scrub puts at stake for one partner in one currency (minor units). */
export const ScrubPartnerStakeSchema = z.object({
  partnerId: z.number().int(),
  partnerName: z.string(),
  currency: z.string(),
  conversions: z.number().int(),
  /** The payout and revenue the found conversions carry now (approved and pending alike). */
  payout: z.number().int(),
  revenue: z.number().int(),
});
export type ScrubPartnerStake = z.infer<typeof ScrubPartnerStakeSchema>;

export const ScrubPreviewSchema = z.object({
  counts: z.object({
    /** Data lines read (header row and blank lines aside). */
    lines: z.number().int(),
    /** Approved or pending: the apply reverses them. */
    found: z.number().int(),
    alreadyRejected: z.number().int(),
    /** No conversion of the advertiser within the uploader's reach carries that transaction id. */
    unknown: z.number().int(),
    errors: z.number().int(),
  }),
  partners: z.array(ScrubPartnerStakeSchema),
  samples: z.object({
    found: z.array(ScrubSampleLineSchema),
    alreadyRejected: z.array(ScrubSampleLineSchema),
    unknown: z.array(ScrubSampleLineSchema),
    errors: z.array(ScrubErrorLineSchema),
  }),
});
export type ScrubPreview = z.infer<typeof ScrubPreviewSchema>;

/** What the apply did. */
export const ScrubResultSchema = z.object({
  reversed: z.number().int(),
  /** Found at preview time but rejected by then (reversed meanwhile): left as they are. */
  skipped: z.number().int(),
  /** Rejected already at preview time. */
  alreadyRejected: z.number().int(),
  /** Unknown at preview time: left untouched even if a conversion arrived since. */
  unknown: z.number().int(),
});
export type ScrubResult = z.infer<typeof ScrubResultSchema>;

export const ConversionScrubSchema = z.object({
  id: z.number().int(),
  advertiserId: z.number().int().nullable(),
  advertiserName: z.string().nullable(),
  fileName: z.string(),
  note: z.string().nullable(),
  status: z.enum(SCRUB_STATUSES),
  preview: ScrubPreviewSchema,
  result: ScrubResultSchema.nullable(),
  createdById: z.number().int().nullable(),
  createdAt: z.string(),
  appliedById: z.number().int().nullable(),
  appliedAt: z.string().nullable(),
  /** 'advertiser': sent by the advertiser from its portal, waiting for staff to apply or dismiss it (decision 087). */
  source: z.enum(['staff', 'advertiser']),
});
export type ConversionScrub = z.infer<typeof ConversionScrubSchema>;

/** A scrub in the list: no preview samples. */
export const ConversionScrubSummarySchema = ConversionScrubSchema.omit({ preview: true }).extend({
  counts: ScrubPreviewSchema.shape.counts,
});
export type ConversionScrubSummary = z.infer<typeof ConversionScrubSummarySchema>;

export const ConversionScrubApplyResultSchema = z.object({
  scrub: ConversionScrubSchema,
  /** True when it was applied before: this call changed nothing. */
  alreadyApplied: z.boolean(),
});
export type ConversionScrubApplyResult = z.infer<typeof ConversionScrubApplyResultSchema>;

export const ConversionScrubListQuerySchema = z.object(pageQueryShape);

/** An advertiser a scrub may name. */
export const ScrubAdvertiserSchema = z.object({ id: z.number().int(), name: z.string() });
export type ScrubAdvertiser = z.infer<typeof ScrubAdvertiserSchema>;

const SCOPE =
  'Admins and finance: every scrub and every conversion; team and account managers: the scrubs they uploaded, and only their partners’ conversions (others’ count as unknown).';

export const conversionScrubsEndpoints = {
  upload: defineEndpoint({
    method: 'POST',
    path: '/staff/conversion-scrubs',
    tags: ['staff'],
    summary: 'Upload an advertiser’s scrub file (CSV of transaction_id[,reason]) and get its preview',
    description: `As JSON, the file is a base64 data URL (as every upload, decision 011); as multipart/form-data, the fields \`advertiserId\` and \`note\` and the CSV itself as the part \`file\` (\`curl -F advertiserId=3 -F file=@scrub.csv\`). UTF-8 CSV, comma, semicolon or tab separated, an optional header row \`transaction_id,reason\`. The reason is one of ${CONVERSION_REVERSAL_REASONS.join(', ')}; any other text is kept as the note with the code \`other\`; empty means \`other\`. At most ${SCRUB_MAX_LINES} lines and 5 MB (413 above); lines with an empty or too long id, a repeated id or too many columns are reported in \`preview.samples.errors\` with their line number and left out. Ids are matched to the advertiser's conversions by transaction id. Nothing changes until the apply. ${SCOPE}`,
    body: ConversionScrubUploadSchema,
    consumes: ['application/json', 'multipart/form-data'],
    response: envelope(ConversionScrubSchema),
  }),
  apply: defineEndpoint({
    method: 'POST',
    path: '/staff/conversion-scrubs/:id/apply',
    tags: ['staff'],
    summary: 'Apply a scrub: reverse every found conversion, all or nothing, once',
    description: `One transaction reverses every approved or pending conversion the file names (reason from its line, source \`scrub\`), each with its rollups, cap usage, ledger line (carrying the scrub id) and audit entry; a failure changes nothing. Only what the preview showed as found is reversed: a conversion rejected since (or gone out of the applier’s reach) is skipped and counted. Applying an applied scrub changes nothing and answers 200 with \`alreadyApplied: true\`. ${SCOPE}`,
    params: IdParamsSchema,
    response: envelope(ConversionScrubApplyResultSchema),
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/staff/conversion-scrubs',
    tags: ['staff'],
    summary: 'Scrub files, newest first',
    description: SCOPE,
    query: ConversionScrubListQuerySchema,
    response: listOf(ConversionScrubSummarySchema),
  }),
  advertisers: defineEndpoint({
    method: 'GET',
    path: '/staff/conversion-scrubs/advertisers',
    tags: ['staff'],
    summary: 'The advertisers a scrub file may name (id and name), by name',
    description: 'For the upload form of everyone who may upload one, not only the admins who manage advertisers.',
    response: envelope(z.array(ScrubAdvertiserSchema)),
  }),
  dismiss: defineEndpoint({
    method: 'POST',
    path: '/staff/conversion-scrubs/:id/dismiss',
    tags: ['staff'],
    summary: 'Dismiss a scrub file not applied: it changes nothing, ever (audited)',
    description: `For an advertiser's file staff decline (decision 087). An applied file cannot be dismissed (409). ${SCOPE}`,
    params: IdParamsSchema,
    response: envelope(ConversionScrubSchema),
    errors: { 409: 'The file was applied already.' },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/staff/conversion-scrubs/:id',
    tags: ['staff'],
    summary: 'One scrub file with its preview (and its result once applied)',
    description: SCOPE,
    params: IdParamsSchema,
    response: envelope(ConversionScrubSchema),
  }),
};

/** The most characters of a transaction id (as /postback takes it). */
export const SCRUB_ID_MAX_LENGTH = TRACKING_VALUE_MAX_LENGTH;
