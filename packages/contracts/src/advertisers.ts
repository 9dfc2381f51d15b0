import { z } from 'zod';
import { IdParamsSchema, envelope, pageQueryShape } from './api.js';
import { PAYMENT_CURRENCIES, PAYMENT_TERMS } from './constants.js';
import { defineEndpoint } from './endpoint.js';
import { CONVERSION_CHANNELS } from './client-tag.js';
import { EmailSchema, optionalString, requiredString } from './validation.js';

// ---------------------------------------------------------------- advertisers and products (decision 041)

/** What an advertiser's products are: a website, an app of either store, or both. */
export const PRODUCT_TYPES = ['web', 'app', 'ios', 'android'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** The longest a rotated-out token keeps working, in hours (30 days). */
export const TOKEN_GRACE_MAX_HOURS = 720;
export const TOKEN_GRACE_DEFAULT_HOURS = 24;

/** A product as staff list it. */
export const ProductSchema = z.object({
  id: z.number().int(),
  advertiserId: z.number().int(),
  identifier: z.string(),
  type: z.string(),
  domain: z.string(),
  enabled: z.boolean(),
  logoId: z.number().int().nullable(),
  cross: z.boolean(),
  coreg: z.boolean(),
  offerCount: z.number().int(),
});
export type Product = z.infer<typeof ProductSchema>;

/**
 * An advertiser as admins see it: its `securityToken` is what it sends as `token` on GET/POST /postback, 256 bits
 * from the CSPRNG (decision 028). Admins only: the token lets its holder create paid conversions.
 */
export const StaffAdvertiserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  securityToken: z.string(),
  contactEmail: z.string().nullable(),
  currency: z.string(),
  notes: z.string().nullable(),
  /** How the network invoices it (decision 073): PAYMENT_TERMS, default net30 (a Paris month, due 30 days later). */
  billingTerms: z.enum(PAYMENT_TERMS),
  /** Its legal address, one line per line, printed on its invoices. */
  billingAddress: z.string().nullable(),
  /** ISO 3166 alpha-2 and VAT number: the VAT its invoices charge (advertiserVatOf). */
  country: z.string().nullable(),
  vatNumber: z.string().nullable(),
  /**
   * Whether its advertiser users read the partners' company names on their conversions (decision 100); default off.
   * A payout is never shown to them.
   */
  showPartnerNames: z.boolean(),
  productCount: z.number().int(),
  offerCount: z.number().int(),
  /** Its latest postback, whatever became of it. */
  lastPostbackAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffAdvertiser = z.infer<typeof StaffAdvertiserSchema>;
export const StaffAdvertiserListSchema = envelope(z.array(StaffAdvertiserSchema));

/** One advertiser: its postback URL ready to paste, the rotated-out token's end, its products. */
export const AdvertiserDetailSchema = StaffAdvertiserSchema.extend({
  /** `…/postback?token=…&click_id={click_id}&goal={goal}&amount={amount}&transaction_id={transaction_id}`. */
  postbackUrl: z.string(),
  /** Until when the token before the last rotation is still accepted; null when none is. */
  previousTokenExpiresAt: z.string().nullable(),
  products: z.array(ProductSchema),
  /** Each goal its offers pay on, with the postback URL for it, `goal` filled in (decision 078). */
  goalPostbacks: z.array(z.object({ code: z.string(), name: z.string(), retired: z.boolean(), url: z.string() })),
});
export type AdvertiserDetail = z.infer<typeof AdvertiserDetailSchema>;

const advertiserFields = {
  name: requiredString(255),
  enabled: z.boolean({ error: 'type' }),
  contactEmail: EmailSchema.nullable(),
  currency: z.enum(PAYMENT_CURRENCIES, { error: 'oneOf' }),
  notes: optionalString(2000),
  billingTerms: z.enum(PAYMENT_TERMS, { error: 'oneOf' }),
  billingAddress: optionalString(1000),
  /** Blank or null: unknown (French VAT is charged). */
  country: z
    .string({ error: 'type' })
    .trim()
    .regex(/^([A-Za-z]{2})?$/, { error: 'oneOf' })
    .transform((v) => (v === '' ? null : v.toUpperCase()))
    .nullable()
    .optional(),
  /** Blank or null: none. Spaces dropped, upper case. */
  vatNumber: z
    .string({ error: 'type' })
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(/^([A-Z0-9+*.-]{4,32})?$/, { error: 'pattern' }))
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  showPartnerNames: z.boolean({ error: 'type' }),
};

