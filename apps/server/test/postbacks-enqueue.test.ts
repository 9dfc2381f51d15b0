/**
 * A conversion recorded through the real /click and /postback paths writes one delivery per matching partner
 * postback, in the same transaction, with the macros expanded (decision 019).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { postbacksEndpoints } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goals, offerGoals, offers, postbackDeliveries } from '../src/db/schema.js';
import { majorUnitAmount } from '../src/modules/postbacks/partner-postbacks.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  expectOk,
  login,
  okBody,
  testClock,
  type CallInput,
  type TestApp,
} from './helper.js';
import { createOffer, advertiserTokenOf } from './offer-fixtures.js';
import { goalsWithoutFloor } from './conversion-fixtures.js';

let t: TestApp;
const clock = testClock(new Date('2026-05-04T09:30:00Z'));
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now, clickFlushIntervalMs: 600_000 });
  await goalsWithoutFloor(t, ['registration', 'sale']); // the conversion rules are on (decision 109)
});
afterAll(async () => t?.close());

type Partner = Awaited<ReturnType<typeof createPartner>> & { token: string };

async function partner(): Promise<Partner> {
  const created = await createPartner(t);
  return { ...created, token: await login(t, created.email, created.password) };
}

async function offerWithToken(name: string) {
  const offerId = await createOffer(t, {
    name,
    goals: [
      { goal: 'registration', p1: { amount: 1250 } },
      { goal: 'sale', p1: { percent: 1250 } },
    ],
  });
  await t.database.db
    .update(offers)
    .set({ defaultUrl: 'https://shop.example.com/?cid={click_id}' })
    .where(eq(offers.id, offerId));
  const token = await advertiserTokenOf(t, offerId);
  return { offerId, token };
}

async function goalId(identifier: string): Promise<number> {
  const [row] = await t.database.db.select({ id: goals.id }).from(goals).where(eq(goals.identifier, identifier));
  return row!.id;
}

async function createPostback(
  owner: Partner,
  body: CallInput<typeof postbacksEndpoints.create>['body'],
): Promise<number> {
  const res = await callEndpoint(t.app, postbacksEndpoints.create, { body }, owner.token);
  return okBody(res).data.id;
}

async function clickOn(offerId: number, partnerId: number, extra = ''): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partnerId}${extra}` });
  expect(res.statusCode).toBe(302);
  return new URL(res.headers.location as string).searchParams.get('cid')!;
}

async function convert(params: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: `/postback?${new URLSearchParams(params).toString()}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { status: string; reason: string | null; conversionId: number; duplicate: boolean };
}

async function deliveriesOf(conversionId: number) {
  return t.database.db
    .select()
    .from(postbackDeliveries)
    .where(eq(postbackDeliveries.conversionId, conversionId))
    .orderBy(postbackDeliveries.postbackId);
}

async function deliveryCount(postbackIds: number[]) {
  const rows = await t.database.db
    .select({ id: postbackDeliveries.id })
    .from(postbackDeliveries)
    .where(inArray(postbackDeliveries.postbackId, postbackIds));
  return rows.length;
}

const ALL_MACROS =
  'https://tracker.example/pb?cid={click_id}&conv={conversion_id}&tx={transaction_id}&o={offer_id}&g={goal}' +
  '&p={payout}&c={currency}&s={status}&sub={subid}&t1={tc1}&t2={tc2}&t3={tc3}&t4={tc4}&ts={timestamp}';

describe('majorUnitAmount', () => {
  it.each([
    [1250, 'EUR', '12.50'],
    [5, 'EUR', '0.05'],
    [0, 'EUR', '0.00'],
    [100, 'USD', '1.00'],
    [123456789, 'EUR', '1234567.89'],
    [1250, 'JPY', '1250'],
  ])('%s minor units of %s is %s', (minor, currency, expected) => {
    expect(majorUnitAmount(minor, currency)).toBe(expected);
  });
});

describe('a recorded conversion queues the matching postbacks', () => {
  let a: Partner;
  let b: Partner;
  let offerX: { offerId: number; token: string };
  let offerY: { offerId: number; token: string };
  let ids: Record<string, number>;

  beforeAll(async () => {
    a = await partner();
    b = await partner();
    offerX = await offerWithToken('Enqueue X');
    offerY = await offerWithToken('Enqueue Y');
    const registration = await goalId('registration');
    const sale = await goalId('sale');
    ids = {
      global: await createPostback(a, { url: ALL_MACROS }),
      offerX: await createPostback(a, { url: 'https://tracker.example/x?c={click_id}', offers: [offerX.offerId] }),
      offerY: await createPostback(a, { url: 'https://tracker.example/y?c={click_id}', offers: [offerY.offerId] }),
      bothOffers: await createPostback(a, {
        url: 'https://tracker.example/xy?c={click_id}',
        offers: [offerY.offerId, offerX.offerId],
      }),
      registration: await createPostback(a, { url: 'https://tracker.example/reg?g={goal}', goalId: registration }),
      sale: await createPostback(a, { url: 'https://tracker.example/sale?g={goal}', goalId: sale }),
      subNews: await createPostback(a, { url: 'https://tracker.example/news?s={subid}', subId: 'news' }),
      subOther: await createPostback(a, { url: 'https://tracker.example/other?s={subid}', subId: 'other' }),
      disabled: await createPostback(a, { url: 'https://tracker.example/off?c={click_id}', enabled: false }),
      combined: await createPostback(a, {
        url: 'https://tracker.example/combined?p={payout}',
        offers: [offerX.offerId],
        goalId: registration,
        subId: 'news',
      }),
      otherPartner: await createPostback(b, { url: 'https://tracker.example/b?c={click_id}' }),
    };
  });

  it('fires exactly the global, offer, goal and sub-ID matches, with every macro expanded', async () => {
    const clickId = await clickOn(offerX.offerId, a.partnerId, '&subid=news&tc1=a%20b&tc2=%26x%3D1&tc4=z');
    const result = await convert({
      click_id: clickId,
      goal: 'registration',
      transaction_id: 'T 1',
      token: offerX.token,
    });
    expect(result).toMatchObject({ status: 'approved', duplicate: false });

    const rows = await deliveriesOf(result.conversionId);
    expect(rows.map((row) => row.postbackId).sort((x, y) => x - y)).toEqual(
      [ids.global!, ids.offerX!, ids.bothOffers!, ids.registration!, ids.subNews!, ids.combined!].sort((x, y) => x - y),
    );
    for (const row of rows) {
      expect(row).toMatchObject({
        partnerId: a.partnerId,
        conversionStatus: 'approved',
        status: 'pending',
        attempts: 0,
        test: false,
      });
      expect(row.deliveryId).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(clock.now().getTime());
    }

    const global = rows.find((row) => row.postbackId === ids.global)!;
    const url = new URL(global.url);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      cid: clickId,
      conv: String(result.conversionId),
      tx: 'T 1',
      o: String(offerX.offerId),
      g: 'registration',
      p: '12.50',
      c: 'EUR',
      s: 'approved',
      sub: 'news',
      t1: 'a b',
      t2: '&x=1',
      t3: '',
      t4: 'z',
      ts: String(Math.floor(clock.now().getTime() / 1000)),
    });
    // Values are URL-encoded into the template: a tracker value cannot add parameters.
    expect(global.url).toContain('&t2=%26x%3D1&');
    expect(rows.find((row) => row.postbackId === ids.combined)!.url).toBe('https://tracker.example/combined?p=12.50');
    expect(rows.find((row) => row.postbackId === ids.registration)!.url).toBe(
      'https://tracker.example/reg?g=registration',
    );
  });

  it('fires the sale goal’s postback with a percentage payout in major units, and not the registration one', async () => {
    const clickId = await clickOn(offerY.offerId, a.partnerId);
    const result = await convert({ click_id: clickId, goal: 'sale', amount: '49.90', token: offerY.token });
    expect(result).toMatchObject({ status: 'approved' });
    const rows = await deliveriesOf(result.conversionId);
    expect(rows.map((row) => row.postbackId).sort((x, y) => x - y)).toEqual(
      [ids.global!, ids.offerY!, ids.bothOffers!, ids.sale!].sort((x, y) => x - y),
    );
    // 12.5 % of 49.90 = 6.2375, paid 624 minor units.
    expect(new URL(rows.find((row) => row.postbackId === ids.global)!.url).searchParams.get('p')).toBe('6.24');
    expect(rows.find((row) => row.postbackId === ids.sale)!.url).toBe('https://tracker.example/sale?g=sale');
  });

  it('queues nothing more for a repeated postback, nor for a duplicate under another transaction id', async () => {
    const clickId = await clickOn(offerX.offerId, a.partnerId, '&subid=other');
    const first = await convert({
      click_id: clickId,
      goal: 'registration',
      transaction_id: 'R-1',
      token: offerX.token,
    });
    const queued = await deliveriesOf(first.conversionId);
    expect(queued.map((row) => row.postbackId).sort((x, y) => x - y)).toEqual(
      [ids.global!, ids.offerX!, ids.bothOffers!, ids.registration!, ids.subOther!].sort((x, y) => x - y),
    );
    const before = await deliveryCount(Object.values(ids));

    const repeat = await convert({
      click_id: clickId,
      goal: 'registration',
      transaction_id: 'R-1',
      token: offerX.token,
    });
    expect(repeat).toMatchObject({ conversionId: first.conversionId, duplicate: true });
    const other = await convert({
      click_id: clickId,
      goal: 'registration',
      transaction_id: 'R-2',
      token: offerX.token,
    });
    expect(other).toMatchObject({ status: 'rejected', reason: 'duplicate', duplicate: false });

    expect(await deliveryCount(Object.values(ids))).toBe(before);
    expect(await deliveriesOf(other.conversionId)).toEqual([]);
  });

  it('fires nothing for a rejected conversion', async () => {
    const before = await deliveryCount(Object.values(ids));
    const clickId = await clickOn(offerX.offerId, a.partnerId, '&subid=news');
    const noGoal = await convert({ click_id: clickId, goal: 'install', token: offerX.token });
    expect(noGoal).toMatchObject({ status: 'rejected', reason: 'goal_not_found' });
    await t.database.db.update(offers).set({ enabled: false }).where(eq(offers.id, offerX.offerId));
    try {
      const disabledOffer = await convert({ click_id: clickId, goal: 'registration', token: offerX.token });
      expect(disabledOffer).toMatchObject({ status: 'rejected', reason: 'offer_disabled' });
    } finally {
      await t.database.db.update(offers).set({ enabled: true }).where(eq(offers.id, offerX.offerId));
    }
    expect(await deliveryCount(Object.values(ids))).toBe(before);
  });

  it('fires a pending conversion with {status} = pending', async () => {
    const registration = await goalId('registration');
    await t.database.db
      .update(offerGoals)
      .set({ manualValidation: true })
      .where(and(eq(offerGoals.offerId, offerY.offerId), eq(offerGoals.goalId, registration)));
    const clickId = await clickOn(offerY.offerId, a.partnerId);
    const result = await convert({ click_id: clickId, goal: 'registration', token: offerY.token });
    expect(result).toMatchObject({ status: 'pending' });
    const rows = await deliveriesOf(result.conversionId);
    expect(rows.map((row) => row.postbackId).sort((x, y) => x - y)).toEqual(
      [ids.global!, ids.offerY!, ids.bothOffers!, ids.registration!].sort((x, y) => x - y),
    );
    for (const row of rows) expect(row.conversionStatus).toBe('pending');
    expect(new URL(rows.find((row) => row.postbackId === ids.global)!.url).searchParams.get('s')).toBe('pending');
  });

  it('stops firing a postback once disabled, and fires one enabled again', async () => {
    const off = await callEndpoint(
      t.app,
      postbacksEndpoints.update,
      { params: { id: ids.global! }, body: { enabled: false } },
      a.token,
    );
    expectOk(off);
    const on = await callEndpoint(
      t.app,
      postbacksEndpoints.update,
      { params: { id: ids.disabled! }, body: { enabled: true } },
      a.token,
    );
    expectOk(on);
    const clickId = await clickOn(offerX.offerId, a.partnerId);
    const result = await convert({ click_id: clickId, goal: 'registration', token: offerX.token });
    const fired = (await deliveriesOf(result.conversionId)).map((row) => row.postbackId);
    expect(fired).toContain(ids.disabled);
    expect(fired).not.toContain(ids.global);
  });

  it('never fires another partner’s postbacks', async () => {
    expect(await deliveryCount([ids.otherPartner!])).toBe(0);
  });
});

describe('the macros a tracker asks for (issue 47)', () => {
  it('fills {country}, {ip}, {sale_amount}, {currency} and {goal_name}', async () => {
    const c = await partner();
    const offer = await offerWithToken('Enqueue macros');
    const [sale] = await t.database.db.select().from(goals).where(eq(goals.identifier, 'sale'));
    await createPostback(c, {
      url: 'https://tracker.example/m?co={country}&ip={ip}&amt={sale_amount}&cur={currency}&gn={goal_name}',
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/click?offer_id=${offer.offerId}&aff_id=${c.partnerId}`,
      remoteAddress: '90.84.0.1',
    });
    expect(res.statusCode).toBe(302);
    const clickId = new URL(res.headers.location as string).searchParams.get('cid')!;
    await t.app.tracking.buffer.flush();
    const result = await convert({ click_id: clickId, goal: 'sale', amount: '49.90', token: offer.token });
    const [row] = await deliveriesOf(result.conversionId);
    expect(Object.fromEntries(new URL(row!.url).searchParams)).toEqual({
      co: 'FR',
      ip: '90.84.0.1',
      amt: '49.90',
      cur: 'EUR',
      gn: sale!.name,
    });
  });
});
