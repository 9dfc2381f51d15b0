import { and, asc, desc, eq, exists, gte, ilike, inArray, isNull, or, sql, type Column, type SQL } from 'drizzle-orm';
import {
  API_PREFIX,
  OFFER_EPC_DAYS,
  type ApplicationStatus,
  type ConversionType,
  type GoalPayout,
  type ListOffersQuery,
  type Offer,
  type OfferEpc,
  type OfferGoal,
  type OfferGroup,
  type OfferPartnerStatus,
  type PartnerOffer,
  type Vertical,
} from '@portal/contracts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { overridesOf } from './payout-overrides.repository.js';
import { resolvePayout } from './payout-overrides.js';
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
  payoutOverrides,
  products,
  statsDaily,
  verticals,
} from '../../db/schema.js';
import { sanitizeHtml } from '../../lib/html.js';
import {
  PAYOUT_GOALS,
  PAYOUT_TIER,
  offerViewerOf,
  visibleToViewer,
  type OfferViewer,
} from './offer-visibility.repository.js';

const imageUrl = (fileId: number | null) => (fileId ? `${API_PREFIX}/image/${fileId}` : null);

/**
 * The partner looking at the catalogue, with what decides what it may see (decision 006), and the moment it looks
 * (the end of the EPC window).
 */
export type Viewer = OfferViewer & { now: Date };
export async function viewerOf(db: DbOrTx, partnerId: number, now: Date): Promise<Viewer | null> {
  const found = await offerViewerOf(db, partnerId);
  return found ? { ...found, now } : null;
}
const visibleTo = visibleToViewer;

