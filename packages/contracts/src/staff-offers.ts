import { z } from 'zod';
import { envelope, pageQueryShape } from './api.js';
import { CONVERSION_TYPES, PAYMENT_CURRENCIES } from './constants.js';
import { defineEndpoint } from './endpoint.js';
import {
  OFFER_DESCRIPTION_MAX,
  OFFER_URL_MAX_LENGTH,
  expandClickUrl,
  negativeMargin,
  unknownClickMacros,
} from './offer-fields.js';
import { TagClickParamSchema, TagOriginsSchema } from './client-tag.js';
import { requiredString, templateUrlSchema } from './validation.js';

// ---------------------------------------------------------------- the staff's catalogue (decision 044)

/** The most goals an offer pays on, tiers a goal has, partners an allow-list holds. */
export const OFFER_GOALS_MAX = 20;
export const OFFER_GOAL_TIERS_MAX = 10;
export const OFFER_ALLOW_LIST_MAX = 1000;
/** The largest amount a goal pays or earns: 1,000,000.00 in minor units. */
export const OFFER_AMOUNT_MAX = 100_000_000;
/** The largest percent of a sale a goal pays or earns, in basis points: 100 %. */
export const OFFER_PERCENT_MAX = 10_000;
/** The tier every partner earns: the goal's own payout (spec section 3, Offer goal). */
export const BASE_PAYOUT_TIER = 'p1';

/** How staff filter the catalogue: live, switched off, private, or past its end. */
export const STAFF_OFFER_STATUSES = ['enabled', 'disabled', 'private', 'scheduled', 'ended'] as const;
export type StaffOfferStatus = (typeof STAFF_OFFER_STATUSES)[number];
export const STAFF_OFFER_SORT_NAMES = ['id', 'name', 'createdAt'] as const;

/** An offer's landing or fallback URL: http(s), no credentials, only the click macros. */
export const ClickUrlSchema = templateUrlSchema(unknownClickMacros, (url) => expandClickUrl(url), OFFER_URL_MAX_LENGTH);
/** A URL partners open as it is (the preview): http(s), no credentials; braces are left as typed. */
export const PlainUrlSchema = templateUrlSchema(
  () => [],
  (url) => url,
  OFFER_URL_MAX_LENGTH,
);

const minorUnits = z
  .number({ error: 'type' })
  .int({ error: 'type' })
  .min(0, { error: 'min' })
  .max(OFFER_AMOUNT_MAX, { error: 'max' })
  .nullable();
/** Basis points of the sale amount: 1250 is 12.5 %. */
const basisPoints = z.number({ error: 'type' }).int({ error: 'type' }).min(0, { error: 'min' }).max(OFFER_PERCENT_MAX, { error: 'max' }).nullable(); // prettier-ignore
const id = z.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'min' }).max(2_147_483_647, { error: 'max' }); // prettier-ignore
const instant = z.iso.datetime({ offset: true, error: 'type' });

/** Each side of a goal (what it earns, what it pays) has an amount, a percent or both, never neither. */
function requireSide(ctx: z.RefinementCtx, amount: number | null, percent: number | null, path: (string | number)[]) {
  if (amount === null && percent === null) ctx.addIssue({ code: 'custom', message: 'sideRequired', path });
}

/** Flags each later copy of a value already in the list: `path(i)` names where. */
function uniqueIn<T>(
  list: T[],
  key: (item: T) => unknown,
  ctx: z.RefinementCtx,
  path: (i: number) => (string | number)[],
) {
  const seen = new Set<unknown>();
  list.forEach((item, i) => {
    const k = key(item);
    if (seen.has(k)) ctx.addIssue({ code: 'custom', message: 'unique', path: path(i) });
    seen.add(k);
  });
}

/** A payout tier above the base one (p2 …): what a partner given that tier earns on the goal. */
export const OfferGoalTierInputSchema = z
  .strictObject({
    type: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(16, { error: 'maxLength' }),
    payoutAmount: minorUnits.default(null),
    payoutPercent: basisPoints.default(null),
  })
  .superRefine((tier, ctx) => requireSide(ctx, tier.payoutAmount, tier.payoutPercent, ['payoutAmount']));

