import { and, asc, count, desc, eq, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  API_PREFIX,
  NEWS_AUDIENCE_DAYS,
  type News,
  type NewsAudience,
  type NewsGroup,
  type NewsSort,
  type NewsState,
  type StaffNews,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { files, news, offers, partners } from '../../db/schema.js';
import { sanitizeHtml } from '../../lib/html.js';

export type NewsPage = {
  page: number;
  count: number;
  sort: NewsSort;
  order: 'asc' | 'desc';
  groups: NewsGroup[];
};

const sortColumns = { publishedAt: news.publishedAt, createdAt: news.createdAt, title: news.title } as const;

/** Published means a publication date that has come: drafts (null) and scheduled items stay hidden. */
function published(now: Date): SQL {
  return and(isNotNull(news.publishedAt), lte(news.publishedAt, now)) as SQL;
}

/**
 * The items whose audience includes the partner (decision 042): everyone's; those naming it; and those of offers it has
 * an active application on, or sent traffic to in the last 30 days. Written out with table names: drizzle leaves a
 * single-table select's columns unqualified, which these subqueries would misread.
 */
function forPartner(partnerId: number, now: Date): SQL {
  const since = new Date(now.getTime() - NEWS_AUDIENCE_DAYS * 86_400_000).toISOString();
  return sql`(
    "news"."audience"->>'kind' = 'all'
    or ("news"."audience"->>'kind' = 'partners' and "news"."audience"->'partnerIds' @> to_jsonb(${partnerId}::int))
    or ("news"."audience"->>'kind' = 'offers' and exists (
      select 1 from jsonb_array_elements_text("news"."audience"->'offerIds') as o(id)
      where exists (select 1 from partner_offers po where po.partner_id = ${partnerId} and po.offer_id = o.id::int and po.status = 'active')
         or exists (select 1 from stats_hourly h where h.partner_id = ${partnerId} and h.offer_id = o.id::int and h.hour >= ${since}::timestamptz and h.clicks > 0)
    ))
  )`;
}

/** One page of the published news the partner's audience includes, and how many there are. */
export async function listPublishedNews(
  db: DbOrTx,
  now: Date,
  query: NewsPage,
  partnerId: number,
): Promise<{ list: News[]; total: number }> {
  const direction = query.order === 'asc' ? asc : desc;
  const where = and(published(now), forPartner(partnerId, now)) as SQL;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(news)
      .where(where)
      // The id breaks ties, so that pages never overlap or skip an item.
      .orderBy(direction(sortColumns[query.sort]), direction(news.id))
      .limit(query.count)
      .offset((query.page - 1) * query.count),
    db.select({ n: count() }).from(news).where(where),
  ]);
  const withImage = query.groups.includes('image');
  return {
    total: Number(totals[0]?.n ?? 0),
    list: rows.map((row) => ({
      id: row.id,
      title: row.title,
      excerpt: row.excerpt,
      // Sanitised on the way out, so that whatever reached the table never reaches a browser raw.
      content: sanitizeHtml(row.content),
      publishedAt: (row.publishedAt ?? row.createdAt).toISOString(),
      createdAt: row.createdAt.toISOString(),
      image: withImage && row.imageId ? `${API_PREFIX}/image/${row.imageId}` : null,
    })),
  };
}

// ---------------------------------------------------------------- staff (decision 042)

type NewsRow = typeof news.$inferSelect;

export function stateOf(publishedAt: Date | null, now: Date): NewsState {
  if (!publishedAt) return 'draft';
  return publishedAt.getTime() > now.getTime() ? 'scheduled' : 'published';
}

export function staffNewsDto(row: NewsRow, now: Date): StaffNews {
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    imageId: row.imageId,
    image: row.imageId ? `${API_PREFIX}/image/${row.imageId}` : null,
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    state: stateOf(row.publishedAt, now),
    audience: row.audience as NewsAudience,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every item, newest first (drafts by their creation), optionally of one state. */
export async function listStaffNews(
  db: DbOrTx,
  now: Date,
  query: { page: number; count: number; state?: NewsState | undefined },
): Promise<{ list: StaffNews[]; total: number }> {
  const where =
    query.state === 'draft'
      ? sql`${news.publishedAt} is null`
      : query.state === 'scheduled'
        ? sql`${news.publishedAt} > ${now.toISOString()}::timestamptz`
        : query.state === 'published'
          ? published(now)
          : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(news)
      .where(where)
      .orderBy(desc(sql`coalesce(${news.publishedAt}, ${news.createdAt})`), desc(news.id))
      .limit(query.count)
      .offset((query.page - 1) * query.count),
    db.select({ n: count() }).from(news).where(where),
  ]);
  return { total: Number(totals[0]?.n ?? 0), list: rows.map((row) => staffNewsDto(row, now)) };
}

export async function lockNews(tx: DbOrTx, id: number): Promise<NewsRow | null> {
  const [row] = await tx.select().from(news).where(eq(news.id, id)).for('update');
  return row ?? null;
}

export async function insertNews(tx: DbOrTx, values: typeof news.$inferInsert): Promise<NewsRow> {
  const [row] = await tx.insert(news).values(values).returning();
  if (!row) throw new Error('news insert returned nothing');
  return row;
}

export async function updateNews(tx: DbOrTx, id: number, values: Partial<NewsRow>): Promise<NewsRow | null> {
  const [row] = await tx.update(news).set(values).where(eq(news.id, id)).returning();
  return row ?? null;
}

export async function deleteNews(tx: DbOrTx, id: number) {
  await tx.delete(news).where(eq(news.id, id));
}

/** The MIME type of a stored file (a news picture must be an image), or null when there is no such file. */
export async function fileMimeType(db: DbOrTx, id: number): Promise<string | null> {
  const [image] = await db
    .select({ mimeType: files.mimeType })
    .from(files)
    .where(inArray(files.id, [id]));
  return image?.mimeType ?? null;
}

/** Which of these offer or partner ids exist: an audience may name only those. */
export async function existingIds(db: DbOrTx, kind: 'offers' | 'partners', ids: number[]): Promise<Set<number>> {
  const table = kind === 'offers' ? offers : partners;
  return new Set((await db.select({ id: table.id }).from(table).where(inArray(table.id, ids))).map((r) => r.id));
}
