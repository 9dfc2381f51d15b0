import { z } from 'zod';
import { IdParamsSchema, envelope } from './api.js';
import { defineEndpoint } from './endpoint.js';
import { PostbackPartialSchema, PostbackQuerySchema } from './tracking.js';

/**
 * The advertiser's client-side tracking (decision 085): a first-party JavaScript tag and two pixels for sites that
 * cannot post back server to server. They report through the same rules as /postback, authenticated by the offer's
 * allowed origins instead of a token (a browser keeps no secret).
 */

/** The tag's script, at the root of the server; `?v=` names its version so a new one is never served from a cache. */
export const SDK_PATH = '/sdk.js';
/** The tag's version: bumped with every change of apps/server/src/modules/client-tag/sdk.js. */
export const SDK_VERSION = '1';
export const PIXEL_CONVERSION_PATH = '/pixel/conversion';
export const PIXEL_GIF_PATH = '/pixel.gif';
export const PIXEL_HTML_PATH = '/pixel.html';

/** How a conversion came: a server's postback, the JavaScript tag, the image pixel or the iframe pixel. */
export const CONVERSION_CHANNELS = ['s2s', 'tag', 'image', 'iframe'] as const;
export type ConversionChannel = (typeof CONVERSION_CHANNELS)[number];
export type ClientChannel = Exclude<ConversionChannel, 's2s'>;

/**
 * The click id's cookie for one offer, on the tracking domain (set by /click, `SameSite=None; Secure`) and on the
 * advertiser's own domain (set by the tag), and the tag's localStorage key.
 */
export const tagCookieName = (offerId: number) => `pcid_${offerId}`;

/** The most origins an offer allows. */
export const TAG_ORIGINS_MAX = 20;

/** An origin as browsers send it: scheme, host and an optional port, nothing else (`https://shop.example`). */
export const TAG_ORIGIN_PATTERN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/;

/** A page's origin as the allow-list compares it; null when the text is no http(s) URL. */
export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return parsed.origin;
  } catch {
    return null;
  }
}

export const TagOriginsSchema = z
  .array(
    z
      .string({ error: 'type' })
      .trim()
      .toLowerCase()
      .transform((value) => value.replace(/\/+$/, ''))
      .pipe(z.string().regex(TAG_ORIGIN_PATTERN, { error: 'pattern' })),
    { error: 'type' },
  )
  .max(TAG_ORIGINS_MAX, { error: 'maxLength' });

/** The landing-page parameter the tag reads: what the offer URL calls `{click_id}` (`cid` in `?cid={click_id}`). */
export const TagClickParamSchema = z
  .string({ error: 'type' })
  .trim()
  .min(1, { error: 'required' })
  .max(32, { error: 'maxLength' })
  .regex(/^[A-Za-z0-9_.-]+$/, { error: 'pattern' });

const offerIdField = z.coerce
  .number({ error: 'type' })
  .int({ error: 'type' })
  .positive({ error: 'min' })
  .max(2_147_483_647, { error: 'max' });

/**
 * A conversion from the tag or a pixel: the postback's fields without its token (the offer's origins stand for it),
 * and the offer the page reports for. `click_id` may be left out: the click cookie of the tracking domain names it.
 */
export const PixelConversionSchema = PostbackPartialSchema.pick({
  click_id: true,
  goal: true,
  amount: true,
  currency: true,
  transaction_id: true,
}).extend({ offer_id: offerIdField });

/** The same fields in a query string (the image and iframe pixels, and the tag's query). */
export const PixelQuerySchema = PostbackQuerySchema.pick({
  click_id: true,
  goal: true,
  amount: true,
  currency: true,
  transaction_id: true,
}).extend({ offer_id: offerIdField.optional() });

export const PIXEL_CONVERSION_DESCRIPTION = [
  'The JavaScript tag’s conversion (`/sdk.js`, `portal.conversion(…)`): the fields of /postback without `token`, plus `offer_id`, in the query, a form body or a JSON body. `click_id` left out is read from the click cookie `/click` set on this domain.',
  'The request’s `Origin` must be one of the offer’s allowed origins (403 otherwise, and CORS answers only those). The click must be one of that offer’s. Deduplication on `transaction_id`, caps and reasons are exactly /postback’s, and so is the answer; a conversion is `pending` unless its goal trusts client-side conversions (decision 085).',
].join('\n\n');

export const PIXEL_DESCRIPTION =
  'A conversion from a page that runs no script: the fields of /postback without `token`, plus `offer_id`, in the query; `click_id` left out is read from the click cookie `/click` set on this domain (`SameSite=None; Secure`: many browsers block it). The page’s origin (from `Referer`) must be one of the offer’s allowed origins. Same rules and statuses as the tag; the answer is the pixel itself, with 400 or 403 when nothing was recorded (decision 085).';

/** The latest hit of the tag or a pixel for one offer: what "Check my installation" shows. */
export const TagHitSchema = z.object({
  createdAt: z.string(),
  channel: z.enum(CONVERSION_CHANNELS),
  /** The page's origin as the request gave it; null when it gave none. */
  origin: z.string().nullable(),
  /** As the postback log's: recorded, invalid or wrong_origin. */
  outcome: z.string(),
  status: z.string().nullable(),
  reason: z.string().nullable(),
  goal: z.string().nullable(),
});
export type TagHit = z.infer<typeof TagHitSchema>;

/** One goal's ready snippets, the advertiser's values filled in. */
export const TagSnippetsSchema = z.object({
  goal: z.string(),
  name: z.string(),
  trustClientConversions: z.boolean(),
  /** The server-to-server postback URL for this goal, token included. */
  s2s: z.string(),
  /** The thank-you page's script tags. */
  javascript: z.string(),
  image: z.string(),
  iframe: z.string(),
});

/** One offer's client-side set-up. */
export const OfferTagSetupSchema = z.object({
  offerId: z.number().int(),
  offerName: z.string(),
  tagOrigins: z.array(z.string()),
  tagClickParam: z.string(),
  /** The landing page's script tag (keeps the click id). */
  landing: z.string(),
  goals: z.array(TagSnippetsSchema),
  lastHit: TagHitSchema.nullable(),
});
export type OfferTagSetup = z.infer<typeof OfferTagSetupSchema>;

export const clientTagEndpoints = {
  setup: defineEndpoint({
    method: 'GET',
    path: '/staff/advertisers/:id/tag-setup',
    tags: ['staff'],
    summary:
      'Ready snippets per offer and goal (S2S URL, JavaScript tag, image, iframe) and each offer’s latest tag hit (admins only)',
    params: IdParamsSchema,
    response: envelope(z.array(OfferTagSetupSchema)),
  }),
};
