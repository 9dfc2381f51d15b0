import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversionReviewEndpoints, goalsEndpoints, statisticsEndpoints, trafficEndpoints } from '@portal/contracts';
import { rowsOf } from '../src/db/bulk.js';
import { goals, offers } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  login,
  okBody,
  testClock,
  type CallInput,
  type TestApp,
} from './helper.js';
import { advertiserTokenOf, createOffer } from './offer-fixtures.js';

/**
 * Issue 48 item 2, 4 and 5 (decision 101): the conversion rules on /postback, per network and per offer; held
 * conversions in the fraud queue with their evidence, approved or declined through the bulk decision; the partner
 * reads "under review" and the rule, never a threshold nor another partner's conversion.
 */
let t: TestApp;
const clock = testClock(new Date('2026-06-10T10:00:00Z'));
let admin: string;
let ownManager: string;
let otherManager: string;
let partner: Awaited<ReturnType<typeof createPartner>>;
let otherPartner: Awaited<ReturnType<typeof createPartner>>;
let partnerToken: string;
let otherPartnerToken: string;
let offerId: number;
let otherOfferId: number;
let token: string;
let otherToken: string;
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0 Safari/537.36'; // prettier-ignore
const FR_IP = '90.0.0.1';
let sequence = 0;

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now, config: { trustProxy: true, conversionRules: true } });
  const a = await createStaff(t, 'ROLE_ADMIN');
  admin = await login(t, a.email, a.password);
  const own = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
  ownManager = await login(t, own.email, own.password);
  const other = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
  otherManager = await login(t, other.email, other.password);
  partner = await createPartner(t, { accountManagerId: own.userId });
  otherPartner = await createPartner(t);
  partnerToken = await login(t, partner.email, partner.password);
  otherPartnerToken = await login(t, otherPartner.email, otherPartner.password);
  offerId = await createOffer(t, { name: 'Screened', goals: [{ goal: 'sale', p1: { amount: 500 } }] });
  otherOfferId = await createOffer(t, { name: 'Screened too', goals: [{ goal: 'sale', p1: { amount: 500 } }] });
  await t.database.db.update(offers).set({ geoTargeting: false, defaultUrl: 'https://shop.example.com/?cid={click_id}' }); // prettier-ignore
  token = await advertiserTokenOf(t, offerId);
  otherToken = await advertiserTokenOf(t, otherOfferId);
});
afterAll(async () => t?.close());

const SECOND = 1000;

/** Each click from its own French address unless told: the per-address rule counts conversions per address. */
let address = 10;
async function click(offer = offerId, aff = partner.partnerId, ip = `90.0.1.${(address += 1)}`): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/click?offer_id=${offer}&aff_id=${aff}`,
    headers: { 'x-forwarded-for': ip, 'user-agent': CHROME },
  });
  expect(res.statusCode, res.body).toBe(302);
  return new URL(res.headers.location as string).searchParams.get('cid')!;
}

async function postback(clickId: string, extra: Record<string, string> = {}, offer = offerId) {
  sequence += 1;
  const params = { token: offer === offerId ? token : otherToken, click_id: clickId, goal: 'sale', transaction_id: `T-${sequence}`, ...extra }; // prettier-ignore
  const res = await t.app.inject({ method: 'GET', url: `/postback?${new URLSearchParams(params)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { status: string; reason: string | null; conversionId: number; duplicate: boolean };
}

type Rules = CallInput<typeof trafficEndpoints.setRules>['body'];
const setRules = async (body: Rules) => okBody(await callEndpoint(t.app, trafficEndpoints.setRules, { body }, admin));
/** The fraud queue, once the clicks are written (the buffer's next flush, decision 015): their evidence is read there. */
const queue = async (reader = admin) => (
  await t.app.tracking.buffer.flush(),
  okBody(
    await callEndpoint(t.app, conversionReviewEndpoints.list, { query: { status: 'pending', reason: 'fraud_review' } }, reader), // prettier-ignore
  ).data
);
const partnerRows = async (reader: string) =>
  okBody(await callEndpoint(t.app, statisticsEndpoints.conversion, { query: { startDate: '2026-06-01', endDate: '2026-06-30' } }, reader)).data; // prettier-ignore

