import { asc, count, eq, sql } from 'drizzle-orm';
import type { Product } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { advertisers, files, goals, offerGoals, offers, products } from '../../db/schema.js';

export type AdvertiserRow = typeof advertisers.$inferSelect;
export type ProductRow = typeof products.$inferSelect;

// Written out: drizzle leaves a single-table select's columns unqualified, which a correlated subquery would misread.
const offerCount = sql<number>`(select count(*) from offers o join products p on p.id = o.product_id where p.advertiser_id = "advertisers"."id")`.mapWith(Number); // prettier-ignore
const productCount = sql<number>`(select count(*) from products p where p.advertiser_id = "advertisers"."id")`.mapWith(Number); // prettier-ignore
const lastPostbackAt = sql<Date | null>`(select max(l.created_at) from advertiser_postbacks l where l.advertiser_id = "advertisers"."id")`.mapWith((v) => (v ? new Date(v as string) : null)); // prettier-ignore

/** Every advertiser with its counts and latest postback, by name. */
export async function listAdvertisers(db: DbOrTx) {
  return db
    .select({ advertiser: advertisers, productCount, offerCount, lastPostbackAt })
    .from(advertisers)
    .orderBy(asc(advertisers.name), asc(advertisers.id));
}

export async function advertiserWithCounts(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ advertiser: advertisers, productCount, offerCount, lastPostbackAt })
    .from(advertisers)
    .where(eq(advertisers.id, id));
  return row ?? null;
}

export async function lockAdvertiser(tx: DbOrTx, id: number): Promise<AdvertiserRow | null> {
  const [row] = await tx.select().from(advertisers).where(eq(advertisers.id, id)).for('update');
  return row ?? null;
}

export async function insertAdvertiser(tx: DbOrTx, values: typeof advertisers.$inferInsert) {
  const [row] = await tx.insert(advertisers).values(values).returning();
  if (!row) throw new Error('advertiser insert returned nothing');
  return row;
}

export async function updateAdvertiser(tx: DbOrTx, id: number, values: Partial<AdvertiserRow>) {
  const [row] = await tx.update(advertisers).set(values).where(eq(advertisers.id, id)).returning();
  return row ?? null;
}

// ---------------------------------------------------------------- products

export async function productsOf(db: DbOrTx, advertiserId: number): Promise<Product[]> {
  const rows = await db
    .select({ product: products, offers: count(offers.id) })
    .from(products)
    .leftJoin(offers, eq(offers.productId, products.id))
    .where(eq(products.advertiserId, advertiserId))
    .groupBy(products.id)
    .orderBy(asc(products.identifier));
  return rows.map(({ product, offers: n }) => productDto(product, Number(n)));
}

export const productDto = (p: ProductRow, offerTotal: number): Product => ({
  id: p.id,
  advertiserId: p.advertiserId,
  identifier: p.identifier,
  type: p.type,
  domain: p.domain,
  enabled: p.enabled,
  logoId: p.logoId,
  cross: p.cross,
  coreg: p.coreg,
  offerCount: offerTotal,
});

export async function productOffers(db: DbOrTx, productId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(offers).where(eq(offers.productId, productId));
  return Number(row?.n ?? 0);
}

export async function productById(db: DbOrTx, id: number): Promise<ProductRow | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row ?? null;
}

export async function lockProduct(tx: DbOrTx, id: number): Promise<ProductRow | null> {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
  return row ?? null;
}

export async function insertProduct(tx: DbOrTx, values: typeof products.$inferInsert) {
  const [row] = await tx.insert(products).values(values).returning();
  if (!row) throw new Error('product insert returned nothing');
  return row;
}

export async function updateProduct(tx: DbOrTx, id: number, values: Partial<ProductRow>) {
  const [row] = await tx.update(products).set(values).where(eq(products.id, id)).returning();
  return row ?? null;
}

/** The MIME type of a stored file (a product's logo must be an image), or null when there is no such file. */
export async function fileMimeType(db: DbOrTx, id: number): Promise<string | null> {
  const [file] = await db.select({ mimeType: files.mimeType }).from(files).where(eq(files.id, id));
  return file?.mimeType ?? null;
}

/** The advertiser's offers with their tag set-up and goals (decision 085), by offer id. */
export async function offersWithTagSetup(db: DbOrTx, advertiserId: number) {
  const rows = await db
    .select({
      offerId: offers.id,
      offerName: offers.name,
      tagOrigins: offers.tagOrigins,
      tagClickParam: offers.tagClickParam,
      goal: goals.identifier,
      goalName: goals.name,
      trustClientConversions: offerGoals.trustClientConversions,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .leftJoin(offerGoals, eq(offerGoals.offerId, offers.id))
    .leftJoin(goals, eq(goals.id, offerGoals.goalId))
    .where(eq(products.advertiserId, advertiserId))
    .orderBy(asc(offers.id), asc(goals.identifier));
  const byOffer = new Map<
    number,
    { offerId: number; offerName: string; tagOrigins: string[]; tagClickParam: string; goals: { goal: string; name: string; trustClientConversions: boolean }[] } // prettier-ignore
  >();
  for (const r of rows) {
    let offer = byOffer.get(r.offerId);
    if (!offer) {
      offer = { offerId: r.offerId, offerName: r.offerName, tagOrigins: r.tagOrigins, tagClickParam: r.tagClickParam, goals: [] }; // prettier-ignore
      byOffer.set(r.offerId, offer);
    }
    if (r.goal !== null) offer.goals.push({ goal: r.goal, name: r.goalName ?? r.goal, trustClientConversions: r.trustClientConversions ?? false }); // prettier-ignore
  }
  return [...byOffer.values()];
}
