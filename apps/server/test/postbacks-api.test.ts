/**
 * The partner postbacks API (decision 019): create, list, edit, delete with per-field validation, the Stats view, the Test
 * action, manual re-send and the signing secret; and partner B can do nothing with partner A's postbacks.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_POSTBACKS_PER_PARTNER,
  POSTBACK_DELIVERY_HEADER,
  POSTBACK_SAMPLE_VALUES,
  POSTBACK_SIGNATURE_HEADER,
  POSTBACK_TIMESTAMP_HEADER,
  apiKeysEndpoints,
  expandPostbackUrl,
  formErrorText,
  postbacksEndpoints,
  type EndpointDefinition,
} from '@portal/contracts';
import { goals, offers, postbackDeliveries, postbackOffers, postbacks } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  expectError,
  expectOk,
  invalid,
  login,
  okBody,
  type CallInput,
  testClock,
  type TestApp,
} from './helper.js';
import {
  createApplication,
  createOffer,
  setAllOffersAccess,
  type OfferSpec,
  advertiserTokenOf,
} from './offer-fixtures.js';
import { goalsWithoutFloor } from './conversion-fixtures.js';

// ------------------------------------------------------------------ a receiver the postbacks can reach

type Received = { url: string; headers: http.IncomingHttpHeaders };

/** A loopback HTTP receiver answering the queued statuses in turn (then 200), recording every request. */
async function startReceiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server = http.createServer((req, res) => {
    received.push({ url: req.url ?? '', headers: req.headers });
    const status = statuses.shift() ?? 200;
    res.writeHead(status, { 'content-type': 'text/plain' });
    res.end(status < 300 ? 'OK received' : `status ${status}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    answer: (...list: number[]) => statuses.push(...list),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const clock = testClock(new Date('2026-05-04T09:30:00Z'));

beforeAll(async () => {
  receiver = await startReceiver();
  t = await buildTestApp({ now: clock.now, clickFlushIntervalMs: 600_000, postbackAllowLoopback: true });
  await goalsWithoutFloor(t, ['registration']); // the conversion rules are on (decision 109)
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

type Partner = Awaited<ReturnType<typeof createPartner>> & { token: string };

async function partner(): Promise<Partner> {
  const created = await createPartner(t);
  return { ...created, token: await login(t, created.email, created.password) };
}

/** One endpoint through its contract, as `who`. */
const api = <E extends EndpointDefinition>(who: { token: string }, endpoint: E, input: CallInput<E>) =>
  callEndpoint(t.app, endpoint, input, who.token);

async function goalId(identifier: string): Promise<number> {
  const [row] = await t.database.db.select({ id: goals.id }).from(goals).where(eq(goals.identifier, identifier));
  return row!.id;
}

async function offerToken(offerId: number): Promise<string> {
  const token = await advertiserTokenOf(t, offerId);
  return token;
}

/** A real conversion through /click and /postback; answers its id. */
async function conversionFor(offerId: number, partnerId: number, transactionId: string): Promise<number> {
  const click = await t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partnerId}` });
  expect(click.statusCode).toBe(302);
  const clickId = new URL(click.headers.location as string).searchParams.get('cid')!;
  const token = await offerToken(offerId);
  const res = await t.app.inject({
    method: 'GET',
    url: `/postback?click_id=${clickId}&goal=registration&transaction_id=${transactionId}&token=${token}`,
  });
  expect(res.json()).toMatchObject({ status: 'approved', duplicate: false });
  return res.json().conversionId as number;
}

async function deliveryOf(postbackId: number, conversionId: number) {
  const rows = await t.database.db
    .select()
    .from(postbackDeliveries)
    .where(eq(postbackDeliveries.postbackId, postbackId));
  const row = rows.find((r) => r.conversionId === conversionId);
  expect(row).toBeDefined();
  return row!;
}

