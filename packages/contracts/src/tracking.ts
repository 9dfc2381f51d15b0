import { z } from 'zod';
import { isIpOrCidr } from './traffic-rules.js';

/** Path of the click redirect, at the root of the server (not under the API prefix). */
export const CLICK_PATH = '/click';
/** Path of the advertisers' server-to-server conversion postback, at the root of the server. */
export const POSTBACK_PATH = '/postback';

/** Macros the offer's URL may hold; each is replaced by its URL-encoded value on redirect. */
export const CLICK_MACROS = ['click_id', 'offer_id', 'aff_id', 'subid', 'tc1', 'tc2', 'tc3', 'tc4'] as const;

/** A sub-id or tracker value longer than this is refused (400), not truncated. */
export const TRACKING_VALUE_MAX_LENGTH = 255;
/** A conversion on a click older than this is rejected as click_too_old. */
export const CLICK_ATTRIBUTION_DAYS = 30;

/** Why /click refused traffic; counted per hour in the rejected-traffic rollup. */
/**
 * The refusals of the traffic rules and blocklists (decision 083): a bot's user agent, none or a malformed one, a data
 * centre, a click flood; then a blocklist entry of each kind. The partner is told the rule, never its threshold.
 */
export const TRAFFIC_RULE_REASONS = [
  'bot',
  'missing_user_agent',
  'data_centre',
  'ip_velocity',
  'blocked_ip',
  'blocked_asn',
  'blocked_subid',
  'blocked_tracking_code',
  'blocked_user_agent',
] as const;

export const CLICK_REJECTION_REASONS = [
  'invalid_request',
  'unknown_offer',
  'offer_disabled',
  'unknown_partner',
  'partner_inactive',
  'offer_not_visible',
  'approval_required',
  'geo_mismatch',
  'offer_not_started',
  'offer_ended',
  /** A click cap of the offer (the partner's or the whole offer's) is reached for its period (decision 045). */
  'over_cap',
  /** `lp` names a landing page that is not one of the offer's (decision 050). */
  'unknown_landing_page',
  ...TRAFFIC_RULE_REASONS,
] as const;
export type ClickRejectionReason = (typeof CLICK_REJECTION_REASONS)[number];

export const CONVERSION_STATUSES = ['approved', 'pending', 'rejected'] as const;
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];

/** Why a postback was recorded as rejected; rejected conversions never count as revenue. */
export const CONVERSION_REJECTION_REASONS = [
  'unknown_click',
  'duplicate',
  'click_too_old',
  'goal_not_found',
  'offer_disabled',
  'partner_inactive',
  'amount_required',
  /** Pending, then declined by staff on review. */
  'declined',
  /** It would have crossed a conversion, payout or revenue cap of the offer (decision 045): never paid. */
  'over_cap',
  /**
   * Reversed after the fact (decision 069) by staff, a scrub file or the advertiser's own postback, with a code of
   * CONVERSION_REVERSAL_REASONS and a note the partner reads.
   */
  'reversed',
  /** A reversal or adjustment postback named a transaction id the advertiser never sent (decision 069). */
  'unknown_transaction',
  /** The postback's `currency` is not the offer's (or the conversion's): never recorded in another (decision 077). */
  'currency_mismatch',
  /** Pending: a conversion rule flagged it, it waits in the fraud queue with its `signals` (decision 101). */
  'fraud_review',
  /** Refused by a conversion rule (decision 101, CONVERSION_RULE_REASONS). */
  'too_fast',
  'country_mismatch',
  'ip_conversions',
  'duplicate_transaction',
  'conversion_rate_spike',
  'flagged_click',
] as const;
export type ConversionRejectionReason = (typeof CONVERSION_REJECTION_REASONS)[number];

/** Why a conversion was reversed after the fact (decision 069): the code the partner reads beside the note. */
export const CONVERSION_REVERSAL_REASONS = [
  'refund',
  'chargeback',
  'fraud',
  'duplicate_sale',
  'test_order',
  'other',
] as const;
export type ConversionReversalReason = (typeof CONVERSION_REVERSAL_REASONS)[number];

/** Rejection reasons staff may overturn by approving the conversion by hand (decision 069). */
export const CONVERSION_HAND_APPROVABLE_REASONS = [
  'unknown_click',
  'click_too_old',
  'over_cap',
  'declined',
] as const satisfies readonly ConversionRejectionReason[];

