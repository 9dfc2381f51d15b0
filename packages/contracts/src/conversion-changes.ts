import { z } from 'zod';
import { IdParamsSchema, envelope } from './api.js';
import { defineEndpoint } from './endpoint.js';
import { OFFER_AMOUNT_MAX } from './staff-offers.js';
import {
  CONVERSION_ADJUSTMENT_KINDS,
  CONVERSION_ADJUSTMENT_SOURCES,
  CONVERSION_REJECTION_REASONS,
  CONVERSION_REVERSAL_REASONS,
  CONVERSION_STATUSES,
  DECIMAL_AMOUNT_PATTERN,
  TRACKING_VALUE_MAX_LENGTH,
} from './tracking.js';

/**
 * Conversions changed after the fact (decision 069): reversed, adjusted, approved or added by hand by staff, each one
 * transaction writing a line of the adjustments ledger the partner reads.
 */

/** The longest note a change carries (the partner reads it). */
export const CONVERSION_NOTE_MAX_LENGTH = 1000;

const note = z.string({ error: 'type' }).trim().max(CONVERSION_NOTE_MAX_LENGTH, { error: 'maxLength' });
const minorAmount = z
  .number({ error: 'type' })
  .int({ error: 'type' })
  .min(0, { error: 'min' })
  .max(OFFER_AMOUNT_MAX, { error: 'max' });

/** POST /staff/conversions/{id}/reverse body. */
export const ConversionReverseSchema = z.strictObject({
  reason: z.enum(CONVERSION_REVERSAL_REASONS, { error: 'required' }),
  note: note.optional(),
});
export type ConversionReverse = z.infer<typeof ConversionReverseSchema>;

/** POST /staff/conversions/{id}/adjust body: the new absolute amounts (minor units), at least one, and why. */
export const ConversionAdjustSchema = z
  .strictObject({
    payoutAmount: minorAmount.optional(),
    revenueAmount: minorAmount.optional(),
    note: note.min(1, { error: 'required' }),
  })
  .refine((body) => body.payoutAmount !== undefined || body.revenueAmount !== undefined, {
    error: 'required',
    path: ['payoutAmount'],
  });
export type ConversionAdjust = z.infer<typeof ConversionAdjustSchema>;

/** POST /staff/conversions/{id}/approve body. */
export const ConversionApproveSchema = z.strictObject({ note: note.optional() });
export type ConversionApprove = z.infer<typeof ConversionApproveSchema>;

/** POST /staff/conversions body: a conversion added by hand on a known click, deduplicated like a postback. */
export const ConversionAddSchema = z.strictObject({
  clickId: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(64, { error: 'maxLength' }),
  goal: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(64, { error: 'maxLength' }),
  /** The sale amount in major units as a decimal string ('49.90'), for a goal paid by a percent of the sale. */
  amount: z.string({ error: 'type' }).regex(DECIMAL_AMOUNT_PATTERN, { error: 'pattern' }).optional(),
  transactionId: z
    .string({ error: 'type' })
    .trim()
    .min(1, { error: 'required' })
    .max(TRACKING_VALUE_MAX_LENGTH, { error: 'maxLength' })
    .optional(),
  note: note.optional(),
});
export type ConversionAdd = z.infer<typeof ConversionAddSchema>;

