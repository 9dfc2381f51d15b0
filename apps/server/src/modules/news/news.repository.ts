import { and, asc, count, desc, isNotNull, lte, type SQL } from 'drizzle-orm';
import { API_PREFIX, type News, type NewsGroup, type NewsSort } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { news } from '../../db/schema.js';
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

/** One page of published news and the number of published items. */
export async function listPublishedNews(
  db: DbOrTx,
  now: Date,
  query: NewsPage,
): Promise<{ list: News[]; total: number }> {
  const direction = query.order === 'asc' ? asc : desc;
  const where = published(now);
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
