import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { API_PREFIX, type CatalogueOptions, type StaffOfferDetail, type StaffOfferGoal, type StaffOfferRow, type StaffOffersQuery } from '@portal/contracts'; // prettier-ignore
import type { DbOrTx } from '../../db/client.js';
import {
  advertisers,
  countries,
  files,
  goalTypes,
  goals,
  offerAllowedPartners,
  offerCountries,
  offerGoalTypes,
  offerGoals,
  offerVerticals,
  offers,
  partners,
  products,
  verticals,
} from '../../db/schema.js';
import { toIso } from '../../lib/reply.js';

/**
 * The staff catalogue's queries (decision 044): the offers list, one offer as the editor shows it, its writes (the
 * offer, its countries, verticals, allow-list and goals) and the ids the service checks a body against. The rules and
 * the transactions are staff-offers.service.ts's.
 */

/** Escapes LIKE's wildcards, so that a search for "50%" finds "50%". */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const imageUrl = (fileId: number | null) => (fileId ? `${API_PREFIX}/image/${fileId}` : null);

export type OfferRow = typeof offers.$inferSelect;
export type OfferInsert = typeof offers.$inferInsert;

// Correlated subqueries name their tables in full: drizzle leaves a one-table select's columns unqualified.
const countriesOf = sql<string[]>`coalesce((select array_agg(oc.iso_code order by oc.iso_code) from offer_countries oc where oc.offer_id = "offers"."id"), '{}')`; // prettier-ignore
const goalCountOf = sql<number>`(select count(*)::int from offer_goals og where og.offer_id = "offers"."id")`;

function statusCondition(status: StaffOffersQuery['status'], now: Date): SQL | undefined {
  switch (status) {
    case 'enabled':
      return and(eq(offers.enabled, true), or(sql`${offers.endsAt} is null`, gt(offers.endsAt, now)));
    case 'disabled':
      return eq(offers.enabled, false);
    case 'private':
      return eq(offers.private, true);
    case 'scheduled':
      return and(isNotNull(offers.startsAt), gt(offers.startsAt, now));
    case 'ended':
      return and(isNotNull(offers.endsAt), lte(offers.endsAt, now));
    default:
      return undefined;
  }
}