/**
 * A goal the offer pays on: `goal` is a goal identifier (registration, sale …); revenue is what the advertiser pays the
 * network, payout what the partner earns (its base tier, p1); amounts are minor units of the offer's currency,
 * percents basis points of the sale. A payout above the revenue is refused unless `allowNegativeMargin`.
 */
export const OfferGoalInputSchema = z
  .strictObject({
    goal: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(64, { error: 'maxLength' }),
    revenueAmount: minorUnits.default(null),
    revenuePercent: basisPoints.default(null),
    payoutAmount: minorUnits.default(null),
    payoutPercent: basisPoints.default(null),
    allowNegativeMargin: z.boolean({ error: 'type' }).default(false),
    manualValidation: z.boolean({ error: 'type' }).default(false),
    /** Conversions from the tag or a pixel count as a postback's; off, they wait as pending (decision 085). */
    trustClientConversions: z.boolean({ error: 'type' }).default(false),
    private: z.boolean({ error: 'type' }).default(false),
    /**
     * The offer's main goal (decision 105): its payout is the headline partners read, and it is listed first. At most
     * one, never a private one; none marked, the highest-paying public goal is the main one.
     */
    main: z.boolean({ error: 'type' }).default(false),
    /** Tiers other than the base one (which is the goal's payout). */
    types: z.array(OfferGoalTierInputSchema, { error: 'type' }).max(OFFER_GOAL_TIERS_MAX, { error: 'maxLength' }).default([]), // prettier-ignore
  })
  .superRefine((goal, ctx) => {
    requireSide(ctx, goal.revenueAmount, goal.revenuePercent, ['revenueAmount']);
    requireSide(ctx, goal.payoutAmount, goal.payoutPercent, ['payoutAmount']);
    // The fields' own schemas already report a value out of range (with the same bounds): the margin rule is left.
    for (const issue of moneyRuleIssues(goal))
      if (issue.rule === 'negativeMargin') ctx.addIssue({ code: 'custom', message: issue.rule, path: [issue.field] });
    goal.types.forEach((tier, i) => {
      if (tier.type === BASE_PAYOUT_TIER) ctx.addIssue({ code: 'custom', message: 'baseTier', path: ['types', i, 'type'] }); // prettier-ignore
    });
    uniqueIn(
      goal.types,
      (t) => t.type,
      ctx,
      (i) => ['types', i, 'type'],
    );
  });
export type OfferGoalInput = z.input<typeof OfferGoalInputSchema>;

/** Both sides of a goal, as the offer editor sets them or as a partner's payout override would make them. */
export type GoalMoney = {
  revenueAmount: number | null;
  revenuePercent: number | null;
  payoutAmount: number | null;
  payoutPercent: number | null;
  allowNegativeMargin: boolean;
};
export type MoneyRuleIssue = {
  field: 'revenueAmount' | 'revenuePercent' | 'payoutAmount' | 'payoutPercent';
  rule: 'type' | 'min' | 'max' | 'negativeMargin';
};

/**
 * The money rules of a goal, one place for the offer editor's goals and for a partner's payout override (decision
 * 063): amounts are whole minor units from 0 to OFFER_AMOUNT_MAX, percents basis points from 0 to 100 %, and the
 * payout is not above the revenue (amount against amount, percent against percent) unless the goal allows a negative
 * margin. Answers each broken rule with the field it is about; none when the money is sound.
 */