/** POST /staff/advertisers: a name is enough; it gets a fresh token. */
export const AdvertiserCreateSchema = z.strictObject({
  name: advertiserFields.name,
  enabled: advertiserFields.enabled.default(true),
  contactEmail: advertiserFields.contactEmail.optional(),
  currency: advertiserFields.currency.default('EUR'),
  notes: advertiserFields.notes,
  billingTerms: advertiserFields.billingTerms.default('net30'),
  billingAddress: advertiserFields.billingAddress,
  country: advertiserFields.country,
  vatNumber: advertiserFields.vatNumber,
  showPartnerNames: advertiserFields.showPartnerNames.default(false),
});
export type AdvertiserCreate = z.input<typeof AdvertiserCreateSchema>;

/** PUT /staff/advertisers/{id}: the fields sent change, the others stay. */
export const AdvertiserUpdateSchema = z.strictObject({
  name: advertiserFields.name.optional(),
  enabled: advertiserFields.enabled.optional(),
  contactEmail: advertiserFields.contactEmail.optional(),
  currency: advertiserFields.currency.optional(),
  notes: advertiserFields.notes,
  billingTerms: advertiserFields.billingTerms.optional(),
  billingAddress: advertiserFields.billingAddress,
  country: advertiserFields.country,
  vatNumber: advertiserFields.vatNumber,
  showPartnerNames: advertiserFields.showPartnerNames.optional(),
});
export type AdvertiserUpdate = z.input<typeof AdvertiserUpdateSchema>;

/** POST /staff/advertisers/{id}/security-token: a new token; the old one works `graceHours` more (0: at once). */
export const RotateTokenSchema = z.strictObject({
  graceHours: z
    .number({ error: 'type' })
    .int({ error: 'type' })
    .min(0, { error: 'min' })
    .max(TOKEN_GRACE_MAX_HOURS, { error: 'max' })
    .default(TOKEN_GRACE_DEFAULT_HOURS),
});
export type RotateToken = z.input<typeof RotateTokenSchema>;

const productFields = {
  /** The product's short name in tracking and reports: lower case letters, digits, - and _. */
  identifier: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(64, { error: 'maxLength' })
    .regex(/^[a-z0-9][a-z0-9_-]*$/, { error: 'pattern' }),
  type: z.enum(PRODUCT_TYPES, { error: 'oneOf' }),
  /** A host name, without scheme or path. */
  domain: z
    .string({ error: 'required' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'required' })
    .max(253, { error: 'maxLength' })
    .regex(/^(?=.{1,253}$)([a-z0-9](-*[a-z0-9])*)(\.[a-z0-9](-*[a-z0-9])*)+$/, { error: 'pattern' }),
  enabled: z.boolean({ error: 'type' }),
  logoId: z.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'min' }).nullable(),
  cross: z.boolean({ error: 'type' }),
  coreg: z.boolean({ error: 'type' }),
};

/** POST /staff/advertisers/{id}/products. */
export const ProductCreateSchema = z.strictObject({
  identifier: productFields.identifier,
  type: productFields.type,
  domain: productFields.domain,
  enabled: productFields.enabled.default(true),
  logoId: productFields.logoId.optional(),
  cross: productFields.cross.default(false),
  coreg: productFields.coreg.default(false),
});
export type ProductCreate = z.input<typeof ProductCreateSchema>;

/** PUT /staff/products/{id}: the fields sent change. */
export const ProductUpdateSchema = z.strictObject(
  Object.fromEntries(Object.entries(productFields).map(([key, schema]) => [key, schema.optional()])) as {
    [K in keyof typeof productFields]: z.ZodOptional<(typeof productFields)[K]>;
  },
);
export type ProductUpdate = z.input<typeof ProductUpdateSchema>;

/** `wrong_origin`: the tag or a pixel from a page whose origin the offer does not allow (decision 085). */
export const POSTBACK_LOG_OUTCOMES = ['recorded', 'invalid', 'wrong_token', 'test', 'wrong_origin'] as const;
export type PostbackLogOutcome = (typeof POSTBACK_LOG_OUTCOMES)[number];

/** One postback as the advertiser sent it and as it was judged. */
export const PostbackLogEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  outcome: z.enum(POSTBACK_LOG_OUTCOMES),
  /** The conversion's status (approved, pending, rejected) when one was judged. */
  status: z.string().nullable(),
  /** Why it was rejected or refused (a rejection reason, or the invalid fields). */
  reason: z.string().nullable(),
  conversionId: z.number().int().nullable(),
  /** A repeat of a postback already recorded: nothing new was written. */
  duplicate: z.boolean(),
  /** The fields as sent; the token shows only its last four characters. */
  params: z.record(z.string(), z.string()),
  ip: z.string().nullable(),
  /** How it came (decision 085): s2s, tag, image or iframe. */
  channel: z.enum(CONVERSION_CHANNELS),
  /** The page's origin of a tag or pixel hit. */
  origin: z.string().nullable(),
});
export type PostbackLogEntry = z.infer<typeof PostbackLogEntrySchema>;

