import { and, asc, desc, eq, exists, ilike, inArray, or, sql, type Column, type SQL } from 'drizzle-orm';
import {
  API_PREFIX,
  type ApplicationStatus,
  type ConversionType,
  type ListOffersQuery,
  type Offer,
  type OfferGoal,
  type OfferGroup,
  type OfferPartnerStatus,
  type PartnerOffer,
  type Vertical,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import {
  advertisers,
  goalTypes,
  goals,
  offerCountries,
  offerGoalTypes,
  offerGoals,
  offerVerticals,
  offers,
  partnerOffers,
  partners,
  products,
  verticals,
} from '../../db/schema.js';
import { sanitizeHtml } from '../../lib/html.js';
import {
  PAYOUT_GOALS,
  PAYOUT_TIER,
  offerViewerOf,
  registrationPayouts,
  visibleToViewer,
  type OfferViewer,
} from '../../shared/offer-visibility.js';

const imageUrl = (fileId: number | null) => (fileId ? `${API_PREFIX}/image/${fileId}` : null);

/** The partner looking at the catalogue, with what decides what it may see (decision 006). */
export type Viewer = OfferViewer;
export const viewerOf = offerViewerOf;
const visibleTo = visibleToViewer;

/**
 * The registration payout of every offer as one derived table (the preferred goal's p1 tier), joined only to sort
 * by payout: a set-based join stays fast where a per-row subquery over thousands of offers does not.
 */
function payoutTable(db: DbOrTx) {
  return db
    .selectDistinctOn([offerGoals.offerId], {
      offerId: offerGoals.offerId,
      amount: offerGoalTypes.payoutAmount,
      percent: offerGoalTypes.payoutPercent,
    })
    .from(offerGoals)
    .innerJoin(goals, and(eq(goals.id, offerGoals.goalId), inArray(goals.identifier, [...PAYOUT_GOALS])))
    .innerJoin(offerGoalTypes, eq(offerGoalTypes.offerGoalId, offerGoals.id))
    .innerJoin(goalTypes, and(eq(goalTypes.id, offerGoalTypes.goalTypeId), eq(goalTypes.identifier, PAYOUT_TIER)))
    .orderBy(offerGoals.offerId, desc(sql`${goals.identifier} = ${PAYOUT_GOALS[0]}`))
    .as('registration_payout');
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function filtersOf(db: DbOrTx, query: ListOffersQuery): SQL[] {
  const where: SQL[] = [];
  if (query.name) where.push(ilike(offers.name, `%${escapeLike(query.name)}%`));
  if (query.conversionType) where.push(eq(offers.conversionType, query.conversionType));
  if (query.requireApproval !== undefined) where.push(eq(offers.requireApproval, query.requireApproval));
  if (query.verticals?.length) {
    const ids = query.verticals.filter((v): v is number => typeof v === 'number');
    const identifiers = query.verticals.filter((v): v is string => typeof v === 'string');
    const matches: SQL[] = [];
    if (ids.length) matches.push(inArray(offerVerticals.verticalId, ids));
    if (identifiers.length) {
      matches.push(
        inArray(
          offerVerticals.verticalId,
          db.select({ id: verticals.id }).from(verticals).where(inArray(verticals.identifier, identifiers)),
        ),
      );
    }
    where.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(offerVerticals)
          .where(and(eq(offerVerticals.offerId, offers.id), or(...matches))),
      ),
    );
  }
  if (query.countries?.length) {
    where.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(offerCountries)
          .where(and(eq(offerCountries.offerId, offers.id), inArray(offerCountries.isoCode, query.countries))),
      ),
    );
  }
  return where;
}

function orderOf(query: ListOffersQuery, payout: { amount: SQL | Column; percent: SQL | Column } | null): SQL[] {
  const dir = query.sortOrder === 'asc' ? asc : desc;
  const nullsLast = (expr: SQL | Column) =>
    sql`${expr} ${sql.raw(query.sortOrder === 'asc' ? 'asc' : 'desc')} nulls last`;
  switch (query.sortName) {
    case 'name':
      return [dir(sql`lower(${offers.name})`), dir(offers.id)];
    case 'createdAt':
      return [dir(offers.createdAt), dir(offers.id)];
    case 'payout':
      return payout ? [nullsLast(payout.amount), nullsLast(payout.percent), dir(offers.id)] : [dir(offers.id)];
    default:
      return [dir(offers.id)];
  }
}

