import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advertisersEndpoints, offersEndpoints, staffOffersEndpoints, statisticsEndpoints } from '@portal/contracts';
import { auditLog, conversions } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  errorBody,
  expectError,
  invalid,
  login,
  okBody,
  testClock,
  type CallInput,
  type TestApp,
} from './helper.js';
import { setAllOffersAccess } from './offer-fixtures.js';

/**
 * A partner's own payout on a goal of an offer. One resolver: the partner sees it in the offer list
 * (its payout and goal payouts), the offer detail (goals and their base tier) and top offers, and earns it on
 * conversions recorded after it; another partner sees and earns the goal's payout.
 */
describe('partner payout overrides (decision 045)', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-07-01T08:00:00Z'));
  let admin: string;
  let manager: string;
  let managerId: number;
  let offerId: number;
  let token: string;
  type Partner = { partnerId: number; token: string };
  let own: Partner;
  let other: Partner;
  let foreign: Partner;

  type OverrideBody = CallInput<typeof staffOffersEndpoints.createOverride>['body'];
  const setOverride = (body: OverrideBody, token = admin, id = offerId) =>
    callEndpoint(t.app, staffOffersEndpoints.createOverride, { params: { id }, body }, token);
  const overridesOf = async (token = admin) =>
    okBody(await callEndpoint(t.app, staffOffersEndpoints.overrides, { params: { id: offerId } }, token)).data;
  const removeOverride = (overrideId: number, token: string) =>
    callEndpoint(t.app, staffOffersEndpoints.deleteOverride, { params: { id: offerId, overrideId } }, token);
  async function convert(p: Partner, goal = 'registration') {
    const click = await t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${p.partnerId}` });
    expect(click.statusCode).toBe(302);
    const cid = new URL(click.headers.location as string).searchParams.get('c')!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/postback?${new URLSearchParams({ token, click_id: cid, goal })}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(conversions).where(eq(conversions.clickId, cid));
    expect(row, res.body).toBeDefined();
    return row!;
  }
  async function partner(accountManagerId: number | null): Promise<Partner> {
    const p = await createPartner(t, { accountManagerId });
    await setAllOffersAccess(t, p.partnerId, true);
    return { partnerId: p.partnerId, token: await login(t, p.email, p.password) };
  }

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now });
    const a = await createStaff(t, 'ROLE_ADMIN');
    admin = await login(t, a.email, a.password);
    const am = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    managerId = am.userId;
    manager = await login(t, am.email, am.password);
    const otherAm = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    own = await partner(managerId);
    other = await partner(managerId);
    foreign = await partner(otherAm.userId);
    const advertiser = okBody(await callEndpoint(t.app, advertisersEndpoints.create, { body: { name: 'Override Ads' } }, admin)).data; // prettier-ignore
    token = advertiser.securityToken;
    const product = okBody(await callEndpoint(t.app, advertisersEndpoints.createProduct, { params: { id: advertiser.id }, body: { identifier: `ovr-${advertiser.id}`, type: 'web', domain: 'ovr.example.com' } }, admin)).data; // prettier-ignore
    const offer = await callEndpoint(
      t.app,
      staffOffersEndpoints.create,
      {
        body: {
          name: 'Override Offer',
          productId: product.id,
          conversionType: 'cpl',
          defaultUrl: 'https://ovr.example.com/?c={click_id}',
          goals: [
            { goal: 'registration', revenueAmount: 800, payoutAmount: 400 },
            { goal: 'sale', revenuePercent: 2000, payoutPercent: 1000 },
          ],
        },
      },
      admin,
    );
    offerId = okBody(offer).data.id;
  });
  afterAll(async () => t?.close());

  it('shows the partner its own payout everywhere and the goal payout to the others, and pays each its own', async () => {
    // An admin's: 37.5 % above the goal's payout applies at once (a manager's would wait for approval, decision 063).
    const set = okBody(await setOverride({ partnerId: own.partnerId, goal: 'registration', payoutAmount: 550 }));
    expect(set.data).toMatchObject({ status: 'applied', request: null });
    expect(set.data.override).toMatchObject({ offerId, partner: { id: own.partnerId }, goal: 'registration', payoutAmount: 550, payoutPercent: null }); // prettier-ignore

    const listed = async (p: Partner) =>
      okBody(await callEndpoint(t.app, offersEndpoints.list, { query: { name: 'Override Offer', count: 10 } }, p.token)).data.list.find((o) => o.id === offerId); // prettier-ignore
    expect((await listed(own))!.payout).toMatchObject({ goal: 'registration', amount: 550 });
    expect((await listed(own))!.payouts[0]).toMatchObject({ goal: 'registration', amount: 550 });
    expect((await listed(other))!.payout).toMatchObject({ goal: 'registration', amount: 400 });
    // Sorted by payout, the list sorts by the partner's own: the query runs with the override joined.
    const sorted = okBody(await callEndpoint(t.app, offersEndpoints.list, { query: { name: 'Override Offer', sortName: 'payout', sortOrder: 'desc', count: 10 } }, own.token)); // prettier-ignore
    expect(sorted.data.list[0]).toMatchObject({ id: offerId, payout: { amount: 550 } });

    const detail = async (p: Partner) => okBody(await callEndpoint(t.app, offersEndpoints.get, { params: { id: offerId }, query: { groups: 'goals,goal,goalTypes,goalType' } }, p.token)).data; // prettier-ignore
    const registrationOf = (d: Awaited<ReturnType<typeof detail>>) => d.offerGoals!.find((g) => g.goal!.identifier === 'registration')!; // prettier-ignore
    const mine = registrationOf(await detail(own));
    expect(mine.payoutAmount).toBe(550);
    expect(mine.types!.find((x) => x.goalType!.identifier === 'p1')!.payoutAmount).toBe(550);
    expect(registrationOf(await detail(other)).payoutAmount).toBe(400);

    const paid = await convert(own);
    expect([paid.payout, paid.revenue]).toEqual([550, 800]);
    expect((await convert(other)).payout).toBe(400);
    await t.app.tracking.buffer.flush();
    const top = okBody(await callEndpoint(t.app, statisticsEndpoints.topOffers, { query: { date: 'today' } }, own.token)); // prettier-ignore
    const rows = top.data;
    expect(rows.find((o) => o.offer.id === offerId), JSON.stringify(top)).toBeDefined();
    expect(rows.find((o) => o.offer.id === offerId)!.offer.payout).toMatchObject({ amount: 550 });

    // Removed: later conversions earn the goal's payout again; the earlier one keeps what it earned.
    const overrideId = (await overridesOf()).find((o) => o.partner.id === own.partnerId)!.id;
    expect((await removeOverride(overrideId, manager)).status).toBe(200);
    expect((await convert(own)).payout).toBe(400);
    const [kept] = await t.database.db.select().from(conversions).where(eq(conversions.id, paid.id));
    expect(kept!.payout).toBe(550);

    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'payout_override'), eq(auditLog.entityId, String(overrideId)))).orderBy(auditLog.id); // prettier-ignore
    expect(entries.map((e) => e.action)).toEqual(['create', 'delete']);
    expect(entries[0]!.changes).toContainEqual({ field: 'payoutAmount', before: null, after: 550 });
  }); // prettier-ignore

  it('replaces an earlier override of the same goal, a percent override replacing both sides', async () => {
    const first = okBody(await setOverride({ partnerId: other.partnerId, goal: 'sale', payoutPercent: 1200 }));
    const second = okBody(await setOverride({ partnerId: other.partnerId, goal: 'sale', payoutAmount: 100 }));
    expect(second.data.override!.id).toBe(first.data.override!.id);
    expect(second.data.override).toMatchObject({ payoutAmount: 100, payoutPercent: null });
    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'payout_override'), eq(auditLog.entityId, String(first.data.override!.id)))).orderBy(auditLog.id); // prettier-ignore
    expect(entries.map((e) => e.action)).toEqual(['create', 'update']);
  }); // prettier-ignore

  it("keeps managers to their partners' overrides, and refuses bad input field by field", async () => {
    okBody(await setOverride({ partnerId: foreign.partnerId, goal: 'registration', payoutAmount: 500 }));
    const seen = await overridesOf(manager);
    expect(seen.map((o) => o.partner.id)).not.toContain(foreign.partnerId);
    const foreignId = (await overridesOf()).find((o) => o.partner.id === foreign.partnerId)!.id;
    expectError(await removeOverride(foreignId, manager), 404);

    const cases: [Record<string, unknown>, string][] = [
      [{ partnerId: foreign.partnerId, goal: 'registration', payoutAmount: 1 }, 'partnerId'],
      [{ partnerId: 999999, goal: 'registration', payoutAmount: 1 }, 'partnerId'],
      [{ partnerId: own.partnerId, goal: 'install', payoutAmount: 1 }, 'goal'],
      [{ partnerId: own.partnerId, goal: 'registration' }, 'payoutAmount'],
      [{ partnerId: own.partnerId, goal: 'registration', payoutAmount: -5 }, 'payoutAmount'],
    ];
    for (const [body, field] of cases) {
      const res = await setOverride(invalid(body), manager);
      expect(errorBody(res, 400).errors, JSON.stringify(body)).toHaveProperty([field]);
    }
    expectError(await setOverride({ partnerId: own.partnerId, goal: 'registration', payoutAmount: 1 }, admin, 999999), 404); // prettier-ignore
    const finance = await createStaff(t, 'ROLE_FINANCE');
    const financeToken = await login(t, finance.email, finance.password);
    expectError(await setOverride({ partnerId: own.partnerId, goal: 'registration', payoutAmount: 1 }, financeToken), 403); // prettier-ignore
  }); // prettier-ignore
});
