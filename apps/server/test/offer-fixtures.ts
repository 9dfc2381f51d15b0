/**
 * Offers, applications and partner access built directly in the database, so that offer tests
 * own their data instead of leaning on the demo seed.
 */
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
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
} from '../src/db/schema.js';
import { seedGoals } from '../src/seed/reference.js';
import type { TestApp } from './helper.js';

type Tier = { amount?: number | null; percent?: number | null };

export type OfferGoalSpec = {
  goal: string;
  private?: boolean;
  p1?: Tier;
  p2?: Tier;
};

export type OfferSpec = {
  name: string;
  conversionType?: string;
  currency?: string;
  countries?: string[];
  /** Vertical identifiers. */
  verticals?: string[];
  goals?: OfferGoalSpec[];
  private?: boolean;
  requireApproval?: boolean;
  enabled?: boolean;
  descriptionHtml?: string;
  createdAt?: Date;
};

async function productFor(t: TestApp): Promise<number> {
  const db = t.database.db;
  const [advertiser] = await db
    .insert(advertisers)
    .values({ name: 'Fixture Advertiser', securityToken: randomBytes(16).toString('hex') })
    .returning();
  if (!advertiser) throw new Error('no advertiser');
  const [product] = await db
    .insert(products)
    .values({
      advertiserId: advertiser.id,
      identifier: `fixture-${randomBytes(4).toString('hex')}`,
      type: 'web',
      domain: 'fixture.example.com',
      cross: true,
    })
    .returning();
  if (!product) throw new Error('no product');
  return product.id;
}

/** Inserts offers with their countries, verticals and goals; answers their ids in the given order. */
export async function createOffers(t: TestApp, specs: OfferSpec[]): Promise<number[]> {
  const db = t.database.db;
  await seedGoals(db);
  const productId = await productFor(t);
  const verticalRows = await db.select().from(verticals);
  const verticalId = new Map(verticalRows.map((v) => [v.identifier, v.id]));
  const goalRows = await db.select().from(goals);
  const goalId = new Map(goalRows.map((g) => [g.identifier, g.id]));
  const tierRows = await db.select().from(goalTypes);
  const tierId = new Map(tierRows.map((g) => [g.identifier, g.id]));

  const inserted = await db
    .insert(offers)
    .values(
      specs.map((spec) => ({
        name: spec.name,
        productId,
        conversionType: spec.conversionType ?? 'cpa',
        currency: spec.currency ?? 'EUR',
        private: spec.private ?? false,
        requireApproval: spec.requireApproval ?? false,
        enabled: spec.enabled ?? true,
        descriptionHtml: spec.descriptionHtml ?? `<p>${spec.name}</p>`,
        descriptionText: spec.name,
        defaultUrl: 'https://fixture.example.com/landing',
        ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
      })),
    )
    .returning({ id: offers.id });
  const ids = inserted.map((row) => row.id);

  const countryRows = specs.flatMap((spec, i) =>
    (spec.countries ?? ['FR']).map((isoCode) => ({ offerId: ids[i]!, isoCode })),
  );
  if (countryRows.length) await db.insert(offerCountries).values(countryRows);
  const verticalLinks = specs.flatMap((spec, i) =>
    (spec.verticals ?? []).map((identifier) => {
      const id = verticalId.get(identifier);
      if (!id) throw new Error(`unknown vertical ${identifier}`);
      return { offerId: ids[i]!, verticalId: id };
    }),
  );
  if (verticalLinks.length) await db.insert(offerVerticals).values(verticalLinks);

  for (const [i, spec] of specs.entries()) {
    for (const goal of spec.goals ?? []) {
      const gid = goalId.get(goal.goal);
      if (!gid) throw new Error(`unknown goal ${goal.goal}`);
      const [offerGoal] = await db
        .insert(offerGoals)
        .values({
          offerId: ids[i]!,
          goalId: gid,
          private: goal.private ?? false,
          payoutAmount: goal.p1?.amount ?? null,
          payoutPercent: goal.p1?.percent ?? null,
        })
        .returning({ id: offerGoals.id });
      const tiers = (['p1', 'p2'] as const).filter((tier) => goal[tier]);
      if (offerGoal && tiers.length) {
        await db.insert(offerGoalTypes).values(
          tiers.map((tier) => ({
            offerGoalId: offerGoal.id,
            goalTypeId: tierId.get(tier)!,
            payoutAmount: goal[tier]?.amount ?? null,
            payoutPercent: goal[tier]?.percent ?? null,
          })),
        );
      }
    }
  }
  return ids;
}

export async function createOffer(t: TestApp, spec: OfferSpec): Promise<number> {
  const [id] = await createOffers(t, [spec]);
  return id!;
}

/** Records an application directly, as the back-office would. */
export async function createApplication(
  t: TestApp,
  partnerId: number,
  offerId: number,
  status: 'pending' | 'active' | 'refused',
): Promise<number> {
  const [row] = await t.database.db
    .insert(partnerOffers)
    .values({ partnerId, offerId, status })
    .returning({ id: partnerOffers.id });
  return row!.id;
}

export async function setAllOffersAccess(t: TestApp, partnerId: number, allOffersAccess: boolean) {
  await t.database.db.update(partners).set({ allOffersAccess }).where(eq(partners.id, partnerId));
}

export async function verticalIds(t: TestApp, identifiers: string[]): Promise<Map<string, number>> {
  const rows = await t.database.db.select().from(verticals).where(inArray(verticals.identifier, identifiers));
  return new Map(rows.map((v) => [v.identifier, v.id]));
}

/** The security token of the advertiser behind an offer: what its server sends with every postback. */
export async function advertiserTokenOf(t: TestApp, offerId: number): Promise<string> {
  const [row] = await t.database.db
    .select({ token: advertisers.securityToken })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(advertisers, eq(advertisers.id, products.advertiserId))
    .where(eq(offers.id, offerId));
  if (!row) throw new Error(`no offer ${offerId}`);
  return row.token;
}
