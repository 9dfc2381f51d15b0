import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { goalsEndpoints } from '@portal/contracts';
import { goals, offerGoals, offers } from '../src/db/schema.js';
import { seedGoals } from '../src/seed/reference.js';
import { callEndpoint, createStaff, login, type TestApp } from './helper.js';
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

/**
 * Gives these goals a floor of 0 (never too fast, decision 101) through `PUT /staff/goals/{id}`, as an admin would, for
 * a test file whose postbacks follow their clicks at once and whose subject is not the conversion rules (decision
 * 109): the other rules still judge its conversions.
 */
export async function goalsWithoutFloor(t: TestApp, codes: string[]): Promise<void> {
  await seedGoals(t.database.db);
  const admin = await createStaff(t, 'ROLE_ADMIN');
  const session = await login(t, admin.email, admin.password);
  const rows = await t.database.db.select({ id: goals.id }).from(goals).where(inArray(goals.identifier, codes));
  expect(rows).toHaveLength(codes.length);
  for (const { id } of rows) {
    const res = await callEndpoint(t.app, goalsEndpoints.update, { params: { id }, body: { minSecondsToConvert: 0 } }, session); // prettier-ignore
    expect(res.status, res.raw.body).toBe(200);
  }
}
