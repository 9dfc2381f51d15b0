import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMAGE_SIZES, imagesEndpoints, isServedImageSize } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import type { AppContext } from '../../context.js';
import { ImageSourceError, VariantCache, etagOf, matchesEtag, renderVariant, variantKey } from './image-variants.js';
import { findPublicImage } from './images.repository.js';

const CACHE_CONTROL = 'public, max-age=86400';
const SERVED_SIZES = `Must be one of the served sizes (w x h): ${Object.values(IMAGE_SIZES)
  .map((size) => `${size.w}x${size.h}`)
  .join(', ')}; or neither w nor h for the original.`;

export const imagesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const cache = new VariantCache();

  app.route({
    ...routeOf(imagesEndpoints.image),
    handler: async (request, reply) => {
      const { id } = request.params;
      const { w, h } = request.query;
      // Only the screens' sizes are rendered (decision 029): a caller cannot make the server resize at will.
      const sized = w !== undefined || h !== undefined;
      if (sized && (w === undefined || h === undefined || !isServedImageSize(w, h))) {
        throw badRequest('The image size is not one of the served sizes.', { w: SERVED_SIZES, h: SERVED_SIZES });
      }
      const variantRequest = { w, h, crop: request.query.c === '1' };
      const file = await findPublicImage(ctx.db, id);
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
  });
};
