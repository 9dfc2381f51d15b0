import { z } from 'zod';
import { IdParamsSchema, envelope, pageQueryShape } from './api.js';
import { defineEndpoint } from './endpoint.js';
import { emptyAsUnset } from './offers.js';
import { isoDateParam } from './statistics.js';
import { CONVERSION_RULES } from './traffic-rules.js';
import {
  CONVERSION_DECLINE_REASONS,
  CONVERSION_DECISION_NOTE_MAX_LENGTH,
  CONVERSION_REJECTION_REASONS,
  CONVERSION_REVIEW_DECISIONS,
  CONVERSION_REVERSAL_REASONS,
  CONVERSION_STATUSES,
  ConversionReviewSchema,
  StaffConversionSchema,
} from './tracking.js';

// ---------------------------------------------------------------- the fraud queue's evidence (decision 101)

/**
 * Why a conversion was held or refused, as staff review it: the click's address, its autonomous system and whether it
 * is a hosting network's, the countries at click and conversion, the user agent read by ua-parser-js, the time to
 * convert, and the partner's conversion rates on the offer (the last 24 hours, the 30 days before) when measured.
 */
export const ConversionEvidenceSchema = z.object({
  clickIp: z.string().nullable(),
  /** The address's autonomous system (e.g. 16509) and its holder when the hosting list knows it. */
  asn: z.number().int().nullable(),
  asnName: z.string().nullable(),
  hosting: z.boolean(),
  clickCountry: z.string().nullable(),
  conversionCountry: z.string().nullable(),
  conversionIp: z.string().nullable(),
  userAgent: z.string().nullable(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  device: z.string().nullable(),
  /** The click rules that flagged the click (decision 083). */
  clickFlags: z.array(z.string()),
  secondsToConvert: z.number().nullable(),
  /** The goal's floor when `tooFast` was judged. */
  minSecondsToConvert: z.number().int().nullable(),
  /** Conversions from this address on this offer in the 24 hours before, this one included. */
  ipConversions: z.number().int().nullable(),
  /** The partner's conversion rate on the offer, 0–1: the 30 days before the last 24 hours, and the last 24 hours. */
  baselineRate: z.number().nullable(),
  recentRate: z.number().nullable(),
});
export type ConversionEvidence = z.infer<typeof ConversionEvidenceSchema>;

// ---------------------------------------------------------------- the staff's conversion search (decision 071)

/** What the staff's conversion search sorts on: the conversion's time, its payout or its revenue (minor units). */
export const STAFF_CONVERSION_SORTS = ['time', 'payout', 'revenue'] as const;
export type StaffConversionSort = (typeof STAFF_CONVERSION_SORTS)[number];

/** The export's most lines: past it the file stops, and says so in `X-Export-Truncated` (decision 071). */
export const STAFF_CONVERSION_EXPORT_MAX_ROWS = 100_000;

const noNul = (value: string) => !value.includes('\u0000');
/** A text filter: trimmed, and empty means no filter. */
const textFilter = (max: number) =>
  z.preprocess(
    (value) => emptyAsUnset(typeof value === 'string' ? value.trim() : value),
    z.string({ error: 'type' }).max(max, { error: 'maxLength' }).refine(noNul, { error: 'pattern' }).optional(),
  );
const idFilter = z.preprocess(
  emptyAsUnset,
  z.coerce.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'type' }).max(2_147_483_647, { error: 'type' }).optional(), // prettier-ignore
);

/** The search's filters, shared by the list and its CSV export. Every filter is optional: none lists everything. */
const staffConversionFilterShape = {
  /** One status; without it, every status. */
  status: z.preprocess(emptyAsUnset, z.enum(CONVERSION_STATUSES, { error: 'oneOf' }).optional()),
  /** One rejection reason. */
  reason: z.preprocess(emptyAsUnset, z.enum(CONVERSION_REJECTION_REASONS, { error: 'oneOf' }).optional()),
  partnerId: idFilter,
  offerId: idFilter,
  advertiserId: idFilter,
  /** The goal identifier, as the advertiser sent it. */
  goal: textFilter(64),
  /** yyyy-MM-dd in the reader's time zone, both ends included; either may be left out. */
  from: isoDateParam,
  to: isoDateParam,
  /** Recorded at least this many days ago (the queue's age, decision 079). */
  olderThanDays: z.preprocess(
    emptyAsUnset,
    z.coerce.number({ error: 'type' }).int({ error: 'type' }).min(1, { error: 'min' }).max(366, { error: 'max' }).optional(), // prettier-ignore
  ),
  /** A click id, a conversion id (digits) or a transaction id, matched exactly. */
  q: textFilter(255),
  sort: z.enum(STAFF_CONVERSION_SORTS, { error: 'oneOf' }).default('time'),
  order: z.enum(['asc', 'desc'], { error: 'oneOf' }).default('desc'),
};

const checkDays = (value: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) => {
  if (value.from && value.to && value.from > value.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'min' });
};

/** GET /staff/conversions query: the filters, the sort (newest first by default, id breaking ties) and the page. */
export const StaffConversionsQuerySchema = z
  .strictObject({ ...pageQueryShape, ...staffConversionFilterShape })
  .superRefine(checkDays);
export type StaffConversionsQuery = z.input<typeof StaffConversionsQuerySchema>;
export type StaffConversionsFilter = z.output<typeof StaffConversionsQuerySchema>;

/** GET /staff/conversions/export query: the same filters and sort, no page. */
export const StaffConversionsExportQuerySchema = z.strictObject(staffConversionFilterShape).superRefine(checkDays);
export type StaffConversionsExportQuery = z.input<typeof StaffConversionsExportQuerySchema>;

