import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversionReviewEndpoints, trafficEndpoints } from '@portal/contracts';
import { offers } from '../src/db/schema.js';
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

/**
 * Issue 48 item 4 (decision 108): a partner's traffic quality over 30 days on its staff page: the share of its clicks
 * refused and flagged by rule, its conversions held for review and what review made of them; scoped as the partner
 * page, read-only. Runs on both databases (TEST_DATABASE_URL).
 */
let t: TestApp;
const clock = testClock(new Date('2026-06-10T10:00:00Z'));
let admin: string;
let ownManager: string;
let otherManager: string;
let finance: string;
let partner: Awaited<ReturnType<typeof createPartner>>;
let quiet: Awaited<ReturnType<typeof createPartner>>;
let offerId: number;
let token: string;
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0 Safari/537.36'; // prettier-ignore
const BOT = 'Googlebot/2.1 (+http://www.google.com/bot.html)';

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now, config: { trustProxy: true, conversionRules: true } });
  const a = await createStaff(t, 'ROLE_ADMIN');
  admin = await login(t, a.email, a.password);
  const own = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
  ownManager = await login(t, own.email, own.password);
  const other = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
  otherManager = await login(t, other.email, other.password);
  const f = await createStaff(t, 'ROLE_FINANCE');
  finance = await login(t, f.email, f.password);
  partner = await createPartner(t, { accountManagerId: own.userId });
  quiet = await createPartner(t);
  offerId = await createOffer(t, { name: 'Quality', goals: [{ goal: 'sale', p1: { amount: 500 } }] });
  await t.database.db.update(offers).set({ geoTargeting: false, defaultUrl: 'https://shop.example.com/?cid={click_id}' }); // prettier-ignore
  token = await advertiserTokenOf(t, offerId);
});
afterAll(async () => t?.close());

let address = 10;
let sequence = 0;
async function click(userAgent: string | null = CHROME): Promise<string | null> {
  const headers: Record<string, string> = { 'x-forwarded-for': `90.0.2.${(address += 1)}` };
  // light-my-request sends its own agent when none is given: a blank one is the missing agent the rule flags.
  headers['user-agent'] = userAgent ?? '';
  const res = await t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partner.partnerId}`, headers }); // prettier-ignore
  // A refused click with no fallback on the offer is answered 403 (decision 083).
  if (res.statusCode === 403) return null;
  expect(res.statusCode, res.body).toBe(302);
  return new URL(res.headers.location as string).searchParams.get('cid');
}
async function postback(clickId: string) {
  sequence += 1;
  const params = { token, click_id: clickId, goal: 'sale', transaction_id: `Q-${sequence}` };
  const res = await t.app.inject({ method: 'GET', url: `/postback?${new URLSearchParams(params)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { status: string; reason: string | null; conversionId: number };
}
const quality = (id: number, reader: string) =>
  callEndpoint(t.app, trafficEndpoints.partnerQuality, { params: { id } }, reader);

describe('a partner’s traffic quality over 30 days (decision 108)', () => {
  it('counts clicks refused and flagged by rule, conversions held, approved and declined after review', async () => {
    // Six clicks a person would send, two from a bot (refused), one without a browser's name (flagged).
    const clean: string[] = [];
    for (let i = 0; i < 6; i++) clean.push((await click())!);
    expect(await click(BOT)).toBeNull();
    expect(await click(BOT)).toBeNull();
    const flagged = (await click(null))!;
    expect(flagged).toBeTruthy();
    await t.app.tracking.buffer.flush();

    // Three conversions right after their clicks (held: too fast), one on the flagged click long after (held: flagged
    // click), one a minute after (taken).
    const held = [await postback(clean[0]!), await postback(clean[1]!), await postback(clean[2]!)];
    for (const answer of held) expect(answer).toMatchObject({ status: 'pending', reason: 'fraud_review' });
    clock.advance(60_000);
    expect(await postback(clean[3]!)).toMatchObject({ status: 'approved' });
    const heldFlagged = await postback(flagged);
    expect(heldFlagged).toMatchObject({ status: 'pending', reason: 'fraud_review' });
    const approve = await callEndpoint(t.app, conversionReviewEndpoints.decide, { body: { ids: [held[0]!.conversionId, held[1]!.conversionId], status: 'approved' } }, ownManager); // prettier-ignore
    expect(approve.status, approve.raw.body).toBe(200);
    const decline = await callEndpoint(t.app, conversionReviewEndpoints.decide, { body: { ids: [held[2]!.conversionId], status: 'rejected', reason: 'fraud' } }, admin); // prettier-ignore
    expect(decline.status, decline.raw.body).toBe(200);

    const summary = okBody(await quality(partner.partnerId, ownManager)).data;
    expect(summary).toMatchObject({
      partnerId: partner.partnerId,
      since: new Date(clock.now().getTime() - 30 * 86_400_000).toISOString(),
      // 7 recorded + 2 refused.
      clicks: 9,
      refused: {
        total: { count: 2, share: 2 / 9 },
        byRule: { bot: { count: 2, share: 2 / 9 }, missingUserAgent: { count: 0, share: 0 }, dataCentre: { count: 0, share: 0 }, velocity: { count: 0, share: 0 } }, // prettier-ignore
        blocklists: { count: 0, share: 0 },
      },
      flagged: { total: { count: 1, share: 1 / 9 }, byRule: { missingUserAgent: { count: 1, share: 1 / 9 }, bot: { count: 0, share: 0 } } }, // prettier-ignore
      conversions: {
        total: 5,
        held: { count: 4, share: 4 / 5 },
        stillHeld: 1,
        approvedAfterReview: 2,
        rejectedAfterReview: 1,
        refusedByRule: { count: 0, share: 0 },
      },
    });
    // The admin reads the same; a partner with no traffic reads zeros, never a division by zero.
    expect(okBody(await quality(partner.partnerId, admin)).data).toEqual(summary);
    expect(okBody(await quality(quiet.partnerId, admin)).data).toMatchObject({
      clicks: 0,
      refused: { total: { count: 0, share: 0 } },
      conversions: { total: 0, held: { count: 0, share: 0 } },
    });
  });

  it('is the partner page’s: another manager’s partner is not found, finance and partners are refused', async () => {
    expect((await quality(partner.partnerId, otherManager)).status).toBe(404);
    expect((await quality(2_147_000_000, admin)).status).toBe(404);
    expect((await quality(partner.partnerId, finance)).status).toBe(403);
    const partnerToken = await login(t, partner.email, partner.password);
    expect((await quality(partner.partnerId, partnerToken)).status).toBe(403);
    // Bad input: a 400 with the field named, not a 500.
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/staff/partners/abc/traffic-quality', headers: { authorization: `Bearer ${admin}` } }); // prettier-ignore
    expect(bad.statusCode).toBe(400);
  });
});