/** GET /staff/advertisers/{id}/postbacks: newest first, paged; one outcome on demand. */
export const PostbackLogQuerySchema = z.strictObject({
  ...pageQueryShape,
  outcome: z.enum(POSTBACK_LOG_OUTCOMES, { error: 'oneOf' }).optional(),
});

/**
 * POST /staff/advertisers/{id}/test-postback: what a postback would do, without writing a conversion. `goal` is the
 * goal's code or, for people trying it by hand, its name (case-insensitive).
 */
export const TestPostbackSchema = z.strictObject({
  click_id: requiredString(64),
  goal: requiredString(64),
  amount: z
    .string({ error: 'type' })
    .regex(/^\d{1,10}(\.\d{1,2})?$/, { error: 'pattern' })
    .optional(),
  transaction_id: optionalString(255),
});
export type TestPostback = z.input<typeof TestPostbackSchema>;

/** What the test postback would have recorded. */
export const TestPostbackResultSchema = z.object({
  status: z.string(),
  reason: z.string().nullable(),
  /** Minor units of the offer's currency. */
  payout: z.number().int(),
  currency: z.string().nullable(),
  /** A conversion with this transaction id (or this click and goal) exists already: the postback would repeat it. */
  duplicate: z.boolean(),
  /** The goal's code the postback must send, when `goal` named a goal by its code or its name (decision 078). */
  goalCode: z.string().nullable(),
});
export type TestPostbackResult = z.infer<typeof TestPostbackResultSchema>;

const advertiser = envelope(AdvertiserDetailSchema);

export const advertisersEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/staff/advertisers',
    tags: ['staff'],
    summary: 'Advertisers with their postback security tokens, products, offers and latest postback (admins only)',
    response: StaffAdvertiserListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/staff/advertisers',
    tags: ['staff'],
    summary: 'Create an advertiser: answers its security token and its postback URL (admins, audited)',
    body: AdvertiserCreateSchema,
    response: advertiser,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/staff/advertisers/:id',
    tags: ['staff'],
    summary: 'One advertiser: token, postback URL ready to paste, products (admins only)',
    params: IdParamsSchema,
    response: advertiser,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/staff/advertisers/:id',
    tags: ['staff'],
    summary:
      'Change an advertiser; disabled, its offers are hidden and take no new click, its postbacks still count (admins, audited)',
    params: IdParamsSchema,
    body: AdvertiserUpdateSchema,
    response: advertiser,
  }),
  rotateToken: defineEndpoint({
    method: 'POST',
    path: '/staff/advertisers/:id/security-token',
    tags: ['staff'],
    summary: 'A new security token; the old one keeps working for the grace period asked (admins, audited)',
    params: IdParamsSchema,
    body: RotateTokenSchema,
    response: advertiser,
  }),
  postbacks: defineEndpoint({
    method: 'GET',
    path: '/staff/advertisers/:id/postbacks',
    tags: ['staff'],
    summary: 'The advertiser’s postbacks, newest first, with what became of each and why (admins only)',
    params: IdParamsSchema,
    query: PostbackLogQuerySchema,
    response: envelope(z.array(PostbackLogEntrySchema)),
  }),
  testPostback: defineEndpoint({
    method: 'POST',
    path: '/staff/advertisers/:id/test-postback',
    tags: ['staff'],
    summary: 'What a postback of this advertiser would record, without recording it (admins, logged as a test)',
    params: IdParamsSchema,
    body: TestPostbackSchema,
    response: envelope(TestPostbackResultSchema),
  }),
  createProduct: defineEndpoint({
    method: 'POST',
    path: '/staff/advertisers/:id/products',
    tags: ['staff'],
    summary: 'Add a product to an advertiser (admins, audited)',
    params: IdParamsSchema,
    body: ProductCreateSchema,
    response: envelope(ProductSchema),
  }),
  updateProduct: defineEndpoint({
    method: 'PUT',
    path: '/staff/products/:id',
    tags: ['staff'],
    summary: 'Change a product; disabled, its offers are hidden and take no new click (admins, audited)',
    params: IdParamsSchema,
    body: ProductUpdateSchema,
    response: envelope(ProductSchema),
  }),
};