async function newOffer(name: string, spec: Partial<OfferSpec>) {
  const offerId = await createOffer(t, {
    name,
    goals: [{ goal: 'registration', p1: { amount: 1250 } }],
    ...spec,
  });
  await t.database.db
    .update(offers)
    .set({ defaultUrl: 'https://shop.example.com/?cid={click_id}' })
    .where(eq(offers.id, offerId));
  return offerId;
}

// ------------------------------------------------------------------ create, list, read

describe('create, list and read', () => {
  let a: Partner;
  let offerId: number;
  let registration: number;

  beforeAll(async () => {
    a = await partner();
    offerId = await newOffer('Api Public', {});
    registration = await goalId('registration');
  });

  it('creates a global postback and one bound to an offer and a goal; lists them newest first', async () => {
    const global = await api(a, postbacksEndpoints.create, {
      body: { url: 'https://tracker.example/g?cid={click_id}' },
    });
    expectOk(global);
    expect(global.body).toMatchObject({ code: 200, success: true, errors: null });
    expect(global.body.data).toMatchObject({
      name: null,
      partnerId: a.partnerId,
      subId: null,
      goalId: null,
      goal: null,
      url: 'https://tracker.example/g?cid={click_id}',
      enabled: true,
      disabledReason: null,
      count: 0,
      offers: [],
      createdAt: clock.now().toISOString(),
    });

    clock.advance(1000);
    const bound = await api(a, postbacksEndpoints.create, {
      body: {
        name: '  Sign-ups  ',
        url: 'https://tracker.example/r?c={click_id}&p={payout}',
        goalId: registration,
        offers: [offerId],
        subId: 'news',
        enabled: false,
      },
    });
    expectOk(bound);
    expect(bound.body.data).toMatchObject({
      name: 'Sign-ups',
      subId: 'news',
      goalId: registration,
      goal: { id: registration, identifier: 'registration', name: expect.any(String) },
      offers: [{ id: offerId, name: 'Api Public' }],
      enabled: false,
    });

    const list = await api(a, postbacksEndpoints.list, { query: { groups: 'goal,offers' } });
    expectOk(list);
    expect(list.body.total).toBe(2);
    const [first, second] = list.body.data;
    expect(first).toMatchObject({ id: bound.body.data.id, goal: { identifier: 'registration' } });
    expect(first!.offers).toEqual([{ id: offerId, name: 'Api Public' }]);
    expect(second).toMatchObject({ id: global.body.data.id, goal: null, offers: [] });

    const bare = await api(a, postbacksEndpoints.list, {});
    expect(okBody(bare).data[0]).not.toHaveProperty('goal');
    expect(okBody(bare).data[0]).not.toHaveProperty('offers');
    const goalOnly = await api(a, postbacksEndpoints.list, { query: { groups: 'goal' } });
    expect(okBody(goalOnly).data[0]).toHaveProperty('goal');
    expect(okBody(goalOnly).data[0]).not.toHaveProperty('offers');
    expectError(await api(a, postbacksEndpoints.list, { query: { groups: 'product' } }), 400);

    const detail = await api(a, postbacksEndpoints.get, { params: { id: bound.body.data.id } });
    expectOk(detail);
    expect(detail.body.data).toEqual(first);
  });

  it('names each bad URL with its rule and writes nothing', async () => {
    const before = okBody(await api(a, postbacksEndpoints.list, {})).total as number;
    const cases: [string, string, Record<string, string>?][] = [
      ['https://tracker.example/?c={clickid}', 'unknownMacro', { macros: 'clickid' }],
      ['https://tracker.example/?c={click_id}&x={}', 'unknownMacro', { macros: '' }],
      ['not a url', 'url'],
      ['ftp://tracker.example/pb?c={click_id}', 'url'],
      ['javascript:alert(1)', 'url'],
      ['https://user:secret@tracker.example/?c={click_id}', 'urlCredentials'],
      ['', 'required'],
      [`https://tracker.example/?x=${'a'.repeat(2100)}`, 'maxLength'],
    ];
    for (const [url, rule, params] of cases) {
      const res = await api(a, postbacksEndpoints.create, { body: { url } });
      expectError(res, 400);
      expect(Object.keys(res.body.errors ?? {}), url).toEqual(['url']);
      if (rule !== 'maxLength') expect(res.body.errors?.url, url).toBe(formErrorText(rule, params));
    }
    expect(okBody(await api(a, postbacksEndpoints.list, {})).total).toBe(before);
  });

  it('refuses an unknown goal, offers the partner cannot run, and unknown fields, per field', async () => {
    const before = okBody(await api(a, postbacksEndpoints.list, {})).total as number;
    const privateOffer = await newOffer('Api Private', { private: true });
    const needsApproval = await newOffer('Api Approval Pending', { requireApproval: true });
    await createApplication(t, a.partnerId, needsApproval, 'pending');
    const approved = await newOffer('Api Approval Active', { requireApproval: true });
    await createApplication(t, a.partnerId, approved, 'active');
    const disabled = await newOffer('Api Disabled', { enabled: false });

    const goal = await api(a, postbacksEndpoints.create, {
      body: { url: 'https://tracker.example/', goalId: 2_000_000 },
    });
    expectError(goal, 400);
    expect(Object.keys(goal.body.errors ?? {})).toEqual(['goalId']);

    const bad = await api(a, postbacksEndpoints.create, {
      body: {
        url: 'https://tracker.example/',
        offers: [offerId, privateOffer, needsApproval, approved, disabled, 2_000_000],
      },
    });
    expectError(bad, 400);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['offers.1', 'offers.2', 'offers.4', 'offers.5']);

    const unknownField = await api(a, postbacksEndpoints.create, {
      body: invalid({ url: 'https://tracker.example/', partnerId: 1 }),
    });
    expectError(unknownField, 400);
    expect(unknownField.body.errors).toEqual({ partnerId: formErrorText('unknownField') });

    const badType = await api(a, postbacksEndpoints.create, {
      body: invalid({ url: 'https://tracker.example/', offers: ['x'] }),
    });
    expectError(badType, 400);
    expect(Object.keys(badType.body.errors ?? {})).toEqual(['offers.0']);

    expect(okBody(await api(a, postbacksEndpoints.list, {})).total).toBe(before);

    // The same offers are fine for a partner who may run them: an active application to the private one.
    const b = await partner();
    await createApplication(t, b.partnerId, privateOffer, 'active');
    const ok = await api(b, postbacksEndpoints.create, {
      body: { url: 'https://tracker.example/', offers: [privateOffer, approved] },
    });
    expectError(ok, 400);
    expect(Object.keys(ok.body.errors ?? {})).toEqual(['offers.1']);
    await createApplication(t, b.partnerId, approved, 'active');
    const allowed = await api(b, postbacksEndpoints.create, {
      body: {
        url: 'https://tracker.example/',
        offers: [privateOffer, approved, approved],
      },
    });
    expectOk(allowed);
    expect(allowed.body.data.offers!.map((o) => o.id).sort()).toEqual([privateOffer, approved].sort());
  });

  it('refuses a public offer to a partner without access to every offer until it applies', async () => {
    const c = await partner();
    await setAllOffersAccess(t, c.partnerId, false);
    const refused = await api(c, postbacksEndpoints.create, {
      body: { url: 'https://tracker.example/', offers: [offerId] },
    });
    expectError(refused, 400);
    expect(Object.keys(refused.body.errors ?? {})).toEqual(['offers.0']);
    await createApplication(t, c.partnerId, offerId, 'pending');
    expect(
      (await api(c, postbacksEndpoints.create, { body: { url: 'https://tracker.example/', offers: [offerId] } }))
        .status,
    ).toBe(200);
  });

  it(`holds at most ${MAX_POSTBACKS_PER_PARTNER} postbacks per partner`, async () => {
    const d = await partner();
    await t.database.db.insert(postbacks).values(
      Array.from({ length: MAX_POSTBACKS_PER_PARTNER }, (_, i) => ({
        partnerId: d.partnerId,
        url: `https://tracker.example/${i}`,
      })),
    );
    expectError(await api(d, postbacksEndpoints.create, { body: { url: 'https://tracker.example/one-more' } }), 409);
    const [first] = okBody(await api(d, postbacksEndpoints.list, {})).data as { id: number }[];
    expect((await api(d, postbacksEndpoints.delete, { params: { id: first!.id } })).status).toBe(200);
    expect(
      (await api(d, postbacksEndpoints.create, { body: { url: 'https://tracker.example/one-more' } })).status,
    ).toBe(200);
  });

  it('takes partner sessions only: no token 401, staff 403, an API key 403', async () => {
    expectError(await callEndpoint(t.app, postbacksEndpoints.list, {}, null), 401);
    const staff = await createStaff(t, 'ROLE_ADMIN');
    const staffToken = await login(t, staff.email, staff.password);
    expectError(await api({ token: staffToken }, postbacksEndpoints.list, {}), 403);
    const key = await api(a, apiKeysEndpoints.create, { body: { name: 'reports' } });
    expectOk(key);
    const apiKey = { token: key.body.data.key as string };
    expectError(await api(apiKey, postbacksEndpoints.list, {}), 403);
    expectError(await api(apiKey, postbacksEndpoints.secret, {}), 403);
  });
});

