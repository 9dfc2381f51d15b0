import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientTagEndpoints, conversionReviewEndpoints, tagCookieName } from '@portal/contracts';
import { advertiserPostbacks, conversions, offerGoals, offers } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  login,
  okBody,
  testClock,
  type TestApp,
} from './helper.js';
import { advertiserTokenOf, createOffer } from './offer-fixtures.js';
import { goalsWithoutFloor } from './conversion-fixtures.js';

/** The tag and pixels (decision 085): origins, /postback's rules shared, pending by default, the channel recorded. */
let t: TestApp;
let admin: string;
let partnerId: number;
const clock = testClock(new Date('2026-05-04T09:30:00Z'));
const SHOP = 'https://shop.example';

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now, clickFlushIntervalMs: 600_000 });
  // Postbacks here follow their clicks at once: no floor on these goals (the conversion rules' tests are elsewhere).
  await goalsWithoutFloor(t, ['registration', 'sale']);
  const a = await createStaff(t, 'ROLE_ADMIN');
  admin = await login(t, a.email, a.password);
  partnerId = (await createPartner(t)).partnerId;
});
afterAll(async () => t?.close());

async function tagOffer(trusted = false) {
  const offerId = await createOffer(t, {
    name: 'Tag offer',
    goals: [
      { goal: 'registration', p1: { amount: 250 } },
      { goal: 'sale', p1: { amount: 900 } },
    ],
  });
  await t.database.db
    .update(offers)
    .set({ defaultUrl: 'https://shop.example/?cid={click_id}', tagOrigins: [SHOP], tagClickParam: 'cid' })
    .where(eq(offers.id, offerId));
  if (trusted) await t.database.db.update(offerGoals).set({ trustClientConversions: true }).where(eq(offerGoals.offerId, offerId)); // prettier-ignore
  return offerId;
}

async function clickOn(offerId: number) {
  const res = await t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partnerId}` });
  expect(res.statusCode).toBe(302);
  const cookie = String(res.headers['set-cookie']);
  return { clickId: new URL(res.headers.location as string).searchParams.get('cid')!, cookie };
}

const tagConversion = (fields: Record<string, string>, origin: string | null = SHOP) =>
  t.app.inject({
    method: 'POST',
    url: '/pixel/conversion',
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', ...(origin ? { origin } : {}) },
    payload: new URLSearchParams(fields).toString(),
  });

const conversionOf = async (id: number) =>
  (await t.database.db.select().from(conversions).where(eq(conversions.id, id)))[0]!;

describe('POST /pixel/conversion', () => {
  it('records from an allowed origin, pending and channel tag, with CORS for that origin only', async () => {
    const offerId = await tagOffer();
    const { clickId } = await clickOn(offerId);
    const fields = { offer_id: String(offerId), click_id: clickId, goal: 'sale', transaction_id: 'TAG-1', amount: '49.90' }; // prettier-ignore

    const refused = await tagConversion(fields, 'https://evil.example');
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect((await tagConversion(fields, null)).statusCode).toBe(403);

    const res = await tagConversion(fields);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(SHOP);
    const body = res.json();
    expect(body).toEqual({ status: 'pending', reason: null, conversionId: expect.any(Number), duplicate: false });
    expect(await conversionOf(body.conversionId)).toMatchObject({ source: 'tag', status: 'pending', payout: 900 });

    // The staff see the channel; the advertiser's log keeps the refused origin and the recorded hit.
    const rows = okBody(await callEndpoint(t.app, conversionReviewEndpoints.list, { query: { q: clickId } }, admin));
    expect(rows.data.map((r) => r.source)).toEqual(['tag']);
    const log = await t.database.db.select().from(advertiserPostbacks).where(eq(advertiserPostbacks.offerId, offerId)).orderBy(advertiserPostbacks.id); // prettier-ignore
    expect(log.map((l) => [l.channel, l.outcome, l.origin])).toEqual([
      ['tag', 'wrong_origin', 'https://evil.example'],
      ['tag', 'wrong_origin', null],
      ['tag', 'recorded', SHOP],
    ]);
  });

  it('shares deduplication with /postback: the same transaction id from the server answers duplicate', async () => {
    const offerId = await tagOffer(true);
    const { clickId } = await clickOn(offerId);
    const first = await tagConversion({ offer_id: String(offerId), click_id: clickId, goal: 'registration', transaction_id: 'DUP-1' }); // prettier-ignore
    // A goal that trusts client-side conversions takes them as a postback's.
    expect(first.json()).toMatchObject({ status: 'approved', duplicate: false });
    const token = await advertiserTokenOf(t, offerId);
    const again = await t.app.inject({
      method: 'GET',
      url: `/postback?${new URLSearchParams({ token, click_id: clickId, goal: 'registration', transaction_id: 'DUP-1' })}`,
    });
    expect(again.json()).toEqual({ ...first.json(), duplicate: true });
  });

  it('refuses another offer’s click, and a missing click as /postback refuses a missing field', async () => {
    const offerId = await tagOffer();
    const other = await tagOffer();
    const { clickId } = await clickOn(other);
    const res = await tagConversion({ offer_id: String(offerId), click_id: clickId, goal: 'sale' });
    expect(res.json()).toMatchObject({ status: 'rejected', reason: 'unknown_click' });
    const missing = await tagConversion({ offer_id: String(offerId), goal: 'sale' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('click_id');
    expect(missing.headers['access-control-allow-origin']).toBe(SHOP);
  });

  it('answers a preflight for the offer’s origins only', async () => {
    const offerId = await tagOffer();
    const ask = (origin: string) =>
      t.app.inject({ method: 'OPTIONS', url: `/pixel/conversion?offer_id=${offerId}`, headers: { origin, 'access-control-request-method': 'POST' } }); // prettier-ignore
    expect((await ask(SHOP)).headers['access-control-allow-origin']).toBe(SHOP);
    expect((await ask('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('GET /pixel.gif and /pixel.html', () => {
  it('records by click_id, checked on Referer, and answers a 1×1 GIF that is never cached', async () => {
    const offerId = await tagOffer();
    const { clickId } = await clickOn(offerId);
    const url = `/pixel.gif?offer_id=${offerId}&click_id=${clickId}&goal=sale&transaction_id=IMG-1`;
    const refused = await t.app.inject({ method: 'GET', url, headers: { referer: 'https://evil.example/thanks' } });
    expect(refused.statusCode).toBe(403);
    const res = await t.app.inject({ method: 'GET', url, headers: { referer: `${SHOP}/thanks?order=1` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    const [row] = await t.database.db.select().from(conversions).where(eq(conversions.clickId, clickId));
    expect(row).toMatchObject({ source: 'image', status: 'pending', transactionId: 'IMG-1' });
  });

  it('records by the click cookie /click set (SameSite=None; Secure), and frames as an empty page', async () => {
    const offerId = await tagOffer();
    const { clickId, cookie } = await clickOn(offerId);
    expect(cookie).toContain(`${tagCookieName(offerId)}=${clickId}`);
    expect(cookie).toMatch(/SameSite=None/);
    expect(cookie).toMatch(/Secure/);
    const res = await t.app.inject({
      method: 'GET',
      url: `/pixel.html?offer_id=${offerId}&goal=registration`,
      headers: { referer: `${SHOP}/`, cookie: `other=1; ${tagCookieName(offerId)}=${clickId}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors *");
    expect(res.headers['x-frame-options']).toBeUndefined();
    const [row] = await t.database.db.select().from(conversions).where(eq(conversions.clickId, clickId));
    expect(row).toMatchObject({ source: 'iframe', status: 'pending', goal: 'registration' });
  });
});