export function moneyRuleIssues(money: GoalMoney): MoneyRuleIssue[] {
  const issues: MoneyRuleIssue[] = [];
  const inRange = (field: MoneyRuleIssue['field'], value: number | null, max: number) => {
    if (value === null) return;
    if (!Number.isInteger(value)) issues.push({ field, rule: 'type' });
    else if (value < 0) issues.push({ field, rule: 'min' });
    else if (value > max) issues.push({ field, rule: 'max' });
  };
  inRange('revenueAmount', money.revenueAmount, OFFER_AMOUNT_MAX);
  inRange('revenuePercent', money.revenuePercent, OFFER_PERCENT_MAX);
  inRange('payoutAmount', money.payoutAmount, OFFER_AMOUNT_MAX);
  inRange('payoutPercent', money.payoutPercent, OFFER_PERCENT_MAX);
  if (issues.length > 0) return issues;
  const margin = negativeMargin(money);
  if (margin && !money.allowNegativeMargin) issues.push({ field: margin, rule: 'negativeMargin' });
  return issues;
}

/** The default of OVERRIDE_APPROVAL_ABOVE_PERCENT: how far above the goal's payout a manager's override applies. */
export const OVERRIDE_APPROVAL_ABOVE_PERCENT = 20;

/**
 * Whether an account or team manager's payout override waits for an admin (decision 063): a side more than
 * `abovePercent` above the goal's own payout on that side (an amount against the amount, a percent against the
 * percent; a side the goal does not pay on counts as above unless zero), or a payout above the revenue (a goal that
 * allows a negative margin lets one be requested, never applied by a manager alone).
 */
export function overrideNeedsApproval(
  goal: GoalMoney,
  override: { payoutAmount: number | null; payoutPercent: number | null },
  abovePercent: number,
): boolean {
  if (negativeMargin({ ...goal, ...override })) return true;
  const above = (requested: number | null, base: number | null) =>
    requested !== null && requested > 0 && (base === null || requested * 100 > base * (100 + abovePercent));
  return above(override.payoutAmount, goal.payoutAmount) || above(override.payoutPercent, goal.payoutPercent);
}

/** Flags each repeated value of a list of ids or codes. */
const uniqueValues = (list: readonly unknown[], ctx: z.RefinementCtx) =>
  uniqueIn(
    [...list],
    (v) => v,
    ctx,
    (i) => [i],
  );

const offerFields = {
  name: requiredString(255),
  productId: id,
  conversionType: z.enum(CONVERSION_TYPES, { error: 'oneOf' }),
  currency: z.enum(PAYMENT_CURRENCIES, { error: 'oneOf' }),
  defaultUrl: ClickUrlSchema,
  previewUrl: PlainUrlSchema.nullable(),
  /** Where refused traffic goes (over cap, wrong country, not started, ended); without one it gets an error object. */
  fallbackUrl: ClickUrlSchema.nullable(),
  /** HTML, sanitised on save as news are. */
  descriptionHtml: z.string({ error: 'type' }).max(OFFER_DESCRIPTION_MAX, { error: 'maxLength' }),
  /** ISO 3166-1 alpha-2 codes; empty: every country. */
  countries: z
    .array(
      z
        .string({ error: 'type' })
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, { error: 'oneOf' }),
      { error: 'type' },
    )
    .max(300, { error: 'maxLength' })
    .superRefine((list, ctx) =>
      uniqueIn(
        list,
        (c) => c,
        ctx,
        (i) => [i],
      ),
    ),
  /** Vertical ids. */
  verticals: z.array(id, { error: 'type' }).max(50, { error: 'maxLength' }).superRefine(uniqueValues),
  /** Seen only by partners whose application is active, or who are on `allowedPartnerIds`. */
  private: z.boolean({ error: 'type' }),
  allowedPartnerIds: z
    .array(id, { error: 'type' })
    .max(OFFER_ALLOW_LIST_MAX, { error: 'maxLength' })
    .superRefine(uniqueValues),
  requireApproval: z.boolean({ error: 'type' }),
  enabled: z.boolean({ error: 'type' }),
  /** Clicks from outside `countries` go to the fallback (geo_mismatch); off: every country is taken. */
  geoTargeting: z.boolean({ error: 'type' }),
  /** The advertiser's origins allowed to report conversions through the tag and pixels (decision 085). */
  tagOrigins: TagOriginsSchema.superRefine(uniqueValues),
  /** The landing page's parameter holding the click id, for the tag. */
  tagClickParam: TagClickParamSchema,
  startsAt: instant.nullable(),
  endsAt: instant.nullable(),
  imageId: id.nullable(),
  goals: z
    .array(OfferGoalInputSchema, { error: 'type' })
    .min(1, { error: 'required' })
    .max(OFFER_GOALS_MAX, { error: 'maxLength' })
    .superRefine((list, ctx) => {
      uniqueIn(
        list,
        (g) => g.goal,
        ctx,
        (i) => [i, 'goal'],
      );
      let mains = 0;
      list.forEach((g, i) => {
        if (!g.main) return;
        mains += 1;
        if (g.private) ctx.addIssue({ code: 'custom', message: 'mainGoalPrivate', path: [i, 'main'] });
        else if (mains > 1) ctx.addIssue({ code: 'custom', message: 'oneMainGoal', path: [i, 'main'] });
      });
    }),
};

