import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '@portal/contracts';
import { files } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import type { AppContext } from '../../shared/context.js';

/** File types that are public pictures; documents never go through this route. */
export const PUBLIC_IMAGE_TYPES = ['avatar', 'logo', 'offer_image', 'news_image'] as const;
const MAX_SIDE = 2000;
const MAX_INPUT_PIXELS = 40_000_000;
const CACHE_ENTRIES = 500;

/** Sizes above MAX_SIDE are clamped to it, not refused. */
const ImageQuerySchema = z.strictObject({
  w: z.coerce.number({ error: 'type' }).int({ error: 'type' }).min(1, { error: 'min' }).optional(),
  h: z.coerce.number({ error: 'type' }).int({ error: 'type' }).min(1, { error: 'min' }).optional(),
  c: z.enum(['0', '1'], { error: 'oneOf' }).optional(),
});

type Variant = { body: Buffer; type: string; etag: string };

export const imagesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const cache = new Map<string, Variant>();

  app.get(
    '/image/:id',
    {
      schema: {
        tags: ['images'],
        summary: 'A public image, resized: c=1 crops to cover w×h, c=0 fits inside',
        params: IdParamsSchema,
        querystring: ImageQuerySchema,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const w = request.query.w ? Math.min(request.query.w, MAX_SIDE) : undefined;
      const h = request.query.h ? Math.min(request.query.h, MAX_SIDE) : undefined;
      const crop = request.query.c === '1';
      const rows = await ctx.db
        .select()
        .from(files)
        .where(and(eq(files.id, id), inArray(files.type, [...PUBLIC_IMAGE_TYPES])))
        .limit(1);
      const file = rows[0];
      if (!file) throw notFound('Image not found.');
      const cacheKey = `${file.id}:${file.storageKey}:${w ?? ''}:${h ?? ''}:${crop ? 1 : 0}`;
      let variant = cache.get(cacheKey);
      if (variant) {
        cache.delete(cacheKey);
        cache.set(cacheKey, variant);
      } else {
        const original = await ctx.storage.get(file.storageKey);
        if (!original) throw notFound('Image not found.');
        let pipeline = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
        if (w || h) {
          pipeline = pipeline.resize({
            ...(w ? { width: w } : {}),
            ...(h ? { height: h } : {}),
            fit: crop ? 'cover' : 'inside',
            withoutEnlargement: !crop,
          });
        }
        const isPng = file.mimeType === 'image/png';
        const body = await (isPng ? pipeline.png() : pipeline.jpeg({ quality: 85 })).toBuffer().catch(() => {
          throw notFound('Image not found.');
        });
        variant = {
          body,
          type: isPng ? 'image/png' : 'image/jpeg',
          etag: `"${createHash('sha1').update(cacheKey).digest('hex')}"`,
        };
        cache.set(cacheKey, variant);
        if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
      }
      reply.header('etag', variant.etag).header('cache-control', 'public, max-age=86400');
      if (request.headers['if-none-match'] === variant.etag) return reply.code(304).send();
      return reply.type(variant.type).send(variant.body);
    },
  );
};