/** The kinds of change the adjustments ledger records (decision 069). */
export const CONVERSION_ADJUSTMENT_KINDS = ['reverse', 'adjust', 'approve', 'add'] as const;
export type ConversionAdjustmentKind = (typeof CONVERSION_ADJUSTMENT_KINDS)[number];

/** Who made a change after the fact: staff, the advertiser's own postback, or a scrub file staff applied. */
export const CONVERSION_ADJUSTMENT_SOURCES = ['staff', 'advertiser', 'scrub'] as const;
export type ConversionAdjustmentSource = (typeof CONVERSION_ADJUSTMENT_SOURCES)[number];

/**
 * The postback `status` values by which an advertiser reverses its own conversion (named by `transaction_id`), and
 * the one by which it lowers the amount (a partial refund, with a smaller `amount`) (decision 069).
 */
export const POSTBACK_REVERSAL_STATUSES = ['reversed', 'refunded', 'chargeback', 'rejected'] as const;
export const POSTBACK_ADJUSTMENT_STATUS = 'adjusted';

/** No NUL character: PostgreSQL text cannot hold one, so it would fail the whole batch it is written in. */
const noNul = (value: string) => !value.includes('\u0000');
/** A sub-ID or tracker value, as a click carries it and a report filters on it. */
export const TrackingValueSchema = z
  .string()
  .max(TRACKING_VALUE_MAX_LENGTH, { error: 'maxLength' })
  .refine(noNul, { error: 'pattern' });
const trackingValue = TrackingValueSchema.optional();
const positiveId = z.coerce
  .number({ error: 'type' })
  .int({ error: 'type' })
  .positive({ error: 'type' })
  .max(2_147_483_647, { error: 'type' });

/** GET /click query. Unknown parameters are ignored: landing pages append their own. */
export const ClickQuerySchema = z.object({
  offer_id: positiveId,
  aff_id: positiveId,
  subid: trackingValue,
  tc1: trackingValue,
  tc2: trackingValue,
  tc3: trackingValue,
  tc4: trackingValue,
  /** One of the offer's landing pages (decision 050): the click lands there instead of the offer's URL. */
  lp: positiveId.optional(),
});
export type ClickQuery = z.infer<typeof ClickQuerySchema>;

/** A sale amount in major units with at most two decimals ('49.90'): parsed as a decimal string, never a float. */
export const DECIMAL_AMOUNT_PATTERN = /^\d{1,13}(\.\d{1,2})?$/;

/**
 * A sale amount as advertisers send it: a decimal string ('49.90'), or in a JSON body a number (49.9), read through
 * its shortest decimal text so that 12.5 is 12.50 and 12.345 is refused, never rounded (decision 077).
 */
export const PostbackAmountSchema = z
  .union(
    [z.string().regex(DECIMAL_AMOUNT_PATTERN, { error: 'pattern' }), z.number({ error: 'type' }).nonnegative({ error: 'pattern' })],
    { error: 'type' },
  )
  .transform((value) => (typeof value === 'number' ? String(value) : value))
  .pipe(z.string().regex(DECIMAL_AMOUNT_PATTERN, { error: 'pattern' }))
  .meta({
    description:
      'The sale amount in major units of the offer’s currency, at most two decimals: a string (`49.90`), or a number (`49.9`) in a JSON body.',
  }); // prettier-ignore

/** The postback's currency: three letters, any case; empty is absent (an unfilled macro). */
export const POSTBACK_CURRENCY_PATTERN = /^([A-Za-z]{3})?$/;

/**
 * The postback's fields, from the query (GET) or the query and a form or JSON body (POST). Each field is sent once
 * (a repeated one is refused); other parameters are ignored.
 */
