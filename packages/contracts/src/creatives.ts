import { z } from 'zod';
import { IdParamsSchema, envelope } from './api.js';
import { defineEndpoint } from './endpoint.js';
import { ClickUrlSchema } from './staff-offers.js';
import { requiredString } from './validation.js';

// ---------------------------------------------------------------- creatives and landing pages (decision 050)

/** A banner (an image), an HTML snippet, an e-mail template, or a text ad. */
export const CREATIVE_KINDS = ['banner', 'html', 'email', 'text'] as const;
export type CreativeKind = (typeof CREATIVE_KINDS)[number];
/** The most creatives and landing pages one offer holds. */
export const OFFER_CREATIVES_MAX = 100;
export const OFFER_LANDING_PAGES_MAX = 50;
export const CREATIVE_HTML_MAX = 100_000;
export const CREATIVE_TEXT_MAX = 2_000;
/**
 * Where a creative's HTML, e-mail or text puts the partner's tracking link: replaced by the partner's own link when it
 * copies or downloads the creative.
 */
export const TRACKING_LINK_PLACEHOLDER = '{tracking_link}';

const id = z.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'min' }).max(2_147_483_647, { error: 'max' }); // prettier-ignore

/** POST /staff/offers/{id}/creatives: a banner names its uploaded image; the others carry their markup or text. */
export const CreativeInputSchema = z
  .strictObject({
    kind: z.enum(CREATIVE_KINDS, { error: 'oneOf' }),
    name: requiredString(120),
    /** A banner's picture, uploaded first with POST /staff/images (kind `creative`). */
    imageId: id.nullable().default(null),
    /** HTML and e-mail creatives: the markup, `{tracking_link}` where the link goes. */
    html: z.string({ error: 'type' }).max(CREATIVE_HTML_MAX, { error: 'maxLength' }).nullable().default(null),
    /** Text ads: the text, `{tracking_link}` where the link goes (or the link is appended). */
    text: z.string({ error: 'type' }).trim().max(CREATIVE_TEXT_MAX, { error: 'maxLength' }).nullable().default(null),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'banner' && value.imageId === null) ctx.addIssue({ code: 'custom', message: 'required', path: ['imageId'] }); // prettier-ignore
    if ((value.kind === 'html' || value.kind === 'email') && !value.html?.trim()) ctx.addIssue({ code: 'custom', message: 'required', path: ['html'] }); // prettier-ignore
    if ((value.kind === 'html' || value.kind === 'email') && value.html && !value.html.includes(TRACKING_LINK_PLACEHOLDER)) ctx.addIssue({ code: 'custom', message: 'trackingLinkMissing', path: ['html'] }); // prettier-ignore
    if (value.kind === 'text' && !value.text) ctx.addIssue({ code: 'custom', message: 'required', path: ['text'] });
  });
export type CreativeInput = z.input<typeof CreativeInputSchema>;

/** A creative as staff and partners see it; a partner copies `html` with its own link in place of the placeholder. */
export const CreativeSchema = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  kind: z.enum(CREATIVE_KINDS),
  name: z.string(),
  /** A banner's picture (`/api/v1/image/{id}`, the original size), else null. */
  image: z.string().nullable(),
  imageId: z.number().int().nullable(),
  /** A banner's size in pixels, else null. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  html: z.string().nullable(),
  text: z.string().nullable(),
  createdAt: z.string(),
});
export type Creative = z.infer<typeof CreativeSchema>;

/** POST /staff/offers/{id}/landing-pages: the URL takes the offer URL's macros. */
export const LandingPageInputSchema = z.strictObject({
  name: requiredString(120),
  url: ClickUrlSchema,
  /** A picture of the page (POST /staff/images, kind `creative`), or null. */
  previewImageId: id.nullable().default(null),
});
export type LandingPageInput = z.input<typeof LandingPageInputSchema>;

export const LandingPageSchema = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  name: z.string(),
  url: z.string(),
  previewImageId: z.number().int().nullable(),
  /** `/api/v1/image/{id}`, or null. */
  preview: z.string().nullable(),
  createdAt: z.string(),
});
export type LandingPage = z.infer<typeof LandingPageSchema>;

/** A partner sees a landing page's name, picture and the page itself without the tracking macros filled in. */
export const PartnerLandingPageSchema = LandingPageSchema.pick({ id: true, name: true, preview: true }).extend({
  /** The page's URL with every macro left empty: what the partner may open to look at it. */
  previewUrl: z.string(),
});
export type PartnerLandingPage = z.infer<typeof PartnerLandingPageSchema>;

export const OfferChildParamsSchema = z.strictObject({
  id: IdParamsSchema.shape.id,
  childId: IdParamsSchema.shape.id,
});

export const creativesEndpoints = {
  staffList: defineEndpoint({
    method: 'GET',
    path: '/staff/offers/:id/creatives',
    tags: ['staff'],
    summary: "An offer's creatives",
    params: IdParamsSchema,
    response: envelope(z.array(CreativeSchema)),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/staff/offers/:id/creatives',
    tags: ['staff'],
    summary: 'Attach a creative to an offer: a banner, HTML, an e-mail template or a text ad (admins, audited)',
    params: IdParamsSchema,
    body: CreativeInputSchema,
    response: envelope(CreativeSchema),
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/staff/offers/:id/creatives/:childId',
    tags: ['staff'],
    summary: 'Remove a creative from an offer (admins, audited)',
    params: OfferChildParamsSchema,
    response: envelope(z.null()),
  }),
  staffLandingPages: defineEndpoint({
    method: 'GET',
    path: '/staff/offers/:id/landing-pages',
    tags: ['staff'],
    summary: "An offer's alternative landing pages",
    params: IdParamsSchema,
    response: envelope(z.array(LandingPageSchema)),
  }),
  createLandingPage: defineEndpoint({
    method: 'POST',
    path: '/staff/offers/:id/landing-pages',
    tags: ['staff'],
    summary: 'Add an alternative landing page to an offer; /click?lp={id} sends there (admins, audited)',
    params: IdParamsSchema,
    body: LandingPageInputSchema,
    response: envelope(LandingPageSchema),
  }),
  deleteLandingPage: defineEndpoint({
    method: 'DELETE',
    path: '/staff/offers/:id/landing-pages/:childId',
    tags: ['staff'],
    summary: 'Remove a landing page from an offer (admins, audited)',
    params: OfferChildParamsSchema,
    response: envelope(z.null()),
  }),
  partnerList: defineEndpoint({
    method: 'GET',
    path: '/offer/:id/creatives',
    auth: 'session+key',
    tags: ['offers'],
    summary: "The creatives of an offer the partner may see (a private or unreachable offer's are a 404)",
    params: IdParamsSchema,
    response: envelope(z.array(CreativeSchema)),
  }),
  download: defineEndpoint({
    method: 'GET',
    path: '/offer/:id/creatives/:childId/download',
    tags: ['offers'],
    summary:
      "A creative as a file: the banner's picture, or the HTML, e-mail or text with the partner's tracking link inside",
    params: OfferChildParamsSchema,
    produces: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'text/html', 'text/plain'],
  }),
  partnerLandingPages: defineEndpoint({
    method: 'GET',
    path: '/offer/:id/landing-pages',
    auth: 'session+key',
    tags: ['offers'],
    summary: "The landing pages a partner may send an offer's traffic to (/click?lp={id})",
    params: IdParamsSchema,
    response: envelope(z.array(PartnerLandingPageSchema)),
  }),
};
