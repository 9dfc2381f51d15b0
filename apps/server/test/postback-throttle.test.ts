/**
 * Wrong /postback tokens (decision 029): an address that keeps guessing is answered 429 after
 * POSTBACK_MAX_BAD_TOKENS_PER_IP wrong tokens a minute, and a flood of wrong tokens does not reload the advertiser
 * table per request; other addresses, and a fresh advertiser's valid token, are not affected.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers } from '../src/db/schema.js';
import { buildTestApp, createPartner, expectErrorObject, testClock, type TestApp } from './helper.js';
import { advertiserTokenOf, createOffer } from './offer-fixtures.js';
import { goalsWithoutFloor } from './conversion-fixtures.js';

let t: TestApp;
let partnerId: number;
const clock = testClock(new Date('2026-05-04T09:30:00Z'));
const LIMIT = 20;
const ATTACKER = '203.0.113.9';

const postback = (params: Record<string, string>, remoteAddress: string) =>
  t.app.inject({ method: 'GET', url: `/postback?${new URLSearchParams(params).toString()}`, remoteAddress });

const wrongToken = () => randomBytes(16).toString('hex');

async function offerAndClick() {
  const offerId = await createOffer(t, {
    name: 'Throttle offer',
    goals: [{ goal: 'registration', p1: { amount: 250 } }],
  });
  await t.database.db
    .update(offers)
    .set({ defaultUrl: 'https://shop.example.com/?cid={click_id}' })
    .where(eq(offers.id, offerId));
  const res = await t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partnerId}` });
  expect(res.statusCode).toBe(302);
  return {
    token: await advertiserTokenOf(t, offerId),
    clickId: new URL(res.headers.location as string).searchParams.get('cid')!,
  };
}

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  await goalsWithoutFloor(t, ['registration']); // the conversion rules are on (decision 109)
  expect(t.config.postbackMaxBadTokensPerIp).toBe(LIMIT);
  partnerId = (await createPartner(t)).partnerId;
});
afterAll(async () => t?.close());

describe('wrong /postback tokens', () => {
  it('answers 429 with Retry-After after the limit, reloading the advertiser table a handful of times in 300', async () => {
    const { token, clickId } = await offerAndClick();
    const before = t.app.tracking.tokens.loads;
    const statuses: number[] = [];
    // In waves of ten at once, as a flood would come: 300 different wrong tokens from one address.
    for (let wave = 0; wave < 30; wave++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          postback({ click_id: clickId, goal: 'registration', token: wrongToken() }, ATTACKER),
        ),
      );
      statuses.push(...answers.map((res) => res.statusCode));
      if (wave === 29) {
        const last = answers.at(-1)!;
        expectErrorObject(last, 429);
        const retryAfter = Number(last.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(60);
        expect(last.json().data).toEqual({ retryAfter });
      }
    }
    expect(statuses.filter((s) => s === 403)).toHaveLength(LIMIT);
    expect(statuses.slice(0, LIMIT).every((s) => s === 403)).toBe(true);
    expect(statuses.slice(LIMIT).every((s) => s === 429)).toBe(true);
    // Each wave of misses shares one reload; the 280 answered 429 look nothing up.
    expect(t.app.tracking.tokens.loads - before).toBeLessThanOrEqual(3);

    // The right token from the blocked address waits too: the limit is on the address, not on the guess.
    expect((await postback({ click_id: clickId, goal: 'registration', token }, ATTACKER)).statusCode).toBe(429);
    // A minute later the address may try again.
    clock.advance(61_000);
    const again = await postback({ click_id: clickId, goal: 'registration', token }, ATTACKER);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'approved' });
  });

  it('does not reload the table for a wrong token it has already refused', async () => {
    const { clickId } = await offerAndClick();
    const wrong = wrongToken();
    expect(
      (await postback({ click_id: clickId, goal: 'registration', token: wrong }, '198.51.100.20')).statusCode,
    ).toBe(403);
    const before = t.app.tracking.tokens.loads;
    for (let i = 0; i < 10; i++) {
      expect(
        (await postback({ click_id: clickId, goal: 'registration', token: wrong }, '198.51.100.20')).statusCode,
      ).toBe(403);
    }
    expect(t.app.tracking.tokens.loads).toBe(before);
  });

  it('leaves other addresses alone, and a fresh advertiser’s valid token still approves', async () => {
    clock.advance(1000);
    await Promise.all(
      Array.from({ length: LIMIT }, () =>
        postback({ click_id: 'nope', goal: 'registration', token: wrongToken() }, ATTACKER),
      ),
    );
    expect((await postback({ click_id: 'nope', goal: 'registration', token: wrongToken() }, ATTACKER)).statusCode).toBe(
      429,
    );
    expect(
      (await postback({ click_id: 'nope', goal: 'registration', token: wrongToken() }, '198.51.100.30')).statusCode,
    ).toBe(403);
    // An advertiser created after the flood: its first postback is not refused by a remembered miss (it waits at most
    // for the next throttled reload).
    const fresh = await offerAndClick();
    const res = await postback({ click_id: fresh.clickId, goal: 'registration', token: fresh.token }, '198.51.100.31');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', duplicate: false });
  });
});
