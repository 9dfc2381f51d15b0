import { and, eq } from 'drizzle-orm';
import { goals, offerGoals, offers } from '../src/db/schema.js';
import type { TestApp } from './helper.js';
import { advertiserTokenOf, createOffer } from './offer-fixtures.js';

/**
 * An offer for the tests of conversions changed after the fact (decision 069): it pays 4.00 (revenue 6.00) on
 * 'registration' and 10 % (revenue 15 %) of the sale on 'sale', and lands on a URL that carries the click id.
 * Answers its id and its advertiser's postback token.
 */
export async function offerWithRevenue(t: TestApp, name: string): Promise<{ offerId: number; token: string }> {
  const offerId = await createOffer(t, {
    name,
    goals: [
      { goal: 'registration', p1: { amount: 400 } },
      { goal: 'sale', p1: { percent: 1000 } },
    ],
  });
  await t.database.db
    .update(offers)
    .set({ defaultUrl: 'https://shop.example.com/?cid={click_id}' })
    .where(eq(offers.id, offerId));
  const [registration] = await t.database.db.select().from(goals).where(eq(goals.identifier, 'registration'));
  const [sale] = await t.database.db.select().from(goals).where(eq(goals.identifier, 'sale'));
  await t.database.db
    .update(offerGoals)
    .set({ revenueAmount: 600 })
    .where(and(eq(offerGoals.offerId, offerId), eq(offerGoals.goalId, registration!.id)));
  await t.database.db
    .update(offerGoals)
    .set({ revenuePercent: 1500 })
    .where(and(eq(offerGoals.offerId, offerId), eq(offerGoals.goalId, sale!.id)));
  return { offerId, token: await advertiserTokenOf(t, offerId) };
}
