import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { StaffOfferRow } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { advertisers, offers, products } from '../../db/schema.js';

/** Escapes LIKE's wildcards, so that a search for "50%" finds "50%". */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The catalogue as staff search it (issue 19): every offer, enabled or not, newest first. */
export async function listStaffOffers(
  db: DbOrTx,
  query: { page: number; count: number; q?: string | undefined; advertiserId?: number | undefined },
): Promise<{ list: StaffOfferRow[]; total: number }> {
  const where: (SQL | undefined)[] = [];
  const q = query.q?.trim();
  if (q) {
    const byId = /^#?\d{1,9}$/.test(q) ? eq(offers.id, Number(q.replace('#', ''))) : undefined;
    where.push(or(ilike(offers.name, `%${likeEscaped(q)}%`), byId));
  }
  if (query.advertiserId) where.push(eq(products.advertiserId, query.advertiserId));
  const condition = and(...where);
  const rows = await db
    .select({
      offer: offers,
      advertiser: { id: advertisers.id, name: advertisers.name },
      product: { id: products.id, identifier: products.identifier },
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(advertisers, eq(advertisers.id, products.advertiserId))
    .where(condition)
    .orderBy(desc(offers.createdAt), desc(offers.id))
    .limit(query.count)
    .offset((query.page - 1) * query.count);
  const [total] = await db
    .select({ n: count() })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(condition);
  return {
    total: Number(total?.n ?? 0),
    list: rows.map(({ offer, advertiser, product }) => ({
      id: offer.id,
      name: offer.name,
      advertiser,
      product,
      currency: offer.currency,
      enabled: offer.enabled,
      private: offer.private,
      requireApproval: offer.requireApproval,
      createdAt: offer.createdAt.toISOString(),
    })),
  };
}