export const PostbackParamsSchema = z.object({
  click_id: z
    .string({ error: 'required' })
    .min(1, { error: 'required' })
    .max(64, { error: 'maxLength' })
    .refine(noNul, { error: 'pattern' }),
  goal: z
    .string({ error: 'required' })
    .min(1, { error: 'required' })
    .max(64, { error: 'maxLength' })
    .refine(noNul, { error: 'pattern' }),
  amount: PostbackAmountSchema.optional(),
  /**
   * ISO 4217 code of `amount` (decision 077): absent (or empty) means the offer's; the offer's in any case is accepted;
   * another is answered `rejected`/`currency_mismatch` and never converted.
   */
  currency: z
    .string({ error: 'type' })
    .regex(POSTBACK_CURRENCY_PATTERN, { error: 'pattern' })
    .optional()
    .meta({ description: 'ISO 4217 code of `amount`, any case; absent or empty: the offer’s. Another currency is answered `rejected` with reason `currency_mismatch`.' }), // prettier-ignore
  transaction_id: z
    .string()
    .min(1, { error: 'required' })
    .max(TRACKING_VALUE_MAX_LENGTH, { error: 'maxLength' })
    .refine(noNul, { error: 'pattern' })
    .optional(),
  token: z.string().max(256, { error: 'maxLength' }).refine(noNul, { error: 'pattern' }).optional(),
  /**
   * The conversion's status as the advertiser tells it. `reversed`, `refunded`, `chargeback` or `rejected` with the
   * original `transaction_id` reverses that conversion; `adjusted` with a smaller `amount` is a partial refund
   * (decision 069). Any other value records a conversion as usual.
   */
  status: z.string().max(32, { error: 'maxLength' }).refine(noNul, { error: 'pattern' }).optional(),
  /** Why the advertiser reversed or adjusted it: kept as the note the partner reads. */
  reason: z.string().max(1000, { error: 'maxLength' }).refine(noNul, { error: 'pattern' }).optional(),
  /**
   * The visitor's address at conversion (decision 101), as the advertiser saw it: its country is compared with the
   * click's, and conversions per address and offer are counted. Absent: the click's address counts.
   */
  ip: z
    .string()
    .max(45, { error: 'maxLength' })
    .refine((value) => !value.includes('/') && isIpOrCidr(value), { error: 'pattern' })
    .optional()
    .meta({ description: 'The visitor’s address at conversion (v4 or v6): its country is compared with the click’s, and conversions per address are counted (decision 101).' }), // prettier-ignore
  /** The visitor's country at conversion (ISO 3166-1 alpha-2, any case), when the advertiser knows it; over `ip`'s. */
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, { error: 'pattern' })
    .optional()
    .meta({ description: 'The visitor’s country at conversion (ISO 3166-1 alpha-2), when the advertiser knows it: compared with the click’s (decision 101).' }), // prettier-ignore
});
export type PostbackParams = z.infer<typeof PostbackParamsSchema>;

/** A postback that changes a conversion already recorded names it by its transaction id; click and goal are optional. */
export const PostbackChangeParamsSchema = PostbackParamsSchema.extend({
  click_id: PostbackParamsSchema.shape.click_id.optional(),
  goal: PostbackParamsSchema.shape.goal.optional(),
  transaction_id: z
    .string({ error: 'required' })
    .min(1, { error: 'required' })
    .max(TRACKING_VALUE_MAX_LENGTH, { error: 'maxLength' })
    .refine(noNul, { error: 'pattern' }),
});
export type PostbackChangeParams = z.infer<typeof PostbackChangeParamsSchema>;
/** The same fields, all optional, as a form or JSON body carries them before they are merged with the query and checked. */
export const PostbackPartialSchema = PostbackParamsSchema.partial();
/** The same fields in a query string, where every value is text (`amount` too). */
export const PostbackQuerySchema = PostbackPartialSchema.extend({
  amount: z
    .string()
    .regex(DECIMAL_AMOUNT_PATTERN, { error: 'pattern' })
    .optional()
    .meta({ description: 'The sale amount in major units of the offer’s currency, at most two decimals (`49.90`).' }),
});