describe('GET /sdk.js and the set-up', () => {
  it('serves the tag small, cached when versioned, loadable from any origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sdk.js?v=1', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(2048);
    const again = await t.app.inject({ method: 'GET', url: '/sdk.js', headers: { 'if-none-match': String(res.headers.etag) } }); // prettier-ignore
    expect(again.statusCode).toBe(304);
  });

  it('gives staff each goal’s snippets and the offer’s latest hit', async () => {
    const offerId = await tagOffer();
    const { clickId } = await clickOn(offerId);
    await tagConversion({ offer_id: String(offerId), click_id: clickId, goal: 'sale' });
    const [row] = await t.database.db.select({ id: offers.id }).from(offers).where(eq(offers.id, offerId));
    expect(row).toBeDefined();
    const advertiserId = (await t.database.db.select().from(advertiserPostbacks).where(eq(advertiserPostbacks.offerId, offerId)))[0]!.advertiserId; // prettier-ignore
    const setup = okBody(await callEndpoint(t.app, clientTagEndpoints.setup, { params: { id: advertiserId } }, admin)).data; // prettier-ignore
    const offer = setup.find((o) => o.offerId === offerId)!;
    expect(offer.landing).toContain(`data-offer-id="${offerId}" data-param="cid"`);
    const sale = offer.goals.find((g) => g.goal === 'sale')!;
    expect(sale.s2s).toContain('goal=sale');
    expect(sale.javascript).toContain(`portal.conversion({ offerId: ${offerId}, goal: 'sale'`);
    expect(sale.image).toContain(`/pixel.gif?offer_id=${offerId}&amp;goal=sale`);
    expect(sale.iframe).toContain('/pixel.html?');
    expect(offer.lastHit).toMatchObject({ channel: 'tag', origin: SHOP, outcome: 'recorded', status: 'pending', goal: 'sale' }); // prettier-ignore
  });
});
