import { and, eq } from 'drizzle-orm';
import { offersEndpoints, statisticsEndpoints } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversions, goals, offerGoals, offers } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  expectOk,
  login,
  okBody,
  testClock,
  type TestApp,
} from './helper.js';
import { advertiserTokenOf, createOffer } from './offer-fixtures.js';
import { goalsWithoutFloor } from './conversion-fixtures.js';

/** Decision 044: each conversion records what the advertiser owes beside what the partner earns; partners never see it. */
describe('revenue beside payout', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-09-01T10:00:00Z'));

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now });
    // Postbacks here follow their clicks at once: no floor on these goals (the conversion rules' tests are elsewhere).
    await goalsWithoutFloor(t, ['registration', 'sale']);
  });
  afterAll(async () => t?.close());

  async function offerWithRevenue() {
    const offerId = await createOffer(t, {
      name: 'Revenue offer',
      goals: [
        { goal: 'registration', p1: { amount: 250 } },
        { goal: 'sale', p1: { percent: 1250 } },
      ],
    });
    await t.database.db.update(offers).set({ defaultUrl: 'https://shop.example.com/?cid={click_id}' }).where(eq(offers.id, offerId));
    const goalId = async (identifier: string) => (await t.database.db.select().from(goals).where(eq(goals.identifier, identifier)))[0]!.id;
    await t.database.db.update(offerGoals).set({ revenueAmount: 300 }).where(and(eq(offerGoals.offerId, offerId), eq(offerGoals.goalId, await goalId('registration'))));
    await t.database.db.update(offerGoals).set({ revenuePercent: 1500 }).where(and(eq(offerGoals.offerId, offerId), eq(offerGoals.goalId, await goalId('sale'))));
    return { offerId, token: await advertiserTokenOf(t, offerId) };
  } // prettier-ignore

  const click = async (offerId: number, partnerId: number) => {
    const res = await t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partnerId}` });
    return new URL(res.headers.location as string).searchParams.get('cid')!;
  };
  const postback = (params: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/postback?${new URLSearchParams(params).toString()}` });

  it('records the goal’s revenue, fixed or a percent of the sale, exactly, and none when rejected', async () => {
    const { offerId, token } = await offerWithRevenue();
    const partner = await createPartner(t);
    const first = await click(offerId, partner.partnerId);
    await postback({ click_id: first, goal: 'registration', token });
    const second = await click(offerId, partner.partnerId);
    await postback({ click_id: second, goal: 'sale', amount: '49.90', token });
    await postback({ click_id: second, goal: 'nosuchgoal', token });
    const rows = await t.database.db.select().from(conversions).where(eq(conversions.offerId, offerId));
    const by = (clickId: string, goal: string) => rows.find((r) => r.clickId === clickId && r.goal === goal);
    expect(by(first, 'registration')).toMatchObject({ status: 'approved', payout: 250, revenue: 300 });
    // 4990 × 12.5 % = 623.75 → 624 paid; × 15 % = 748.5 → 749 owed, half up, never a float.
    expect(by(second, 'sale')).toMatchObject({ status: 'approved', payout: 624, revenue: 749 });
    expect(by(second, 'nosuchgoal')).toMatchObject({ status: 'rejected', payout: 0, revenue: 0 });
  });

  it('never shows the network’s revenue to the partner: its "revenue" is what it earns', async () => {
    const { offerId, token } = await offerWithRevenue();
    const partner = await createPartner(t);
    const session = await login(t, partner.email, partner.password);
    const clickId = await click(offerId, partner.partnerId);
    await postback({ click_id: clickId, goal: 'registration', token });
    await t.app.tracking.buffer.flush();
    const day = { startDate: '2026-09-01', endDate: '2026-09-01' };
    const [detail, conversionReport, dailyReport] = await Promise.all([
      callEndpoint(t.app, offersEndpoints.get, { params: { id: offerId } }, session),
      callEndpoint(t.app, statisticsEndpoints.conversion, { query: day }, session),
      callEndpoint(t.app, statisticsEndpoints.daily, { query: day }, session),
    ]);
    for (const answer of [detail, conversionReport, dailyReport]) {
      expectOk(answer);
      expect(answer.raw.body).not.toMatch(/revenueAmount|revenuePercent|margin|allowNegativeMargin|"amount":300\b/);
    }
    const row = okBody(conversionReport).data.find((r) => r.offer.id === offerId);
    expect(row?.revenue).toMatchObject({ amount: 250 });
  });
});
