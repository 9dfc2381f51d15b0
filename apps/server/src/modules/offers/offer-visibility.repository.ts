import { and, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { OfferPayout } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { overridesOf } from './payout-overrides.repository.js';
import { resolvePayout } from './payout-overrides.js';
import {
  advertisers,
  goalTypes,
  offerAllowedPartners,
  goals,
  offerGoalTypes,
  offerGoals,
  offers,
  partnerOffers,
  partners,
  products,
} from '../../db/schema.js';

/**
 * Decision 006's visibility rule (as query conditions) and the registration payout, for the offers repository and for
 * other modules' repositories (statistics, postbacks, creatives) that must show only what the partner may still see.
 * Features do not import each other: this is the shared piece.
 */
export type OfferViewer = { partnerId: number; allOffersAccess: boolean };

export async function offerViewerOf(db: DbOrTx, partnerId: number): Promise<OfferViewer | null> {
  const [row] = await db
    .select({ allOffersAccess: partners.allOffersAccess })
    .from(partners)
    .where(eq(partners.id, partnerId))
    .limit(1);
  return row ? { partnerId, allOffersAccess: row.allOffersAccess } : null;
}

/** The join condition of the viewer's own application: `leftJoin(partnerOffers, viewerApplication(viewer))`. */
export const viewerApplication = (viewer: OfferViewer): SQL =>
  and(eq(partnerOffers.offerId, offers.id), eq(partnerOffers.partnerId, viewer.partnerId)) as SQL;

/** The offer's product and advertiser are enabled: disabling either hides its offers (decision 044). */
const offerLive = sql`exists (select 1 from ${products} join ${advertisers} on ${advertisers.id} = ${products.advertiserId} where ${products.id} = ${offers.productId} and ${products.enabled} and ${advertisers.enabled})`;

/** The viewer is on the offer's allow-list (decision 044): it sees the private offer as it would a public one. */
const allowListed = (viewer: OfferViewer) =>
  sql`exists (select 1 from ${offerAllowedPartners} where ${offerAllowedPartners.offerId} = ${offers.id} and ${offerAllowedPartners.partnerId} = ${viewer.partnerId})`;

/**
 * Decision 006: an enabled offer is visible when the viewer's application to it is active, or when it is public (or
 * private with the viewer on its allow-list, decision 044) and the viewer either has access to every offer or has
 * applied to it (any status). Needs `viewerApplication` joined.
 */
export function visibleToViewer(viewer: OfferViewer): SQL {
  const publicAccess = viewer.allOffersAccess ? sql`true` : isNotNull(partnerOffers.id);
  return and(
    eq(offers.enabled, true),
    offerLive,
    or(eq(partnerOffers.status, 'active'), and(or(eq(offers.private, false), allowListed(viewer)), publicAccess)),
  ) as SQL;
}

/** Goals whose p1 tier is the registration payout, in order of preference (spec section 3). */
export const PAYOUT_GOALS = ['registration', 'validation'] as const;
export const PAYOUT_TIER = 'p1';

/** Picks the registration payout out of an offer's p1 tiers (spec section 3). */
export function registrationPayout(
  tiers: { goal: string; amount: number | null; percent: number | null }[],
  currency: string,
): OfferPayout | null {
  for (const goal of PAYOUT_GOALS) {
    const tier = tiers.find((t) => t.goal === goal);
    if (tier) return { goal, amount: tier.amount, percent: tier.percent, currency };
  }
  return null;
}

/** The registration payout of each offer (the p1 tier of registration, else of validation), or null. */
export async function registrationPayouts(
  db: DbOrTx,
  offerList: { id: number; currency: string }[],
  /** The partner whose own payouts (overrides) replace the goals'. */
  partnerId: number,
): Promise<Map<number, OfferPayout | null>> {
  const result = new Map<number, OfferPayout | null>(offerList.map((offer) => [offer.id, null]));
  if (offerList.length === 0) return result;
  const tiers = await db
    .select({
      offerId: offerGoals.offerId,
      goal: goals.identifier,
      amount: offerGoalTypes.payoutAmount,
      percent: offerGoalTypes.payoutPercent,
    })
    .from(offerGoals)
    .innerJoin(goals, eq(goals.id, offerGoals.goalId))
    .innerJoin(offerGoalTypes, eq(offerGoalTypes.offerGoalId, offerGoals.id))
    .innerJoin(goalTypes, eq(goalTypes.id, offerGoalTypes.goalTypeId))
    .where(
      and(
        inArray(
          offerGoals.offerId,
          offerList.map((offer) => offer.id),
        ),
        eq(goalTypes.identifier, PAYOUT_TIER),
        inArray(goals.identifier, [...PAYOUT_GOALS]),
      ),
    );
  const overrides = await overridesOf(
    db,
    partnerId,
    offerList.map((offer) => offer.id),
  );
  for (const offer of offerList) {
    const own = tiers.filter((t) => t.offerId === offer.id).map((t) => resolvePayout(overrides, offer.id, t.goal, t));
    result.set(offer.id, registrationPayout(own, offer.currency));
  }
  return result;
}
