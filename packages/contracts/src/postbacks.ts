import { z } from 'zod';

import { IdParamsSchema, MessageSchema, envelope, listOf, pageQueryShape } from './api.js';
import { defineEndpoint } from './endpoint.js';
import { templateUrlSchema } from './validation.js';

// ------------------------------------------------------------------ constants

/** Macros a partner's postback URL may hold; each is replaced by its URL-encoded value when fired. */
export const POSTBACK_MACROS = [
  'click_id',
  'conversion_id',
  'transaction_id',
  'offer_id',
  'goal',
  'payout',
  'currency',
  'status',
  'subid',
  'tc1',
  'tc2',
  'tc3',
  'tc4',
  'timestamp',
  // Issue 47: what a tracker needs to split by country, check fraud, and pay a revenue share.
  'country',
  'ip',
  'sale_amount',
  'goal_name',
] as const;
export type PostbackMacro = (typeof POSTBACK_MACROS)[number];

/** The type column of the list always reads this (spec section 2). */
export const POSTBACK_TYPE_LABEL = 'Postback';
/** `groups` of GET /postback (spec section 7). */
export const POSTBACK_GROUPS = ['goal', 'offers'] as const;
export type PostbackGroup = (typeof POSTBACK_GROUPS)[number];

export const POSTBACK_URL_MAX_LENGTH = 2048;
/** Postbacks one partner may hold. */
export const MAX_POSTBACKS_PER_PARTNER = 100;
/** Conversion statuses that fire postbacks: rejected conversions are not attributed and never fire. */
export const POSTBACK_FIRING_STATUSES = ['approved', 'pending'] as const;

/** Delivery policy (decision 019): 10 s timeout, no redirects, backoff from 1 min doubling to 24 h, 10 attempts. */
export const POSTBACK_TIMEOUT_MS = 10_000;
export const POSTBACK_MAX_ATTEMPTS = 10;
export const POSTBACK_RETRY_BASE_MS = 60_000;
export const POSTBACK_RETRY_CAP_MS = 86_400_000;
/** How many bytes of the receiver's answer the attempt log keeps. */
export const POSTBACK_RESPONSE_SNIPPET_BYTES = 512;

/**
 * Headers every delivery carries. The signature is HMAC-SHA256, hex, keyed with the partner's postback secret, over
 * `${deliveryId}.${timestamp}.${url}` (the timestamp is Unix seconds, the URL exactly as requested).
 */
export const POSTBACK_SIGNATURE_HEADER = 'X-Signature';
export const POSTBACK_TIMESTAMP_HEADER = 'X-Timestamp';
export const POSTBACK_DELIVERY_HEADER = 'X-Delivery-Id';

export const POSTBACK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type PostbackDeliveryStatus = (typeof POSTBACK_DELIVERY_STATUSES)[number];

/** Query parameters whose values the attempt log masks ('token=••••'). */
export const POSTBACK_SECRET_PARAM_PATTERN = /(token|key|secret|signature|sig|password|pass|auth|hash)/i;

/** Values the live preview and the Test action use in place of a real conversion. */
export const POSTBACK_SAMPLE_VALUES: Record<PostbackMacro, string> = {
  click_id: 'AZNhb2xDEMOclick00001',
  conversion_id: '123456',
  transaction_id: 'TX-TEST-0001',
  offer_id: '42',
  goal: 'registration',
  payout: '12.50',
  currency: 'EUR',
  status: 'approved',
  subid: 'my_subid',
  tc1: 'tracker1',
  tc2: 'tracker2',
  tc3: 'tracker3',
  tc4: 'tracker4',
  timestamp: '1767225600',
  country: 'FR',
  ip: '203.0.113.7',
  sale_amount: '49.90',
  goal_name: 'Registration',
};

// ------------------------------------------------------------------ macros and URLs

const MACRO_PATTERN = /\{([^{}]*)\}/g;

/** Every `{name}` in a URL, in order (duplicates kept). */
export function macrosOf(url: string): string[] {
  return [...url.matchAll(MACRO_PATTERN)].map((match) => match[1] ?? '');
}

/** Macro names the URL uses that are not postback macros. */
export function unknownMacros(url: string): string[] {
  const known = new Set<string>(POSTBACK_MACROS);
  return [...new Set(macrosOf(url).filter((name) => !known.has(name)))];
}

