import { z } from 'zod';
import { PartnerCapSchema } from './caps.js';
import {
  APPLICATION_STATUSES,
  CONVERSION_TYPES,
  OFFER_GROUPS,
  OFFER_PARTNER_STATUSES,
  OFFER_SORT_NAMES,
} from './constants.js';
import { IdParamsSchema, envelope, errorResponses, pageQueryShape } from './api.js';
import { defineEndpoint } from './endpoint.js';
import { optionalString } from './validation.js';

/** A vertical as offers carry it (spec section 3, Vertical). */
export const VerticalSchema = z.object({
  id: z.number().int(),
  identifier: z.string(),
  name: z.string(),
});
export type Vertical = z.infer<typeof VerticalSchema>;

/** The advertiser product behind an offer; present when `groups` names `product`. */
export const OfferProductSchema = z.object({
  identifier: z.string(),
  /** The advertiser's name. */
  advertiser: z.string(),
  /** web, app, ios, android … */
  type: z.string(),
  domain: z.string(),
  enabled: z.boolean(),
  /** Image URL (`/api/v1/image/{id}`), or null without a logo. */
  logo: z.string().nullable(),
  cross: z.boolean(),
  coreg: z.boolean(),
});
export type OfferProduct = z.infer<typeof OfferProductSchema>;

export const GoalSchema = z.object({
  id: z.number().int(),
  identifier: z.string(),
  name: z.string(),
  types: z.array(z.string()),
});
export type Goal = z.infer<typeof GoalSchema>;

export const GoalTypeSchema = z.object({
  id: z.number().int(),
  /** p1, p2 … */
  identifier: z.string(),
  name: z.string(),
});
export type GoalType = z.infer<typeof GoalTypeSchema>;

/** A payout tier of an offer goal; `goalType` is present when `groups` names `goalType`. */
export const OfferGoalTypeSchema = z.object({
  id: z.number().int(),
  goalType: GoalTypeSchema.optional(),
  /** Minor units of the offer's currency. */
  payoutAmount: z.number().int().nullable(),
  /** Basis points (1250 = 12.5 %). */
  payoutPercent: z.number().int().nullable(),
});
export type OfferGoalType = z.infer<typeof OfferGoalTypeSchema>;

/** An offer goal (spec section 3); `goal` and `types` are present when `groups` names `goal` / `goalTypes`. */
export const OfferGoalSchema = z.object({
  id: z.number().int(),
  goal: GoalSchema.optional(),
  private: z.boolean(),
  payoutAmount: z.number().int().nullable(),
  payoutPercent: z.number().int().nullable(),
  types: z.array(OfferGoalTypeSchema).optional(),
});
export type OfferGoal = z.infer<typeof OfferGoalSchema>;

/**
 * The registration payout (spec section 3): the p1 tier of the registration goal, falling back to the
 * validation goal. A fixed amount (minor units), a percentage (basis points), or both.
 */
export const OfferPayoutSchema = z.object({
  /** The goal the payout was read from: 'registration' or 'validation'. */
  goal: z.string(),
  amount: z.number().int().nullable(),
  percent: z.number().int().nullable(),
  currency: z.string(),
});
export type OfferPayout = z.infer<typeof OfferPayoutSchema>;

/**
 * The payout of one public goal of an offer (its p1 tier): a fixed amount (minor units), a revenue share (basis
 * points, 'Variable' on screen), or both. An offer lists every public goal, so no payout cell is ever blank.
 */
export const GoalPayoutSchema = z.object({
  /** The goal's identifier ('registration', 'click' …). */
  goal: z.string(),
  /** The goal's name, as the partner reads it. */
  name: z.string(),
  amount: z.number().int().nullable(),
  percent: z.number().int().nullable(),
  currency: z.string(),
  /**
   * The offer's main goal (decision 105): the one staff marked, else the highest-paying (the largest amount, then the
   * largest share); it is first in `payouts` and its payout is the offer's `payout`.
   */
  main: z.boolean(),
});
export type GoalPayout = z.infer<typeof GoalPayoutSchema>;

/**
 * Earnings per click over the last `OFFER_EPC_DAYS` days, in minor units of the offer's currency with their fraction
 * (12.5 is 0,125 €): approved payout divided by clicks; null without a click.
 */
