import { z } from 'zod';
import { listOf, pageQueryShape } from './api.js';
import { defineEndpoint } from './endpoint.js';

/** A news item of the dashboard's "What's New" block (spec section 3). */
export const NewsSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  /** HTML, sanitised by the server; the web app sanitises it once more before rendering. */
  content: z.string(),
  publishedAt: z.string(),
  createdAt: z.string(),
  /** The picture's URL (GET /image/{id}) when `groups` asked for `image`, otherwise null. */
  image: z.string().nullable(),
});
export type News = z.infer<typeof NewsSchema>;

export const NEWS_SORTS = ['publishedAt', 'createdAt', 'title'] as const;
export type NewsSort = (typeof NEWS_SORTS)[number];
export const NEWS_GROUPS = ['image'] as const;
export type NewsGroup = (typeof NEWS_GROUPS)[number];

/** `groups` arrives as 'image' or 'a,b' or repeated; every name must be known. */
const newsGroups = z
  .union([z.string(), z.array(z.string())], { error: 'type' })
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((part) => part.split(','))
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(NEWS_GROUPS, { error: 'oneOf' })).max(NEWS_GROUPS.length * 4, { error: 'maxLength' }));

/** GET /news: page, count, sort, order, groups (spec section 7). */
export const ListNewsQuerySchema = z.strictObject({
  ...pageQueryShape,
  sort: z.enum(NEWS_SORTS, { error: 'oneOf' }).default('publishedAt'),
  order: z.enum(['asc', 'desc'], { error: 'oneOf' }).default('desc'),
  groups: newsGroups.optional(),
});
export type ListNewsQuery = z.infer<typeof ListNewsQuerySchema>;
/** What a client sends to GET /news (the schema coerces it). */
export type ListNewsParams = {
  page?: number;
  count?: number;
  sort?: NewsSort;
  order?: 'asc' | 'desc';
  /** Comma-separated group names: 'image'. */
  groups?: string;
};

export const newsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/news',
    tags: ['news'],
    summary: 'Published news, newest first by default; groups=image adds each picture URL',
    query: ListNewsQuerySchema,
    response: listOf(NewsSchema),
  }),
};
