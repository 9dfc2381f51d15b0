import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import {
  advertisersEndpoints,
  capsEndpoints,
  conversionReviewEndpoints,
  offersEndpoints,
  postbacksEndpoints,
  staffNotificationsEndpoints,
  staffOffersEndpoints,
  statisticsEndpoints,
  type EndpointDefinition,
} from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  capUsage,
  conversions,
  emailOutbox,
  offerCaps,
  offerGoals,
  postbackDeliveries,
  rejectedClicksHourly,
  staffNotifications,
} from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  expectError,
  expectErrorObject,
  expectOk,
  invalid,
  login,
  okBody,
  testClock,
  type CallInput,
  type TestApp,
} from './helper.js';
import { setAllOffersAccess } from './offer-fixtures.js';
import { goalsWithoutFloor } from './conversion-fixtures.js';

/**
 * Decision 045: caps that never leak. Conversion, payout and revenue caps are taken in the conversion's own
 * transaction (exact under concurrency: on PostgreSQL with two server instances, their pools and parallel HTTP
 * requests); click caps are counted in the process; a decline gives back; periods are Paris days and months; the 90 %
 * alert goes once; the partner sees its own caps and only 'available' or 'capped' of the offer's.
 */
describe('offer caps (decision 045)', () => {
  let t: TestApp;
  // A winter Thursday, 09:00 in Paris.
  const clock = testClock(new Date('2026-01-15T08:00:00Z'));
  let admin: string;
  let manager: string;
  let adminLogin: { email: string; password: string };
  let managerLogin: { email: string; password: string };
  /** Sessions expire as the test clock jumps: new ones at the new time. */
  async function signInAgain() {
    admin = await login(t, adminLogin.email, adminLogin.password);
    manager = await login(t, managerLogin.email, managerLogin.password);
  }
  let managerId: number;
  let teamManagerId: number;
  let token: string;
  let productId: number;
  type Partner = { partnerId: number; token: string };
  let sequence = 0;

  /** One endpoint through its contract, as the admin unless said. */
  const call = <E extends EndpointDefinition>(endpoint: E, input: CallInput<E>, identity: string = admin) =>
    callEndpoint(t.app, endpoint, input, identity);
  async function partner(accountManagerId: number | null = managerId): Promise<Partner> {
    const p = await createPartner(t, { accountManagerId });
    await setAllOffersAccess(t, p.partnerId, true);
    return { partnerId: p.partnerId, token: await login(t, p.email, p.password) };
  }
  async function offer(extra: Record<string, unknown> = {}): Promise<number> {
    sequence += 1;
    const res = await call(staffOffersEndpoints.create, {
      body: {
        name: `Capped Offer ${sequence}`,
        productId,
        conversionType: 'cpl',
        defaultUrl: 'https://cap.example.com/?c={click_id}',
        goals: [
          { goal: 'registration', revenueAmount: 800, payoutAmount: 400 },
          { goal: 'sale', revenuePercent: 2000, payoutPercent: 1000 },
        ],
        ...extra,
      },
    });
    expectOk(res);
    return okBody(res).data.id;
  }
  const setCaps = (offerId: number, caps: CallInput<typeof capsEndpoints.replace>['body'], identity = admin) =>
    call(capsEndpoints.replace, { params: { id: offerId }, body: caps }, identity);
  /** A click admitted now: the click batch flushed first, so the process's cap counters hold the database's usage. */
  async function click(offerId: number, p: Partner): Promise<string> {
    await t.app.tracking.buffer.flush();
    const res = await t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${p.partnerId}` });
    expect(res.statusCode, res.body).toBe(302);
    return new URL(res.headers.location as string).searchParams.get('c')!;
  }
  /** Each conversion from its visitor's own address: the per-address rule counts conversions per address (decision 101). */
  let visitor = 0;
  const postback = (clickId: string, goal = 'registration', extra: Record<string, string> = {}) => {
    visitor += 1;
    const ip = `90.0.${Math.floor(visitor / 250)}.${(visitor % 250) + 1}`;
    return t.app.inject({ method: 'GET', url: `/postback?${new URLSearchParams({ token, click_id: clickId, goal, ip, ...extra })}` }); // prettier-ignore
  };
  async function convert(offerId: number, p: Partner, goal = 'registration', extra: Record<string, string> = {}) {
    const res = await postback(await click(offerId, p), goal, extra);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { status: string; reason: string | null; conversionId: number };
  }
  async function usageOf(offerId: number) {
    const caps = await t.database.db.select().from(offerCaps).where(eq(offerCaps.offerId, offerId));
    if (caps.length === 0) return [];
    return t.database.db
      .select()
      .from(capUsage)
      .where(
        inArray(
          capUsage.capId,
          caps.map((c) => c.id),
        ),
      );
  }

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now });
    // Postbacks here follow their clicks at once: no floor on these goals (the conversion rules' tests are elsewhere).
    await goalsWithoutFloor(t, ['registration', 'sale']);
    adminLogin = await createStaff(t, 'ROLE_ADMIN');
    const am = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    managerLogin = am;
    managerId = am.userId;
    await signInAgain();
    teamManagerId = (await createStaff(t, 'ROLE_TEAM_MANAGER')).userId;
    const advertiser = okBody(await call(advertisersEndpoints.create, { body: { name: 'Cap Ads' } })).data;
    token = advertiser.securityToken;
    const product = okBody(await call(advertisersEndpoints.createProduct, { params: { id: advertiser.id }, body: { identifier: `cap-${advertiser.id}`, type: 'web', domain: 'cap.example.com' } })).data; // prettier-ignore
    productId = product.id;
  });
  afterAll(async () => t?.close());

  it('gives exactly the cap under concurrent postbacks: 200 on a conversion cap of 50 record 50, the rest over_cap, never sent to the partner', async () => {
    const offerId = await offer();
    const p = await partner();
    // The partner has a postback: a delivery is queued exactly for the conversions that count.
    const created = await callEndpoint(t.app, postbacksEndpoints.create, { body: { url: 'https://partner.example.com/pb?c={click_id}' } }, p.token); // prettier-ignore
    expectOk(created);
    const saved = await setCaps(offerId, [{ partnerId: null, metric: 'conversions', period: 'day', limit: 50 }]);
    expectOk(saved);
    expect(okBody(saved).data).toEqual([expect.objectContaining({ partner: null, metric: 'conversions', period: 'day', limit: 50, used: 0, resetsAt: '2026-01-15T23:00:00.000Z' })]); // prettier-ignore
    const clickIds: string[] = [];
    for (let i = 0; i < 200; i++) clickIds.push(await click(offerId, p));
    await t.app.tracking.buffer.flush();

    let statuses: string[];
    if (t.databaseUrl) {
      // PostgreSQL: two server instances on one database (their own pools), 200 HTTP requests in parallel.
      const second = await buildTestApp({ now: clock.now, sameDatabaseAs: t });
      try {
        const bases: string[] = [];
        for (const app of [t.app, second.app]) {
          await app.listen({ host: '127.0.0.1', port: 0 });
          bases.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
        }
        const answers = await Promise.all(
          clickIds.map((cid, i) =>
            fetch(
              `${bases[i % 2]}/postback?${new URLSearchParams({ token, click_id: cid, goal: 'registration' })}`,
            ).then(async (r) => {
              // prettier-ignore
              expect(r.status).toBe(200);
              return ((await r.json()) as { status: string }).status;
            }),
          ),
        );
        statuses = answers;
      } finally {
        await second.close();
      }
    } else {
      // PGlite has one connection: the requests interleave up to the database, which proves the logic only.
      statuses = await Promise.all(clickIds.map(async (cid) => (await postback(cid)).json().status as string));
    }
    expect(statuses.filter((s) => s === 'approved')).toHaveLength(50);
    const rows = await t.database.db.select().from(conversions).where(eq(conversions.offerId, offerId));
    expect(rows.filter((r) => r.status === 'approved')).toHaveLength(50);
    const refused = rows.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(150);
    expect(refused.every((r) => r.reason === 'over_cap' && r.payout === 0 && r.revenue === 0)).toBe(true);
    expect((await usageOf(offerId)).map((u) => u.used)).toEqual([50]);
    const deliveries = await t.database.db.select().from(postbackDeliveries).where(inArray(postbackDeliveries.conversionId, rows.map((r) => r.id))); // prettier-ignore
    expect(deliveries).toHaveLength(50);
    expect(new Set(deliveries.map((d) => d.conversionId))).toEqual(new Set(rows.filter((r) => r.status === 'approved').map((r) => r.id))); // prettier-ignore
  }, 120_000);

  it('refuses the conversion that would cross a payout or a revenue cap, and a decline gives its share back to its own period', async () => {
    const offerId = await offer();
    const p = await partner();
    const q = await partner();
    await setCaps(offerId, [
      { partnerId: p.partnerId, metric: 'payout', period: 'month', limit: 1000 },
      { partnerId: q.partnerId, metric: 'revenue', period: 'total', limit: 2000 },
    ]);
    expect((await convert(offerId, p)).status).toBe('approved');
    expect((await convert(offerId, p)).status).toBe('approved');
    // 800 paid: another 400 would be 1200 > 1000; the advertiser's test postback says so first, writing nothing.
    const advertiserId = okBody(await call(staffOffersEndpoints.get, { params: { id: offerId } })).data.advertiser.id;
    const preview = await call(advertisersEndpoints.testPostback, { params: { id: advertiserId }, body: { click_id: await click(offerId, p), goal: 'registration' } }); // prettier-ignore
    expect(okBody(preview).data).toMatchObject({ status: 'rejected', reason: 'over_cap', payout: 0 });
    expect(await convert(offerId, p)).toMatchObject({ status: 'rejected', reason: 'over_cap' });
    // A sale paying 10 % of 20.00 (200) still fits; of 30.00 (300) no longer (on a click taken before the cap filled:
    // once it is full, clicks go to the fallback, decision 074).
    const spare = await click(offerId, p);
    expect((await convert(offerId, p, 'sale', { amount: '20' })).status).toBe('approved');
    expect((await postback(spare, 'sale', { amount: '30' })).json()).toMatchObject({ status: 'rejected', reason: 'over_cap' }); // prettier-ignore
    // The other partner's revenue cap: 800 + 800 = 1600, another 800 crosses 2000; the payout cap is not its.
    expect((await convert(offerId, q)).status).toBe('approved');
    expect((await convert(offerId, q)).status).toBe('approved');
    expect((await convert(offerId, q)).reason).toBe('over_cap');

    // Manual validation: pending conversions count, a declined one gives its share back, in the period it took it.
    await t.database.db.update(offerGoals).set({ manualValidation: true }).where(eq(offerGoals.offerId, offerId));
    const r = await partner();
    await setCaps(offerId, [
      { partnerId: p.partnerId, metric: 'payout', period: 'month', limit: 1000 },
      { partnerId: q.partnerId, metric: 'revenue', period: 'total', limit: 2000 },
      { partnerId: r.partnerId, metric: 'conversions', period: 'day', limit: 1 },
    ]);
    const early = await click(offerId, r);
    // Taken now too, used after the decline: a full cap's clicks are refused until its room is read back.
    const later = await click(offerId, r);
    const pending = await convert(offerId, r);
    expect(pending.status).toBe('pending');
    expect((await postback(early)).json()).toMatchObject({ status: 'rejected', reason: 'over_cap' });
    // Declined the next day: the cap of the day it was taken from gets it back, not the day of the decline.
    clock.advance(86_400_000);
    await signInAgain();
    const declined = await call(conversionReviewEndpoints.review, {
      params: { id: pending.conversionId },
      body: { status: 'rejected' },
    });
    expectOk(declined);
    const cap = okBody(await call(capsEndpoints.list, { params: { id: offerId } })).data.find((c) => c.partner?.id === r.partnerId); // prettier-ignore
    const rows = await t.database.db.select().from(capUsage).where(eq(capUsage.capId, cap!.id));
    expect(rows.map((u) => [u.periodStart.toISOString(), u.used])).toEqual([['2026-01-14T23:00:00.000Z', 0]]);
    clock.advance(-86_400_000);
    await signInAgain();
    expect((await postback(later)).json().status).toBe('pending');
  });

  it('refuses clicks over a click cap: to the fallback URL with over_cap, or an error object without one', async () => {
    const withFallback = await offer({ fallbackUrl: 'https://fallback.example.com/?o={offer_id}' });
    const without = await offer();
    const p = await partner();
    await setCaps(withFallback, [{ partnerId: p.partnerId, metric: 'clicks', period: 'day', limit: 3 }]);
    await setCaps(without, [{ partnerId: null, metric: 'clicks', period: 'month', limit: 2 }]);
    for (let i = 0; i < 3; i++) await click(withFallback, p);
    const over = await t.app.inject({ method: 'GET', url: `/click?offer_id=${withFallback}&aff_id=${p.partnerId}` });
    expect(over.statusCode).toBe(302);
    expect(over.headers.location).toBe(`https://fallback.example.com/?o=${withFallback}`);
    await click(without, p);
    await click(without, p);
    const refused = await t.app.inject({ method: 'GET', url: `/click?offer_id=${without}&aff_id=${p.partnerId}` });
    expectErrorObject(refused, 403);
    expect(refused.json().message).toBe('This offer has reached its cap for now.');
    await t.app.tracking.buffer.flush();
    expect((await usageOf(withFallback)).map((u) => u.used)).toEqual([3]);
    expect((await usageOf(without)).map((u) => u.used)).toEqual([2]);
    const counted = await t.database.db.select().from(rejectedClicksHourly).where(and(eq(rejectedClicksHourly.reason, 'over_cap'), eq(rejectedClicksHourly.partnerId, p.partnerId))); // prettier-ignore
    expect(counted.reduce((n, r) => n + r.count, 0)).toBe(2);
    const report = await callEndpoint(
      t.app,
      statisticsEndpoints.refused,
      { query: { startDate: '2026-01-15', endDate: '2026-01-15' } },
      p.token,
    );
    expectOk(report);
    expect(JSON.stringify(okBody(report).data)).toContain('over_cap');

    // A second process on the same database learns the first's clicks from cap_usage when its contexts load.
    const second = await buildTestApp({ now: clock.now, sameDatabaseAs: t });
    try {
      const res = await second.app.inject({ method: 'GET', url: `/click?offer_id=${without}&aff_id=${p.partnerId}` });
      expectErrorObject(res, 403);
    } finally {
      await second.close();
    }
    // Raised, the cap admits again at once in this process.
    await setCaps(without, [{ partnerId: null, metric: 'clicks', period: 'month', limit: 3 }]);
    await click(without, p);
  });

  it('stops clicks once a conversion, payout or revenue cap is reached, to the fallback as over_cap, until the period resets (decision 074)', async () => {
    const fallback = 'https://fallback.example.com/full?o={offer_id}';
    const conversionsCapped = await offer({ fallbackUrl: fallback });
    const payoutCapped = await offer({ fallbackUrl: fallback });
    const revenueCapped = await offer();
    const p = await partner();
    await setCaps(conversionsCapped, [{ partnerId: p.partnerId, metric: 'conversions', period: 'day', limit: 3 }]);
    await setCaps(payoutCapped, [{ partnerId: null, metric: 'payout', period: 'day', limit: 800 }]);
    await setCaps(revenueCapped, [{ partnerId: p.partnerId, metric: 'revenue', period: 'month', limit: 1600 }]);
    const clickOn = async (offerId: number) => {
      await t.app.tracking.buffer.flush();
      return t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${p.partnerId}` });
    };
    // Under their limits, clicks reach the landing page.
    for (let i = 0; i < 2; i++) expect((await convert(conversionsCapped, p)).status).toBe('approved');
    expect((await convert(payoutCapped, p)).status).toBe('approved');
    expect((await convert(revenueCapped, p)).status).toBe('approved');
    for (const offerId of [conversionsCapped, payoutCapped, revenueCapped])
      expect((await clickOn(offerId)).headers.location).toMatch(/^https:\/\/cap\.example\.com\//);
    // Reached: 3 of 3 conversions, 800 of 800 payout, 1600 of 1600 revenue.
    expect((await convert(conversionsCapped, p)).status).toBe('approved');
    expect((await convert(payoutCapped, p)).status).toBe('approved');
    expect((await convert(revenueCapped, p)).status).toBe('approved');
    for (const offerId of [conversionsCapped, payoutCapped]) {
      const refused = await clickOn(offerId);
      expect(refused.statusCode).toBe(302);
      expect(refused.headers.location).toBe(`https://fallback.example.com/full?o=${offerId}`);
    }
    const noFallback = await clickOn(revenueCapped);
    expectErrorObject(noFallback, 403);
    expect(noFallback.json().message).toBe('This offer has reached its cap for now.');
    await t.app.tracking.buffer.flush();
    const counted = await t.database.db.select().from(rejectedClicksHourly).where(and(eq(rejectedClicksHourly.reason, 'over_cap'), eq(rejectedClicksHourly.partnerId, p.partnerId))); // prettier-ignore
    expect(counted.reduce((n, r) => n + r.count, 0)).toBe(3);
    // A second server learns it from cap_usage as its click context loads, without a click of its own.
    const second = await buildTestApp({ now: clock.now, sameDatabaseAs: t });
    try {
      const res = await second.app.inject({ method: 'GET', url: `/click?offer_id=${conversionsCapped}&aff_id=${p.partnerId}` }); // prettier-ignore
      expect(res.headers.location).toBe(`https://fallback.example.com/full?o=${conversionsCapped}`);
    } finally {
      await second.close();
    }
    // The next Paris day: the daily caps admit again; the monthly revenue cap still refuses.
    clock.advance(86_400_000);
    try {
      for (const offerId of [conversionsCapped, payoutCapped])
        expect((await clickOn(offerId)).headers.location).toMatch(/^https:\/\/cap\.example\.com\//);
      expectErrorObject(await clickOn(revenueCapped), 403);
    } finally {
      clock.advance(-86_400_000);
      await signInAgain();
    }
  });

  it('starts days at Paris midnight in winter and in summer', async () => {
    for (const [before, after] of [
      ['2026-01-20T22:59:30Z', '2026-01-20T23:00:00Z'],
      ['2026-07-20T21:59:30Z', '2026-07-20T22:00:00Z'],
    ] as const) {
      const offerId = await offer();
      const p = await partner();
      const start = clock.now().getTime();
      clock.advance(Date.parse(before) - start);
      await signInAgain();
      await setCaps(offerId, [{ partnerId: p.partnerId, metric: 'conversions', period: 'day', limit: 1 }]);
      const early = await click(offerId, p);
      expect((await convert(offerId, p)).status).toBe('approved');
      expect((await postback(early)).json().reason).toBe('over_cap');
      clock.advance(Date.parse(after) - Date.parse(before));
      expect((await convert(offerId, p)).status, after).toBe('approved');
      clock.advance(start - Date.parse(after));
      await signInAgain();
    }
  });

  it('alerts the account manager once at 90 %, every team manager for an offer-wide cap, and lists the cap on the staff home', async () => {
    const offerId = await offer();
    const p = await partner();
    await setCaps(offerId, [
      { partnerId: p.partnerId, metric: 'conversions', period: 'month', limit: 10 },
      { partnerId: null, metric: 'conversions', period: 'total', limit: 20 },
    ]);
    const alertsOf = (userId: number) =>
      t.database.db.select().from(staffNotifications).where(and(eq(staffNotifications.userId, userId), eq(staffNotifications.link, `/staff/offers/${offerId}`))); // prettier-ignore
    for (let i = 0; i < 8; i++) await convert(offerId, p);
    expect(await alertsOf(managerId)).toHaveLength(0);
    await convert(offerId, p);
    await convert(offerId, p);
    const sent = await alertsOf(managerId);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.title).toContain('Cap at 90 %');
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.subject, sent[0]!.title));
    expect(mails).toHaveLength(1);
    const home = await call(capsEndpoints.alerts, {}, manager);
    expect(okBody(home).data).toContainEqual(expect.objectContaining({ offerId, partner: expect.objectContaining({ id: p.partnerId }), used: 10, limit: 10 })); // prettier-ignore
    const mine = await call(staffNotificationsEndpoints.list, {}, manager);
    expect(okBody(mine).data).toContainEqual(expect.objectContaining({ kind: 'cap_nearly_reached', title: sent[0]!.title, link: `/staff/offers/${offerId}` })); // prettier-ignore

    // The offer-wide cap: 18 of 20 reached by another partner's conversions alerts the team managers, once.
    const q = await partner();
    for (let i = 0; i < 9; i++) await convert(offerId, q);
    const teamAlerts = await alertsOf(teamManagerId);
    expect(teamAlerts).toHaveLength(1);
    await convert(offerId, q);
    expect(await alertsOf(teamManagerId)).toHaveLength(1);
  });

  it("shows the partner its own caps with what is left, and only 'available' or 'capped' of the offer's", async () => {
    const offerId = await offer();
    const p = await partner();
    const other = await partner();
    await setCaps(offerId, [
      { partnerId: p.partnerId, metric: 'conversions', period: 'day', limit: 5 },
      { partnerId: null, metric: 'conversions', period: 'month', limit: 3 },
      { partnerId: other.partnerId, metric: 'payout', period: 'day', limit: 999 },
    ]);
    await convert(offerId, p);
    await convert(offerId, other);
    const seen = async (who: Partner) => okBody(await callEndpoint(t.app, offersEndpoints.get, { params: { id: offerId } }, who.token)).data.caps; // prettier-ignore
    expect(await seen(p)).toEqual([
      { scope: 'partner', metric: 'conversions', period: 'day', limit: 5, remaining: 4, resetsAt: '2026-01-15T23:00:00.000Z' }, // prettier-ignore
      { scope: 'offer', metric: 'conversions', period: 'month', status: 'available', resetsAt: '2026-01-31T23:00:00.000Z' }, // prettier-ignore
    ]);
    await convert(offerId, p);
    const capped = await seen(p);
    expect(capped?.[1]).toEqual({ scope: 'offer', metric: 'conversions', period: 'month', status: 'capped', resetsAt: '2026-01-31T23:00:00.000Z' }); // prettier-ignore
    // Nothing of the other partner's cap, nor the offer's volume, in the answer.
    expect(JSON.stringify(capped)).not.toContain('999');
    expect((await seen(other))?.map((c) => c.scope)).toEqual(['partner', 'offer']);
  });

  it('counts what the period already holds when a cap is created, keeps usage when only the limit changes, and audits each cap', async () => {
    const offerId = await offer();
    const p = await partner();
    for (let i = 0; i < 3; i++) await convert(offerId, p);
    const first = await setCaps(offerId, [{ partnerId: p.partnerId, metric: 'conversions', period: 'day', limit: 4 }]);
    const capId = okBody(first).data[0]!.id;
    expect(okBody(first).data[0]).toMatchObject({ used: 3, limit: 4 });
    const early = await click(offerId, p);
    expect((await convert(offerId, p)).status).toBe('approved');
    expect((await postback(early)).json().reason).toBe('over_cap');
    const raised = await setCaps(offerId, [{ partnerId: p.partnerId, metric: 'conversions', period: 'day', limit: 6 }]);
    expect(okBody(raised).data[0]).toMatchObject({ id: capId, used: 4, limit: 6 });
    await setCaps(offerId, []);
    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'cap'), eq(auditLog.entityId, String(capId)))).orderBy(auditLog.id); // prettier-ignore
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(entries[1]!.changes).toEqual([{ field: 'limit', before: 4, after: 6 }]);
  });

  it('refuses bad caps field by field and writes nothing; managers set only the caps of their partners', async () => {
    const offerId = await offer();
    const own = await partner();
    const otherAm = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    const foreign = await partner(otherAm.userId);
    await setCaps(offerId, [
      { partnerId: null, metric: 'clicks', period: 'day', limit: 100 },
      { partnerId: foreign.partnerId, metric: 'conversions', period: 'day', limit: 7 },
    ]);
    const before = await t.database.db.select().from(offerCaps).where(eq(offerCaps.offerId, offerId));
    const cases: [unknown, string][] = [
      [[{ partnerId: own.partnerId, metric: 'conversions', period: 'day', limit: 0 }], '0.limit'],
      [[{ partnerId: own.partnerId, metric: 'conversions', period: 'day', limit: -3 }], '0.limit'],
      [[{ partnerId: own.partnerId, metric: 'leads', period: 'day', limit: 3 }], '0.metric'],
      [[{ partnerId: own.partnerId, metric: 'clicks', period: 'week', limit: 3 }], '0.period'],
      [[{ partnerId: own.partnerId, metric: 'clicks', period: 'day', limit: 1.5 }], '0.limit'],
      [[{ partnerId: own.partnerId, metric: 'clicks', period: 'day', limit: 3 }, { partnerId: own.partnerId, metric: 'clicks', period: 'day', limit: 4 }], '1.period'], // prettier-ignore
      [[{ partnerId: foreign.partnerId, metric: 'clicks', period: 'day', limit: 3 }], '0.partnerId'],
      [[{ partnerId: 999999, metric: 'clicks', period: 'day', limit: 3 }], '0.partnerId'],
      [[{ partnerId: null, metric: 'clicks', period: 'day', limit: 3 }], '0.partnerId'],
    ];
    for (const [body, field] of cases) {
      const res = await setCaps(offerId, invalid(body), manager);
      expectError(res, 400);
      expect(res.body.errors, JSON.stringify(body)).toHaveProperty([field]);
    }
    expectError(await setCaps(offerId, invalid({ partnerId: null }), manager), 400);
    expect(await t.database.db.select().from(offerCaps).where(eq(offerCaps.offerId, offerId))).toEqual(before);

    // The manager's list replaces only its partners' caps: the offer-wide and the other manager's partner's stay.
    const saved = await setCaps(offerId, [{ partnerId: own.partnerId, metric: 'payout', period: 'month', limit: 5000 }], manager); // prettier-ignore
    expectOk(saved);
    expect(okBody(saved).data.map((c: { partner: { id: number } | null }) => c.partner?.id ?? null)).toEqual([null, own.partnerId]); // prettier-ignore
    const all = okBody(await call(capsEndpoints.list, { params: { id: offerId } })).data;
    expect(all).toHaveLength(3);
    expectError(await setCaps(999999, [], manager), 404);
    const finance = await createStaff(t, 'ROLE_FINANCE');
    expectError(await setCaps(offerId, [], await login(t, finance.email, finance.password)), 403);
  });
});
