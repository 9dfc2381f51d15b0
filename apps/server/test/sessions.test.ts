import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partners, sessions, users } from '../src/db/schema.js';
import { bearer, buildTestApp, createPartner, login, testClock, type TestApp, expectErrorObject } from './helper.js';

const PROTECTED = ['/api/v1/config', '/api/v1/partner'];

describe('sessions', () => {
  let t: TestApp;
  const clock = testClock(new Date('2025-08-04T10:00:00Z'));
  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now });
  });
  afterAll(async () => t?.close());

  it('refuses protected routes without a token, with a garbage token or a malformed header', async () => {
    for (const url of PROTECTED) {
      expectErrorObject(await t.app.inject({ method: 'GET', url }), 401);
      expectErrorObject(await t.app.inject({ method: 'GET', url, headers: bearer('not-a-real-token') }), 401);
      expectErrorObject(
        await t.app.inject({ method: 'GET', url, headers: { authorization: 'Basic dXNlcjpwYXNz' } }),
        401,
      );
      expectErrorObject(await t.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer' } }), 401);
    }
  });

  it('serves protected routes with a valid token', async () => {
    const p = await createPartner(t);
    const token = await login(t, p.email, p.password);
    for (const url of PROTECTED) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toMatchObject({ code: 200, success: true, errors: null });
    }
  });

  it('logout revokes that token only, not another session of the same user', async () => {
    const p = await createPartner(t);
    const a = await login(t, p.email, p.password);
    const b = await login(t, p.email, p.password);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(a) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ success: true, data: null });
    expectErrorObject(await t.app.inject({ method: 'GET', url: '/api/v1/config', headers: bearer(a) }), 401);
    expectErrorObject(await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(a) }), 401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/config', headers: bearer(b) })).statusCode).toBe(200);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, p.userId))).toHaveLength(1);
  });

  it('stops honouring the sessions of a user who gets disabled', async () => {
    const p = await createPartner(t);
    const token = await login(t, p.email, p.password);
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.id, p.userId));
    expectErrorObject(await t.app.inject({ method: 'GET', url: '/api/v1/config', headers: bearer(token) }), 401);
  });

  it('stops honouring the sessions of a partner that gets suspended', async () => {
    const p = await createPartner(t);
    const token = await login(t, p.email, p.password);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/partner', headers: bearer(token) })).statusCode).toBe(
      200,
    );
    await t.database.db.update(partners).set({ status: 'suspended' }).where(eq(partners.id, p.partnerId));
    expectErrorObject(await t.app.inject({ method: 'GET', url: '/api/v1/partner', headers: bearer(token) }), 401);
  });

  it('logout without a token is a 401', async () => {
    expectErrorObject(await t.app.inject({ method: 'POST', url: '/api/v1/logout' }), 401);
  });

  describe('change password', () => {
    const change = (token: string, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/account/change-password',
        headers: bearer(token),
        payload: payload as object,
      });

    it('needs a signed-in user', async () => {
      expectErrorObject(
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/account/change-password',
          payload: { currentPassword: 'x', password: 'Abcdefg1' },
        }),
        401,
      );
    });

    it('needs the current password', async () => {
      const p = await createPartner(t);
      const token = await login(t, p.email, p.password);
      const res = await change(token, { currentPassword: 'Not-the-password1', password: 'NewPassword1' });
      expectErrorObject(res, 400);
      expect(res.json().errors.currentPassword).toBe('The current password is incorrect.');
      const missing = await change(token, { password: 'NewPassword1' });
      expectErrorObject(missing, 400);
      expect(missing.json().errors.currentPassword).toBe('This field is required.');
      // The password did not change.
      await login(t, p.email, p.password);
    });

    it('enforces the password rules', async () => {
      const p = await createPartner(t);
      const token = await login(t, p.email, p.password);
      const cases: [string, string][] = [
        ['Ab1cd', 'Password must be at least 8 characters long (currently 5).'],
        ['abcdefgh1', 'Password must contain at least one capital letter.'],
        ['Abcdefghi', 'The password must contain at least one number.'],
        ['', 'This field is required.'],
      ];
      for (const [password, message] of cases) {
        const res = await change(token, { currentPassword: p.password, password });
        expectErrorObject(res, 400);
        expect(res.json().errors.password, password).toBe(message);
      }
      await login(t, p.email, p.password);
    });

    it('changes the password, revokes every other session and keeps the current one', async () => {
      const p = await createPartner(t);
      const current = await login(t, p.email, p.password);
      const other1 = await login(t, p.email, p.password);
      const other2 = await login(t, p.email, p.password);
      const bystander = await createPartner(t);
      const bystanderToken = await login(t, bystander.email, bystander.password);

      const res = await change(current, { currentPassword: p.password, password: 'BrandNew2025' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: 'Your password has been updated successfully.' });

      expect((await t.app.inject({ method: 'GET', url: '/api/v1/config', headers: bearer(current) })).statusCode).toBe(
        200,
      );
      for (const token of [other1, other2]) {
        expect((await t.app.inject({ method: 'GET', url: '/api/v1/config', headers: bearer(token) })).statusCode).toBe(
          401,
        );
      }
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/v1/config', headers: bearer(bystanderToken) })).statusCode,
      ).toBe(200);

      const old = await t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { username: p.email, password: p.password },
      });
      expect(old.statusCode).toBe(401);
      await login(t, p.email, 'BrandNew2025');
    });
  });

  // Moves the shared clock: keep last.
  it('refuses an expired session', async () => {
    const p = await createPartner(t);
    const token = await login(t, p.email, p.password);
    clock.advance(7 * 24 * 3600 * 1000 - 60_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/config', headers: bearer(token) })).statusCode).toBe(200);
    clock.advance(2 * 60_000);
    for (const url of PROTECTED) {
      expectErrorObject(await t.app.inject({ method: 'GET', url, headers: bearer(token) }), 401);
    }
  });
});
