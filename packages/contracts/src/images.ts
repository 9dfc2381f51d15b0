import { z } from 'zod';
import { IdParamsSchema } from './api.js';
import { defineEndpoint } from './endpoint.js';

/**
 * The sizes GET /image/{id} serves, one per place a screen shows a picture (decision 029). Any other w×h is refused
 * with 400: resizing is CPU work, and a caller free to pick sizes would defeat the variant cache.
 */
export const IMAGE_SIZES = {
  /** An offer's thumbnail in the offer list. */
  offerThumbnail: { w: 112, h: 112 },
  /** The offer detail's picture (spec: 250x250). */
  offer: { w: 250, h: 250 },
  /** The account manager's photo (spec: 128x128). */
  accountManager: { w: 128, h: 128 },
  /** A news card of the dashboard carousel. */
  newsCard: { w: 640, h: 360 },
  /** The news modal's picture. */
  newsModal: { w: 960, h: 540 },
} as const satisfies Record<string, { w: number; h: number }>;

export type ImageSizeName = keyof typeof IMAGE_SIZES;

/** Whether w×h is one of the served sizes. */
export const isServedImageSize = (w: number, h: number) =>
  Object.values(IMAGE_SIZES).some((size) => size.w === w && size.h === h);

/** An image URL (`/api/v1/image/{id}`) at one of the served sizes, cropped to cover it (c=1) unless told to fit. */
export function imageVariantUrl(image: string, size: ImageSizeName, crop = true): string {
  const { w, h } = IMAGE_SIZES[size];
  const separator = image.includes('?') ? '&' : '?';
  return `${image}${separator}w=${w}&h=${h}&c=${crop ? 1 : 0}`;
}

const side = z.coerce
  .number({ error: 'type' })
  .int({ error: 'type' })
  .min(1, { error: 'min' })
  // Above this it is not a size but garbage (a type error); below it, a size that is not served (400 too).
  .max(1_000_000, { error: 'max' })
  .optional();

/** w and h in pixels, one of IMAGE_SIZES or neither (the original); c=1 crops to cover w×h, c=0 (default) fits inside. */
export const ImageQuerySchema = z.strictObject({
  w: side,
  h: side,
  c: z.enum(['0', '1'], { error: 'oneOf' }).optional(),
});

/** Public pictures (avatars, logos, offer and news images), by URL in an `<img>`: no bearer, the image's bytes. */
export const imagesEndpoints = {
  image: defineEndpoint({
    method: 'GET',
    path: '/image/:id',
    tags: ['images'],
    summary: 'A public image, at one of the served sizes (or the original): c=1 crops to cover w×h, c=0 fits inside',
    auth: 'public',
    params: IdParamsSchema,
    query: ImageQuerySchema,
    produces: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
  }),
};
