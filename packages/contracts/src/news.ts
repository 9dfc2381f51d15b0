import { z } from 'zod';
import { IdParamsSchema, envelope, listOf, pageQueryShape } from './api.js';
import { defineEndpoint } from './endpoint.js';
import { UploadDocumentSchema } from './uploads.js';

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

// ---------------------------------------------------------------- news managed by staff (decision 042)

export const NEWS_TITLE_MAX = 200;
export const NEWS_EXCERPT_MAX = 500;
export const NEWS_CONTENT_MAX = 100_000;
export const NEWS_AUDIENCE_MAX_IDS = 500;

const audienceIds = z
  .array(z.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'min' }).max(2_147_483_647), {
    error: 'required',
  })
  .min(1, { error: 'required' })
  .max(NEWS_AUDIENCE_MAX_IDS, { error: 'max' })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'unique' });

/** Who reads a news item: every partner, the partners of some offers, or some partners. */
export const NewsAudienceSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('all') }),
    /** Partners with an active application on, or traffic in the last 30 days to, one of the offers. */
    z.strictObject({ kind: z.literal('offers'), offerIds: audienceIds }),
    z.strictObject({ kind: z.literal('partners'), partnerIds: audienceIds }),
  ],
  { error: 'oneOf' },
);
export type NewsAudience = z.infer<typeof NewsAudienceSchema>;
export const NEWS_AUDIENCE_DAYS = 30;

/** Published: its date has come; scheduled: a date to come; draft: no date. */
export const NEWS_STATES = ['draft', 'scheduled', 'published'] as const;
export type NewsState = (typeof NEWS_STATES)[number];

/** A news item as staff manage it. */
export const StaffNewsSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  imageId: z.number().int().nullable(),
  image: z.string().nullable(),
  publishedAt: z.string().nullable(),
  state: z.enum(NEWS_STATES),
  audience: NewsAudienceSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaffNews = z.infer<typeof StaffNewsSchema>;

const instant = z.iso.datetime({ offset: true, error: 'type' });

const newsFields = {
  title: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(NEWS_TITLE_MAX, { error: 'maxLength' }),
  excerpt: z.string({ error: 'type' }).trim().max(NEWS_EXCERPT_MAX, { error: 'maxLength' }),
  /** HTML; the server sanitises it on save (and once more on the way out). */
  content: z.string({ error: 'type' }).max(NEWS_CONTENT_MAX, { error: 'maxLength' }),
  imageId: z.number({ error: 'type' }).int({ error: 'type' }).positive({ error: 'min' }).nullable(),
  /** Null: a draft; a time to come: scheduled. */
  publishedAt: instant.nullable(),
  audience: NewsAudienceSchema,
};

/** POST /staff/news. */
export const NewsCreateSchema = z.strictObject({
  title: newsFields.title,
  excerpt: newsFields.excerpt.default(''),
  content: newsFields.content.default(''),
  imageId: newsFields.imageId.optional(),
  publishedAt: newsFields.publishedAt.default(null),
  audience: newsFields.audience.default({ kind: 'all' }),
});
export type NewsCreate = z.input<typeof NewsCreateSchema>;

/** PUT /staff/news/{id}: the fields sent change. */
export const NewsUpdateSchema = z.strictObject({
  title: newsFields.title.optional(),
  excerpt: newsFields.excerpt.optional(),
  content: newsFields.content.optional(),
  imageId: newsFields.imageId.optional(),
  publishedAt: newsFields.publishedAt.optional(),
  audience: newsFields.audience.optional(),
});
export type NewsUpdate = z.input<typeof NewsUpdateSchema>;

/** GET /staff/news: every item, newest first; one state on demand. */
export const StaffNewsQuerySchema = z.strictObject({
  ...pageQueryShape,
  state: z.enum(NEWS_STATES, { error: 'oneOf' }).optional(),
});

/** What a staff image upload is for: its stored type and the size it is served at. */
export const STAFF_IMAGE_KINDS = ['news', 'offer', 'logo', 'creative'] as const;
export type StaffImageKind = (typeof STAFF_IMAGE_KINDS)[number];

/** POST /staff/images: a PNG or JPEG as a data URL, checked by its bytes and limited as documents are. */
export const StaffImageUploadSchema = z.strictObject({
  kind: z.enum(STAFF_IMAGE_KINDS, { error: 'oneOf' }),
  image: UploadDocumentSchema,
});
export type StaffImageUpload = z.input<typeof StaffImageUploadSchema>;
export const StaffImageSchema = z.object({ id: z.number().int(), url: z.string() });

const staffNews = envelope(StaffNewsSchema);

export const staffNewsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/staff/news',
    tags: ['staff'],
    summary: 'Every news item, drafts and scheduled ones included, newest first (admins)',
    query: StaffNewsQuerySchema,
    response: envelope(z.array(StaffNewsSchema)),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/staff/news',
    tags: ['staff'],
    summary: 'Write a news item: a draft, scheduled or published, for all partners or an audience (admins, audited)',
    body: NewsCreateSchema,
    response: staffNews,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/staff/news/:id',
    tags: ['staff'],
    summary: 'Change a news item (admins, audited)',
    params: IdParamsSchema,
    body: NewsUpdateSchema,
    response: staffNews,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/staff/news/:id',
    tags: ['staff'],
    summary: 'Delete a news item (admins, audited)',
    params: IdParamsSchema,
    response: envelope(z.null()),
  }),
  uploadImage: defineEndpoint({
    method: 'POST',
    path: '/staff/images',
    tags: ['staff'],
    summary: 'Store a picture for a news item, an offer or a product logo; answers its id and URL (admins)',
    body: StaffImageUploadSchema,
    response: envelope(StaffImageSchema),
  }),
};