export const OfferEpcSchema = z.object({
  /** The viewing partner's own traffic. */
  own: z.number().nullable(),
  /** Every partner's traffic; null for a private offer, whose figures belong to the few partners running it. */
  network: z.number().nullable(),
});
export type OfferEpc = z.infer<typeof OfferEpcSchema>;

export const ApplicationSummarySchema = z.object({
  id: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
});

/** An offer as the viewing partner sees it (spec section 3, Offer; section 4, partner status). */
export const OfferSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  conversionType: z.enum(CONVERSION_TYPES),
  /** Sanitised on the server: safe to render as HTML. */
  descriptionHtml: z.string(),
  descriptionText: z.string(),
  previewUrl: z.string().nullable(),
  defaultUrl: z.string(),
  currency: z.object({ isoCode: z.string() }),
  /** ISO 3166-1 alpha-2 codes, sorted. */
  countries: z.array(z.string()),
  /** Vertical ids. */
  verticals: z.array(z.number().int()),
  /** The same verticals with their names, in name order. */
  verticalItems: z.array(VerticalSchema),
  private: z.boolean(),
  requireApproval: z.boolean(),
  enabled: z.boolean(),
  /** `/api/v1/image/{id}`, or null. */
  image: z.string().nullable(),
  /**
   * The headline payout: the main goal's (decision 105; it was the registration goal's, spec section 3), null for an
   * offer without a public goal. `goal` names it.
   */
  payout: OfferPayoutSchema.nullable(),
  /** Every public goal's payout, the main goal first, then registration, validation and the rest in goal order. */
  payouts: z.array(GoalPayoutSchema),
  epc: OfferEpcSchema,
  /** The viewing partner's status for the offer: its application's status, else apply_to_run or public. */
  partnerStatus: z.enum(OFFER_PARTNER_STATUSES),
  application: ApplicationSummarySchema.nullable(),
  product: OfferProductSchema.optional(),
  /** On the detail only: the caps that concern the viewing partner (decision 045). */
  caps: z.array(PartnerCapSchema).optional(),
  offerGoals: z.array(OfferGoalSchema).optional(),
  createdAt: z.string(),
});
export type Offer = z.infer<typeof OfferSchema>;

/** Accepts `a,b`, repeated parameters (`?x=a&x=b`) or both; empty items are dropped. */
export function commaList(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((item) =>
    typeof item === 'string' ? item.split(',') : [item],
  );
  const cleaned = parts.map((item) => (typeof item === 'string' ? item.trim() : item)).filter((item) => item !== '');
  return cleaned.length > 0 ? cleaned : undefined;
}

/** An empty filter (`?conversionType=`) means no filter, as a form with nothing chosen sends it. */
export const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

export const booleanParam = z
  .enum(['true', 'false', '1', '0'], { error: 'type' })
  .transform((value) => value === 'true' || value === '1');

/** GET /offer query (spec section 7): pagination, sorting, filters and groups. */
export const ListOffersQuerySchema = z.strictObject({
  ...pageQueryShape,
  sortName: z.enum(OFFER_SORT_NAMES, { error: 'type' }).default('id'),
  sortOrder: z.enum(['asc', 'desc'], { error: 'type' }).default('desc'),
  /**
   * Case-insensitive substring of the offer name; a number (`39`, or `#39`) also finds the offer of that id, so one
   * search box finds an offer by id or by name.
   */
  name: z.string().trim().max(100, { error: 'maxLength' }).optional(),
  conversionType: z.preprocess(emptyAsUnset, z.enum(CONVERSION_TYPES, { error: 'type' }).optional()),
  /**
   * Verticals, by id (`3`) or by identifier (`finance`, the value of the configuration's verticalList):
   * an offer matches when it has any of them.
   */
  verticals: z.preprocess(
    commaList,
    z
      .array(
        z.union(
          [
            z
              .string()
              .regex(/^\d{1,10}$/, { error: 'type' })
              .transform(Number)
              .pipe(z.number().int().positive({ error: 'min' }).max(2_147_483_647, { error: 'max' })),
            z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, { error: 'type' }),
          ],
          { error: 'type' },
        ),
      )
      .max(100, { error: 'max' })
      .optional(),
  ),
  /** ISO codes: an offer matches when it runs in any of them. */
  countries: z.preprocess(
    commaList,
    z
      .array(
        z
          .string()
          .regex(/^[A-Za-z]{2}$/, { error: 'pattern' })
          .transform((code) => code.toUpperCase()),
      )
      .max(300, { error: 'max' })
      .optional(),
  ),
  requireApproval: z.preprocess(emptyAsUnset, booleanParam.optional()),
  /** The viewing partner's status for the offer, any of them (`active` is "my approved offers"). */
  partnerStatus: z.preprocess(
    commaList,
    z
      .array(z.enum(OFFER_PARTNER_STATUSES, { error: 'type' }))
      .max(OFFER_PARTNER_STATUSES.length, { error: 'max' })
      .optional(),
  ),
  /** Which nested objects to include: product, goals, goal, goalTypes, goalType. */
  groups: z.preprocess(commaList, z.array(z.enum(OFFER_GROUPS, { error: 'type' })).optional()),
});
export type ListOffersQuery = z.infer<typeof ListOffersQuerySchema>;
export type ListOffersQueryInput = z.input<typeof ListOffersQuerySchema>;

