import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advertisersEndpoints, staffEndpoints, staffOffersEndpoints } from '@portal/contracts';
import { users } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  expectError,
  login,
  okBody,
  testClock,
  type TestApp,
} from './helper.js';
import { setAllOffersAccess } from './offer-fixtures.js';
import { goalsWithoutFloor } from './conversion-fixtures.js';

/**
 * Decision 082: a partner's page shows its last 30 days in the network's numbers and today's, cut in the reader's time
 * zone, and its true last activity (its latest click or conversion), on the page and in the list; another manager's
 * partner is out of reach.
 */
describe('a partner’s performance and last activity (decision 082)', () => {
  let t: TestApp;
  // 21:30 UTC: already the 11th for the admin, who reads at +05:00.
  const clock = testClock(new Date('2026-11-10T21:30:00Z'));
  let admin: string;
  let manager: string;
  let otherManager: string;
  let partner: { partnerId: number };
  let quiet: { partnerId: number };
  let offerId: number;
  let token: string;

  const performance = (id: number, as = admin) =>
    callEndpoint(t.app, staffEndpoints.partnerPerformance, { params: { id } }, as);
  async function click(): Promise<string> {
    const res = await t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partner.partnerId}` });
    expect(res.statusCode, res.body).toBe(302);
    return new URL(res.headers.location as string).searchParams.get('c')!;
  }
  async function convert(clickId: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/postback?${new URLSearchParams({ token, click_id: clickId, goal: 'registration' })}`,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now, config: { logLevel: 'error' } });
    // Postbacks here follow their clicks at once: no floor on these goals (the conversion rules' tests are elsewhere).
    await goalsWithoutFloor(t, ['registration']);
    const a = await createStaff(t, 'ROLE_ADMIN');
    admin = await login(t, a.email, a.password);
    await t.database.db.update(users).set({ timezone: '+05:00' }).where(eq(users.id, a.userId));
    const am = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    manager = await login(t, am.email, am.password);
    const other = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    otherManager = await login(t, other.email, other.password);
    partner = await createPartner(t, { accountManagerId: am.userId });
    quiet = await createPartner(t, { accountManagerId: am.userId });
    await setAllOffersAccess(t, partner.partnerId, true);
    const advertiser = okBody(await callEndpoint(t.app, advertisersEndpoints.create, { body: { name: 'Perf Ads' } }, admin)).data; // prettier-ignore
    token = advertiser.securityToken;
    const product = okBody(await callEndpoint(t.app, advertisersEndpoints.createProduct, { params: { id: advertiser.id }, body: { identifier: `perf-${advertiser.id}`, type: 'web', domain: 'perf.example.com' } }, admin)).data; // prettier-ignore
    const offer = await callEndpoint(
      t.app,
      staffOffersEndpoints.create,
      {
        body: {
          name: 'Perf Offer',
          productId: product.id,
          conversionType: 'cpl',
          currency: 'EUR',
          defaultUrl: 'https://perf.example.com/?c={click_id}',
          goals: [{ goal: 'registration', revenueAmount: 900, payoutAmount: 600 }],
        },
      },
      admin,
    );
    offerId = okBody(offer).data.id;
    // 40 days ago (outside the 30 days): a click and a conversion; then 5 days ago; then 20:00 UTC today, which is
    // the 11th at +05:00 (the admin's today) and the 10th in UTC (the manager's today).
    const base = clock.now().getTime();
    let at = base;
    for (const msBack of [40 * 86_400_000, 5 * 86_400_000, 90 * 60_000]) {
      clock.advance(base - msBack - at);
      at = base - msBack;
      await convert(await click());
    }
    await click();
    clock.advance(base - at);
    await t.app.tracking.buffer.flush();
  });
  afterAll(async () => t?.close());

  it('sums the last 30 days and today in the network’s numbers, in the reader’s days', async () => {
    const data = okBody(await performance(partner.partnerId)).data;
    expect(data.startDate).toBe('2026-10-13');
    expect(data.endDate).toBe('2026-11-11');
    expect(data.last30Days).toEqual({
      clicks: 3,
      conversions: 2,
      advertiserRevenue: [{ currency: 'EUR', amount: 1800 }],
      payout: [{ currency: 'EUR', amount: 1200 }],
      margin: [{ currency: 'EUR', amount: 600 }],
    });
    // 20:00 UTC is the admin's 11th (+05:00 starts it at 19:00 UTC).
    expect(data.today).toEqual({ clicks: 2, conversions: 1 });
    expect(data.lastActivityAt).toBe('2026-11-10T20:00:00.000Z');
  });

  it('cuts today in UTC for a reader without a time zone, and answers a partner without traffic with zeros', async () => {
    const data = okBody(await performance(partner.partnerId, manager)).data;
    expect(data.endDate).toBe('2026-11-10');
    expect(data.today).toEqual({ clicks: 2, conversions: 1 });
    const none = okBody(await performance(quiet.partnerId, manager)).data;
    expect(none).toMatchObject({ today: { clicks: 0, conversions: 0 }, lastActivityAt: null });
    expect(none.last30Days).toEqual({ clicks: 0, conversions: 0, advertiserRevenue: [], payout: [], margin: [] });
  });

  it('shows the latest click or conversion as the last activity on the page and in the list, which sorts on it', async () => {
    const profile = okBody(await callEndpoint(t.app, staffEndpoints.partner, { params: { id: partner.partnerId } }, admin)).data; // prettier-ignore
    expect(profile.lastActivityAt).toBe('2026-11-10T20:00:00.000Z');
    const list = okBody(await callEndpoint(t.app, staffEndpoints.listPartners, { query: { sortName: 'lastActivityAt', sortOrder: 'desc' } }, manager)).data; // prettier-ignore
    expect(list.map((p) => [p.id, p.lastActivityAt])).toEqual([
      [partner.partnerId, '2026-11-10T20:00:00.000Z'],
      [quiet.partnerId, null],
    ]);
  });

  it('is out of reach of another account manager, and of a partner that does not exist', async () => {
    expectError(await performance(partner.partnerId, otherManager), 404);
    expectError(await performance(999_999), 404);
  });
});