/** `endsAt` before (or at) `startsAt` is refused on `endsAt`. */
function datesInOrder(
  value: { startsAt?: string | null | undefined; endsAt?: string | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.startsAt && value.endsAt && Date.parse(value.endsAt) <= Date.parse(value.startsAt))
    ctx.addIssue({ code: 'custom', message: 'endsBeforeStart', path: ['endsAt'] });
}

/** POST /staff/offers: the offer, its countries, verticals, allow-list and goals, written in one transaction. */
export const OfferCreateSchema = z
  .strictObject({
    name: offerFields.name,
    productId: offerFields.productId,
    conversionType: offerFields.conversionType,
    currency: offerFields.currency.default('EUR'),
    defaultUrl: offerFields.defaultUrl,
    previewUrl: offerFields.previewUrl.default(null),
    fallbackUrl: offerFields.fallbackUrl.default(null),
    descriptionHtml: offerFields.descriptionHtml.default(''),
    countries: offerFields.countries.default([]),
    verticals: offerFields.verticals.default([]),
    private: offerFields.private.default(false),
    allowedPartnerIds: offerFields.allowedPartnerIds.default([]),
    requireApproval: offerFields.requireApproval.default(false),
    enabled: offerFields.enabled.default(true),
    geoTargeting: offerFields.geoTargeting.default(true),
    tagOrigins: offerFields.tagOrigins.default([]),
    tagClickParam: offerFields.tagClickParam.default('click_id'),
    startsAt: offerFields.startsAt.default(null),
    endsAt: offerFields.endsAt.default(null),
    imageId: offerFields.imageId.default(null),
    goals: offerFields.goals,
  })
  .superRefine(datesInOrder);
export type OfferCreate = z.input<typeof OfferCreateSchema>;
export type OfferCreateParsed = z.output<typeof OfferCreateSchema>;

/** PUT /staff/offers/{id}: the fields sent change; `goals`, when sent, is the whole new list (matched by goal). */
export const OfferUpdateSchema = z
  .strictObject(
    Object.fromEntries(Object.entries(offerFields).map(([key, schema]) => [key, schema.optional()])) as {
      [K in keyof typeof offerFields]: z.ZodOptional<(typeof offerFields)[K]>;
    },
  )
  .superRefine(datesInOrder);
export type OfferUpdate = z.input<typeof OfferUpdateSchema>;
export type OfferUpdateParsed = z.output<typeof OfferUpdateSchema>;

/** An offer as the console lists it: enough to find it and pick it (news audiences, filters). */
export const StaffOfferRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  advertiser: z.object({ id: z.number().int(), name: z.string() }),
  product: z.object({ id: z.number().int(), identifier: z.string() }),
  currency: z.string(),
  conversionType: z.string(),
  enabled: z.boolean(),
  private: z.boolean(),
  requireApproval: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  countries: z.array(z.string()),
  goalCount: z.number().int(),
  createdAt: z.string(),
});
export type StaffOfferRow = z.infer<typeof StaffOfferRowSchema>;

