import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountEndpoints,
  apiKeysEndpoints,
  authEndpoints,
  notificationsEndpoints,
  offersEndpoints,
  settingsEndpoints,
} from '@portal/contracts';
import { advertisers, apiKeys, offers, partnerOffers, products, users } from '../src/db/schema.js';
import { sha256 } from '../src/lib/tokens.js';
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
  resetKeyFrom,
  sentMails,
  testClock,
  type TestApp,
} from './helper.js';

describe('reporting API keys', () => {
  let t: TestApp;
  const clock = testClock(new Date('2025-08-04T10:00:00Z'));
  let offerId = 0;
  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now });
    const db = t.database.db;
    const [advertiser] = await db.insert(advertisers).values({ name: 'Acme Ads', securityToken: 'secret' }).returning();
    const [product] = await db
      .insert(products)
      .values({ advertiserId: advertiser!.id, identifier: 'acme-loans', type: 'lead', domain: 'acme.example' })
      .returning();
    const [offer] = await db
      .insert(offers)
      .values({
        name: 'Acme Loans FR',
        productId: product!.id,
        conversionType: 'cpl',
        defaultUrl: 'https://acme.example/lp',
        requireApproval: true,
      })
      .returning();
    offerId = offer!.id;
  });
  afterAll(async () => t?.close());

  const create = (token: string | null, body: { name: string }) =>
    callEndpoint(t.app, apiKeysEndpoints.create, { body }, token);
  const listKeys = (token: string | null) => callEndpoint(t.app, apiKeysEndpoints.list, {}, token);
  const keysOf = async (token: string) => okBody(await listKeys(token));
  const revoke = (token: string | null, id: number) =>
    callEndpoint(t.app, apiKeysEndpoints.revoke, { params: { id } }, token);
  const offerList = (key: string) => callEndpoint(t.app, offersEndpoints.list, {}, key);
  const applicationsOf = (key: string) => callEndpoint(t.app, offersEndpoints.applications, {}, key);

  async function partnerWithKey() {
    const p = await createPartner(t);
    const token = await login(t, p.email, p.password);
    const res = await create(token, { name: 'Reporting script' });
    expectOk(res);
    return { ...p, token, key: res.body.data.key, keyId: res.body.data.id };
  }

  it('creates a key shown once, and keeps only its hash', async () => {
    const p = await createPartner(t);
    const token = await login(t, p.email, p.password);
    expect(await keysOf(token)).toMatchObject({ data: [], total: 0 });

    const res = await create(token, { name: '  Looker Studio  ' });
    expectOk(res);
    const body = res.body;
    expect(body.message).toBe('Your API key has been created. Copy it now: it will not be shown again.');
    const key = body.data.key;
    expect(key).toMatch(/^ppk_[A-Za-z0-9_-]{43}$/);
    expect(body.data).toMatchObject({
      name: 'Looker Studio',
      prefix: key.slice(0, 12),
      scopes: ['reporting'],
      createdAt: '2025-08-04T10:00:00.000Z',
      lastUsedAt: null,
      revokedAt: null,
    });

    const listed = await keysOf(token);
    expect(listed.total).toBe(1);
    expect(listed.data[0]).toEqual({
      id: body.data.id,
      name: 'Looker Studio',
      prefix: key.slice(0, 12),
      scopes: ['reporting'],
      createdAt: '2025-08-04T10:00:00.000Z',
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(key);

    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, body.data.id));
    expect(row?.keyHash).toBe(sha256(key));
    expect(JSON.stringify(row)).not.toContain(key.slice(12));
  });

  it('validates the name and limits active keys', async () => {
    const p = await createPartner(t);
    const token = await login(t, p.email, p.password);
    for (const payload of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(81) },
      { name: 'ok', scopes: ['all'] },
    ]) {
      expectError(await create(token, invalid(payload)), 400);
    }
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push(okBody(await create(token, { name: `Key ${i}` })).data.id);
    const eleventh = await create(token, { name: 'One too many' });
    expectError(eleventh, 409);
    expect((await revoke(token, ids[0]!)).status).toBe(200);
    expect((await create(token, { name: 'After a revoke' })).status).toBe(200);
  });

  it('works on opted-in read-only routes, scoped to its partner, and records its use', async () => {
    const a = await partnerWithKey();
    await t.database.db.insert(partnerOffers).values({ partnerId: a.partnerId, offerId, status: 'pending' });

    const applications = await applicationsOf(a.key);
    expectOk(applications);
    expect(applications.body.data).toHaveLength(1);
    expect(applications.body.data[0]).toMatchObject({ partnerId: a.partnerId, offer: { id: offerId } });
    expect((await offerList(a.key)).status).toBe(200);
    expect((await callEndpoint(t.app, offersEndpoints.get, { params: { id: offerId } }, a.key)).status).toBe(200);

    const [used] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, a.keyId));
    expect(used?.lastUsedAt?.toISOString()).toBe('2025-08-04T10:00:00.000Z');
    // Within a minute the timestamp is not rewritten; after it, it is.
    clock.advance(30_000);
    await offerList(a.key);
    const [same] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, a.keyId));
    expect(same?.lastUsedAt?.toISOString()).toBe('2025-08-04T10:00:00.000Z');
    clock.advance(31_000);
    await offerList(a.key);
    const [later] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, a.keyId));
    expect(later?.lastUsedAt?.toISOString()).toBe('2025-08-04T10:01:01.000Z');
    expect((await keysOf(a.token)).data[0]!.lastUsedAt).toBe('2025-08-04T10:01:01.000Z');

    // Another partner's key sees that partner's data only.
    const b = await partnerWithKey();
    expect(okBody(await applicationsOf(b.key)).data).toEqual([]);
  });

  it('is refused on writes and on every route that did not opt in', async () => {
    const a = await partnerWithKey();
    const refusedGets = [
      accountEndpoints.config,
      accountEndpoints.partner,
      apiKeysEndpoints.list,
      notificationsEndpoints.list,
      settingsEndpoints.get,
    ];
    for (const endpoint of refusedGets) {
      const res = await callEndpoint(t.app, endpoint, {}, a.key);
      expectError(res, 403);
      expect(res.body.message, endpoint.path).toBe(
        'API keys can only be used to read the reporting endpoints. Sign in to use the rest of the API.',
      );
    }
    const writes = [
      () => callEndpoint(t.app, offersEndpoints.apply, { body: { offerId } }, a.key),
      () => create(a.key, { name: 'Escalation' }),
      () => revoke(a.key, a.keyId),
      () =>
        callEndpoint(
          t.app,
          authEndpoints.changePassword,
          { body: { currentPassword: 'x', password: 'Abcdefg1' } },
          a.key,
        ),
      () => callEndpoint(t.app, authEndpoints.logout, {}, a.key),
    ];
    for (const write of writes) {
      expectError(await write(), 403);
    }
    expect(await t.database.db.select().from(partnerOffers).where(eq(partnerOffers.partnerId, a.partnerId))).toEqual(
      [],
    );
    expect((await keysOf(a.token)).data[0]!.revokedAt).toBeNull();
  });

  it('a revoked key, an unknown key, or a key whose creator lost access answers 401', async () => {
    const a = await partnerWithKey();
    const res = await revoke(a.token, a.keyId);
    expectOk(res);
    expect(res.body).toMatchObject({ message: 'The API key has been revoked.', data: { id: a.keyId } });
    expect(res.body.data.revokedAt).not.toBeNull();
    const refused = await offerList(a.key);
    expectError(refused, 401);
    expect(refused.body.message).toBe('This API key is not valid or has been revoked.');
    // Revoking twice is harmless.
    expect((await revoke(a.token, a.keyId)).status).toBe(200);

    expectError(await offerList(`ppk_${'A'.repeat(43)}`), 401);

    const b = await partnerWithKey();
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.id, b.userId));
    expectError(await offerList(b.key), 401);
  });

  it('a partner neither lists nor revokes another partner’s keys; staff have none', async () => {
    const a = await partnerWithKey();
    const b = await partnerWithKey();
    expect((await keysOf(b.token)).data.map((k) => k.id)).toEqual([b.keyId]);
    expectError(await revoke(b.token, a.keyId), 404);
    expect((await offerList(a.key)).status).toBe(200);
    expectError(await revoke(a.token, 2_147_483_647), 404);
    expectError(await revoke(a.token, 0), 400);

    const staff = await createStaff(t, 'ROLE_ADMIN');
    const staffToken = await login(t, staff.email, staff.password);
    expectError(await create(staffToken, { name: 'Staff key' }), 403);
    expectError(await listKeys(staffToken), 403);
  });

  it('needs a signed-in user to manage keys', async () => {
    expectError(await listKeys(null), 401);
    expectError(await create(null, { name: 'x' }), 401);
    expectError(await revoke(null, 1), 401);
  });
  describe('finding 5: keys do not outlive the password', () => {
    const changePassword = (
      token: string,
      body: { currentPassword: string; password: string; revokeApiKeys?: boolean },
    ) => callEndpoint(t.app, authEndpoints.changePassword, { body }, token);

    it('a password reset revokes the keys the user created', async () => {
      const a = await partnerWithKey();
      expect((await offerList(a.key)).status).toBe(200);
      const lost = await callEndpoint(t.app, authEndpoints.passwordLost, { body: { email: a.email } }, null);
      expect(lost.status).toBe(200);
      const mail = (await sentMails(t)).filter((m) => m.to === a.email).pop();
      const reset = await callEndpoint(
        t.app,
        authEndpoints.resetPassword,
        { body: { key: resetKeyFrom(mail?.body ?? ''), password: 'Reset-new-2025' } },
        null,
      );
      expect(reset.status).toBe(200);
      const refused = await offerList(a.key);
      expectError(refused, 401);
      expect(refused.body.message).toBe('This API key is not valid or has been revoked.');
      const token = await login(t, a.email, 'Reset-new-2025');
      expect((await keysOf(token)).data[0]!.revokedAt).toBe(clock.now().toISOString());
    });

    it('a password change revokes them by default', async () => {
      const a = await partnerWithKey();
      const res = await changePassword(a.token, { currentPassword: a.password, password: 'Changed-new-2025' });
      expect(res.status).toBe(200);
      expectError(await offerList(a.key), 401);
    });

    it('a password change keeps them when asked to, and the other keys of the partner are left alone', async () => {
      const a = await partnerWithKey();
      // A colleague's key acts as the colleague: not the changing user's to revoke.
      const colleague = await t.database.db
        .insert(users)
        .values({
          email: `colleague-${a.partnerId}@example.test`,
          passwordHash: 'x',
          firstname: 'Col',
          lastname: 'League',
          roles: ['ROLE_PARTNER'],
          partnerId: a.partnerId,
        })
        .returning({ id: users.id });
      const [theirs] = await t.database.db
        .insert(apiKeys)
        .values({
          partnerId: a.partnerId,
          createdById: colleague[0]!.id,
          name: 'Their script',
          prefix: 'ppk_colleague',
          keyHash: sha256(`colleague-${a.partnerId}`),
          scopes: ['reporting'],
        })
        .returning();
      const kept = await changePassword(a.token, {
        currentPassword: a.password,
        password: 'Changed-new-2025',
        revokeApiKeys: false,
      });
      expect(kept.status).toBe(200);
      expect((await offerList(a.key)).status).toBe(200);
      const revoked = await changePassword(a.token, {
        currentPassword: 'Changed-new-2025',
        password: 'Changed-again-2025',
      });
      expect(revoked.status).toBe(200);
      expectError(await offerList(a.key), 401);
      const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, theirs!.id));
      expect(row?.revokedAt).toBeNull();
      expectError(
        await changePassword(a.token, invalid({ currentPassword: 'x', password: 'Abcdefg1', revokeApiKeys: 'no' })),
        400,
      );
    });
  });
});
