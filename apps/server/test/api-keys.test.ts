import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advertisers, apiKeys, offers, partnerOffers, products, users } from '../src/db/schema.js';
import { sha256 } from '../src/lib/tokens.js';
import {
  bearer,
  buildTestApp,
  createPartner,
  createStaff,
  expectErrorObject,
  login,
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

  const create = (token: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/api-keys', headers: bearer(token), payload: payload as object });
  const listKeys = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/api-keys', headers: bearer(token) });
  const revoke = (token: string, id: number) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${id}`, headers: bearer(token) });
  const getWith = (key: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(key) });

  async function partnerWithKey() {
    const p = await createPartner(t);
    const token = await login(t, p.email, p.password);
    const res = await create(token, { name: 'Reporting script' });
    expect(res.statusCode).toBe(200);
    return { ...p, token, key: res.json().data.key as string, keyId: res.json().data.id as number };
  }

  it('creates a key shown once, and keeps only its hash', async () => {
    const p = await createPartner(t);
    const token = await login(t, p.email, p.password);
    expect((await listKeys(token)).json()).toMatchObject({ data: [], total: 0 });

    const res = await create(token, { name: '  Looker Studio  ' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Your API key has been created. Copy it now: it will not be shown again.');
    const key = body.data.key as string;
    expect(key).toMatch(/^ppk_[A-Za-z0-9_-]{43}$/);
    expect(body.data).toMatchObject({
      name: 'Looker Studio',
      prefix: key.slice(0, 12),
      scopes: ['reporting'],
      createdAt: '2025-08-04T10:00:00.000Z',
      lastUsedAt: null,
      revokedAt: null,
    });

    const listed = (await listKeys(token)).json();
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
      expectErrorObject(await create(token, payload), 400);
    }
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push((await create(token, { name: `Key ${i}` })).json().data.id as number);
    const eleventh = await create(token, { name: 'One too many' });
    expectErrorObject(eleventh, 409);
    expect((await revoke(token, ids[0]!)).statusCode).toBe(200);
    expect((await create(token, { name: 'After a revoke' })).statusCode).toBe(200);
  });

  it('works on opted-in read-only routes, scoped to its partner, and records its use', async () => {
    const a = await partnerWithKey();
    await t.database.db.insert(partnerOffers).values({ partnerId: a.partnerId, offerId, status: 'pending' });

    const applications = await getWith(a.key, '/api/v1/partner-offer');
    expect(applications.statusCode).toBe(200);
    expect(applications.json().data).toHaveLength(1);
    expect(applications.json().data[0]).toMatchObject({ partnerId: a.partnerId, offer: { id: offerId } });
    expect((await getWith(a.key, '/api/v1/offer')).statusCode).toBe(200);
    expect((await getWith(a.key, `/api/v1/offer/${offerId}`)).statusCode).toBe(200);

    const [used] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, a.keyId));
    expect(used?.lastUsedAt?.toISOString()).toBe('2025-08-04T10:00:00.000Z');
    // Within a minute the timestamp is not rewritten; after it, it is.
    clock.advance(30_000);
    await getWith(a.key, '/api/v1/offer');
    const [same] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, a.keyId));
    expect(same?.lastUsedAt?.toISOString()).toBe('2025-08-04T10:00:00.000Z');
    clock.advance(31_000);
    await getWith(a.key, '/api/v1/offer');
    const [later] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, a.keyId));
    expect(later?.lastUsedAt?.toISOString()).toBe('2025-08-04T10:01:01.000Z');
    expect((await listKeys(a.token)).json().data[0].lastUsedAt).toBe('2025-08-04T10:01:01.000Z');

    // Another partner's key sees that partner's data only.
    const b = await partnerWithKey();
    expect((await getWith(b.key, '/api/v1/partner-offer')).json().data).toEqual([]);
  });

  it('is refused on writes and on every route that did not opt in', async () => {
    const a = await partnerWithKey();
    const refusedGets = [
      '/api/v1/config',
      '/api/v1/partner',
      '/api/v1/api-keys',
      '/api/v1/notifications',
      '/api/v1/account/settings',
    ];
    for (const url of refusedGets) {
      const res = await getWith(a.key, url);
      expectErrorObject(res, 403);
      expect(res.json().message, url).toBe(
        'API keys can only be used to read the reporting endpoints. Sign in to use the rest of the API.',
      );
    }
    const writes = [
      { method: 'POST' as const, url: '/api/v1/partner-offer', payload: { offerId } },
      { method: 'POST' as const, url: '/api/v1/api-keys', payload: { name: 'Escalation' } },
      { method: 'DELETE' as const, url: `/api/v1/api-keys/${a.keyId}` },
      {
        method: 'POST' as const,
        url: '/api/v1/account/change-password',
        payload: { currentPassword: 'x', password: 'Abcdefg1' },
      },
      { method: 'POST' as const, url: '/api/v1/logout' },
    ];
    for (const write of writes) {
      expectErrorObject(await t.app.inject({ ...write, headers: bearer(a.key) }), 403);
    }
    expect(await t.database.db.select().from(partnerOffers).where(eq(partnerOffers.partnerId, a.partnerId))).toEqual(
      [],
    );
    expect((await listKeys(a.token)).json().data[0].revokedAt).toBeNull();
  });

  it('a revoked key, an unknown key, or a key whose creator lost access answers 401', async () => {
    const a = await partnerWithKey();
    const res = await revoke(a.token, a.keyId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'The API key has been revoked.', data: { id: a.keyId } });
    expect(res.json().data.revokedAt).not.toBeNull();
    const refused = await getWith(a.key, '/api/v1/offer');
    expectErrorObject(refused, 401);
    expect(refused.json().message).toBe('This API key is not valid or has been revoked.');
    // Revoking twice is harmless.
    expect((await revoke(a.token, a.keyId)).statusCode).toBe(200);

    expectErrorObject(await getWith(`ppk_${'A'.repeat(43)}`, '/api/v1/offer'), 401);

    const b = await partnerWithKey();
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.id, b.userId));
    expectErrorObject(await getWith(b.key, '/api/v1/offer'), 401);
  });

  it('a partner neither lists nor revokes another partner’s keys; staff have none', async () => {
    const a = await partnerWithKey();
    const b = await partnerWithKey();
    expect((await listKeys(b.token)).json().data.map((k: { id: number }) => k.id)).toEqual([b.keyId]);
    expectErrorObject(await revoke(b.token, a.keyId), 404);
    expect((await getWith(a.key, '/api/v1/offer')).statusCode).toBe(200);
    expectErrorObject(await revoke(a.token, 2_147_483_647), 404);
    expectErrorObject(await revoke(a.token, 0), 400);

    const staff = await createStaff(t, 'ROLE_ADMIN');
    const staffToken = await login(t, staff.email, staff.password);
    expectErrorObject(await create(staffToken, { name: 'Staff key' }), 403);
    expectErrorObject(await listKeys(staffToken), 403);
  });

  it('needs a signed-in user to manage keys', async () => {
    expectErrorObject(await t.app.inject({ method: 'GET', url: '/api/v1/api-keys' }), 401);
    expectErrorObject(await t.app.inject({ method: 'POST', url: '/api/v1/api-keys', payload: { name: 'x' } }), 401);
    expectErrorObject(await t.app.inject({ method: 'DELETE', url: '/api/v1/api-keys/1' }), 401);
  });
  describe('finding 5: keys do not outlive the password', () => {
    const changePassword = (token: string, payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/account/change-password', headers: bearer(token), payload });

    it('a password reset revokes the keys the user created', async () => {
      const a = await partnerWithKey();
      expect((await getWith(a.key, '/api/v1/offer')).statusCode).toBe(200);
      const lost = await t.app.inject({ method: 'POST', url: '/api/v1/password/lost', payload: { email: a.email } });
      expect(lost.statusCode).toBe(200);
      const mail = (await sentMails(t)).filter((m) => m.to === a.email).pop();
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/v1/password/reset',
        payload: { key: resetKeyFrom(mail?.body ?? ''), password: 'Reset-new-2025' },
      });
      expect(reset.statusCode).toBe(200);
      const refused = await getWith(a.key, '/api/v1/offer');
      expectErrorObject(refused, 401);
      expect(refused.json().message).toBe('This API key is not valid or has been revoked.');
      const token = await login(t, a.email, 'Reset-new-2025');
      expect((await listKeys(token)).json().data[0].revokedAt).toBe(clock.now().toISOString());
    });

    it('a password change revokes them by default', async () => {
      const a = await partnerWithKey();
      const res = await changePassword(a.token, { currentPassword: a.password, password: 'Changed-new-2025' });
      expect(res.statusCode).toBe(200);
      expectErrorObject(await getWith(a.key, '/api/v1/offer'), 401);
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
      expect(kept.statusCode).toBe(200);
      expect((await getWith(a.key, '/api/v1/offer')).statusCode).toBe(200);
      const revoked = await changePassword(a.token, {
        currentPassword: 'Changed-new-2025',
        password: 'Changed-again-2025',
      });
      expect(revoked.statusCode).toBe(200);
      expectErrorObject(await getWith(a.key, '/api/v1/offer'), 401);
      const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, theirs!.id));
      expect(row?.revokedAt).toBeNull();
      expectErrorObject(
        await changePassword(a.token, { currentPassword: 'x', password: 'Abcdefg1', revokeApiKeys: 'no' }),
        400,
      );
    });
  });
});