/** GET /offer/{id} query: only the groups. */
export const OfferDetailQuerySchema = ListOffersQuerySchema.pick({ groups: true });
export type OfferDetailQuery = z.infer<typeof OfferDetailQuerySchema>;

export const OfferPageSchema = z.object({
  list: z.array(OfferSchema),
  total: z.number().int(),
});
export type OfferPage = z.infer<typeof OfferPageSchema>;

/** GET /offer answer: `{list, total}` in the wrapper (the wrapper's `total` is the same number). */
export const OfferListSchema = envelope(OfferPageSchema);
export const OfferDetailSchema = envelope(OfferSchema);

/** A partner's application to run an offer (spec section 3, Partner-offer). */
export const PartnerOfferSchema = z.object({
  id: z.number().int(),
  partnerId: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
  subid: z.string().nullable(),
  offer: z.object({ id: z.number().int(), name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PartnerOffer = z.infer<typeof PartnerOfferSchema>;

export const PartnerOfferListSchema = envelope(z.array(PartnerOfferSchema));
export const PartnerOfferDetailSchema = envelope(PartnerOfferSchema);

/** POST /partner-offer body: apply to run an offer that requires approval. */
export const ApplyOfferBodySchema = z.strictObject({
  offerId: z
    .number({ error: 'type' })
    .int({ error: 'type' })
    .positive({ error: 'min' })
    .max(2_147_483_647, { error: 'max' }),
});
export type ApplyOfferBody = z.infer<typeof ApplyOfferBodySchema>;

/** PUT /staff/partner-offers/{id} body: staff decide an application. */
export const DecideApplicationBodySchema = z.strictObject({
  status: z.enum(APPLICATION_STATUSES, { error: 'type' }),
  /** Why, told to the partner in its notification; optional. */
  reason: optionalString(1000),
});
export type DecideApplicationBody = z.infer<typeof DecideApplicationBodySchema>;

// ------------------------------------------------------------------ endpoints

/** The offer catalogue and the partner's applications; staff decide an application. */
export const offersEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/offer',
    auth: 'session+key',
    tags: ['offers'],
    summary: 'Offers the partner may see: filters, pagination, sorting and groups',
    query: ListOffersQuerySchema,
    response: OfferListSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/offer/:id',
    auth: 'session+key',
    tags: ['offers'],
    summary: 'One offer, if the partner may see it',
    params: IdParamsSchema,
    query: OfferDetailQuerySchema,
    response: OfferDetailSchema,
  }),
  applications: defineEndpoint({
    method: 'GET',
    path: '/partner-offer',
    auth: 'session+key',
    tags: ['offers'],
    summary: "The partner's applications",
    response: PartnerOfferListSchema,
  }),
  apply: defineEndpoint({
    method: 'POST',
    path: '/partner-offer',
    errors: { 409: 'The partner has already applied to this offer.' },
    tags: ['offers'],
    summary: 'Apply to run an offer that requires approval',
    body: ApplyOfferBodySchema,
    response: PartnerOfferDetailSchema,
    extraResponses: { 422: errorResponses[400] },
  }),
  decideApplication: defineEndpoint({
    method: 'PUT',
    path: '/staff/partner-offers/:id',
    tags: ['staff'],
    summary: 'Decide an application (staff): the partner is notified',
    params: IdParamsSchema,
    body: DecideApplicationBodySchema,
    response: PartnerOfferDetailSchema,
  }),
};