/** One line of the adjustments ledger. Money in minor units of `currency`. */
export const ConversionAdjustmentSchema = z.object({
  id: z.number().int(),
  conversionId: z.number().int(),
  partnerId: z.number().int(),
  currency: z.string(),
  kind: z.enum(CONVERSION_ADJUSTMENT_KINDS),
  statusBefore: z.enum(CONVERSION_STATUSES).nullable(),
  statusAfter: z.enum(CONVERSION_STATUSES),
  payoutBefore: z.number().int(),
  payoutAfter: z.number().int(),
  /** Change of the approved payout this line makes. */
  payoutDelta: z.number().int(),
  revenueDelta: z.number().int(),
  reasonCode: z.enum(CONVERSION_REVERSAL_REASONS).nullable(),
  note: z.string().nullable(),
  source: z.enum(CONVERSION_ADJUSTMENT_SOURCES),
  actorId: z.number().int().nullable(),
  /** True when the conversion's earlier amount was already invoiced: the next billing request carries this line. */
  billable: z.boolean(),
  billingRequestId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type ConversionAdjustment = z.infer<typeof ConversionAdjustmentSchema>;

/** A conversion as a change leaves it. Money in minor units of `currency`. */
export const ChangedConversionSchema = z.object({
  id: z.number().int(),
  partnerId: z.number().int(),
  offerId: z.number().int(),
  status: z.enum(CONVERSION_STATUSES),
  reason: z.enum(CONVERSION_REJECTION_REASONS).nullable(),
  reversalReason: z.enum(CONVERSION_REVERSAL_REASONS).nullable(),
  note: z.string().nullable(),
  payout: z.number().int(),
  /** The payout before its first adjustment or reversal; null while it has none. */
  originalPayout: z.number().int().nullable(),
  revenue: z.number().int(),
  currency: z.string(),
  transactionId: z.string().nullable(),
  changedAt: z.string().nullable(),
});
export type ChangedConversion = z.infer<typeof ChangedConversionSchema>;

export const ConversionChangeResultSchema = z.object({
  conversion: ChangedConversionSchema,
  adjustment: ConversionAdjustmentSchema,
});
export type ConversionChangeResult = z.infer<typeof ConversionChangeResultSchema>;

export const conversionChangesEndpoints = {
  reverse: defineEndpoint({
    method: 'POST',
    path: '/staff/conversions/:id/reverse',
    errors: { 409: 'The conversion cannot be reversed in its state (not approved, or reversed already).' },
    tags: ['staff'],
    summary: 'Reverse an approved or pending conversion (a refund, a chargeback…), with a reason the partner reads',
    description:
      'Moves the conversion to rejected, reason `reversed`, in one transaction with its rollups, its cap usage, a line of the adjustments ledger (billable when the conversion was already invoiced: the partner’s next billing request carries it) and an audit entry. The partner’s postbacks fire with `{status}` = rejected. Reversing a rejected conversion answers 409. Admins and finance: every conversion; team and account managers: their partners’ (404 for others).',
    params: IdParamsSchema,
    body: ConversionReverseSchema,
    response: envelope(ConversionChangeResultSchema),
  }),
  adjust: defineEndpoint({
    method: 'POST',
    path: '/staff/conversions/:id/adjust',
    errors: { 409: 'The conversion cannot be adjusted in its state (not approved).' },
    tags: ['staff'],
    summary: 'Set new payout and/or revenue amounts (minor units) of an approved conversion: a partial refund',
    description:
      'New absolute amounts in minor units of the conversion’s currency. A payout above the revenue is refused (400) unless the goal allows a negative margin. Only an approved conversion can be adjusted (409 otherwise). Fires no partner postback.',
    params: IdParamsSchema,
    body: ConversionAdjustSchema,
    response: envelope(ConversionChangeResultSchema),
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/staff/conversions/:id/approve',
    errors: { 409: 'The conversion cannot be approved in its state (not rejected).' },
    tags: ['staff'],
    summary: 'Approve by hand a conversion rejected as unknown_click, click_too_old, over_cap or declined',
    description:
      'Pays the payout the goal (and the partner’s override) gives, on the sale amount the advertiser sent. An unknown click must have been recorded since (409 otherwise). Other rejections answer 409.',
    params: IdParamsSchema,
    body: ConversionApproveSchema,
    response: envelope(ConversionChangeResultSchema),
  }),
  add: defineEndpoint({
    method: 'POST',
    path: '/staff/conversions',
    tags: ['staff'],
    summary: 'Add a conversion by hand on a known click, approved, deduplicated like a postback',
    description:
      'The same transaction id (or, without one, the same click and goal) as a recorded conversion of the advertiser answers 409 naming it (`errors.conversionId`).',
    body: ConversionAddSchema,
    response: envelope(ConversionChangeResultSchema),
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/staff/conversions/:id/adjustments',
    tags: ['staff'],
    summary: 'The adjustments ledger lines of one conversion, oldest first',
    params: IdParamsSchema,
    response: envelope(z.array(ConversionAdjustmentSchema)),
  }),
};