// ------------------------------------------------------------------ edit and delete

describe('edit and delete', () => {
  let a: Partner;
  let offerOne: number;
  let offerTwo: number;

  beforeAll(async () => {
    a = await partner();
    offerOne = await newOffer('Edit One', {});
    offerTwo = await newOffer('Edit Two', {});
  });

  it('changes only the fields sent, replaces the offer set, and keeps it on a refused change', async () => {
    const created = await api(a, postbacksEndpoints.create, {
      body: {
        name: 'Mine',
        url: 'https://tracker.example/a',
        offers: [offerOne],
        subId: 'news',
      },
    });
    const id = okBody(created).data.id as number;
    clock.advance(60_000);

    const renamed = await api(a, postbacksEndpoints.update, {
      params: { id },
      body: { url: 'https://tracker.example/b?t={timestamp}' },
    });
    expectOk(renamed);
    expect(renamed.body.data).toMatchObject({
      name: 'Mine',
      url: 'https://tracker.example/b?t={timestamp}',
      subId: 'news',
      offers: [{ id: offerOne }],
      updatedAt: clock.now().toISOString(),
    });
    expect(renamed.body.data.createdAt).not.toBe(renamed.body.data.updatedAt);

    const swapped = await api(a, postbacksEndpoints.update, {
      params: { id },
      body: { offers: [offerTwo], subId: null, name: null },
    });
    expect(okBody(swapped).data).toMatchObject({ name: null, subId: null, offers: [{ id: offerTwo }] });
    const links = await t.database.db.select().from(postbackOffers).where(eq(postbackOffers.postbackId, id));
    expect(links.map((l) => l.offerId)).toEqual([offerTwo]);

    const refused = await api(a, postbacksEndpoints.update, {
      params: { id },
      body: { offers: [offerOne, 2_000_000], url: 'https://x.example' },
    });
    expectError(refused, 400);
    expect(Object.keys(refused.body.errors ?? {})).toEqual(['offers.1']);
    const badUrl = await api(a, postbacksEndpoints.update, {
      params: { id },
      body: { url: 'https://x.example/{nope}' },
    });
    expectError(badUrl, 400);
    expect(badUrl.body.errors).toEqual({ url: formErrorText('unknownMacro', { macros: 'nope' }) });
    const unchanged = okBody(await api(a, postbacksEndpoints.get, { params: { id } })).data;
    expect(unchanged).toMatchObject({ url: 'https://tracker.example/b?t={timestamp}', offers: [{ id: offerTwo }] });

    const global = await api(a, postbacksEndpoints.update, { params: { id }, body: { offers: [] } });
    expect(okBody(global).data.offers).toEqual([]);
  });

  it('enabling a postback the server disabled clears the reason', async () => {
    const created = await api(a, postbacksEndpoints.create, { body: { url: 'https://tracker.example/gone' } });
    const id = okBody(created).data.id as number;
    await t.database.db.update(postbacks).set({ enabled: false, disabledReason: 'gone' }).where(eq(postbacks.id, id));
    expect(okBody(await api(a, postbacksEndpoints.get, { params: { id } })).data).toMatchObject({
      enabled: false,
      disabledReason: 'gone',
    });
    const enabled = await api(a, postbacksEndpoints.update, { params: { id }, body: { enabled: true } });
    expect(okBody(enabled).data).toMatchObject({ enabled: true, disabledReason: null });
    const disabled = await api(a, postbacksEndpoints.update, { params: { id }, body: { enabled: false } });
    expect(okBody(disabled).data).toMatchObject({ enabled: false, disabledReason: null });
  });

  it('deletes a postback with its offers and deliveries', async () => {
    const created = await api(a, postbacksEndpoints.create, {
      body: { url: 'https://tracker.example/del', offers: [offerOne] },
    });
    const id = okBody(created).data.id as number;
    await conversionFor(offerOne, a.partnerId, `DEL-${id}`);
    expect(
      await t.database.db.select().from(postbackDeliveries).where(eq(postbackDeliveries.postbackId, id)),
    ).toHaveLength(1);
    const res = await api(a, postbacksEndpoints.delete, { params: { id } });
    expectOk(res);
    expect(res.body).toMatchObject({ success: true, data: null });
    expectError(await api(a, postbacksEndpoints.get, { params: { id } }), 404);
    expectError(await api(a, postbacksEndpoints.delete, { params: { id } }), 404);
    expect(await t.database.db.select().from(postbackOffers).where(eq(postbackOffers.postbackId, id))).toEqual([]);
    expect(await t.database.db.select().from(postbackDeliveries).where(eq(postbackDeliveries.postbackId, id))).toEqual(
      [],
    );
  });

  it('answers 400 for a malformed id and 404 for one that does not exist', async () => {
    expectError(await api(a, postbacksEndpoints.get, { params: { id: invalid('abc') } }), 400);
    expectError(await api(a, postbacksEndpoints.get, { params: { id: invalid('99999999999') } }), 400);
    expectError(await api(a, postbacksEndpoints.get, { params: { id: 2000000000 } }), 404);
  });
});

