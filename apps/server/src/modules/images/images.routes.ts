import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMAGE_SIZES, IdParamsSchema, isServedImageSize } from '@portal/contracts';
import { files } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import type { AppContext } from '../../shared/context.js';
import { ImageSourceError, VariantCache, etagOf, matchesEtag, renderVariant, variantKey } from './image-variants.js';

/** File types that are public pictures; documents never go through this route. */
export const PUBLIC_IMAGE_TYPES = ['avatar', 'logo', 'offer_image', 'news_image'] as const;
const CACHE_CONTROL = 'public, max-age=86400';
const SERVED_SIZES = `Must be one of the served sizes (w x h): ${Object.values(IMAGE_SIZES)
  .map((size) => `${size.w}x${size.h}`)
  .join(', ')}; or neither w nor h for the original.`;

const side = z.coerce
  .number({ error: 'type' })
  .int({ error: 'type' })
  .min(1, { error: 'min' })
  // Above this it is not a size but garbage (a type error); below it, a size that is not served (400 too).
  .max(1_000_000, { error: 'max' })
  .optional();

/** w and h in pixels, one of IMAGE_SIZES or neither (the original); c=1 crops to cover w×h, c=0 (default) fits inside. */
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
        summary:
          'A public image, at one of the served sizes (or the original): c=1 crops to cover w×h, c=0 fits inside',
        security: [],
        params: IdParamsSchema,
        querystring: ImageQuerySchema,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { w, h } = request.query;
      // Only the screens' sizes are rendered (decision 029): a caller cannot make the server resize at will.
      const sized = w !== undefined || h !== undefined;
      if (sized && (w === undefined || h === undefined || !isServedImageSize(w, h))) {
        throw badRequest('The image size is not one of the served sizes.', { w: SERVED_SIZES, h: SERVED_SIZES });
      }
      const variantRequest = { w, h, crop: request.query.c === '1' };
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