/**
 * A conversion as the staff's search lists it: the review's fields, and the names, amounts and history a reader needs
 * to recognise it. Money in minor units of `currency`; `revenue` is what the advertiser owes, never shown to partners.
 * A conversion whose click was unknown has no partner nor offer (admins and finance only see those).
 */
export const StaffConversionRowSchema = StaffConversionSchema.extend({
  partnerId: z.number().int().nullable(),
  offerId: z.number().int().nullable(),
  /** 'Company #id'. */
  partnerDisplayName: z.string().nullable(),
  offerName: z.string().nullable(),
  /** The goal's name as people read it (decision 079); null when the goal is unknown. `goal` is its code. */
  goalName: z.string().nullable(),
  /** The click's IP address; null when the click is unknown or no longer kept. */
  ip: z.string().nullable(),
  /** Why staff declined it (decision 079), when `reason` is 'declined' and a code was given. */
  declineReason: z.enum(CONVERSION_DECLINE_REASONS).nullable(),
  advertiserId: z.number().int(),
  advertiserName: z.string(),
  clickId: z.string().nullable(),
  revenue: z.number().int(),
  /** The sale amount the advertiser reported, if any. */
  amount: z.number().int().nullable(),
  country: z.string().nullable(),
  clickedAt: z.string().nullable(),
  reversalReason: z.enum(CONVERSION_REVERSAL_REASONS).nullable(),
  /** The note of the latest change after the fact. */
  note: z.string().nullable(),
  /** The payout before its first adjustment; null while never adjusted. */
  originalPayout: z.number().int().nullable(),
  /** When it was last changed after the fact. */
  changedAt: z.string().nullable(),
  /** 'postback', 'tag' or 'manual'. */
  source: z.string(),
  /** The conversion rules that flagged or refused it (decision 101); empty: none. Kept after a review. */
  signals: z.array(z.enum(CONVERSION_RULES)),
  /** What the fraud queue shows beside the signals (decision 101); null when no rule matched. */
  evidence: ConversionEvidenceSchema.nullable(),
});
export type StaffConversionRow = z.infer<typeof StaffConversionRowSchema>;

/** The most conversions one bulk decision takes (decision 079): two pages of the queue. */
export const CONVERSION_DECISIONS_MAX = 100;

/**
 * POST /staff/conversions/decisions: approve or decline many pending conversions at once, all or none (decision 079).
 * A decline names its reason code and may carry a note; both are what the partner reads in its conversion report.
 */
export const ConversionDecisionsSchema = z
  .strictObject({
    ids: z
      .array(
        z
          .number({ error: 'type' })
          .int({ error: 'type' })
          .positive({ error: 'min' })
          .max(2_147_483_647, { error: 'max' }),
        {
          error: 'required',
        },
      )
      .min(1, { error: 'required' })
      .max(CONVERSION_DECISIONS_MAX, { error: 'max' })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'unique' }),
    status: z.enum(CONVERSION_REVIEW_DECISIONS, { error: 'oneOf' }),
    reason: z.enum(CONVERSION_DECLINE_REASONS, { error: 'oneOf' }).optional(),
    note: z
      .string({ error: 'type' })
      .trim()
      .max(CONVERSION_DECISION_NOTE_MAX_LENGTH, { error: 'maxLength' })
      .optional()
      .transform((value) => (value ? value : undefined)),
  })
  .superRefine((value, ctx) => {
    if (value.status === 'rejected' && !value.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'required' });
    }
    if (value.status === 'approved' && value.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'unknownField' });
    }
    if (value.status === 'approved' && value.note) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'unknownField' });
    }
  });
export type ConversionDecisions = z.input<typeof ConversionDecisionsSchema>;

/** What a bulk decision answers: how many moved, and how many already had the asked status. */
export const ConversionDecisionsResultSchema = z.object({
  decided: z.number().int(),
  unchanged: z.number().int(),
});
export type ConversionDecisionsResult = z.infer<typeof ConversionDecisionsResultSchema>;

/** Staff review of pending conversions (decision 023) and the conversion search (decision 071). */
export const conversionReviewEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/staff/conversions',
    tags: ['staff'],
    summary:
      'Conversions of every status within the reader’s reach, filtered, searched by click, conversion or transaction id, sorted and paged',
    query: StaffConversionsQuerySchema,
    response: envelope(z.array(StaffConversionRowSchema)),
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/staff/conversions/export',
    tags: ['staff'],
    summary: `The same search as a CSV file (UTF-8 with BOM, CRLF), money in major units beside its currency, at most ${STAFF_CONVERSION_EXPORT_MAX_ROWS} lines`,
    query: StaffConversionsExportQuerySchema,
    response: z.any().describe('text/csv: the header line, then one line per conversion'),
    produces: ['text/csv'],
  }),
  review: defineEndpoint({
    method: 'PUT',
    path: '/staff/conversions/:id',
    errors: { 409: 'The conversion is no longer pending: it was decided already.' },
    tags: ['staff'],
    summary: 'Approve or decline a pending conversion: rollups follow, approval fires the partner postbacks',
    params: IdParamsSchema,
    body: ConversionReviewSchema,
    response: envelope(StaffConversionSchema),
  }),
  decide: defineEndpoint({
    method: 'POST',
    path: '/staff/conversions/decisions',
    errors: {
      404: 'A conversion is unknown or out of the reader’s reach (its position named in `errors`): nothing was decided.',
      409: 'A conversion was already decided the other way (its position named in `errors`): nothing was decided.',
    },
    tags: ['staff'],
    summary:
      'Approve or decline many pending conversions at once, all or none; a decline names its reason code and may carry a note, both read by the partner',
    body: ConversionDecisionsSchema,
    response: envelope(ConversionDecisionsResultSchema),
  }),
};