describe('conversion rules (decision 101)', () => {
  it('a conversion 2 s after its click is held for review, with its signal and evidence in the fraud queue', async () => {
    const clickId = await click(offerId, partner.partnerId, FR_IP);
    clock.advance(2 * SECOND);
    const answer = await postback(clickId);
    expect(answer).toMatchObject({ status: 'pending', reason: 'fraud_review', duplicate: false });
    const held = (await queue()).find((row) => row.id === answer.conversionId);
    expect(held).toMatchObject({
      status: 'pending',
      reason: 'fraud_review',
      signals: ['tooFast'],
      payout: 500,
      evidence: {
        clickIp: FR_IP,
        hosting: false,
        clickCountry: 'FR',
        userAgent: CHROME,
        browser: 'Chrome 137',
        os: 'Windows 10',
        device: 'desktop',
        secondsToConvert: 2,
        minSecondsToConvert: 10,
      },
    });
    // The partner reads it under review with the rule named; no threshold, no evidence.
    const seen = (await partnerRows(partnerToken)).find((row) => row.id === answer.conversionId);
    expect(seen).toMatchObject({ status: 'pending', reason: 'fraud_review', signals: ['tooFast'] });
    const text = JSON.stringify(seen);
    for (const secret of ['evidence', 'minSecondsToConvert', 'secondsToConvert', FR_IP])
      expect(text).not.toContain(secret);
    // Another partner sees nothing of it; another account manager neither.
    expect((await partnerRows(otherPartnerToken)).some((row) => row.id === answer.conversionId)).toBe(false);
    expect((await queue(otherManager)).some((row) => row.id === answer.conversionId)).toBe(false);
    expect((await queue(ownManager)).some((row) => row.id === answer.conversionId)).toBe(true);

    // Approved through the bulk decision: paid, the partner reads it approved, the signals kept for staff.
    const decided = await callEndpoint(t.app, conversionReviewEndpoints.decide, { body: { ids: [answer.conversionId], status: 'approved' } }, ownManager); // prettier-ignore
    expect(decided.status, decided.raw.body).toBe(200);
    const after = (await partnerRows(partnerToken)).find((row) => row.id === answer.conversionId);
    expect(after).toMatchObject({ status: 'approved', reason: null, signals: [] });
    expect((await queue()).some((row) => row.id === answer.conversionId)).toBe(false);
  });

  it('a conversion after the floor is approved; another country is flagged; a goal’s floor of 0 never holds', async () => {
    const slow = await click();
    clock.advance(60 * SECOND);
    expect(await postback(slow)).toMatchObject({ status: 'approved', reason: null });

    const abroad = await click();
    clock.advance(60 * SECOND);
    const switched = await postback(abroad, { country: 'VN' });
    expect(switched).toMatchObject({ status: 'pending', reason: 'fraud_review' });
    const held = (await queue()).find((row) => row.id === switched.conversionId);
    expect(held).toMatchObject({ signals: ['countryMismatch'], evidence: { clickCountry: 'FR', conversionCountry: 'VN' } }); // prettier-ignore

    // Declined with a reason: rejected, 'declined', nothing paid.
    const declined = await callEndpoint(t.app, conversionReviewEndpoints.decide, { body: { ids: [switched.conversionId], status: 'rejected', reason: 'fraud' } }, admin); // prettier-ignore
    expect(declined.status, declined.raw.body).toBe(200);
    expect((await partnerRows(partnerToken)).find((row) => row.id === switched.conversionId)).toMatchObject({ status: 'rejected', reason: 'declined', declineReason: 'fraud' }); // prettier-ignore

    const [goal] = await t.database.db.select({ id: goals.id }).from(goals).where(eq(goals.identifier, 'sale'));
    const set = await callEndpoint(t.app, goalsEndpoints.update, { params: { id: goal!.id }, body: { minSecondsToConvert: 0 } }, admin); // prettier-ignore
    expect(set.status, set.raw.body).toBe(200);
    expect(okBody(set).data.minSecondsToConvert).toBe(0);
    const fast = await click();
    expect(await postback(fast)).toMatchObject({ status: 'approved' });
    await callEndpoint(t.app, goalsEndpoints.update, { params: { id: goal!.id }, body: { minSecondsToConvert: null } }, admin); // prettier-ignore
  });

  it('rules are set per network and overridden per offer: allow, flag, refuse', async () => {
    // The offer refuses too-fast conversions; the other offer follows the network (flag).
    const view = await setRules({ offerId, bot: null, missingUserAgent: null, dataCentre: null, velocity: null, velocityPerMinute: null, tooFast: 'refuse' }); // prettier-ignore
    expect(view.data.offers.find((o) => o.offerId === offerId)?.overrides).toMatchObject({ tooFast: 'refuse', countryMismatch: null }); // prettier-ignore
    const refused = await postback(await click());
    expect(refused).toMatchObject({ status: 'rejected', reason: 'too_fast' });
    expect((await partnerRows(partnerToken)).find((row) => row.id === refused.conversionId)).toMatchObject({ status: 'rejected', reason: 'too_fast', signals: ['tooFast'] }); // prettier-ignore
    expect(await postback(await click(otherOfferId), {}, otherOfferId)).toMatchObject({ status: 'pending', reason: 'fraud_review' }); // prettier-ignore

    // The network allows them: the other offer takes them; the override still refuses.
    const network = await setRules({ bot: 'refuse', missingUserAgent: 'flag', dataCentre: 'flag', velocity: 'refuse', velocityPerMinute: 30, tooFast: 'allow' }); // prettier-ignore
    expect(network.data.network).toMatchObject({ tooFast: 'allow', countryMismatch: 'flag', duplicateTransaction: 'refuse' }); // prettier-ignore
    expect(await postback(await click(otherOfferId), {}, otherOfferId)).toMatchObject({ status: 'approved' });
    expect(await postback(await click())).toMatchObject({ status: 'rejected', reason: 'too_fast' });
    // The override removed: the network's allow applies.
    await setRules({ offerId, bot: null, missingUserAgent: null, dataCentre: null, velocity: null, velocityPerMinute: null, tooFast: null }); // prettier-ignore
    expect(await postback(await click())).toMatchObject({ status: 'approved' });
  });

  it('a transaction id already sent for another partner is refused; more than 3 conversions from one address are held', async () => {
    const first = await click();
    const second = await click(offerId, otherPartner.partnerId, '90.0.0.77');
    expect(await postback(first, { transaction_id: 'SHARED-1' })).toMatchObject({ status: 'approved' });
    const claimed = await postback(second, { transaction_id: 'SHARED-1' });
    expect(claimed).toMatchObject({ status: 'rejected', reason: 'duplicate_transaction', duplicate: false });
    // Sent again, it is a duplicate of itself, not of the first partner's.
    expect(await postback(second, { transaction_id: 'SHARED-1' })).toMatchObject({ duplicate: true, conversionId: claimed.conversionId }); // prettier-ignore

    const answers: Awaited<ReturnType<typeof postback>>[] = [];
    for (let i = 0; i < 4; i++) answers.push(await postback(await click(), { ip: '81.0.0.9', country: 'FR' }));
    expect(answers.map((a) => a.status)).toEqual(['approved', 'approved', 'approved', 'pending']);
    const held = (await queue()).find((row) => row.id === answers[3]!.conversionId);
    expect(held).toMatchObject({ signals: ['ipConversions'], evidence: { ipConversions: 4, conversionIp: '81.0.0.9' } }); // prettier-ignore

    // A private address (a proxy not trusted with TRUST_PROXY) is not one visitor: never counted, as for velocity.
    const privately: Awaited<ReturnType<typeof postback>>[] = [];
    for (let i = 0; i < 5; i++) privately.push(await postback(await click(), { ip: '10.1.2.3' }));
    expect(privately.map((a) => a.status)).toEqual(['approved', 'approved', 'approved', 'approved', 'approved']);
  });

  it('CONVERSION_RULES=off records every conversion as before: no rule judges it, nothing is held', async () => {
    const off = await buildTestApp({ now: clock.now, config: { trustProxy: true, conversionRules: false } });
    try {
      const offer = await createOffer(off, { name: 'Unscreened', goals: [{ goal: 'sale', p1: { amount: 500 } }] });
      await off.database.db.update(offers).set({ geoTargeting: false, defaultUrl: 'https://shop.example.com/?cid={click_id}' }); // prettier-ignore
      const offToken = await advertiserTokenOf(off, offer);
      const p = await createPartner(off);
      const other = await createPartner(off);
      const offClick = async (aff: number, ip = '90.0.2.1') => {
        const res = await off.app.inject({ method: 'GET', url: `/click?offer_id=${offer}&aff_id=${aff}`, headers: { 'x-forwarded-for': ip, 'user-agent': CHROME } }); // prettier-ignore
        expect(res.statusCode, res.body).toBe(302);
        return new URL(res.headers.location as string).searchParams.get('cid')!;
      };
      const offPostback = async (clickId: string, extra: Record<string, string>) => {
        const res = await off.app.inject({ method: 'GET', url: `/postback?${new URLSearchParams({ token: offToken, click_id: clickId, goal: 'sale', ...extra })}` }); // prettier-ignore
        return res.json() as { status: string; reason: string | null; duplicate: boolean };
      };
      // At once after its click, from another country, the fifth from one address: each approved.
      for (let i = 0; i < 5; i++)
        expect(await offPostback(await offClick(p.partnerId), { transaction_id: `OFF-${i}`, ip: '81.0.0.10', country: i === 0 ? 'VN' : 'FR' })).toMatchObject({ status: 'approved', reason: null }); // prettier-ignore
      // A transaction id already sent for another partner: a duplicate of the first, as before the rules.
      expect(await offPostback(await offClick(other.partnerId, '90.0.2.2'), { transaction_id: 'OFF-0' })).toMatchObject({ duplicate: true }); // prettier-ignore
      const signalled = rowsOf<{ n: number }>(await off.database.db.execute(sql`select count(*)::int as n from conversions where signals is not null`)); // prettier-ignore
      expect(signalled[0]!.n).toBe(0);
    } finally {
      await off.close();
    }
  });
});