/** One goal of an offer as staff edit it: revenue beside payout. */
export const StaffOfferGoalSchema = z.object({
  id: z.number().int(),
  goal: z.string(),
  name: z.string(),
  revenueAmount: z.number().int().nullable(),
  revenuePercent: z.number().int().nullable(),
  payoutAmount: z.number().int().nullable(),
  payoutPercent: z.number().int().nullable(),
  allowNegativeMargin: z.boolean(),
  manualValidation: z.boolean(),
  trustClientConversions: z.boolean(),
  private: z.boolean(),
  /** Marked by staff as the offer's main goal (decision 105). */
  main: z.boolean(),
  types: z.array(z.object({ type: z.string(), payoutAmount: z.number().int().nullable(), payoutPercent: z.number().int().nullable() })), // prettier-ignore
});
export type StaffOfferGoal = z.infer<typeof StaffOfferGoalSchema>;

/** GET /staff/offers/{id}: every field the editor sets, in the shape PUT takes, with names beside ids. */
export const StaffOfferDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  productId: z.number().int(),
  product: z.object({ id: z.number().int(), identifier: z.string(), enabled: z.boolean() }),
  advertiser: z.object({ id: z.number().int(), name: z.string(), enabled: z.boolean() }),
  conversionType: z.string(),
  currency: z.string(),
  defaultUrl: z.string(),
  previewUrl: z.string().nullable(),
  fallbackUrl: z.string().nullable(),
  descriptionHtml: z.string(),
  countries: z.array(z.string()),
  verticals: z.array(z.number().int()),
  private: z.boolean(),
  allowedPartnerIds: z.array(z.number().int()),
  allowedPartners: z.array(z.object({ id: z.number().int(), name: z.string() })),
  requireApproval: z.boolean(),
  enabled: z.boolean(),
  geoTargeting: z.boolean(),
  tagOrigins: z.array(z.string()),
  tagClickParam: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  imageId: z.number().int().nullable(),
  /** `/api/v1/image/{id}`, or null. */
  image: z.string().nullable(),
  goals: z.array(StaffOfferGoalSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaffOfferDetail = z.infer<typeof StaffOfferDetailSchema>;

/** GET /staff/offers: searched by name or id, filtered by advertiser and status, paged and sorted. */
export const StaffOffersQuerySchema = z.strictObject({
  ...pageQueryShape,
  q: z.string({ error: 'type' }).trim().max(100, { error: 'maxLength' }).optional(),
  advertiserId: z.coerce.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'min' }).optional(),
  status: z.enum(STAFF_OFFER_STATUSES, { error: 'oneOf' }).optional(),
  sortName: z.enum(STAFF_OFFER_SORT_NAMES, { error: 'oneOf' }).optional(),
  sortOrder: z.enum(['asc', 'desc'], { error: 'oneOf' }).optional(),
});
export type StaffOffersQuery = z.input<typeof StaffOffersQuerySchema>;

/** What the offer editor picks from: products with their advertisers, verticals, goals and payout tiers. */
export const CatalogueOptionsSchema = z.object({
  products: z.array(
    z.object({
      id: z.number().int(),
      identifier: z.string(),
      enabled: z.boolean(),
      advertiser: z.object({ id: z.number().int(), name: z.string(), enabled: z.boolean(), currency: z.string() }),
    }),
  ),
  verticals: z.array(z.object({ id: z.number().int(), identifier: z.string(), name: z.string() })),
  /** Every goal, its code (`identifier`) and name; a retired one only stays on the offers that have it (decision 078). */
  goals: z.array(
    z.object({
      id: z.number().int(),
      identifier: z.string(),
      name: z.string(),
      retired: z.boolean(),
      /** The goal's floor for the `tooFast` conversion rule (decision 101); null: the default. */
      minSecondsToConvert: z.number().int().nullable(),
    }),
  ),
  goalTypes: z.array(z.object({ identifier: z.string(), name: z.string() })),
});
export type CatalogueOptions = z.infer<typeof CatalogueOptionsSchema>;

// ---------------------------------------------------------------- payout overrides

/** A partner's own payout on a goal of an offer: it replaces the goal's payout for that partner only. */
export const PayoutOverrideSchema = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  partner: z.object({ id: z.number().int(), name: z.string() }),
  goal: z.string(),
  payoutAmount: z.number().int().nullable(),
  payoutPercent: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PayoutOverride = z.infer<typeof PayoutOverrideSchema>;