/** The catalogue as staff search it (decision 044): every offer, enabled or not, newest first unless sorted. */
export async function listStaffOffers(
  db: DbOrTx,
  query: {
    page: number;
    count: number;
    q?: string | undefined;
    advertiserId?: number | undefined;
    status?: StaffOffersQuery['status'];
    sortName?: StaffOffersQuery['sortName'];
    sortOrder?: StaffOffersQuery['sortOrder'];
  },
  now: Date,
): Promise<{ list: StaffOfferRow[]; total: number }> {
  const where: (SQL | undefined)[] = [];
  const q = query.q?.trim();
  if (q) {
    const byId = /^#?\d{1,9}$/.test(q) ? eq(offers.id, Number(q.replace('#', ''))) : undefined;
    where.push(or(ilike(offers.name, `%${likeEscaped(q)}%`), byId));
  }
  if (query.advertiserId) where.push(eq(products.advertiserId, query.advertiserId));
  where.push(statusCondition(query.status, now));
  const condition = and(...where);
  const direction = query.sortOrder === 'asc' ? asc : desc;
  const sortColumn = { id: offers.id, name: offers.name, createdAt: offers.createdAt }[query.sortName ?? 'createdAt'];
  const rows = await db
    .select({
      offer: offers,
      advertiser: { id: advertisers.id, name: advertisers.name },
      product: { id: products.id, identifier: products.identifier },
      countries: countriesOf,
      goalCount: goalCountOf,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(advertisers, eq(advertisers.id, products.advertiserId))
    .where(condition)
    .orderBy(direction(sortColumn), direction(offers.id))
    .limit(query.count)
    .offset((query.page - 1) * query.count);
  const [total] = await db
    .select({ n: count() })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(condition);
  return {
    total: Number(total?.n ?? 0),
    list: rows.map(({ offer, advertiser, product, countries, goalCount }) => ({
      id: offer.id,
      name: offer.name,
      advertiser,
      product,
      currency: offer.currency,
      conversionType: offer.conversionType,
      enabled: offer.enabled,
      private: offer.private,
      requireApproval: offer.requireApproval,
      startsAt: toIso(offer.startsAt),
      endsAt: toIso(offer.endsAt),
      countries: countries ?? [],
      goalCount: Number(goalCount),
      createdAt: toIso(offer.createdAt) ?? '',
    })),
  };
}

/** The offer row, locked for a change. */
export async function lockOffer(tx: DbOrTx, id: number): Promise<OfferRow | null> {
  const [row] = await tx.select().from(offers).where(eq(offers.id, id)).for('update');
  return row ?? null;
}

/** An offer's goals with both sides and their tiers, in the goals' order. */
export async function goalsOfOffer(db: DbOrTx, offerId: number): Promise<StaffOfferGoal[]> {
  const rows = await db
    .select({ row: offerGoals, goal: goals.identifier, name: goals.name })
    .from(offerGoals)
    .innerJoin(goals, eq(goals.id, offerGoals.goalId))
    .where(eq(offerGoals.offerId, offerId))
    .orderBy(asc(offerGoals.id));
  const tiers =
    rows.length === 0
      ? []
      : await db
          .select({
            offerGoalId: offerGoalTypes.offerGoalId,
            type: goalTypes.identifier,
            payoutAmount: offerGoalTypes.payoutAmount,
            payoutPercent: offerGoalTypes.payoutPercent,
          })
          .from(offerGoalTypes)
          .innerJoin(goalTypes, eq(goalTypes.id, offerGoalTypes.goalTypeId))
          .where(
            inArray(
              offerGoalTypes.offerGoalId,
              rows.map((r) => r.row.id),
            ),
          ) // prettier-ignore
          .orderBy(asc(goalTypes.identifier));
  return rows.map(({ row, goal, name }) => ({
    id: row.id,
    goal,
    name,
    revenueAmount: row.revenueAmount,
    revenuePercent: row.revenuePercent,
    payoutAmount: row.payoutAmount,
    payoutPercent: row.payoutPercent,
    allowNegativeMargin: row.allowNegativeMargin,
    manualValidation: row.manualValidation,
    trustClientConversions: row.trustClientConversions,
    private: row.private,
    main: row.main,
    // The base tier is the goal's own payout: only the others are listed.
    types: tiers
      .filter((t) => t.offerGoalId === row.id && t.type !== 'p1')
      .map(({ type, payoutAmount, payoutPercent }) => ({ type, payoutAmount, payoutPercent })),
  }));
}

/** Everything the editor shows of one offer, or null. */
export async function staffOfferDetail(db: DbOrTx, id: number): Promise<StaffOfferDetail | null> {
  const [row] = await db
    .select({
      offer: offers,
      product: { id: products.id, identifier: products.identifier, enabled: products.enabled },
      advertiser: { id: advertisers.id, name: advertisers.name, enabled: advertisers.enabled },
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(advertisers, eq(advertisers.id, products.advertiserId))
    .where(eq(offers.id, id));
  if (!row) return null;
  const countryRows = await db
    .select({ isoCode: offerCountries.isoCode })
    .from(offerCountries)
    .where(eq(offerCountries.offerId, id))
    .orderBy(asc(offerCountries.isoCode));
  const verticalRows = await db
    .select({ id: offerVerticals.verticalId })
    .from(offerVerticals)
    .where(eq(offerVerticals.offerId, id))
    .orderBy(asc(offerVerticals.verticalId));
  const allowed = await db
    .select({ id: partners.id, name: partners.companyName })
    .from(offerAllowedPartners)
    .innerJoin(partners, eq(partners.id, offerAllowedPartners.partnerId))
    .where(eq(offerAllowedPartners.offerId, id))
    .orderBy(asc(partners.id));
  const o = row.offer;
  return {
    id: o.id,
    name: o.name,
    productId: o.productId,
    product: row.product,
    advertiser: row.advertiser,
    conversionType: o.conversionType,
    currency: o.currency,
    defaultUrl: o.defaultUrl,
    previewUrl: o.previewUrl,
    fallbackUrl: o.fallbackUrl,
    descriptionHtml: o.descriptionHtml,
    countries: countryRows.map((c) => c.isoCode),
    verticals: verticalRows.map((v) => v.id),
    private: o.private,
    allowedPartnerIds: allowed.map((p) => p.id),
    allowedPartners: allowed,
    requireApproval: o.requireApproval,
    enabled: o.enabled,
    geoTargeting: o.geoTargeting,
    tagOrigins: o.tagOrigins,
    tagClickParam: o.tagClickParam,
    startsAt: toIso(o.startsAt),
    endsAt: toIso(o.endsAt),
    imageId: o.imageId,
    image: imageUrl(o.imageId),
    goals: await goalsOfOffer(db, id),
    createdAt: toIso(o.createdAt) ?? '',
    updatedAt: toIso(o.updatedAt) ?? '',
  };
}

export async function insertOffer(tx: DbOrTx, values: OfferInsert): Promise<OfferRow> {
  const [row] = await tx.insert(offers).values(values).returning();
  if (!row) throw new Error('offer insert returned nothing');
  return row;
}

export async function updateOffer(tx: DbOrTx, id: number, values: Partial<OfferInsert>): Promise<void> {
  await tx.update(offers).set(values).where(eq(offers.id, id));
}

/** Replaces one of the offer's id lists (countries, verticals, allow-list) with `ids`. */
export async function replaceCountries(tx: DbOrTx, offerId: number, isoCodes: string[]): Promise<void> {
  await tx.delete(offerCountries).where(eq(offerCountries.offerId, offerId));
  if (isoCodes.length > 0) await tx.insert(offerCountries).values(isoCodes.map((isoCode) => ({ offerId, isoCode })));
}

export async function replaceVerticals(tx: DbOrTx, offerId: number, ids: number[]): Promise<void> {
  await tx.delete(offerVerticals).where(eq(offerVerticals.offerId, offerId));
  if (ids.length > 0) await tx.insert(offerVerticals).values(ids.map((verticalId) => ({ offerId, verticalId })));
}

export async function replaceAllowList(tx: DbOrTx, offerId: number, ids: number[]): Promise<void> {
  await tx.delete(offerAllowedPartners).where(eq(offerAllowedPartners.offerId, offerId));
  if (ids.length > 0) await tx.insert(offerAllowedPartners).values(ids.map((partnerId) => ({ offerId, partnerId })));
}

export type GoalWrite = {
  goalId: number;
  revenueAmount: number | null;
  revenuePercent: number | null;
  payoutAmount: number | null;
  payoutPercent: number | null;
  allowNegativeMargin: boolean;
  manualValidation: boolean;
  trustClientConversions: boolean;
  private: boolean;
  main: boolean;
  /** Every tier, the base one (p1, the goal's payout) included: goal type id and payout. */
  tiers: { goalTypeId: number; payoutAmount: number | null; payoutPercent: number | null }[];
};

/**
 * Makes the offer's goals exactly `list`: a goal kept keeps its row (and id), its sides and tiers rewritten; a goal
 * left out is deleted (its conversions keep their goal id and amounts; new postbacks for it are goal_not_found).
 */
export async function replaceGoals(tx: DbOrTx, offerId: number, list: GoalWrite[]): Promise<void> {
  const kept = list.map((g) => g.goalId);
  await tx
    .delete(offerGoals)
    .where(and(eq(offerGoals.offerId, offerId), kept.length > 0 ? sql`${offerGoals.goalId} not in ${kept}` : undefined)); // prettier-ignore
  // At most one main goal an offer (a partial unique index): unmarked first, so that moving the mark never collides.
  await tx
    .update(offerGoals)
    .set({ main: false })
    .where(and(eq(offerGoals.offerId, offerId), eq(offerGoals.main, true)));
  for (const { tiers, ...goal } of list) {
    const [row] = await tx
      .insert(offerGoals)
      .values({ offerId, ...goal })
      .onConflictDoUpdate({ target: [offerGoals.offerId, offerGoals.goalId], set: goal })
      .returning({ id: offerGoals.id });
    if (!row) throw new Error('offer goal upsert returned nothing');
    await tx.delete(offerGoalTypes).where(eq(offerGoalTypes.offerGoalId, row.id));
    if (tiers.length > 0) await tx.insert(offerGoalTypes).values(tiers.map((t) => ({ offerGoalId: row.id, ...t })));
  }
}

/** What the service checks ids against, in one round of look-ups. */
export async function referenceIds(
  db: DbOrTx,
  ask: { productId?: number | undefined; countries: string[]; verticals: number[]; partners: number[]; imageId?: number | null | undefined; goals: string[]; tiers: string[] }, // prettier-ignore
) {
  const product = ask.productId
    ? ((await db.select({ id: products.id }).from(products).where(eq(products.id, ask.productId)))[0] ?? null)
    : null;
  const countryRows = ask.countries.length
    ? await db.select({ k: countries.isoCode }).from(countries).where(inArray(countries.isoCode, ask.countries))
    : [];
  const verticalRows = ask.verticals.length
    ? await db.select({ k: verticals.id }).from(verticals).where(inArray(verticals.id, ask.verticals))
    : [];
  const partnerRows = ask.partners.length
    ? await db.select({ k: partners.id }).from(partners).where(inArray(partners.id, ask.partners))
    : [];
  const image = ask.imageId
    ? ((await db.select({ mimeType: files.mimeType }).from(files).where(eq(files.id, ask.imageId)))[0] ?? null)
    : null;
  const goalRows = ask.goals.length
    ? await db.select({ id: goals.id, k: goals.identifier, retiredAt: goals.retiredAt }).from(goals).where(inArray(goals.identifier, ask.goals)) // prettier-ignore
    : [];
  const tierRows = await db.select({ id: goalTypes.id, k: goalTypes.identifier }).from(goalTypes);
  return {
    product,
    countries: new Set(countryRows.map((r) => r.k)),
    verticals: new Set(verticalRows.map((r) => r.k)),
    partners: new Set(partnerRows.map((r) => r.k)),
    image,
    goals: new Map(goalRows.map((r) => [r.k, r.id])),
    retiredGoals: new Set(goalRows.filter((r) => r.retiredAt !== null).map((r) => r.k)),
    tiers: new Map(tierRows.map((r) => [r.k, r.id])),
  };
}

/** The editor's pickers, in one answer: every product (by advertiser), vertical, goal and payout tier. */
export async function catalogueOptions(db: DbOrTx): Promise<CatalogueOptions> {
  const productRows = await db
    .select({
      id: products.id,
      identifier: products.identifier,
      enabled: products.enabled,
      advertiser: { id: advertisers.id, name: advertisers.name, enabled: advertisers.enabled, currency: advertisers.currency }, // prettier-ignore
    })
    .from(products)
    .innerJoin(advertisers, eq(advertisers.id, products.advertiserId))
    .orderBy(asc(advertisers.name), asc(products.identifier));
  return {
    products: productRows,
    verticals: await db.select({ id: verticals.id, identifier: verticals.identifier, name: verticals.name }).from(verticals).orderBy(asc(verticals.name)), // prettier-ignore
    goals:
      (await db.select({ id: goals.id, identifier: goals.identifier, name: goals.name, retiredAt: goals.retiredAt, minSecondsToConvert: goals.minSecondsToConvert }).from(goals).orderBy(asc(goals.id))) // prettier-ignore
        .map(({ retiredAt, ...goal }) => ({ ...goal, retired: retiredAt !== null })),
    goalTypes: await db.select({ identifier: goalTypes.identifier, name: goalTypes.name }).from(goalTypes).orderBy(asc(goalTypes.identifier)), // prettier-ignore
  };
}
