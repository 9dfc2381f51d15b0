import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advertisersEndpoints,
  offersEndpoints,
  staffOffersEndpoints,
  type EndpointDefinition,
} from '@portal/contracts';
import { advertiserPostbacks, advertisers, auditLog, conversions, offers } from '../src/db/schema.js';
import { PostbackLogPruner } from '../src/modules/conversions/index.js';
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
import { createOffer } from './offer-fixtures.js';
import { goalsWithoutFloor } from './conversion-fixtures.js';

/** Decision 041: advertisers and products managed by admins, token rotation, the postback log. */
describe('advertisers and products (decision 041)', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-07-01T08:00:00Z'));
  let admin: string;
  const HOUR = 3600 * 1000;

  /** One endpoint through its contract, as the admin. */
  const call = <E extends EndpointDefinition>(endpoint: E, input: CallInput<E>) =>
    callEndpoint(t.app, endpoint, input, admin);
  const postback = (params: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/postback?${new URLSearchParams(params).toString()}` });
  const clickOn = (offerId: number, partnerId: number) =>
    t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partnerId}` });
  const clickIdOf = (res: { headers: Record<string, unknown> }) =>
    new URL(res.headers.location as string).searchParams.get('cid')!;

  /** An advertiser and product made through the API, and an offer of that product. */
  async function advertiserWithOffer(name = `Adv ${Math.random().toString(36).slice(2, 8)}`) {
    const created = await call(advertisersEndpoints.create, {
      body: {
        name,
        contactEmail: 'ops@adv.example',
        currency: 'EUR',
      },
    });
    expectOk(created);
    const advertiser = okBody(created).data;
    const product = await call(advertisersEndpoints.createProduct, {
      params: { id: advertiser.id },
      body: {
        identifier: `p-${advertiser.id}`,
        type: 'web',
        domain: 'Shop.Example.com',
      },
    });
    expectOk(product);
    const offerId = await createOffer(t, {
      name: `${name} offer`,
      goals: [{ goal: 'registration', p1: { amount: 300 } }],
    });
    await t.database.db
      .update(offers)
      .set({ productId: okBody(product).data.id, defaultUrl: 'https://shop.example.com/?cid={click_id}' })
      .where(eq(offers.id, offerId));
    return { advertiser, product: okBody(product).data, offerId };
  }

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now });
    // Postbacks here follow their clicks at once: no floor on these goals (the conversion rules' tests are elsewhere).
    await goalsWithoutFloor(t, ['registration']);
    const a = await createStaff(t, 'ROLE_ADMIN');
    admin = await login(t, a.email, a.password);
  });
  afterAll(async () => t?.close());

  it('creates an advertiser with a fresh token and a postback URL to paste, audited without the token', async () => {
    const { advertiser, product } = await advertiserWithOffer('Acme Ads');
    expect(advertiser).toMatchObject({
      name: 'Acme Ads',
      enabled: true,
      contactEmail: 'ops@adv.example',
      currency: 'EUR',
    });
    expect(advertiser.securityToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(advertiser.postbackUrl).toBe(
      `https://portal.example.test/postback?token=${advertiser.securityToken}&click_id={click_id}&goal={goal}&amount={amount}&transaction_id={transaction_id}`,
    );
    expect(product).toMatchObject({
      identifier: `p-${advertiser.id}`,
      domain: 'shop.example.com',
      enabled: true,
      offerCount: 0,
    });
    // The staff catalogue finds the offer by name, with its advertiser and product.
    const found = okBody(await call(staffOffersEndpoints.list, { query: { q: 'acme ads' } }));
    expect(found.data).toMatchObject([
      { name: 'Acme Ads offer', advertiser: { id: advertiser.id, name: 'Acme Ads' }, product: { id: product.id } },
    ]);
    expectError(await call(staffOffersEndpoints.list, { query: { count: 0 } }), 400);
    const detail = okBody(await call(advertisersEndpoints.get, { params: { id: advertiser.id } })).data;
    expect(detail).toMatchObject({ productCount: 1, offerCount: 1, products: [{ offerCount: 1 }] });
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'advertiser'));
    const created = entries.find((e) => e.entityId === String(advertiser.id))!;
    expect(created.changes).toContainEqual({ field: 'securityToken', before: null, after: '[changed]' });
    expect(JSON.stringify(entries)).not.toContain(advertiser.securityToken);
  });

  it('refuses bad input field by field and writes nothing', async () => {
    const before = await t.database.db.select().from(advertisers);
    for (const [payload, field] of [
      [{ name: '' }, 'name'],
      [{ name: 'X', contactEmail: 'nope' }, 'contactEmail'],
      [{ name: 'X', currency: 'XXX' }, 'currency'],
      [{ name: 'X', securityToken: 'mine' }, 'securityToken'],
    ] as const) {
      const res = await call(advertisersEndpoints.create, { body: invalid(payload) });
      expectError(res, 400);
      expect(Object.keys(res.body.errors ?? {})).toContain(field);
    }
    expect(await t.database.db.select().from(advertisers)).toHaveLength(before.length);
    const { advertiser } = await advertiserWithOffer();
    for (const [payload, field, status] of [
      [{ identifier: 'Bad Id', type: 'web', domain: 'a.example' }, 'identifier', 400],
      [{ identifier: 'ok', type: 'tv', domain: 'a.example' }, 'type', 400],
      [{ identifier: 'ok', type: 'web', domain: 'https://a.example/x' }, 'domain', 400],
      [{ identifier: 'ok', type: 'web', domain: 'a.example', logoId: 99999999 }, 'logoId', 400],
      [{ identifier: `p-${advertiser.id}`, type: 'web', domain: 'a.example' }, 'identifier', 409],
    ] as const) {
      const res = await call(advertisersEndpoints.createProduct, {
        params: { id: advertiser.id },
        body: invalid(payload),
      });
      expectError(res, status);
      expect(Object.keys(res.body.errors ?? {})).toContain(field);
    }
    expectError(
      await call(advertisersEndpoints.createProduct, {
        params: { id: 99999999 },
        body: { identifier: 'x', type: 'web', domain: 'a.example' },
      }),
      404,
    );
    expectError(await call(advertisersEndpoints.update, { params: { id: 99999999 }, body: { name: 'X' } }), 404);
  });

  it('logs every postback with its outcome: recorded, duplicate, invalid; a stranger’s token is not logged', async () => {
    const { advertiser, offerId } = await advertiserWithOffer();
    const partner = await createPartner(t);
    const clickId = clickIdOf(await clickOn(offerId, partner.partnerId));
    const token = advertiser.securityToken;
    expect((await postback({ click_id: clickId, goal: 'registration', transaction_id: 'T1', token })).json()).toMatchObject({ status: 'approved' });
    expect((await postback({ click_id: clickId, goal: 'registration', transaction_id: 'T1', token })).json()).toMatchObject({ duplicate: true });
    expectErrorObject(await postback({ click_id: clickId, token }), 400);
    expectErrorObject(await postback({ click_id: clickId, goal: 'registration', token: 'x'.repeat(43) }), 403);
    const log = await call(advertisersEndpoints.postbacks, { params: { id: advertiser.id } });
    expect(okBody(log).total).toBe(3);
    const [invalid, duplicate, recorded] = okBody(log).data;
    expect(invalid).toMatchObject({ outcome: 'invalid', reason: 'goal: This field is required.', conversionId: null });
    expect(duplicate).toMatchObject({ outcome: 'recorded', status: 'approved', duplicate: true });
    expect(recorded).toMatchObject({ outcome: 'recorded', status: 'approved', duplicate: false, params: { click_id: clickId, goal: 'registration', transaction_id: 'T1', token: `…${token.slice(-4)}` } });
    expect(JSON.stringify(okBody(log))).not.toContain(token);
    const onlyInvalid = await call(advertisersEndpoints.postbacks, { params: { id: advertiser.id }, query: { outcome: 'invalid' } });
    expect(okBody(onlyInvalid).data).toHaveLength(1);
    expect(okBody(await call(advertisersEndpoints.list, {})).data.find((a: { id: number }) => a.id === advertiser.id)).toMatchObject({
      lastPostbackAt: clock.now().toISOString(),
    });
  }); // prettier-ignore

  it('rotates the token: the old one works through its grace period, then is refused and logged', async () => {
    const { advertiser, offerId } = await advertiserWithOffer();
    const partner = await createPartner(t);
    const old = advertiser.securityToken;
    const rotated = await call(advertisersEndpoints.rotateToken, { params: { id: advertiser.id }, body: { graceHours: 2 } });
    expectOk(rotated);
    const fresh = okBody(rotated).data.securityToken;
    expect(fresh).not.toBe(old);
    expect(okBody(rotated).data.previousTokenExpiresAt).toBe(new Date(clock.now().getTime() + 2 * HOUR).toISOString());
    const first = clickIdOf(await clickOn(offerId, partner.partnerId));
    expect((await postback({ click_id: first, goal: 'registration', token: old })).json()).toMatchObject({ status: 'approved' });
    clock.advance(2 * HOUR);
    const second = clickIdOf(await clickOn(offerId, partner.partnerId));
    expectErrorObject(await postback({ click_id: second, goal: 'registration', token: old }), 403);
    expect((await postback({ click_id: second, goal: 'registration', token: fresh })).json()).toMatchObject({ status: 'approved' });
    const log = okBody(await call(advertisersEndpoints.postbacks, { params: { id: advertiser.id }, query: { outcome: 'wrong_token' } }));
    expect(log.data).toMatchObject([{ outcome: 'wrong_token', reason: 'The security token is no longer valid.' }]);
    // Revoked at once: no grace.
    await call(advertisersEndpoints.rotateToken, { params: { id: advertiser.id }, body: { graceHours: 0 } });
    expectErrorObject(await postback({ click_id: second, goal: 'registration', transaction_id: 'again', token: fresh }), 403);
    expectError(await call(advertisersEndpoints.rotateToken, { params: { id: advertiser.id }, body: { graceHours: 721 } }), 400);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'rotate_token'));
    expect(audit.filter((e) => e.entityId === String(advertiser.id))).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain(old);
  }); // prettier-ignore

  it('answers a test postback without writing a conversion, and logs it as a test', async () => {
    const { advertiser, offerId } = await advertiserWithOffer();
    const partner = await createPartner(t);
    const clickId = clickIdOf(await clickOn(offerId, partner.partnerId));
    const test = await call(advertisersEndpoints.testPostback, { params: { id: advertiser.id }, body: { click_id: clickId, goal: 'registration' } });
    expect(okBody(test).data).toEqual({ status: 'approved', reason: null, payout: 300, currency: 'EUR', duplicate: false, goalCode: 'registration' });
    const unknown = await call(advertisersEndpoints.testPostback, { params: { id: advertiser.id }, body: { click_id: 'nope', goal: 'registration' } });
    expect(okBody(unknown).data).toMatchObject({ status: 'rejected', reason: 'unknown_click' });
    expect(await t.database.db.select().from(conversions).where(eq(conversions.clickId, clickId))).toEqual([]);
    const log = okBody(await call(advertisersEndpoints.postbacks, { params: { id: advertiser.id }, query: { outcome: 'test' } }));
    expect(log.total).toBe(2);
  }); // prettier-ignore

  it('disabling an advertiser or a product hides its offers and refuses new clicks; earlier clicks still convert', async () => {
    const { advertiser, product, offerId } = await advertiserWithOffer();
    const early = await createPartner(t);
    const clickId = clickIdOf(await clickOn(offerId, early.partnerId));
    const partnerToken = await login(t, early.email, early.password);
    const visible = async () =>
      (await callEndpoint(t.app, offersEndpoints.get, { params: { id: offerId } }, partnerToken)).status;
    expect(await visible()).toBe(200);

    const disabled = await call(advertisersEndpoints.update, { params: { id: advertiser.id }, body: { enabled: false } });
    expect(okBody(disabled).data.enabled).toBe(false);
    expect(await visible()).toBe(404);
    const late = await createPartner(t);
    const refused = await clickOn(offerId, late.partnerId);
    expect(refused.statusCode).toBe(404);
    // The advertiser still reports the conversion of the click made before.
    expect((await postback({ click_id: clickId, goal: 'registration', token: advertiser.securityToken })).json()).toMatchObject({ status: 'approved' });

    await call(advertisersEndpoints.update, { params: { id: advertiser.id }, body: { enabled: true } });
    expect(await visible()).toBe(200);
    const product2 = await call(advertisersEndpoints.updateProduct, { params: { id: product.id }, body: { enabled: false } });
    expect(okBody(product2).data).toMatchObject({ enabled: false, offerCount: 1 });
    expect(await visible()).toBe(404);
    const third = await createPartner(t);
    expect((await clickOn(offerId, third.partnerId)).statusCode).toBe(404);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'product'));
    expect(entries.find((e) => e.action === 'update' && e.entityId === String(product.id))?.changes).toEqual([
      { field: 'enabled', before: true, after: false },
    ]);
  }); // prettier-ignore

  it('keeps the postback log for the retention only: older entries are pruned, the conversions stay', async () => {
    const { advertiser } = await advertiserWithOffer('Pruned Ads');
    const at = (days: number) => new Date(clock.now().getTime() - days * 24 * HOUR);
    await t.database.db.insert(advertiserPostbacks).values(
      [1, 89, 91, 400].map((days) => ({ advertiserId: advertiser.id, outcome: 'invalid', reason: `${days} days`, params: {}, createdAt: at(days) })),
    ); // prettier-ignore
    expect(await new PostbackLogPruner(t.database.db, 90, clock.now).drain()).toBe(2);
    const log = await call(advertisersEndpoints.postbacks, { params: { id: advertiser.id } });
    expect(okBody(log).data.map((e) => e.reason)).toEqual(['1 days', '89 days']);
  });
});