/** POST /staff/offers/{id}/overrides: sets (or replaces) the partner's payout on that goal. */
export const PayoutOverrideCreateSchema = z
  .strictObject({
    partnerId: id,
    goal: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(64, { error: 'maxLength' }),
    payoutAmount: minorUnits.default(null),
    payoutPercent: basisPoints.default(null),
  })
  .superRefine((o, ctx) => requireSide(ctx, o.payoutAmount, o.payoutPercent, ['payoutAmount']));
export type PayoutOverrideCreate = z.input<typeof PayoutOverrideCreateSchema>;

/** An override as a manager asked for it, above the approval step: it applies once an admin approves it. */
export const OVERRIDE_REQUEST_STATUSES = ['pending', 'approved', 'refused'] as const;
export type OverrideRequestStatus = (typeof OVERRIDE_REQUEST_STATUSES)[number];
/** The longest reason an admin gives when refusing a request; the requester reads it. */
export const OVERRIDE_REFUSAL_REASON_MAX = 1000;

const payoutSides = z.object({ amount: z.number().int().nullable(), percent: z.number().int().nullable() });
const person = z.object({ id: z.number().int(), name: z.string() });

/**
 * A payout override request (decision 063), with what an admin weighs: the payout in force now (the partner's
 * override or the goal's), the one requested, the goal's revenue and the margin the request would leave (revenue
 * minus requested payout, per side, when both are known).
 */
export const PayoutOverrideRequestSchema = z.object({
  id: z.number().int(),
  offer: z.object({ id: z.number().int(), name: z.string(), currency: z.string() }),
  partner: person,
  goal: z.string(),
  payoutAmount: z.number().int().nullable(),
  payoutPercent: z.number().int().nullable(),
  currentPayout: payoutSides,
  revenue: payoutSides,
  margin: payoutSides,
  status: z.enum(OVERRIDE_REQUEST_STATUSES),
  reason: z.string().nullable(),
  requestedBy: person,
  requestedAt: z.string(),
  decidedBy: person.nullable(),
  decidedAt: z.string().nullable(),
});
export type PayoutOverrideRequest = z.infer<typeof PayoutOverrideRequestSchema>;

/**
 * What setting an override answers: `applied` with the override in force, or `pending` with the request that waits
 * for an admin (the partner keeps its earlier payout meanwhile).
 */
export const PayoutOverrideWriteSchema = z.object({
  status: z.enum(['applied', 'pending']),
  override: PayoutOverrideSchema.nullable(),
  request: PayoutOverrideRequestSchema.nullable(),
});
export type PayoutOverrideWrite = z.infer<typeof PayoutOverrideWriteSchema>;

/** GET /staff/payout-override-requests: one status (pending by default, `all` for any), one offer, newest first. */
export const OverrideRequestsQuerySchema = z.strictObject({
  ...pageQueryShape,
  status: z.enum([...OVERRIDE_REQUEST_STATUSES, 'all'], { error: 'oneOf' }).default('pending'),
  offerId: z.coerce.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'min' }).max(2_147_483_647, { error: 'max' }).optional(), // prettier-ignore
});
export type OverrideRequestsQuery = z.input<typeof OverrideRequestsQuerySchema>;

/** PUT /staff/payout-override-requests/{id}: an admin approves (the override applies) or refuses, with a reason. */
export const OverrideRequestDecisionSchema = z
  .strictObject({
    status: z.enum(['approved', 'refused'], { error: 'oneOf' }),
    reason: z.string({ error: 'type' }).trim().max(OVERRIDE_REFUSAL_REASON_MAX, { error: 'maxLength' }).optional(),
  })
  .superRefine((d, ctx) => {
    if (d.status === 'refused' && !d.reason) ctx.addIssue({ code: 'custom', message: 'required', path: ['reason'] });
  });
export type OverrideRequestDecision = z.input<typeof OverrideRequestDecisionSchema>;