/** What the OpenAPI document says of GET|POST /postback (its schemas are those above). */
export const POSTBACK_DESCRIPTION = [
  'Records a conversion for `click_id` and `goal` (`amount` in major units of the offer’s currency, at most two decimals; `transaction_id` makes it idempotent).',
  'A GET carries the fields in its query; a POST in its query, a form body (`application/x-www-form-urlencoded`) or a JSON body, or both, the body’s over the query’s; in a JSON body `amount` may be a number (`12.5`) or a string (`"12.50"`). Each field is sent once: a repeated one (twice in the query or the form, or two values between query and body) answers 400. Other parameters are ignored.',
  '`currency` (ISO 4217, any case) is that of `amount`: absent or empty means the offer’s; another currency answers `rejected` with reason `currency_mismatch`, and is recorded as such, never converted (decision 077).',
  'The advertiser also changes its own conversion, named by its `transaction_id` (click and goal then optional): `status=reversed` (or `refunded`, `chargeback`, `rejected`) reverses it, with `reason` kept as the note the partner reads (a reason naming refund, chargeback, fraud, duplicate_sale, test_order or other is that code); `status=adjusted` with an `amount` below the original lowers payout and revenue in proportion (a partial refund). A transaction id never sent answers `rejected`/`unknown_transaction` with `conversionId` null; a change in another currency than the conversion’s answers `rejected`/`currency_mismatch` and changes nothing; a repeated change answers `duplicate: true` (decision 069).',
  'A 503 with `Retry-After` asks for the same postback again after that many seconds: the database is briefly away, or the click (an id of the last minute) was taken by another server whose clicks are not written yet (decision 107). Nothing was recorded; the retry is.',
].join('\n\n');

/** The names of the postback's fields: each may be sent once (decision 077). */
export const POSTBACK_FIELDS = Object.keys(PostbackParamsSchema.shape) as (keyof PostbackParams)[];

export const PostbackResultSchema = z.object({
  status: z.enum(CONVERSION_STATUSES),
  reason: z.enum(CONVERSION_REJECTION_REASONS).nullable(),
  /** Null only when a reversal or adjustment named a transaction id never recorded (reason unknown_transaction). */
  conversionId: z.number().int().nullable(),
  /** True when this postback repeated one already recorded: nothing new was written. */
  duplicate: z.boolean(),
});
export type PostbackResult = z.infer<typeof PostbackResultSchema>;

// ---------------------------------------------------------------- staff review of pending conversions

/** What staff may decide about a pending conversion: approve it, or decline it (rejected, reason 'declined'). */
export const CONVERSION_REVIEW_DECISIONS = ['approved', 'rejected'] as const;

/**
 * Why staff declined a pending conversion (decision 079): the code the partner reads in its conversion report beside
 * 'Declined on review', with the optional note.
 */
export const CONVERSION_DECLINE_REASONS = [
  'invalid_traffic',
  'fraud',
  'duplicate_lead',
  'out_of_geo',
  'incentivized_traffic',
  'terms_violation',
  'advertiser_rejected',
  'test_conversion',
  'other',
] as const;
export type ConversionDeclineReason = (typeof CONVERSION_DECLINE_REASONS)[number];

/** The longest note a decision carries; the partner reads it in its conversion report. */
export const CONVERSION_DECISION_NOTE_MAX_LENGTH = 500;

/**
 * PUT /staff/conversions/{id} body. A decline may name its reason code and a note for the partner (decision 079);
 * an approval carries neither.
 */
export const ConversionReviewSchema = z
  .strictObject({
    status: z.enum(CONVERSION_REVIEW_DECISIONS, { error: 'required' }),
    reason: z.enum(CONVERSION_DECLINE_REASONS, { error: 'oneOf' }).optional(),
    note: z
      .string({ error: 'type' })
      .trim()
      .max(CONVERSION_DECISION_NOTE_MAX_LENGTH, { error: 'maxLength' })
      .optional()
      .transform((value) => (value ? value : undefined)),
  })
  .superRefine((value, ctx) => {
    if (value.status !== 'approved') return;
    if (value.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'unknownField' });
    if (value.note) ctx.addIssue({ code: 'custom', path: ['note'], message: 'unknownField' });
  });
export type ConversionReview = z.input<typeof ConversionReviewSchema>;

/** A conversion as staff review it. Money in minor units of `currency`. */
export const StaffConversionSchema = z.object({
  id: z.number().int(),
  partnerId: z.number().int(),
  offerId: z.number().int(),
  goal: z.string(),
  transactionId: z.string().nullable(),
  status: z.enum(CONVERSION_STATUSES),
  reason: z.enum(CONVERSION_REJECTION_REASONS).nullable(),
  payout: z.number().int(),
  currency: z.string(),
  subid: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaffConversion = z.infer<typeof StaffConversionSchema>;