/** The URL with each known macro replaced by its URL-encoded value ('' when missing); unknown ones left as they are. */
export function expandPostbackUrl(url: string, values: Partial<Record<PostbackMacro, string | null>>): string {
  return url.replace(MACRO_PATTERN, (whole, name: string) =>
    (POSTBACK_MACROS as readonly string[]).includes(name)
      ? encodeURIComponent(values[name as PostbackMacro] ?? '')
      : whole,
  );
}

/** The URL with the values of secret-looking query parameters replaced, for logs and the attempt list. */
export function maskPostbackUrl(url: string): string {
  return url.replace(/([?&])([^=&#]+)=([^&#]*)/g, (whole, lead: string, name: string, value: string) =>
    POSTBACK_SECRET_PARAM_PATTERN.test(decodeURIComponentSafe(name)) && value ? `${lead}${name}=••••` : whole,
  );
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A postback URL: http(s), absolute, no credentials, only known macros (checked on the template, macros as-is). */
export const PostbackUrlSchema = templateUrlSchema(
  (url) => unknownMacros(url),
  (url) => expandPostbackUrl(url, POSTBACK_SAMPLE_VALUES),
  POSTBACK_URL_MAX_LENGTH,
);

// ------------------------------------------------------------------ bodies

const idList = z
  .array(z.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'type' }).max(2_147_483_647), {
    error: 'type',
  })
  .max(200, { error: 'maxLength' });

const postbackFields = {
  name: z.string().trim().max(120, { error: 'maxLength' }).nullable().optional(),
  url: PostbackUrlSchema,
  goalId: z.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'type' }).nullable(),
  offers: idList,
  /** Fires only for conversions whose click carries this sub-ID; null = any. */
  subId: z.string().trim().max(255, { error: 'maxLength' }).nullable().optional(),
  enabled: z.boolean({ error: 'type' }),
};

/**
 * POST /postback and PUT /postback/{id}. `offers` empty = every offer the partner runs (global); `goalId` null =
 * every goal. The offers must be ones the partner may run (checked on the server, errors under `offers.{index}`).
 */
export const PostbackBodySchema = z.strictObject({
  ...postbackFields,
  goalId: postbackFields.goalId.default(null),
  offers: postbackFields.offers.default([]),
  enabled: postbackFields.enabled.default(true),
});
export type PostbackBody = z.infer<typeof PostbackBodySchema>;

/**
 * PUT /postback/{id}: the same fields, every one optional (enable/disable sends only `enabled`). Built without the
 * body's defaults: zod 4 applies a default inside `.partial()`, which would reset the fields a change leaves out.
 */
export const PostbackPatchSchema = z.strictObject(postbackFields).partial();
export type PostbackPatch = z.infer<typeof PostbackPatchSchema>;

// ------------------------------------------------------------------ answers

export const PostbackGoalSchema = z.object({ id: z.number().int(), identifier: z.string(), name: z.string() });
export const PostbackOfferSchema = z.object({ id: z.number().int(), name: z.string() });

/** Postback (spec section 3): `goal` and `offers` are present when `groups` names them. */
export const PostbackSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  partnerId: z.number().int(),
  subId: z.string().nullable(),
  goalId: z.number().int().nullable(),
  goal: PostbackGoalSchema.nullable().optional(),
  url: z.string(),
  enabled: z.boolean(),
  /** Why the server disabled it ('gone' after a 410), or null. */
  disabledReason: z.string().nullable(),
  /** Deliveries sent (attempts made), as the list's count. */
  count: z.number().int(),
  offers: z.array(PostbackOfferSchema).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Postback = z.infer<typeof PostbackSchema>;
export const PostbackListSchema = listOf(PostbackSchema);
export const PostbackDetailSchema = envelope(PostbackSchema);

export const PostbackListQuerySchema = z.strictObject({
  groups: z
    .string()
    .optional()
    .transform((value) => (value ?? '').split(',').filter((item): item is PostbackGroup => item !== ''))
    .pipe(z.array(z.enum(POSTBACK_GROUPS, { error: 'oneOf' }))),
});