const idParam = z.coerce.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'min' }).max(2_147_483_647, { error: 'max' }); // prettier-ignore
export const OverrideParamsSchema = z.strictObject({ id: idParam, overrideId: idParam });

// ---------------------------------------------------------------- bulk on offers (decision 080)

/** POST /staff/offers/bulk/enabled: enables or disables many offers at once, all or none, each audited. */
export const BulkOfferEnabledSchema = z.strictObject({
  ids: z
    .array(z.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'min' }).max(2_147_483_647), {
      error: 'required',
    })
    .min(1, { error: 'required' })
    .max(100, { error: 'max' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'unique' }),
  enabled: z.boolean({ error: 'required' }),
});
export type BulkOfferEnabled = z.input<typeof BulkOfferEnabledSchema>;

export const staffOfferBulkEndpoints = {
  enabled: defineEndpoint({
    method: 'POST',
    path: '/staff/offers/bulk/enabled',
    errors: { 404: 'An offer is unknown (its position named in `errors`): nothing changed.' },
    tags: ['staff'],
    summary: 'Enable or disable many offers at once, all or none (admins, audited per offer)',
    body: BulkOfferEnabledSchema,
    response: envelope(z.object({ changed: z.number().int(), unchanged: z.number().int() })),
  }),
};

// ---------------------------------------------------------------- duplicate, and scheduled changes (decision 098)

/** POST /staff/offers/{id}/duplicate answers the new offer's id (disabled, named "<name> (copy)"). */
export const OfferDuplicateSchema = z.object({ id: z.number().int() });
export type OfferDuplicate = z.infer<typeof OfferDuplicateSchema>;

/** What a scheduled change sets on one side of a goal (its payout or its revenue): an amount, a percent or both. */
export const ScheduledSideSchema = z
  .strictObject({ amount: minorUnits.default(null), percent: basisPoints.default(null) })
  .superRefine((side, ctx) => requireSide(ctx, side.amount, side.percent, ['amount']));
export type ScheduledSide = z.input<typeof ScheduledSideSchema>;

/**
 * POST /staff/offers/{id}/scheduled-changes: a new payout and/or revenue for one goal of the offer from `effectiveAt`
 * (a future instant); a side left out stays as it is then.
 */
export const ScheduledChangeCreateSchema = z
  .strictObject({
    goal: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(64, { error: 'maxLength' }),
    effectiveAt: instant,
    payout: ScheduledSideSchema.optional(),
    revenue: ScheduledSideSchema.optional(),
  })
  .superRefine((change, ctx) => {
    if (!change.payout && !change.revenue) ctx.addIssue({ code: 'custom', message: 'required', path: ['payout'] });
  });
export type ScheduledChangeCreate = z.input<typeof ScheduledChangeCreateSchema>;

export const SCHEDULED_CHANGE_STATUSES = ['pending', 'applied', 'cancelled', 'failed'] as const;
export type ScheduledChangeStatus = (typeof SCHEDULED_CHANGE_STATUSES)[number];

const sideOut = z.object({ amount: z.number().int().nullable(), percent: z.number().int().nullable() });

/** A change scheduled on a goal of an offer: pending until its moment, then applied (or failed, with why), or cancelled. */
export const ScheduledChangeSchema = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  goal: z.object({ code: z.string(), name: z.string() }),
  payout: sideOut.nullable(),
  revenue: sideOut.nullable(),
  effectiveAt: z.string(),
  status: z.enum(SCHEDULED_CHANGE_STATUSES),
  /** Why a change could not apply at its moment (the goal gone from the offer, a payout above the revenue). */
  failure: z.string().nullable(),
  createdBy: person.nullable(),
  createdAt: z.string(),
  cancelledBy: person.nullable(),
  cancelledAt: z.string().nullable(),
  appliedAt: z.string().nullable(),
});
export type ScheduledChange = z.infer<typeof ScheduledChangeSchema>;

export const ScheduledChangeParamsSchema = z.strictObject({ id: idParam, changeId: idParam });
