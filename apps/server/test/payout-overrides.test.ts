import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, conversions } from '../src/db/schema.js';
import {
  bearer,
  buildTestApp,
  createPartner,
  createStaff,
  expectErrorObject,
  login,
  testClock,
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
  let admin: Record<string, string>;
  let manager: Record<string, string>;
  let managerId: number;
  let offerId: number;
  let token: string;
  type Partner = { partnerId: number; headers: Record<string, string> };
  let own: Partner;
  let other: Partner;
  let foreign: Partner;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = admin) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  const asPartner = (p: Partner, url: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: p.headers });
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
    return { partnerId: p.partnerId, headers: bearer(await login(t, p.email, p.password)) };
  }

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now });
    const a = await createStaff(t, 'ROLE_ADMIN');
    admin = bearer(await login(t, a.email, a.password));
    const am = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    managerId = am.userId;
    manager = bearer(await login(t, am.email, am.password));
    const otherAm = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    own = await partner(managerId);
    other = await partner(managerId);
    foreign = await partner(otherAm.userId);
    const advertiser = (await call('POST', '/staff/advertisers', { name: 'Override Ads' })).json().data;
    token = advertiser.securityToken;
    const product = (await call('POST', `/staff/advertisers/${advertiser.id}/products`, { identifier: `ovr-${advertiser.id}`, type: 'web', domain: 'ovr.example.com' })).json().data; // prettier-ignore
    const offer = await call('POST', '/staff/offers', {
      name: 'Override Offer',
      productId: product.id,
      conversionType: 'cpl',
      defaultUrl: 'https://ovr.example.com/?c={click_id}',
      goals: [
        { goal: 'registration', revenueAmount: 800, payoutAmount: 400 },
        { goal: 'sale', revenuePercent: 2000, payoutPercent: 1000 },
      ],
    });
    offerId = offer.json().data.id;
  });
  afterAll(async () => t?.close());

  it('shows the partner its own payout everywhere and the goal payout to the others, and pays each its own', async () => {
    // An admin's: 37.5 % above the goal's payout applies at once (a manager's would wait for approval, decision 063).
    const set = await call('POST', `/staff/offers/${offerId}/overrides`, { partnerId: own.partnerId, goal: 'registration', payoutAmount: 550 }); // prettier-ignore
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({ status: 'applied', request: null });
    expect(set.json().data.override).toMatchObject({ offerId, partner: { id: own.partnerId }, goal: 'registration', payoutAmount: 550, payoutPercent: null }); // prettier-ignore

    const listed = async (p: Partner) =>
      (await asPartner(p, `/offer?name=Override%20Offer&count=10`)).json().data.list.find((o: { id: number }) => o.id === offerId); // prettier-ignore
    expect((await listed(own)).payout).toMatchObject({ goal: 'registration', amount: 550 });
    expect((await listed(own)).payouts[0]).toMatchObject({ goal: 'registration', amount: 550 });
    expect((await listed(other)).payout).toMatchObject({ goal: 'registration', amount: 400 });
    // Sorted by payout, the list sorts by the partner's own: the query runs with the override joined.
    const sorted = await asPartner(own, `/offer?name=Override%20Offer&sortName=payout&sortOrder=desc&count=10`);
    expect(sorted.statusCode).toBe(200);
    expect(sorted.json().data.list[0]).toMatchObject({ id: offerId, payout: { amount: 550 } });

    const detail = async (p: Partner) => (await asPartner(p, `/offer/${offerId}?groups=goals,goal,goalTypes,goalType`)).json().data; // prettier-ignore
    const registrationOf = (d: { offerGoals: { goal: { identifier: string }; payoutAmount: number; types: { goalType: { identifier: string }; payoutAmount: number }[] }[] }) => d.offerGoals.find((g) => g.goal.identifier === 'registration')!; // prettier-ignore
    const mine = registrationOf(await detail(own));
    expect(mine.payoutAmount).toBe(550);
    expect(mine.types.find((x) => x.goalType.identifier === 'p1')!.payoutAmount).toBe(550);
    expect(registrationOf(await detail(other)).payoutAmount).toBe(400);

    const paid = await convert(own);
    expect([paid.payout, paid.revenue]).toEqual([550, 800]);
    expect((await convert(other)).payout).toBe(400);
    await t.app.tracking.buffer.flush();
    const top = await asPartner(own, '/statistics/home/top-offers?date=today');
    expect(top.statusCode).toBe(200);
    const rows = top.json().data as { offer: { id: number; payout: { amount: number } | null } }[];
    expect(rows.find((o) => o.offer.id === offerId), JSON.stringify(top.json())).toBeDefined();
    expect(rows.find((o) => o.offer.id === offerId)!.offer.payout).toMatchObject({ amount: 550 });

    // Removed: later conversions earn the goal's payout again; the earlier one keeps what it earned.
    const list = await call('GET', `/staff/offers/${offerId}/overrides`);
    const overrideId = list.json().data.find((o: { partner: { id: number } }) => o.partner.id === own.partnerId).id;
    expect((await call('DELETE', `/staff/offers/${offerId}/overrides/${overrideId}`, undefined, manager)).statusCode).toBe(200); // prettier-ignore
    expect((await convert(own)).payout).toBe(400);
    const [kept] = await t.database.db.select().from(conversions).where(eq(conversions.id, paid.id));
    expect(kept!.payout).toBe(550);

    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'payout_override'), eq(auditLog.entityId, overrideId))).orderBy(auditLog.id); // prettier-ignore
    expect(entries.map((e) => e.action)).toEqual(['create', 'delete']);
    expect(entries[0]!.changes).toContainEqual({ field: 'payoutAmount', before: null, after: 550 });
  }); // prettier-ignore

  it('replaces an earlier override of the same goal, a percent override replacing both sides', async () => {
    const first = await call('POST', `/staff/offers/${offerId}/overrides`, { partnerId: other.partnerId, goal: 'sale', payoutPercent: 1200 }); // prettier-ignore
    const second = await call('POST', `/staff/offers/${offerId}/overrides`, { partnerId: other.partnerId, goal: 'sale', payoutAmount: 100 }); // prettier-ignore
    expect(second.json().data.override.id).toBe(first.json().data.override.id);
    expect(second.json().data.override).toMatchObject({ payoutAmount: 100, payoutPercent: null });
    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'payout_override'), eq(auditLog.entityId, String(first.json().data.override.id)))).orderBy(auditLog.id); // prettier-ignore
    expect(entries.map((e) => e.action)).toEqual(['create', 'update']);
  }); // prettier-ignore

  it("keeps managers to their partners' overrides, and refuses bad input field by field", async () => {
    await call('POST', `/staff/offers/${offerId}/overrides`, { partnerId: foreign.partnerId, goal: 'registration', payoutAmount: 500 }); // prettier-ignore
    const seen = (await call('GET', `/staff/offers/${offerId}/overrides`, undefined, manager)).json().data;
    expect(seen.map((o: { partner: { id: number } }) => o.partner.id)).not.toContain(foreign.partnerId);
    const foreignId = (await call('GET', `/staff/offers/${offerId}/overrides`)).json().data.find((o: { partner: { id: number } }) => o.partner.id === foreign.partnerId).id; // prettier-ignore
    expectErrorObject(await call('DELETE', `/staff/offers/${offerId}/overrides/${foreignId}`, undefined, manager), 404);

    const cases: [Record<string, unknown>, string][] = [
      [{ partnerId: foreign.partnerId, goal: 'registration', payoutAmount: 1 }, 'partnerId'],
      [{ partnerId: 999999, goal: 'registration', payoutAmount: 1 }, 'partnerId'],
      [{ partnerId: own.partnerId, goal: 'install', payoutAmount: 1 }, 'goal'],
      [{ partnerId: own.partnerId, goal: 'registration' }, 'payoutAmount'],
      [{ partnerId: own.partnerId, goal: 'registration', payoutAmount: -5 }, 'payoutAmount'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', `/staff/offers/${offerId}/overrides`, body, manager);
      expectErrorObject(res, 400);
      expect(res.json().errors, JSON.stringify(body)).toHaveProperty([field]);
    }
    expectErrorObject(await call('POST', '/staff/offers/999999/overrides', { partnerId: own.partnerId, goal: 'registration', payoutAmount: 1 }), 404); // prettier-ignore
    const finance = await createStaff(t, 'ROLE_FINANCE');
    const financeHeaders = bearer(await login(t, finance.email, finance.password));
    expectErrorObject(await call('POST', `/staff/offers/${offerId}/overrides`, { partnerId: own.partnerId, goal: 'registration', payoutAmount: 1 }, financeHeaders), 403); // prettier-ignore
  }); // prettier-ignore
});