// ------------------------------------------------------------------ stats, test, re-send, secret

describe('statistics, Test, re-send and the signing secret', () => {
  let a: Partner;
  let offerId: number;

  beforeAll(async () => {
    a = await partner();
    offerId = await newOffer('Stats Offer', {});
  });

  it('counts deliveries and lists every attempt newest first, URLs masked', async () => {
    const created = await api(a, postbacksEndpoints.create, {
      body: {
        url: `${receiver.base}/stats?cid={click_id}&token=abc123&p={payout}`,
        offers: [offerId],
      },
    });
    const id = okBody(created).data.id as number;
    const empty = await api(a, postbacksEndpoints.stats, { params: { id } });
    expect(okBody(empty).data).toEqual({
      sent: 0,
      succeeded: 0,
      failed: 0,
      pending: 0,
      attempts: [],
      attemptsTotal: 0,
    });

    const first = await conversionFor(offerId, a.partnerId, `S-1-${id}`);
    const second = await conversionFor(offerId, a.partnerId, `S-2-${id}`);
    const queued = await api(a, postbacksEndpoints.stats, { params: { id } });
    expect(okBody(queued).data).toMatchObject({ sent: 0, succeeded: 0, failed: 0, pending: 2, attemptsTotal: 0 });

    // The first: 500 (retry later), then 200. The second: 410, given up and the postback disabled.
    const one = await deliveryOf(id, first);
    const two = await deliveryOf(id, second);
    receiver.answer(500);
    await t.app.postbackWorker.attempt(one.id);
    clock.advance(1000);
    receiver.answer(200);
    await t.app.postbackWorker.attempt(one.id);
    clock.advance(1000);
    receiver.answer(410);
    await t.app.postbackWorker.attempt(two.id);

    const stats = await api(a, postbacksEndpoints.stats, { params: { id }, query: { page: 1, count: 2 } });
    expectOk(stats);
    expect(stats.body.total).toBe(3);
    const data = stats.body.data;
    expect(data).toMatchObject({ sent: 3, succeeded: 1, failed: 1, pending: 0, attemptsTotal: 3 });
    expect(data.attempts).toHaveLength(2);
    expect(data.attempts[0]).toMatchObject({
      deliveryId: two.deliveryId,
      conversionId: second,
      test: false,
      httpStatus: 410,
      success: false,
      deliveryStatus: 'failed',
      attemptedAt: clock.now().toISOString(),
    });
    expect(data.attempts[1]).toMatchObject({
      deliveryId: one.deliveryId,
      httpStatus: 200,
      success: true,
      deliveryStatus: 'succeeded',
      responseSnippet: 'OK received',
      error: null,
    });
    expect(data.attempts[1]!.url).toContain('token=••••');
    expect(data.attempts[1]!.url).not.toContain('abc123');
    expect(data.attempts[1]!.url).toContain('p=12.50');
    expect(typeof data.attempts[1]!.durationMs).toBe('number');

    const page2 = await api(a, postbacksEndpoints.stats, { params: { id }, query: { page: 2, count: 2 } });
    expect(okBody(page2).data.attempts).toEqual([
      expect.objectContaining({ deliveryId: one.deliveryId, httpStatus: 500, deliveryStatus: 'pending' }),
    ]);
    expect(okBody(await api(a, postbacksEndpoints.get, { params: { id } })).data).toMatchObject({
      count: 3,
      enabled: false,
      disabledReason: 'gone',
    });
    expectError(await api(a, postbacksEndpoints.stats, { params: { id }, query: { count: 0 } }), 400);
  });

  it('re-sends a failed delivery now with its attempts kept; a delivered one is refused', async () => {
    const created = await api(a, postbacksEndpoints.create, {
      body: { url: `${receiver.base}/resend?c={conversion_id}` },
    });
    const id = okBody(created).data.id as number;
    const conversion = await conversionFor(offerId, a.partnerId, `RS-${id}`);
    const delivery = await deliveryOf(id, conversion);
    receiver.answer(410);
    await t.app.postbackWorker.attempt(delivery.id);
    expect((await deliveryOf(id, conversion)).status).toBe('failed');

    clock.advance(5 * 60_000);
    const res = await api(a, postbacksEndpoints.resendDelivery, { params: { deliveryId: delivery.deliveryId } });
    expectOk(res);
    // Disabled by the 410: it waits until the partner enables the postback again.
    expect(res.body.message).toMatch(/enabled/);
    const again = await deliveryOf(id, conversion);
    expect(again).toMatchObject({ status: 'pending', attempts: 1, deliveryId: delivery.deliveryId });
    expect(again.nextAttemptAt.toISOString()).toBe(clock.now().toISOString());

    expect(
      okBody(await api(a, postbacksEndpoints.update, { params: { id }, body: { enabled: true } })).data.disabledReason,
    ).toBeNull();
    const before = receiver.received.length;
    await t.app.postbackWorker.drain();
    expect(receiver.received.length).toBe(before + 1);
    expect(receiver.received.at(-1)!.url).toBe(`/resend?c=${conversion}`);
    expect(receiver.received.at(-1)!.headers[POSTBACK_DELIVERY_HEADER.toLowerCase()]).toBe(delivery.deliveryId);
    expect(await deliveryOf(id, conversion)).toMatchObject({ status: 'succeeded', attempts: 2 });

    expectError(await api(a, postbacksEndpoints.resendDelivery, { params: { deliveryId: delivery.deliveryId } }), 409);
    expectError(
      await api(a, postbacksEndpoints.resendDelivery, {
        params: { deliveryId: invalid('00000000-0000-4000-8000-000000000000') },
      }),
      404,
    );
    expectError(
      await api(a, postbacksEndpoints.resendDelivery, { params: { deliveryId: invalid('not-a-uuid') } }),
      400,
    );
  });

  it('Test fires the sample values once now, even when disabled, signed with the partner’s secret', async () => {
    const template = `${receiver.base}/test?cid={click_id}&p={payout}&s={status}&key=hidden`;
    const created = await api(a, postbacksEndpoints.create, { body: { url: template, enabled: false } });
    const id = okBody(created).data.id as number;
    const before = receiver.received.length;
    const res = await api(a, postbacksEndpoints.test, { params: { id } });
    expectOk(res);
    expect(res.body.data).toMatchObject({
      conversionId: null,
      test: true,
      httpStatus: 200,
      success: true,
      deliveryStatus: 'succeeded',
      responseSnippet: 'OK received',
      error: null,
    });
    expect(res.body.data.url).toContain('key=••••');
    expect(receiver.received.length).toBe(before + 1);
    const request = receiver.received.at(-1)!;
    const expected = new URL(expandPostbackUrl(template, POSTBACK_SAMPLE_VALUES));
    expect(request.url).toBe(`${expected.pathname}${expected.search}`);
    expect(new URL(request.url, receiver.base).searchParams.get('p')).toBe(POSTBACK_SAMPLE_VALUES.payout);

    // The signature verifies with the secret the partner sees, and not with the one after a rotation.
    const secret = okBody(await api(a, postbacksEndpoints.secret, {})).data.secret as string;
    const sign = (key: string) =>
      createHmac('sha256', key)
        .update(
          `${String(request.headers[POSTBACK_DELIVERY_HEADER.toLowerCase()])}.` +
            `${String(request.headers[POSTBACK_TIMESTAMP_HEADER.toLowerCase()])}.${receiver.base}${request.url}`,
        )
        .digest('hex');
    expect(request.headers[POSTBACK_SIGNATURE_HEADER.toLowerCase()]).toBe(sign(secret));
    const rotated = okBody(await api(a, postbacksEndpoints.rotateSecret, {})).data.secret as string;
    expect(request.headers[POSTBACK_SIGNATURE_HEADER.toLowerCase()]).not.toBe(sign(rotated));

    const stats = okBody(await api(a, postbacksEndpoints.stats, { params: { id } })).data;
    expect(stats).toMatchObject({ sent: 1, succeeded: 1, failed: 0, pending: 0, attemptsTotal: 1 });
    expect(stats.attempts[0]).toMatchObject({ test: true, deliveryId: res.body.data.deliveryId });
    expect(okBody(await api(a, postbacksEndpoints.get, { params: { id } })).data).toMatchObject({
      enabled: false,
      count: 1,
    });
  });

  it('answers a failed Test without retrying it', async () => {
    const created = await api(a, postbacksEndpoints.create, { body: { url: `${receiver.base}/test-fail` } });
    const id = okBody(created).data.id as number;
    receiver.answer(503);
    const res = await api(a, postbacksEndpoints.test, { params: { id } });
    expectOk(res);
    expect(res.body.data).toMatchObject({ httpStatus: 503, success: false, deliveryStatus: 'failed' });
    expect(res.body.message).toMatch(/not delivered/);
  });

  it('limits the Test action to 10 a minute per partner', async () => {
    const e = await partner();
    const created = await api(e, postbacksEndpoints.create, { body: { url: `${receiver.base}/limit` } });
    const id = okBody(created).data.id as number;
    for (let i = 0; i < 10; i += 1)
      expect((await api(e, postbacksEndpoints.test, { params: { id } })).status).toBe(200);
    const limited = await api(e, postbacksEndpoints.test, { params: { id } });
    expectError(limited, 429);
    expect(limited.headers['retry-after']).toBe('60');
    // Another partner is not limited by this one.
    const other = await partner();
    const own = await api(other, postbacksEndpoints.create, { body: { url: `${receiver.base}/limit` } });
    expect((await api(other, postbacksEndpoints.test, { params: { id: okBody(own).data.id } })).status).toBe(200);
    clock.advance(61_000);
    expect((await api(e, postbacksEndpoints.test, { params: { id } })).status).toBe(200);
  });

  it('keeps one signing secret per partner until it is rotated', async () => {
    const f = await partner();
    const first = await api(f, postbacksEndpoints.secret, {});
    expectOk(first);
    const { secret, rotatedAt } = first.body.data as { secret: string; rotatedAt: string };
    expect(secret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(okBody(await api(f, postbacksEndpoints.secret, {})).data).toEqual({ secret, rotatedAt });
    clock.advance(1000);
    const rotated = await api(f, postbacksEndpoints.rotateSecret, {});
    expect(okBody(rotated).data.secret).not.toBe(secret);
    expect(okBody(rotated).data.rotatedAt).toBe(clock.now().toISOString());
    expect(okBody(await api(f, postbacksEndpoints.secret, {})).data.secret).toBe(okBody(rotated).data.secret);
    expect(okBody(await api(a, postbacksEndpoints.secret, {})).data.secret).not.toBe(okBody(rotated).data.secret);
  });
});

// ------------------------------------------------------------------ partner isolation

describe('partner B and partner A’s postbacks', () => {
  it('B can neither see, edit, test, delete, read the stats of, nor re-send A’s postbacks', async () => {
    const a = await partner();
    const b = await partner();
    const offerId = await newOffer('Isolation Offer', {});
    const created = await api(a, postbacksEndpoints.create, { body: { url: `${receiver.base}/iso?c={click_id}` } });
    const id = okBody(created).data.id as number;
    const conversion = await conversionFor(offerId, a.partnerId, `ISO-${id}`);
    const delivery = await deliveryOf(id, conversion);
    receiver.answer(500);
    await t.app.postbackWorker.attempt(delivery.id);
    const sentBefore = receiver.received.length;

    expect(okBody(await api(b, postbacksEndpoints.list, {})).data).toEqual([]);
    expectError(await api(b, postbacksEndpoints.get, { params: { id } }), 404);
    expectError(
      await api(b, postbacksEndpoints.update, { params: { id }, body: { url: 'https://evil.example/' } }),
      404,
    );
    expectError(await api(b, postbacksEndpoints.update, { params: { id }, body: { enabled: false } }), 404);
    expectError(await api(b, postbacksEndpoints.stats, { params: { id } }), 404);
    expectError(await api(b, postbacksEndpoints.test, { params: { id } }), 404);
    expectError(await api(b, postbacksEndpoints.delete, { params: { id } }), 404);
    expectError(await api(b, postbacksEndpoints.resendDelivery, { params: { deliveryId: delivery.deliveryId } }), 404);
    // The answers are those of a postback that never existed.
    const missing = await api(b, postbacksEndpoints.get, { params: { id: 2000000000 } });
    expect((await api(b, postbacksEndpoints.get, { params: { id } })).body).toEqual(missing.body);

    expect(receiver.received.length).toBe(sentBefore);
    expect(okBody(await api(a, postbacksEndpoints.get, { params: { id } })).data).toMatchObject({
      url: `${receiver.base}/iso?c={click_id}`,
      enabled: true,
    });
    const after = await deliveryOf(id, conversion);
    expect(after).toMatchObject({ status: 'pending', attempts: 1 });
    expect(after.nextAttemptAt.getTime()).toBeGreaterThan(clock.now().getTime());
    expect(okBody(await api(a, postbacksEndpoints.stats, { params: { id } })).data.attemptsTotal).toBe(1);
  });
});
