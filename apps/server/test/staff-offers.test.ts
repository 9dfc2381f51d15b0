import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clicks, conversions, offerGoals, offers } from '../src/db/schema.js';
import {
  bearer,
  buildTestApp,
  createPartner,
  createStaff,
  dataUrl,
  expectErrorObject,
  login,
  samplePng,
  testClock,
  type TestApp,
} from './helper.js';
import { setAllOffersAccess, verticalIds } from './offer-fixtures.js';

/**
 * Decision 044: offers written by staff through the API (goals with revenue beside payout, countries,
 * verticals, an allow-list, dates, a fallback), and /click enforcing them: the visitor's country from its address
 * (X-Forwarded-For under TRUST_PROXY, an offline GeoIP file), refusals counted with their reasons.
 */
describe('offers managed by staff, and targeting (decision 044)', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-07-01T08:00:00Z'));
  let admin: Record<string, string>;
  let manager: Record<string, string>;
  let productId: number;
  let token: string;
  let image: number;
  const FR = '90.0.0.1';
  const DE = '85.214.0.1';
  const US = '8.8.4.4';

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = admin) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  const clickFrom = (ip: string, offerId: number, partnerId: number, extra = '') =>
    t.app.inject({
      method: 'GET',
      url: `/click?offer_id=${offerId}&aff_id=${partnerId}${extra}`,
      headers: { 'x-forwarded-for': ip },
    });

  const offerBody = (overrides: Record<string, unknown> = {}) => ({
    name: `Offer ${Math.random().toString(36).slice(2, 8)}`,
    productId,
    conversionType: 'cpa',
    currency: 'EUR',
    defaultUrl: 'https://shop.example.com/landing?cid={click_id}&sub={subid}',
    previewUrl: 'https://shop.example.com/',
    descriptionHtml: '<p>Sell <strong>more</strong></p><script>alert(1)</script>',
    countries: ['FR', 'DE'],
    goals: [
      { goal: 'registration', revenueAmount: 500, payoutAmount: 400, types: [{ type: 'p2', payoutAmount: 450 }] },
      { goal: 'sale', revenuePercent: 1500, payoutPercent: 1000, manualValidation: false },
    ],
    ...overrides,
  });

  async function partnerWithAccess(name?: string) {
    const p = await createPartner(t, name ? { companyName: name } : {});
    await setAllOffersAccess(t, p.partnerId, true);
    return { ...p, headers: bearer(await login(t, p.email, p.password)) };
  }

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now, config: { trustProxy: true } });
    const a = await createStaff(t, 'ROLE_ADMIN');
    admin = bearer(await login(t, a.email, a.password));
    const am = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    manager = bearer(await login(t, am.email, am.password));
    const advertiser = (await call('POST', '/staff/advertisers', { name: 'Offer Maker Ltd' })).json().data;
    token = advertiser.securityToken;
    const product = await call('POST', `/staff/advertisers/${advertiser.id}/products`, {
      identifier: `maker-${advertiser.id}`,
      type: 'web',
      domain: 'shop.example.com',
    });
    productId = product.json().data.id;
    const png = await call('POST', '/staff/images', {
      kind: 'offer',
      image: { filename: 'offer.png', data: dataUrl(await samplePng(60, 40), 'image/png') },
    });
    image = png.json().data.id;
  });
  afterAll(async () => t?.close());

  it('creates an offer and its goals in one call; a click and a postback record the goal revenue beside the payout', async () => {
    const verticals = await verticalIds(t, ['finance']);
    const created = await call('POST', '/staff/offers', offerBody({ name: 'Summer Bank', imageId: image, verticals: [verticals.get('finance')] }));
    expect(created.statusCode).toBe(200);
    const offer = created.json().data;
    expect(offer).toMatchObject({
      name: 'Summer Bank',
      productId,
      countries: ['DE', 'FR'],
      verticals: [verticals.get('finance')],
      imageId: image,
      image: `/api/v1/image/${image}`,
      geoTargeting: true,
      enabled: true,
      private: false,
      descriptionHtml: '<p>Sell <strong>more</strong></p>',
    });
    expect(offer.goals).toEqual([
      expect.objectContaining({ goal: 'registration', revenueAmount: 500, payoutAmount: 400, types: [{ type: 'p2', payoutAmount: 450, payoutPercent: null }] }),
      expect.objectContaining({ goal: 'sale', revenuePercent: 1500, payoutPercent: 1000, revenueAmount: null, types: [] }),
    ]);

    const partner = await partnerWithAccess();
    const seen = await t.app.inject({ method: 'GET', url: `/api/v1/offer/${offer.id}?groups=goals,goalTypes,goal`, headers: partner.headers }); // prettier-ignore
    expect(seen.statusCode).toBe(200);
    expect(seen.body).not.toMatch(/revenue|margin|allowed/i);
    expect(seen.json().data.payout).toMatchObject({ goal: 'registration', amount: 400 });

    const click = await clickFrom(FR, offer.id, partner.partnerId, '&subid=s1');
    expect(click.statusCode).toBe(302);
    const cid = new URL(click.headers.location as string).searchParams.get('cid')!;
    await t.app.tracking.buffer.flush();
    const [stored] = await t.database.db.select().from(clicks).where(eq(clicks.clickId, cid));
    expect(stored).toMatchObject({ country: 'FR', ip: FR, offerId: offer.id });

    for (const [goal, amount] of [['registration', ''], ['sale', '200.00']] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/postback?${new URLSearchParams({ token, click_id: cid, goal, ...(amount ? { amount } : {}) })}` }); // prettier-ignore
      expect(res.statusCode).toBe(200);
    }
    const rows = await t.database.db.select().from(conversions).where(eq(conversions.clickId, cid)).orderBy(conversions.id);
    expect(rows.map((r) => [r.goal, r.status, r.payout, r.revenue])).toEqual([
      ['registration', 'approved', 400, 500],
      ['sale', 'approved', 2000, 3000],
    ]);
    const report = await t.app.inject({ method: 'GET', url: '/api/v1/statistics/conversions?startDate=2026-07-01&endDate=2026-07-01', headers: partner.headers }); // prettier-ignore
    expect(report.body).not.toMatch(/revenue/i);

    // The click's country reaches the rollups: the sub-ID report groups by it (decision 033), as does its CSV.
    const byCountry = await t.app.inject({ method: 'GET', url: '/api/v1/statistics/subid?startDate=2026-07-01&endDate=2026-07-01&groupBy=country', headers: partner.headers }); // prettier-ignore
    expect(byCountry.statusCode).toBe(200);
    expect(byCountry.json().data.filter((r: { isTotal: boolean }) => !r.isTotal)).toEqual([expect.objectContaining({ label: 'FR', clicks: 1, conversions: 2 })]); // prettier-ignore
    const csv = await t.app.inject({ method: 'GET', url: '/api/v1/statistics/export/subid?startDate=2026-07-01&endDate=2026-07-01&groupBy=country', headers: partner.headers }); // prettier-ignore
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toMatch(/^"?Country"?[,;]/);
    expect(csv.body).toMatch(/\nFR[,;]/);
  }); // prettier-ignore

  it('sends a click from outside the countries to the fallback, or refuses it, counted as geo_mismatch; the switch turns it off', async () => {
    const partner = await partnerWithAccess();
    const offer = (await call('POST', '/staff/offers', offerBody())).json().data;
    const refused = await clickFrom(US, offer.id, partner.partnerId);
    expectErrorObject(refused, 403);
    expect(refused.json().message).toBe('This offer is not available in your country.');
    expect((await clickFrom(DE, offer.id, partner.partnerId)).statusCode).toBe(302);

    await call('PUT', `/staff/offers/${offer.id}`, { fallbackUrl: 'https://fallback.example.com/?from={offer_id}&sub={subid}' });
    const sent = await clickFrom(US, offer.id, partner.partnerId, '&subid=x');
    expect(sent.statusCode).toBe(302);
    expect(sent.headers.location).toBe(`https://fallback.example.com/?from=${offer.id}&sub=x`);

    await call('PUT', `/staff/offers/${offer.id}`, { geoTargeting: false });
    const anywhere = await clickFrom(US, offer.id, partner.partnerId);
    expect(anywhere.statusCode).toBe(302);
    expect(anywhere.headers.location).toMatch(/^https:\/\/shop\.example\.com\/landing/);

    await t.app.tracking.buffer.flush();
    const report = await t.app.inject({ method: 'GET', url: `/api/v1/statistics/refused?startDate=2026-07-01&endDate=2026-07-01&offerId=${offer.id}`, headers: partner.headers }); // prettier-ignore
    expect(report.statusCode).toBe(200);
    expect(report.json().data).toEqual([expect.objectContaining({ reason: 'geo_mismatch', clicks: 2 })]);
  }); // prettier-ignore

  it('refuses clicks before the start and after the end, with their reasons', async () => {
    const partner = await partnerWithAccess();
    const now = clock.now().getTime();
    const later = (await call('POST', '/staff/offers', offerBody({ startsAt: new Date(now + 86_400_000).toISOString() }))).json().data; // prettier-ignore
    const over = (await call('POST', '/staff/offers', offerBody({ startsAt: new Date(now - 2 * 86_400_000).toISOString(), endsAt: new Date(now - 86_400_000).toISOString() }))).json().data; // prettier-ignore
    const notYet = await clickFrom(FR, later.id, partner.partnerId);
    expectErrorObject(notYet, 403);
    expect(notYet.json().message).toBe('This offer has not started yet.');
    const ended = await clickFrom(FR, over.id, partner.partnerId);
    expect(ended.json().message).toBe('This offer has ended.');
    await t.app.tracking.buffer.flush();
    const report = await t.app.inject({ method: 'GET', url: '/api/v1/statistics/refused?startDate=2026-07-01&endDate=2026-07-02', headers: partner.headers }); // prettier-ignore
    const reasons = report.json().data.map((r: { reason: string; offerId: number | null }) => [r.reason, r.offerId]);
    expect(reasons).toEqual(expect.arrayContaining([['offer_not_started', later.id], ['offer_ended', over.id]]));
    const listed = await call('GET', '/staff/offers?status=ended&count=500');
    expect(listed.json().data.map((o: { id: number }) => o.id)).toContain(over.id);
    expect(listed.json().data.map((o: { id: number }) => o.id)).not.toContain(later.id);
  }); // prettier-ignore

  it('shows a private offer only to the partners on its allow-list, never the list itself', async () => {
    const listed = await partnerWithAccess('Listed Partner');
    const other = await partnerWithAccess();
    const offer = (await call('POST', '/staff/offers', offerBody({ private: true, allowedPartnerIds: [listed.partnerId] }))).json().data; // prettier-ignore
    expect(offer.allowedPartners).toEqual([{ id: listed.partnerId, name: 'Listed Partner' }]);
    const asListed = await t.app.inject({ method: 'GET', url: `/api/v1/offer/${offer.id}`, headers: listed.headers });
    expect(asListed.statusCode).toBe(200);
    expect(asListed.body).not.toMatch(/allowed/i);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/offer/${offer.id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await clickFrom(FR, offer.id, listed.partnerId)).statusCode).toBe(302);
    expect((await clickFrom(FR, offer.id, other.partnerId)).statusCode).toBe(404);
  }); // prettier-ignore

  it('replaces the goals sent, keeping the rows of the goals kept, and audits each change by field', async () => {
    const offer = (await call('POST', '/staff/offers', offerBody())).json().data;
    const keptId = offer.goals[0].id;
    const changed = await call('PUT', `/staff/offers/${offer.id}`, {
      name: 'Renamed',
      goals: [{ goal: 'registration', revenueAmount: 600, payoutAmount: 400 }],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.goals).toEqual([expect.objectContaining({ id: keptId, goal: 'registration', revenueAmount: 600, types: [] })]); // prettier-ignore
    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'offer'), eq(auditLog.entityId, offer.id))).orderBy(auditLog.id); // prettier-ignore
    expect(entries.map((e) => e.action)).toEqual(['create', 'update']);
    const fields = (entries[1]!.changes as { field: string }[]).map((c) => c.field).sort();
    expect(fields).toEqual(['goals.registration', 'goals.sale', 'name']);
    expect(entries[1]!.changes).toContainEqual({ field: 'name', before: offer.name, after: 'Renamed' });
    // Nothing changed: nothing written, nothing audited.
    await call('PUT', `/staff/offers/${offer.id}`, { name: 'Renamed' });
    expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'offer'), eq(auditLog.entityId, offer.id)))).toHaveLength(2); // prettier-ignore
  }); // prettier-ignore

  it('lets every staff member read the catalogue and only admins write it', async () => {
    const offer = (await call('POST', '/staff/offers', offerBody({ name: 'Readable' }))).json().data;
    expect((await call('GET', `/staff/offers/${offer.id}`, undefined, manager)).statusCode).toBe(200);
    expect((await call('GET', '/staff/offers?q=Readable', undefined, manager)).json().data[0]).toMatchObject({ id: offer.id, countries: ['DE', 'FR'], goalCount: 2 }); // prettier-ignore
    const pickers = (await call('GET', '/staff/catalogue-options', undefined, manager)).json().data;
    expect(pickers.products).toContainEqual(expect.objectContaining({ id: productId, advertiser: expect.objectContaining({ name: 'Offer Maker Ltd' }) }));
    expect(pickers.goals.map((g: { identifier: string }) => g.identifier)).toContain('sale');
    expect(pickers.goalTypes.map((g: { identifier: string }) => g.identifier)).toEqual(['p1', 'p2']);
    expectErrorObject(await call('POST', '/staff/offers', offerBody(), manager), 403);
    expectErrorObject(await call('PUT', `/staff/offers/${offer.id}`, { name: 'x' }, manager), 403);
    expectErrorObject(await call('GET', '/staff/offers/999999'), 404);
  }); // prettier-ignore

  it('answers every bad input with a field error and writes nothing', async () => {
    const count = async () => (await t.database.db.select({ id: offers.id }).from(offers)).length;
    const before = await count();
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ goals: [{ goal: 'no_such_goal', revenueAmount: 1, payoutAmount: 1 }] }, 'goals.0.goal', 'Please choose a value from the list.'],
      [{ goals: [{ goal: 'registration', payoutAmount: 1 }] }, 'goals.0.revenueAmount', 'Enter an amount, a percent or both.'],
      [{ goals: [{ goal: 'registration', revenueAmount: 1 }] }, 'goals.0.payoutAmount', 'Enter an amount, a percent or both.'],
      [{ goals: [{ goal: 'registration', revenueAmount: 100, payoutAmount: -1 }] }, 'goals.0.payoutAmount'],
      [{ goals: [{ goal: 'registration', revenueAmount: 100, payoutAmount: 1.5 }] }, 'goals.0.payoutAmount'],
      [{ goals: [{ goal: 'registration', revenueAmount: 100, payoutAmount: 150 }] }, 'goals.0.payoutAmount', 'The payout is above the revenue. Tick "Allow negative margin" to keep it.'],
      [{ goals: [{ goal: 'sale', revenuePercent: 500, payoutPercent: 900 }] }, 'goals.0.payoutPercent'],
      [{ goals: [{ goal: 'sale', revenuePercent: 500, payoutPercent: 400 }, { goal: 'sale', revenuePercent: 5, payoutPercent: 4 }] }, 'goals.1.goal'],
      [{ goals: [{ goal: 'registration', revenueAmount: 9, payoutAmount: 8, types: [{ type: 'p9', payoutAmount: 1 }] }] }, 'goals.0.types.0.type'],
      [{ goals: [] }, 'goals'],
      [{ countries: ['FR', 'XX'] }, 'countries.1'],
      [{ countries: ['FRA'] }, 'countries.0'],
      [{ verticals: [999999] }, 'verticals.0'],
      [{ allowedPartnerIds: [999999] }, 'allowedPartnerIds.0'],
      [{ defaultUrl: 'ftp://shop.example.com/' }, 'defaultUrl'],
      [{ defaultUrl: 'https://shop.example.com/?x={payout}' }, 'defaultUrl', 'Unknown macro: payout. Use only the macros listed under the field.'],
      [{ startsAt: '2026-08-01T00:00:00Z', endsAt: '2026-07-01T00:00:00Z' }, 'endsAt', 'The end must come after the start.'],
      [{ productId: 999999 }, 'productId'],
      [{ imageId: 999999 }, 'imageId'],
      [{ conversionType: 'cpx' }, 'conversionType'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await call('POST', '/staff/offers', offerBody(overrides));
      expectErrorObject(res, 400);
      expect(res.json().errors, JSON.stringify(overrides)).toHaveProperty([field]);
      if (message) expect(res.json().errors[field]).toBe(message);
    }
    // A loss leader is allowed when the goal says so.
    const loss = await call('POST', '/staff/offers', offerBody({ goals: [{ goal: 'registration', revenueAmount: 100, payoutAmount: 150, allowNegativeMargin: true }] })); // prettier-ignore
    expect(loss.statusCode).toBe(200);
    expect(await count()).toBe(before + 1);

    // An update refused keeps the offer and its goals as they were.
    const offer = loss.json().data;
    const bad = await call('PUT', `/staff/offers/${offer.id}`, { name: 'Half', goals: [{ goal: 'registration', revenueAmount: 1, payoutAmount: 2 }] }); // prettier-ignore
    expectErrorObject(bad, 400);
    const late = await call('PUT', `/staff/offers/${offer.id}`, { startsAt: '2026-08-01T00:00:00Z' });
    expect(late.statusCode).toBe(200);
    expect((await call('PUT', `/staff/offers/${offer.id}`, { endsAt: '2026-07-15T00:00:00Z' })).json().errors).toHaveProperty(['endsAt']); // prettier-ignore
    const [row] = await t.database.db.select().from(offers).where(eq(offers.id, offer.id));
    expect(row!.name).toBe(offer.name);
    const goalsNow = await t.database.db.select().from(offerGoals).where(eq(offerGoals.offerId, offer.id));
    expect(goalsNow.map((g) => [g.revenueAmount, g.payoutAmount])).toEqual([[100, 150]]);
  }); // prettier-ignore
});