/** One HTTP attempt of a delivery, as the Stats view lists it. */
export const PostbackAttemptSchema = z.object({
  id: z.number().int(),
  deliveryId: z.string(),
  conversionId: z.number().int().nullable(),
  /** True for the Test action's attempts. */
  test: z.boolean(),
  attemptedAt: z.string(),
  /** The expanded URL with secret-looking parameters masked. */
  url: z.string(),
  httpStatus: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** The first bytes of the answer (POSTBACK_RESPONSE_SNIPPET_BYTES), as text. */
  responseSnippet: z.string().nullable(),
  /** Transport or policy error ('timeout', 'blocked_address', 'redirect_not_followed' …), or null. */
  error: z.string().nullable(),
  /** The delivery's state after this attempt. */
  deliveryStatus: z.enum(POSTBACK_DELIVERY_STATUSES),
  success: z.boolean(),
});
export type PostbackAttempt = z.infer<typeof PostbackAttemptSchema>;

/** GET /postback/{id}/stats: counts and a page of attempts, newest first. */
export const PostbackStatsSchema = envelope(
  z.object({
    sent: z.number().int(),
    succeeded: z.number().int(),
    failed: z.number().int(),
    pending: z.number().int(),
    attempts: z.array(PostbackAttemptSchema),
    attemptsTotal: z.number().int(),
  }),
);
export type PostbackStats = z.infer<typeof PostbackStatsSchema>['data'];

export const PostbackStatsQuerySchema = z.strictObject({
  ...pageQueryShape,
});

/** POST /postback/{id}/test: the attempt made with the sample values. */
export const PostbackTestResultSchema = envelope(PostbackAttemptSchema);

/** GET /postback-secret and POST /postback-secret/rotate: the partner's signing secret. */
export const PostbackSecretSchema = envelope(z.object({ secret: z.string(), rotatedAt: z.string() }));

/** POST /postback/deliveries/{deliveryId}/resend: a delivery is named by its UUID. */
export const PostbackDeliveryParamsSchema = z.strictObject({ deliveryId: z.uuid({ error: 'pattern' }) });

// ------------------------------------------------------------------ endpoints

const tags = ['postbacks'] as const;

export const postbacksEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/postback',
    tags,
    summary: 'The partner’s postbacks, newest first; `groups=goal,offers` adds the goal and the offers',
    query: PostbackListQuerySchema,
    response: PostbackListSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/postback/:id',
    tags,
    summary: 'One of the partner’s postbacks, with its goal and offers',
    params: IdParamsSchema,
    response: PostbackDetailSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/postback',
    tags,
    summary: 'Create a postback: global or bound to offers, for every goal or one, optionally for one sub-ID',
    body: PostbackBodySchema,
    response: PostbackDetailSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/postback/:id',
    tags,
    summary: 'Change a postback: only the fields sent; `offers` replaces the whole set',
    params: IdParamsSchema,
    body: PostbackPatchSchema,
    response: PostbackDetailSchema,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/postback/:id',
    tags,
    summary: 'Delete a postback with its delivery log',
    params: IdParamsSchema,
    response: MessageSchema,
  }),
  stats: defineEndpoint({
    method: 'GET',
    path: '/postback/:id/stats',
    tags,
    summary: 'Deliveries of a postback (sent, succeeded, failed, pending) and its attempts, newest first',
    params: IdParamsSchema,
    query: PostbackStatsQuerySchema,
    response: PostbackStatsSchema,
  }),
  test: defineEndpoint({
    method: 'POST',
    path: '/postback/:id/test',
    tags,
    summary: 'Fire the postback once now with the sample values (even when disabled) and answer the attempt',
    params: IdParamsSchema,
    response: PostbackTestResultSchema,
    errors: { 429: 'Too many tests in a short time: wait the `Retry-After` seconds.' },
  }),
  resendDelivery: defineEndpoint({
    method: 'POST',
    path: '/postback/deliveries/:deliveryId/resend',
    tags,
    summary: 'Send a failed (or pending) delivery again now; its attempts are kept',
    params: PostbackDeliveryParamsSchema,
    response: MessageSchema,
    errors: { 409: 'This delivery has already succeeded.' },
  }),
  secret: defineEndpoint({
    method: 'GET',
    path: '/postback-secret',
    tags,
    summary: 'The partner’s key for the X-Signature HMAC of its postbacks (created on first use)',
    response: PostbackSecretSchema,
  }),
  rotateSecret: defineEndpoint({
    method: 'POST',
    path: '/postback-secret/rotate',
    tags,
    summary: 'Replace the signing key; deliveries signed from now on use the new one',
    response: PostbackSecretSchema,
  }),
};