const offerColumns = {
  id: offers.id,
  name: offers.name,
  conversionType: offers.conversionType,
  descriptionHtml: offers.descriptionHtml,
  descriptionText: offers.descriptionText,
  previewUrl: offers.previewUrl,
  defaultUrl: offers.defaultUrl,
  currency: offers.currency,
  private: offers.private,
  requireApproval: offers.requireApproval,
  enabled: offers.enabled,
  imageId: offers.imageId,
  createdAt: offers.createdAt,
  applicationId: partnerOffers.id,
  applicationStatus: partnerOffers.status,
  productIdentifier: products.identifier,
  productType: products.type,
  productDomain: products.domain,
  productEnabled: products.enabled,
  productLogoId: products.logoId,
  productCross: products.cross,
  productCoreg: products.coreg,
  advertiser: advertisers.name,
};

function offersFor(db: DbOrTx, viewer: Viewer) {
  return db
    .select({ ...offerColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(advertisers, eq(advertisers.id, products.advertiserId))
    .leftJoin(partnerOffers, and(eq(partnerOffers.offerId, offers.id), eq(partnerOffers.partnerId, viewer.partnerId)));
}

type OfferRow = Awaited<ReturnType<ReturnType<typeof offersFor>['where']>>[number];

/** Spec section 4: the application's status, else apply_to_run when approval is required, else public. */
export function partnerStatusOf(application: ApplicationStatus | null, requireApproval: boolean): OfferPartnerStatus {
  if (application) return application;
  return requireApproval ? 'apply_to_run' : 'public';
}

/** Countries, verticals, payouts and (when asked) product and goals of a page of offers, in a few queries. */
async function hydrate(db: DbOrTx, rows: OfferRow[], groups: readonly OfferGroup[]): Promise<Offer[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const want = new Set(groups);
  const [countryRows, verticalRows, payouts, goalRows] = await Promise.all([
    db
      .select({ offerId: offerCountries.offerId, isoCode: offerCountries.isoCode })
      .from(offerCountries)
      .where(inArray(offerCountries.offerId, ids))
      .orderBy(asc(offerCountries.isoCode)),
    db
      .select({
        offerId: offerVerticals.offerId,
        id: verticals.id,
        identifier: verticals.identifier,
        name: verticals.name,
      })
      .from(offerVerticals)
      .innerJoin(verticals, eq(verticals.id, offerVerticals.verticalId))
      .where(inArray(offerVerticals.offerId, ids))
      .orderBy(asc(verticals.name)),
    registrationPayouts(
      db,
      rows.map((row) => ({ id: row.id, currency: row.currency })),
    ),
    want.has('goals') ? goalsOf(db, ids, want) : Promise.resolve(new Map<number, OfferGoal[]>()),
  ]);

  const countriesBy = groupBy(countryRows, (r) => r.offerId);
  const verticalsBy = groupBy(verticalRows, (r) => r.offerId);

  return rows.map((row) => {
    const offerVerticalItems: Vertical[] = (verticalsBy.get(row.id) ?? []).map(({ id, identifier, name }) => ({
      id,
      identifier,
      name,
    }));
    const applicationStatus = row.applicationStatus as ApplicationStatus | null;
    const offer: Offer = {
      id: row.id,
      name: row.name,
      conversionType: row.conversionType as ConversionType,
      descriptionHtml: sanitizeHtml(row.descriptionHtml),
      descriptionText: row.descriptionText,
      previewUrl: row.previewUrl,
      defaultUrl: row.defaultUrl,
      currency: { isoCode: row.currency },
      countries: (countriesBy.get(row.id) ?? []).map((c) => c.isoCode),
      verticals: offerVerticalItems.map((v) => v.id),
      verticalItems: offerVerticalItems,
      private: row.private,
      requireApproval: row.requireApproval,
      enabled: row.enabled,
      image: imageUrl(row.imageId),
      payout: payouts.get(row.id) ?? null,
      partnerStatus: partnerStatusOf(applicationStatus, row.requireApproval),
      application:
        row.applicationId !== null && applicationStatus ? { id: row.applicationId, status: applicationStatus } : null,
      createdAt: row.createdAt.toISOString(),
    };
    if (want.has('product')) {
      offer.product = {
        identifier: row.productIdentifier,
        advertiser: row.advertiser,
        type: row.productType,
        domain: row.productDomain,
        enabled: row.productEnabled,
        logo: imageUrl(row.productLogoId),
        cross: row.productCross,
        coreg: row.productCoreg,
      };
    }
    if (want.has('goals')) offer.offerGoals = goalRows.get(row.id) ?? [];
    return offer;
  });
}

async function goalsOf(db: DbOrTx, offerIds: number[], want: Set<OfferGroup>): Promise<Map<number, OfferGoal[]>> {
  const rows = await db
    .select({
      id: offerGoals.id,
      offerId: offerGoals.offerId,
      private: offerGoals.private,
      payoutAmount: offerGoals.payoutAmount,
      payoutPercent: offerGoals.payoutPercent,
      goal: { id: goals.id, identifier: goals.identifier, name: goals.name, types: goals.types },
    })
    .from(offerGoals)
    .innerJoin(goals, eq(goals.id, offerGoals.goalId))
    .where(inArray(offerGoals.offerId, offerIds))
    .orderBy(asc(offerGoals.id));
  const typesBy = new Map<number, NonNullable<OfferGoal['types']>>();
  if (want.has('goalTypes') && rows.length > 0) {
    const typeRows = await db
      .select({
        id: offerGoalTypes.id,
        offerGoalId: offerGoalTypes.offerGoalId,
        payoutAmount: offerGoalTypes.payoutAmount,
        payoutPercent: offerGoalTypes.payoutPercent,
        goalType: { id: goalTypes.id, identifier: goalTypes.identifier, name: goalTypes.name },
      })
      .from(offerGoalTypes)
      .innerJoin(goalTypes, eq(goalTypes.id, offerGoalTypes.goalTypeId))
      .where(
        inArray(
          offerGoalTypes.offerGoalId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(goalTypes.identifier));
    for (const t of typeRows) {
      const list = typesBy.get(t.offerGoalId) ?? [];
      list.push({
        id: t.id,
        payoutAmount: t.payoutAmount,
        payoutPercent: t.payoutPercent,
        ...(want.has('goalType') ? { goalType: t.goalType } : {}),
      });
      typesBy.set(t.offerGoalId, list);
    }
  }
  const result = new Map<number, OfferGoal[]>();
  for (const r of rows) {
    const list = result.get(r.offerId) ?? [];
    list.push({
      id: r.id,
      private: r.private,
      payoutAmount: r.payoutAmount,
      payoutPercent: r.payoutPercent,
      ...(want.has('goal') ? { goal: r.goal } : {}),
      ...(want.has('goalTypes') ? { types: typesBy.get(r.id) ?? [] } : {}),
    });
    result.set(r.offerId, list);
  }
  return result;
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(item);
    else map.set(key(item), [item]);
  }
  return map;
}

/** A page of the offers the viewer may see, with the total of every match. */
export async function listOffers(
  db: DbOrTx,
  viewer: Viewer,
  query: ListOffersQuery,
): Promise<{ list: Offer[]; total: number }> {
  const where = and(visibleTo(viewer), ...filtersOf(db, query));
  let builder = offersFor(db, viewer).$dynamic();
  let payout: ReturnType<typeof payoutTable> | null = null;
  if (query.sortName === 'payout') {
    payout = payoutTable(db);
    builder = builder.leftJoin(payout, eq(payout.offerId, offers.id));
  }
  const rows = await builder
    .where(where)
    .orderBy(...orderOf(query, payout))
    .limit(query.count)
    .offset((query.page - 1) * query.count);
  let total = rows[0]?.total ?? 0;
  // Past the last page the window has no row to count on: ask once more, for the total alone.
  if (rows.length === 0 && query.page > 1) {
    const counted = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(offers)
      .leftJoin(partnerOffers, and(eq(partnerOffers.offerId, offers.id), eq(partnerOffers.partnerId, viewer.partnerId)))
      .where(where);
    total = counted[0]?.n ?? 0;
  }
  return { list: await hydrate(db, rows, query.groups ?? []), total };
}

/** One offer, if the viewer may see it. */
export async function findOffer(
  db: DbOrTx,
  viewer: Viewer,
  offerId: number,
  groups: readonly OfferGroup[] = [],
): Promise<Offer | null> {
  const rows = await offersFor(db, viewer)
    .where(and(visibleTo(viewer), eq(offers.id, offerId)))
    .limit(1);
  const [offer] = await hydrate(db, rows, groups);
  return offer ?? null;
}

const applicationColumns = {
  id: partnerOffers.id,
  partnerId: partnerOffers.partnerId,
  status: partnerOffers.status,
  subid: partnerOffers.subid,
  createdAt: partnerOffers.createdAt,
  updatedAt: partnerOffers.updatedAt,
  offerId: offers.id,
  offerName: offers.name,
};

type ApplicationRow = {
  id: number;
  partnerId: number;
  status: string;
  subid: string | null;
  createdAt: Date;
  updatedAt: Date;
  offerId: number;
  offerName: string;
};

function applicationDto(row: ApplicationRow): PartnerOffer {
  return {
    id: row.id,
    partnerId: row.partnerId,
    status: row.status as ApplicationStatus,
    subid: row.subid,
    offer: { id: row.offerId, name: row.offerName },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The partner's own applications, newest first. */
export async function listApplications(db: DbOrTx, partnerId: number): Promise<PartnerOffer[]> {
  const rows = await db
    .select(applicationColumns)
    .from(partnerOffers)
    .innerJoin(offers, eq(offers.id, partnerOffers.offerId))
    .where(eq(partnerOffers.partnerId, partnerId))
    .orderBy(desc(partnerOffers.createdAt), desc(partnerOffers.id));
  return rows.map(applicationDto);
}

export async function findApplication(db: DbOrTx, applicationId: number): Promise<PartnerOffer | null> {
  const rows = await db
    .select(applicationColumns)
    .from(partnerOffers)
    .innerJoin(offers, eq(offers.id, partnerOffers.offerId))
    .where(eq(partnerOffers.id, applicationId))
    .limit(1);
  return rows[0] ? applicationDto(rows[0]) : null;
}

/** Creates a pending application; a concurrent duplicate fails on the (partner, offer) unique index. */
export async function createApplication(db: DbOrTx, partnerId: number, offerId: number): Promise<number> {
  const [row] = await db
    .insert(partnerOffers)
    .values({ partnerId, offerId, status: 'pending' })
    .returning({ id: partnerOffers.id });
  if (!row) throw new Error('application insert returned nothing');
  return row.id;
}

/** An application with what a staff decision needs, locked for the rest of the transaction. */
export async function lockApplicationForDecision(db: DbOrTx, applicationId: number) {
  const rows = await db
    .select({
      id: partnerOffers.id,
      partnerId: partnerOffers.partnerId,
      status: partnerOffers.status,
      offerId: partnerOffers.offerId,
      offerName: offers.name,
      accountManagerId: partners.accountManagerId,
    })
    .from(partnerOffers)
    .innerJoin(offers, eq(offers.id, partnerOffers.offerId))
    .innerJoin(partners, eq(partners.id, partnerOffers.partnerId))
    .where(eq(partnerOffers.id, applicationId))
    .for('update', { of: partnerOffers })
    .limit(1);
  return rows[0] ?? null;
}

export async function setApplicationStatus(
  db: DbOrTx,
  applicationId: number,
  status: ApplicationStatus,
  now: Date,
): Promise<void> {
  await db.update(partnerOffers).set({ status, updatedAt: now }).where(eq(partnerOffers.id, applicationId));
}
