import { and, eq } from 'drizzle-orm';
import {
  advertisersEndpoints,
  offersEndpoints,
  staffNewsEndpoints,
  staffOffersEndpoints,
  statisticsEndpoints,
  type EndpointDefinition,
} from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clicks, conversions, offerGoals, offers } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  dataUrl,
  errorBody,
  expectError,
  expectErrorObject,
  expectOk,
  invalid,
  login,
  okBody,
  samplePng,
  testClock,
  type CallInput,
  type TestApp,
} from './helper.js';
import { setAllOffersAccess, verticalIds } from './offer-fixtures.js';
import { goalsWithoutFloor } from './conversion-fixtures.js';

/**
 * Decision 044: offers written by staff through the API (goals with revenue beside payout, countries,
 * verticals, an allow-list, dates, a fallback), and /click enforcing them: the visitor's country from its address
 * (X-Forwarded-For under TRUST_PROXY, an offline GeoIP file), refusals counted with their reasons.
 */
describe('offers managed by staff, and targeting (decision 044)', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-07-01T08:00:00Z'));
  let admin: string;
  let manager: string;
  let productId: number;
  let token: string;
  let image: number;
  const FR = '90.0.0.1';
  const DE = '85.214.0.1';
  const US = '8.8.4.4';

  /** One endpoint through its contract, as the admin unless said. */
  const call = <E extends EndpointDefinition>(endpoint: E, input: CallInput<E>, identity: string = admin) =>
    callEndpoint(t.app, endpoint, input, identity);
  const clickFrom = (ip: string, offerId: number, partnerId: number, extra = '') =>
    t.app.inject({
      method: 'GET',
      url: `/click?offer_id=${offerId}&aff_id=${partnerId}${extra}`,
      headers: { 'x-forwarded-for': ip },
    });

  type OfferBody = CallInput<typeof staffOffersEndpoints.create>['body'];
  /** A valid offer; `overrides` may make it invalid on purpose, hence the contract's type without a check of them. */
  const offerBody = (overrides: Record<string, unknown> = {}): OfferBody =>
    ({
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
    }) as OfferBody;

  async function partnerWithAccess(name?: string) {
    const p = await createPartner(t, name ? { companyName: name } : {});
    await setAllOffersAccess(t, p.partnerId, true);
    return { ...p, token: await login(t, p.email, p.password) };
  }

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now, config: { trustProxy: true } });
    await goalsWithoutFloor(t, ['registration', 'sale']); // the conversion rules are on (decision 109)
    const a = await createStaff(t, 'ROLE_ADMIN');
    admin = await login(t, a.email, a.password);
    const am = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    manager = await login(t, am.email, am.password);
    const advertiser = okBody(await call(advertisersEndpoints.create, { body: { name: 'Offer Maker Ltd' } })).data;
    token = advertiser.securityToken;
    const product = await call(advertisersEndpoints.createProduct, {
      params: { id: advertiser.id },
      body: {
        identifier: `maker-${advertiser.id}`,
        type: 'web',
        domain: 'shop.example.com',
      },
    });
    productId = okBody(product).data.id;
    const png = await call(staffNewsEndpoints.uploadImage, {
      body: {
        kind: 'offer',
        image: { filename: 'offer.png', data: dataUrl(await samplePng(60, 40), 'image/png') },
      },
    });
    image = okBody(png).data.id;
  });
  afterAll(async () => t?.close());

  it('creates an offer and its goals in one call; a click and a postback record the goal revenue beside the payout', async () => {
    const verticals = await verticalIds(t, ['finance']);
    const created = await call(staffOffersEndpoints.create, { body: offerBody({ name: 'Summer Bank', imageId: image, verticals: [verticals.get('finance')] }) });
    expectOk(created);
    const offer = okBody(created).data;
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
    const seen = await callEndpoint(t.app, offersEndpoints.get, { params: { id: offer.id }, query: { groups: 'goals,goalTypes,goal' } }, partner.token); // prettier-ignore
    expectOk(seen);
    expect(seen.raw.body).not.toMatch(/revenue|margin|allowed/i);
    expect(okBody(seen).data.payout).toMatchObject({ goal: 'registration', amount: 400 });

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
    // The partner's conversion report carries its payouts (its "revenue"), never the network's revenue or margin.
    const report = await callEndpoint(t.app, statisticsEndpoints.conversion, { query: { startDate: '2026-07-01', endDate: '2026-07-01' } }, partner.token); // prettier-ignore
    expectOk(report);
    expect(report.body.data.map((r) => r.revenue.amount).sort((x, y) => x - y)).toEqual([400, 2000]);
    expect(report.raw.body).not.toMatch(/margin|"amount":(3000|500)\b/i);

    // The click's country reaches the rollups: the sub-ID report groups by it (decision 033), as does its CSV.
    const byCountry = await callEndpoint(t.app, statisticsEndpoints.subid, { query: { startDate: '2026-07-01', endDate: '2026-07-01', groupBy: 'country' } }, partner.token); // prettier-ignore
    expectOk(byCountry);
    expect(okBody(byCountry).data.filter((r: { isTotal: boolean }) => !r.isTotal)).toEqual([expect.objectContaining({ label: 'FR', clicks: 1, conversions: 2 })]); // prettier-ignore
    const csv = await callEndpoint(t.app, statisticsEndpoints.export, { params: { type: invalid('subid') }, query: { startDate: '2026-07-01', endDate: '2026-07-01', groupBy: 'country' } }, partner.token); // prettier-ignore
    expectOk(csv);
    expect(csv.body.split('\r\n')[0]).toMatch(/^\ufeffCountry,/);
    expect(csv.body).toMatch(/\nFR[,;]/);
  }); // prettier-ignore

  it('sends a click from outside the countries to the fallback, or refuses it, counted as geo_mismatch; the switch turns it off', async () => {
    const partner = await partnerWithAccess();
    const offer = okBody(await call(staffOffersEndpoints.create, { body: offerBody() })).data;
    const refused = await clickFrom(US, offer.id, partner.partnerId);
    expectErrorObject(refused, 403);
    expect(refused.json().message).toBe('This offer is not available in your country.');
    expect((await clickFrom(DE, offer.id, partner.partnerId)).statusCode).toBe(302);

    await call(staffOffersEndpoints.update, { params: { id: offer.id }, body: { fallbackUrl: 'https://fallback.example.com/?from={offer_id}&sub={subid}' } });
    const sent = await clickFrom(US, offer.id, partner.partnerId, '&subid=x');
    expect(sent.statusCode).toBe(302);
    expect(sent.headers.location).toBe(`https://fallback.example.com/?from=${offer.id}&sub=x`);

    await call(staffOffersEndpoints.update, { params: { id: offer.id }, body: { geoTargeting: false } });
    const anywhere = await clickFrom(US, offer.id, partner.partnerId);
    expect(anywhere.statusCode).toBe(302);
    expect(anywhere.headers.location).toMatch(/^https:\/\/shop\.example\.com\/landing/);

    await t.app.tracking.buffer.flush();
    const report = await callEndpoint(t.app, statisticsEndpoints.refused, { query: { startDate: '2026-07-01', endDate: '2026-07-01', offerId: offer.id } }, partner.token); // prettier-ignore
    expectOk(report);
    expect(okBody(report).data).toEqual([expect.objectContaining({ reason: 'geo_mismatch', clicks: 2 })]);
  }); // prettier-ignore

  it('refuses clicks before the start and after the end, with their reasons', async () => {
    const partner = await partnerWithAccess();
    const now = clock.now().getTime();
    const later = okBody(await call(staffOffersEndpoints.create, { body: offerBody({ startsAt: new Date(now + 86_400_000).toISOString() }) })).data; // prettier-ignore
    const over = okBody(await call(staffOffersEndpoints.create, { body: offerBody({ startsAt: new Date(now - 2 * 86_400_000).toISOString(), endsAt: new Date(now - 86_400_000).toISOString() }) })).data; // prettier-ignore
    const notYet = await clickFrom(FR, later.id, partner.partnerId);
    expectErrorObject(notYet, 403);
    expect(notYet.json().message).toBe('This offer has not started yet.');
    const ended = await clickFrom(FR, over.id, partner.partnerId);
    expect(ended.json().message).toBe('This offer has ended.');
    await t.app.tracking.buffer.flush();
    const report = await callEndpoint(t.app, statisticsEndpoints.refused, { query: { startDate: '2026-07-01', endDate: '2026-07-02' } }, partner.token); // prettier-ignore
    const reasons = okBody(report).data.map((r: { reason: string; offerId: number | null }) => [r.reason, r.offerId]);
    expect(reasons).toEqual(expect.arrayContaining([['offer_not_started', later.id], ['offer_ended', over.id]]));
    const listed = await call(staffOffersEndpoints.list, { query: { status: 'ended', count: 500 } });
    expect(okBody(listed).data.map((o: { id: number }) => o.id)).toContain(over.id);
    expect(okBody(listed).data.map((o: { id: number }) => o.id)).not.toContain(later.id);
  }); // prettier-ignore

  it('shows a private offer only to the partners on its allow-list, never the list itself', async () => {
    const listed = await partnerWithAccess('Listed Partner');
    const other = await partnerWithAccess();
    const offer = okBody(await call(staffOffersEndpoints.create, { body: offerBody({ private: true, allowedPartnerIds: [listed.partnerId] }) })).data; // prettier-ignore
    expect(offer.allowedPartners).toEqual([{ id: listed.partnerId, name: 'Listed Partner' }]);
    const asListed = await callEndpoint(t.app, offersEndpoints.get, { params: { id: offer.id } }, listed.token);
    expectOk(asListed);
    expect(asListed.raw.body).not.toMatch(/allowed/i);
    expect((await callEndpoint(t.app, offersEndpoints.get, { params: { id: offer.id } }, other.token)).status).toBe(404);
    expect((await clickFrom(FR, offer.id, listed.partnerId)).statusCode).toBe(302);
    expect((await clickFrom(FR, offer.id, other.partnerId)).statusCode).toBe(404);
  }); // prettier-ignore

  it('replaces the goals sent, keeping the rows of the goals kept, and audits each change by field', async () => {
    const offer = okBody(await call(staffOffersEndpoints.create, { body: offerBody() })).data;
    const keptId = offer.goals[0]!.id;
    const changed = await call(staffOffersEndpoints.update, { params: { id: offer.id }, body: {
      name: 'Renamed',
      goals: [{ goal: 'registration', revenueAmount: 600, payoutAmount: 400 }],
    } });
    expectOk(changed);
    expect(okBody(changed).data.goals).toEqual([expect.objectContaining({ id: keptId, goal: 'registration', revenueAmount: 600, types: [] })]); // prettier-ignore
    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'offer'), eq(auditLog.entityId, String(offer.id)))).orderBy(auditLog.id); // prettier-ignore
    expect(entries.map((e) => e.action)).toEqual(['create', 'update']);
    const fields = (entries[1]!.changes as { field: string }[]).map((c) => c.field).sort();
    expect(fields).toEqual(['goals.registration', 'goals.sale', 'name']);
    expect(entries[1]!.changes).toContainEqual({ field: 'name', before: offer.name, after: 'Renamed' });
    // Nothing changed: nothing written, nothing audited.
    await call(staffOffersEndpoints.update, { params: { id: offer.id }, body: { name: 'Renamed' } });
    expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'offer'), eq(auditLog.entityId, String(offer.id))))).toHaveLength(2); // prettier-ignore
  }); // prettier-ignore

  it('lets every staff member read the catalogue and only admins write it', async () => {
    const offer = okBody(await call(staffOffersEndpoints.create, { body: offerBody({ name: 'Readable' }) })).data;
    expect((await call(staffOffersEndpoints.get, { params: { id: offer.id } }, manager)).status).toBe(200);
    expect(okBody(await call(staffOffersEndpoints.list, { query: { q: 'Readable' } }, manager)).data[0]).toMatchObject({ id: offer.id, countries: ['DE', 'FR'], goalCount: 2 }); // prettier-ignore
    const pickers = okBody(await call(staffOffersEndpoints.options, {}, manager)).data;
    expect(pickers.products).toContainEqual(expect.objectContaining({ id: productId, advertiser: expect.objectContaining({ name: 'Offer Maker Ltd' }) }));
    expect(pickers.goals.map((g: { identifier: string }) => g.identifier)).toContain('sale');
    expect(pickers.goalTypes.map((g: { identifier: string }) => g.identifier)).toEqual(['p1', 'p2']);
    expectError(await call(staffOffersEndpoints.create, { body: offerBody() }, manager), 403);
    expectError(await call(staffOffersEndpoints.update, { params: { id: offer.id }, body: { name: 'x' } }, manager), 403);
    expectError(await call(staffOffersEndpoints.get, { params: { id: 999999 } }), 404);
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
      const res = await call(staffOffersEndpoints.create, { body: offerBody(overrides) });
      expectError(res, 400);
      expect(res.body.errors, JSON.stringify(overrides)).toHaveProperty([field]);
      if (message) expect(res.body.errors?.[field]).toBe(message);
    }
    // A loss leader is allowed when the goal says so.
    const loss = await call(staffOffersEndpoints.create, { body: offerBody({ goals: [{ goal: 'registration', revenueAmount: 100, payoutAmount: 150, allowNegativeMargin: true }] }) }); // prettier-ignore
    expectOk(loss);
    expect(await count()).toBe(before + 1);

    // An update refused keeps the offer and its goals as they were.
    const offer = okBody(loss).data;
    const bad = await call(staffOffersEndpoints.update, { params: { id: offer.id }, body: { name: 'Half', goals: [{ goal: 'registration', revenueAmount: 1, payoutAmount: 2 }] } }); // prettier-ignore
    expectError(bad, 400);
    const late = await call(staffOffersEndpoints.update, { params: { id: offer.id }, body: { startsAt: '2026-08-01T00:00:00Z' } });
    expectOk(late);
    expect(errorBody(await call(staffOffersEndpoints.update, { params: { id: offer.id }, body: { endsAt: '2026-07-15T00:00:00Z' } }), 400).errors).toHaveProperty(['endsAt']); // prettier-ignore
    const [row] = await t.database.db.select().from(offers).where(eq(offers.id, offer.id));
    expect(row!.name).toBe(offer.name);
    const goalsNow = await t.database.db.select().from(offerGoals).where(eq(offerGoals.offerId, offer.id));
    expect(goalsNow.map((g) => [g.revenueAmount, g.payoutAmount])).toEqual([[100, 150]]);
  }); // prettier-ignore
});
