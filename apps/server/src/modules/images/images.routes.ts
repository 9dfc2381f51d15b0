import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '@portal/contracts';
import { files } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { AppContext } from '../../shared/context.js';
import {
  ImageSourceError,
  VariantCache,
  clampSide,
  etagOf,
  matchesEtag,
  renderVariant,
  variantKey,
} from './image-variants.js';

/** File types that are public pictures; documents never go through this route. */
export const PUBLIC_IMAGE_TYPES = ['avatar', 'logo', 'offer_image', 'news_image'] as const;
const CACHE_CONTROL = 'public, max-age=86400';

const side = z.coerce
  .number({ error: 'type' })
  .int({ error: 'type' })
  .min(1, { error: 'min' })
  // Above this it is not a size but garbage; sizes between MAX_SIDE and this are clamped.
  .max(1_000_000, { error: 'max' })
  .optional();

/** w and h in pixels (clamped to MAX_SIDE); c=1 crops to cover w×h, c=0 (default) fits inside. */
const ImageQuerySchema = z.strictObject({
  w: side,
  h: side,
  c: z.enum(['0', '1'], { error: 'oneOf' }).optional(),
});

export const imagesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const cache = new VariantCache();

  app.get(
    '/image/:id',
    {
      schema: {
        tags: ['images'],
        summary: 'A public image, resized: c=1 crops to cover w×h, c=0 fits inside',
        security: [],
        params: IdParamsSchema,
        querystring: ImageQuerySchema,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const variantRequest = {
        w: clampSide(request.query.w),
        h: clampSide(request.query.h),
        crop: request.query.c === '1',
      };
      const rows = await ctx.db
        .select({ id: files.id, storageKey: files.storageKey, mimeType: files.mimeType })
        .from(files)
        .where(and(eq(files.id, id), inArray(files.type, [...PUBLIC_IMAGE_TYPES])))
        .limit(1);
      const file = rows[0];
      if (!file) throw notFound('Image not found.');

      const key = variantKey(file.id, file.storageKey, variantRequest);
      const etag = etagOf(key);
      reply.header('etag', etag).header('cache-control', CACHE_CONTROL);
      // The tag names the variant, so a revalidation is answered before any file is read.
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();

      let variant;
      try {
        variant = await cache.getOrRender(key, async () => {
          const original = await ctx.storage.get(file.storageKey);
          if (!original) throw new ImageSourceError('unreadable');
          return renderVariant(original, file.mimeType, variantRequest);
        });
      } catch (error) {
        if (!(error instanceof ImageSourceError)) throw error;
        reply.removeHeader('etag').removeHeader('cache-control');
        if (error.reason === 'too_large') throw new AppError(422, 'The image is too large to be processed.');
        throw notFound('Image not found.');
      }
      return reply.type(variant.type).send(variant.body);
    },
  );
};
