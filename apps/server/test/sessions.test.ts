import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEndpoints, authEndpoints } from '@portal/contracts';
import { partners, sessions, users } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  expectError,
  expectOk,
  invalid,
  login,
  testClock,
  type TestApp,
} from './helper.js';

const PROTECTED = [accountEndpoints.config, accountEndpoints.partner];

describe('sessions', () => {
  let t: TestApp;
  const clock = testClock(new Date('2025-08-04T10:00:00Z'));
  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now });
  });
  afterAll(async () => t?.close());
  const config = (token: string) => callEndpoint(t.app, accountEndpoints.config, {}, token);
  const logout = (token: string | null) => callEndpoint(t.app, authEndpoints.logout, {}, token);

  it('refuses protected routes without a token, with a garbage token or a malformed header', async () => {
    for (const endpoint of PROTECTED) {
      expectError(await callEndpoint(t.app, endpoint, {}, null), 401);
      expectError(await callEndpoint(t.app, endpoint, {}, 'not-a-real-token'), 401);
      const basic = { authorization: 'Basic dXNlcjpwYXNz' };
      expectError(await callEndpoint(t.app, endpoint, { headers: basic }, null), 401);
      expectError(await callEndpoint(t.app, endpoint, { headers: { authorization: 'Bearer' } }, null), 401);
    }
  });

  it('serves protected routes with a valid token', async () => {
    const p = await createPartner(t);
    const token = await login(t, p.email, p.password);
    for (const endpoint of PROTECTED) {
      const res = await callEndpoint(t.app, endpoint, {}, token);
      expect(res.status, endpoint.path).toBe(200);
      expect(res.body).toMatchObject({ code: 200, success: true, errors: null });
    }
  });

  it('logout revokes that token only, not another session of the same user', async () => {
    const p = await createPartner(t);
    const a = await login(t, p.email, p.password);
    const b = await login(t, p.email, p.password);
    const out = await logout(a);
    expectOk(out);
    expect(out.body).toMatchObject({ success: true, data: null });
    expectError(await config(a), 401);
    expectError(await logout(a), 401);
    expect((await config(b)).status).toBe(200);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, p.userId))).toHaveLength(1);
  });

  it('stops honouring the sessions of a user who gets disabled', async () => {
    const p = await createPartner(t);
    const token = await login(t, p.email, p.password);
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.id, p.userId));
    expectError(await config(token), 401);
  });

  it('stops honouring the sessions of a partner that gets suspended', async () => {
    const p = await createPartner(t);
    const token = await login(t, p.email, p.password);
    expect((await callEndpoint(t.app, accountEndpoints.partner, {}, token)).status).toBe(200);
    await t.database.db.update(partners).set({ status: 'suspended' }).where(eq(partners.id, p.partnerId));
    expectError(await callEndpoint(t.app, accountEndpoints.partner, {}, token), 401);
  });

  it('logout without a token is a 401', async () => {
    expectError(await logout(null), 401);
  });

  describe('change password', () => {
    const change = (token: string | null, body: { currentPassword: string; password: string }) =>
      callEndpoint(t.app, authEndpoints.changePassword, { body }, token);

    it('needs a signed-in user', async () => {
      expectError(await change(null, { currentPassword: 'x', password: 'Abcdefg1' }), 401);
    });

    it('needs the current password', async () => {
      const p = await createPartner(t);
      const token = await login(t, p.email, p.password);
      const res = await change(token, { currentPassword: 'Not-the-password1', password: 'NewPassword1' });
      expectError(res, 400);
      expect(res.body.errors?.currentPassword).toBe('The current password is incorrect.');
      const missing = await change(token, invalid({ password: 'NewPassword1' }));
      expectError(missing, 400);
      expect(missing.body.errors?.currentPassword).toBe('This field is required.');
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
        expectError(res, 400);
        expect(res.body.errors?.password, password).toBe(message);
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
      expectOk(res);
      expect(res.body).toMatchObject({ success: true, message: 'Your password has been updated successfully.' });

      expect((await config(current)).status).toBe(200);
      for (const token of [other1, other2]) {
        expect((await config(token)).status).toBe(401);
      }
      expect((await config(bystanderToken)).status).toBe(200);

      const old = await callEndpoint(
        t.app,
        authEndpoints.login,
        { body: { username: p.email, password: p.password } },
        null,
      );
      expect(old.status).toBe(401);
      await login(t, p.email, 'BrandNew2025');
    });
  });

  // Moves the shared clock: keep last.
  it('refuses an expired session', async () => {
    const p = await createPartner(t);
    const token = await login(t, p.email, p.password);
    clock.advance(7 * 24 * 3600 * 1000 - 60_000);
    expect((await config(token)).status).toBe(200);
    clock.advance(2 * 60_000);
    for (const endpoint of PROTECTED) {
      expectError(await callEndpoint(t.app, endpoint, {}, token), 401);
    }
  });
});