const DAY_MS = 24 * 3600 * 1000;
/** The first UTC day of the EPC window (decision 032): today and the 29 days before it. */
const epcWindowStart = (now: Date) =>
  new Date(now.getTime() - (OFFER_EPC_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);

/**
 * EPC per offer and currency over the window, from the daily rollup: approved payout over clicks, in minor units
 * with their fraction; null without a click. `partnerId` narrows it to one partner's traffic, else the network's.
 */
function epcTable(db: DbOrTx, now: Date, partnerId: number | null, name: string) {
  const inWindow = gte(statsDaily.day, epcWindowStart(now));
  return db
    .select({
      offerId: statsDaily.offerId,
      currency: statsDaily.currency,
      epc: sql<number | null>`sum(${statsDaily.payout})::float8 / nullif(sum(${statsDaily.clicks}), 0)`.as(
        `${name}_value`,
      ),
    })
    .from(statsDaily)
    .where(partnerId === null ? inWindow : and(eq(statsDaily.partnerId, partnerId), inWindow))
    .groupBy(statsDaily.offerId, statsDaily.currency)
    .as(name);
}

/**
 * The headline payout of every offer (its main goal's p1 tier, decision 105: the marked goal, else the highest-paying
 * as the viewer is paid) as one derived table, joined only to sort by payout: a set-based join stays fast where a
 * per-row subquery over thousands of offers does not. The same choice as mainFirst.
 */
function payoutTable(db: DbOrTx, partnerId: number) {
  // The viewer's own payout where it has one, as the list shows it.
  const own = (override: AnyPgColumn, tier: AnyPgColumn) =>
    sql<number | null>`case when ${payoutOverrides.id} is null then ${tier} else ${override} end`;
  const amount = own(payoutOverrides.payoutAmount, offerGoalTypes.payoutAmount);
  const percent = own(payoutOverrides.payoutPercent, offerGoalTypes.payoutPercent);
  return db
    .selectDistinctOn([offerGoals.offerId], {
      offerId: offerGoals.offerId,
      amount: amount.as('amount'),
      percent: percent.as('percent'),
    })
    .from(offerGoals)
    .innerJoin(goals, eq(goals.id, offerGoals.goalId))
    .innerJoin(offerGoalTypes, eq(offerGoalTypes.offerGoalId, offerGoals.id))
    .innerJoin(goalTypes, and(eq(goalTypes.id, offerGoalTypes.goalTypeId), eq(goalTypes.identifier, PAYOUT_TIER)))
    .leftJoin(
      payoutOverrides,
      and(
        eq(payoutOverrides.offerId, offerGoals.offerId),
        eq(payoutOverrides.goalId, offerGoals.goalId),
        eq(payoutOverrides.partnerId, partnerId),
      ),
    )
    .where(eq(offerGoals.private, false))
    .orderBy(
      offerGoals.offerId,
      desc(offerGoals.main),
      sql`${amount} desc nulls last`,
      sql`${percent} desc nulls last`,
      asc(sql`case ${goals.identifier} when ${PAYOUT_GOALS[0]} then 0 when ${PAYOUT_GOALS[1]} then 1 else 2 end`),
      asc(goals.id),
    )
    .as('main_payout');
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `39` or `#39`: a search that may name an offer by its id. */
const OFFER_ID_SEARCH = /^#?(\d{1,10})$/;

/** The viewing partner's status for an offer (spec section 4) as SQL, to filter on; needs the application joined. */
function partnerStatusIn(statuses: readonly OfferPartnerStatus[]): SQL {
  const matches: SQL[] = [];
  const applied = statuses.filter((s): s is ApplicationStatus => s !== 'public' && s !== 'apply_to_run');
  if (applied.length) matches.push(inArray(partnerOffers.status, applied));
  if (statuses.includes('apply_to_run')) matches.push(and(isNull(partnerOffers.id), eq(offers.requireApproval, true))!);
  if (statuses.includes('public')) matches.push(and(isNull(partnerOffers.id), eq(offers.requireApproval, false))!);
  return or(...matches)!;
}

function filtersOf(db: DbOrTx, query: ListOffersQuery): SQL[] {
  const where: SQL[] = [];
  if (query.name) {
    const byName = ilike(offers.name, `%${escapeLike(query.name)}%`);
    const id = OFFER_ID_SEARCH.exec(query.name)?.[1];
    const byId = id && Number(id) <= 2_147_483_647 ? eq(offers.id, Number(id)) : null;
    where.push(byId ? or(byId, byName)! : byName);
  }
  if (query.partnerStatus?.length) where.push(partnerStatusIn(query.partnerStatus));
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

type SortJoins = {
  payout: { amount: SQL | SQL.Aliased | Column; percent: SQL | SQL.Aliased | Column } | null;
  epc: SQL.Aliased<number | null> | null;
};

function orderOf(query: ListOffersQuery, { payout, epc }: SortJoins): SQL[] {
  const dir = query.sortOrder === 'asc' ? asc : desc;
  const nullsLast = (expr: SQL | Column) =>
    sql`${expr} ${sql.raw(query.sortOrder === 'asc' ? 'asc' : 'desc')} nulls last`;
  switch (query.sortName) {
    case 'name':
      return [dir(sql`lower(${offers.name})`), dir(offers.id)];
    case 'createdAt':
      return [dir(offers.createdAt), dir(offers.id)];
    case 'payout':
      return payout
        ? [nullsLast(sql`${payout.amount}`), nullsLast(sql`${payout.percent}`), dir(offers.id)]
        : [dir(offers.id)];
    case 'epc':
    case 'networkEpc':
      // Offers without a click in the window (no EPC) come last in both directions, as payouts do.
      return epc ? [nullsLast(sql`${epc}`), dir(offers.id)] : [dir(offers.id)];
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

/** Every public goal's p1 tier of each offer: registration and validation first, then in goal order. */
async function goalPayoutsOf(db: DbOrTx, rows: OfferRow[], partnerId: number): Promise<Map<number, GoalPayout[]>> {
  const tiers = await db
    .select({
      offerId: offerGoals.offerId,
      goal: goals.identifier,
      name: goals.name,
      amount: offerGoalTypes.payoutAmount,
      percent: offerGoalTypes.payoutPercent,
      marked: offerGoals.main,
    })
    .from(offerGoals)
    .innerJoin(goals, eq(goals.id, offerGoals.goalId))
    .innerJoin(offerGoalTypes, eq(offerGoalTypes.offerGoalId, offerGoals.id))
    .innerJoin(goalTypes, and(eq(goalTypes.id, offerGoalTypes.goalTypeId), eq(goalTypes.identifier, PAYOUT_TIER)))
    .where(
      and(
        inArray(
          offerGoals.offerId,
          rows.map((r) => r.id),
        ),
        eq(offerGoals.private, false),
      ),
    )
    .orderBy(
      asc(offerGoals.offerId),
      asc(sql`case ${goals.identifier} when ${PAYOUT_GOALS[0]} then 0 when ${PAYOUT_GOALS[1]} then 1 else 2 end`),
      asc(goals.id),
    );
  const currencyOf = new Map(rows.map((r) => [r.id, r.currency]));
  const overrides = await overridesOf(
    db,
    partnerId,
    rows.map((r) => r.id),
  );
  const byOffer = new Map<number, (GoalPayout & { marked: boolean })[]>();
  for (const { offerId, marked, ...tier } of tiers) {
    const list = byOffer.get(offerId) ?? [];
    const own = resolvePayout(overrides, offerId, tier.goal, tier);
    list.push({ ...own, currency: currencyOf.get(offerId) ?? '', main: false, marked });
    byOffer.set(offerId, list);
  }
  const result = new Map<number, GoalPayout[]>();
  for (const [offerId, list] of byOffer) result.set(offerId, mainFirst(list));
  return result;
}

/**
 * An offer's public goals with the main one first (decision 105): the goal staff marked, else the highest-paying as
 * the viewer is paid (the largest fixed amount; without one, the largest share), the earlier goal on a tie; the rest
 * keep their order.
 */
export function mainFirst(list: (GoalPayout & { marked: boolean })[]): GoalPayout[] {
  if (list.length === 0) return [];
  let main = list.findIndex((g) => g.marked);
  if (main === -1) {
    main = 0;
    list.forEach((g, i) => {
      const best = list[main]!;
      const higher =
        (g.amount ?? -1) > (best.amount ?? -1) ||
        ((g.amount ?? -1) === (best.amount ?? -1) && (g.percent ?? -1) > (best.percent ?? -1));
      if (higher) main = i;
    });
  }
  const strip = ({ marked: _marked, ...g }: GoalPayout & { marked: boolean }, isMain: boolean): GoalPayout => ({
    ...g,
    main: isMain,
  });
  return [strip(list[main]!, true), ...list.filter((_, i) => i !== main).map((g) => strip(g, false))];
}

/** The own and network EPC of a page of offers (decision 032); the network's only for offers that are not private. */
async function epcsOf(db: DbOrTx, viewer: Viewer, rows: OfferRow[]): Promise<Map<number, OfferEpc>> {
  const ids = rows.map((r) => r.id);
  const read = async (partnerId: number | null) => {
    const table = epcTable(db, viewer.now, partnerId, partnerId === null ? 'network_epc' : 'own_epc');
    const found = await db
      .select({ offerId: table.offerId, currency: table.currency, epc: table.epc })
      .from(table)
      .where(inArray(table.offerId, ids));
    return new Map(found.map((r) => [`${r.offerId}:${r.currency}`, r.epc === null ? null : Number(r.epc)]));
  };
  const publicIds = rows.filter((r) => !r.private);
  const [own, network] = await Promise.all([
    read(viewer.partnerId),
    publicIds.length > 0 ? read(null) : Promise.resolve(new Map<string, number | null>()),
  ]);
  return new Map(
    rows.map((r) => {
      const key = `${r.id}:${r.currency}`;
      return [r.id, { own: own.get(key) ?? null, network: r.private ? null : (network.get(key) ?? null) }];
    }),
  );
}

/** The headline payout: the main goal's (decision 105), null without a public goal. */
function headline(payouts: GoalPayout[] | undefined): Offer['payout'] {
  const main = payouts?.[0];
  return main ? { goal: main.goal, amount: main.amount, percent: main.percent, currency: main.currency } : null;
}

/** Countries, verticals, payouts, EPC and (when asked) product and goals of a page of offers, in a few queries. */
async function hydrate(db: DbOrTx, viewer: Viewer, rows: OfferRow[], groups: readonly OfferGroup[]): Promise<Offer[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const want = new Set(groups);
  const [countryRows, verticalRows, goalPayouts, epcs, goalRows] = await Promise.all([
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
    goalPayoutsOf(db, rows, viewer.partnerId),
    epcsOf(db, viewer, rows),
    want.has('goals') ? goalsOf(db, ids, want, viewer.partnerId) : Promise.resolve(new Map<number, OfferGoal[]>()),
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
      payout: headline(goalPayouts.get(row.id)),
      payouts: goalPayouts.get(row.id) ?? [],
      epc: epcs.get(row.id) ?? { own: null, network: null },
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

async function goalsOf(
  db: DbOrTx,
  offerIds: number[],
  want: Set<OfferGroup>,
  partnerId: number,
): Promise<Map<number, OfferGoal[]>> {
  const overrides = await overridesOf(db, partnerId, offerIds);
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
    const goalOf = new Map(rows.map((r) => [r.id, r]));
    for (const t of typeRows) {
      const list = typesBy.get(t.offerGoalId) ?? [];
      const goal = goalOf.get(t.offerGoalId)!;
      // The base tier is the goal's payout: the partner's override replaces both.
      const own =
        t.goalType.identifier === PAYOUT_TIER
          ? resolvePayout(overrides, goal.offerId, goal.goal.identifier, {
              amount: t.payoutAmount,
              percent: t.payoutPercent,
            })
          : { amount: t.payoutAmount, percent: t.payoutPercent };
      list.push({
        id: t.id,
        payoutAmount: own.amount,
        payoutPercent: own.percent,
        ...(want.has('goalType') ? { goalType: t.goalType } : {}),
      });
      typesBy.set(t.offerGoalId, list);
    }
  }
  const result = new Map<number, OfferGoal[]>();
  for (const r of rows) {
    const list = result.get(r.offerId) ?? [];
    const own = resolvePayout(overrides, r.offerId, r.goal.identifier, {
      amount: r.payoutAmount,
      percent: r.payoutPercent,
    });
    list.push({
      id: r.id,
      private: r.private,
      payoutAmount: own.amount,
      payoutPercent: own.percent,
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
  let epc: ReturnType<typeof epcTable> | null = null;
  if (query.sortName === 'payout') {
    payout = payoutTable(db, viewer.partnerId);
    builder = builder.leftJoin(payout, eq(payout.offerId, offers.id));
  }
  if (query.sortName === 'epc' || query.sortName === 'networkEpc') {
    const own = query.sortName === 'epc';
    epc = epcTable(db, viewer.now, own ? viewer.partnerId : null, own ? 'own_epc' : 'network_epc');
    // A private offer has no network EPC (decision 032): it sorts with the offers without traffic.
    const joined = and(eq(epc.offerId, offers.id), eq(epc.currency, offers.currency));
    builder = builder.leftJoin(epc, own ? joined : and(joined, eq(offers.private, false)));
  }
  const rows = await builder
    .where(where)
    .orderBy(...orderOf(query, { payout, epc: epc?.epc ?? null }))
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
  return { list: await hydrate(db, viewer, rows, query.groups ?? []), total };
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
  const [offer] = await hydrate(db, viewer, rows, groups);
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
