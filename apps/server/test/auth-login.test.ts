import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partners, sessions, users } from '../src/db/schema.js';
import { buildTestApp, createPartner, createStaff, testClock, type TestApp } from './helper.js';

const INCORRECT = 'Incorrect username or password.';
const MAX_PER_ACCOUNT = 3;
const MAX_PER_IP = 4;

describe('POST /login', () => {
  let t: TestApp;
  const clock = testClock(new Date('2025-08-04T10:00:00Z'));
  let ipCounter = 0;
  /** A fresh client address per test, so that the per-IP limit of one test does not leak into another. */
  const freshIp = () => `10.1.0.${++ipCounter}`;

  const loginReq = (username: string, password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { username, password }, remoteAddress: ip });

  beforeAll(async () => {
    t = await buildTestApp({
      now: clock.now,
      config: { loginMaxFailuresPerAccount: MAX_PER_ACCOUNT, loginMaxFailuresPerIp: MAX_PER_IP },
    });
  });
  afterAll(async () => t?.close());

  it('answers a bearer token and an expiry about 7 days ahead', async () => {
    const p = await createPartner(t);
    const ip = freshIp();
    const first = await loginReq(p.email, p.password, ip);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ code: 200, success: true, errors: null });
    const { bearer, expireAt } = body.data as { bearer: string; expireAt: string };
    expect(bearer).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const expectedExpiry = clock.now().getTime() + 7 * 24 * 3600 * 1000;
    expect(Math.abs(new Date(expireAt).getTime() - expectedExpiry)).toBeLessThan(60_000);

    const second = await loginReq(p.email, p.password, ip);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.bearer).not.toBe(bearer);
  });

  it('accepts the e-mail in another case and with surrounding spaces', async () => {
    const p = await createPartner(t);
    const res = await loginReq(`  ${p.email.toUpperCase()} `, p.password, freshIp());
    expect(res.statusCode).toBe(200);
  });

  it('stores the token only as a hash', async () => {
    const p = await createPartner(t);
    const res = await loginReq(p.email, p.password, freshIp());
    const token = res.json().data.bearer as string;
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, p.userId));
    expect(rows).toHaveLength(1);
    for (const value of Object.values(rows[0] ?? {})) {
      expect(String(value)).not.toContain(token);
    }
  });

  it('answers the same 401 for a wrong password and for an unknown e-mail', async () => {
    const p = await createPartner(t);
    const wrong = await loginReq(p.email, 'Wrong-password1', freshIp());
    const unknown = await loginReq(`nobody-${p.email}`, 'Wrong-password1', freshIp());
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ status: 401, message: INCORRECT, data: null, errors: null });
    expect(unknown.body).toBe(wrong.body);
  });

  it('refuses a disabled user with the same 401', async () => {
    const s = await createStaff(t, 'ROLE_ADMIN');
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.id, s.userId));
    const res = await loginReq(s.email, s.password, freshIp());
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(INCORRECT);
  });

  it('refuses a partner user whose partner is not active', async () => {
    for (const status of ['pending', 'suspended', 'closed', 'rejected']) {
      const p = await createPartner(t, { status });
      const res = await loginReq(p.email, p.password, freshIp());
      expect(res.statusCode, status).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, status).toBeLessThan(500);
      expect(res.json().status).toBe(res.statusCode);
      expect(res.json()).not.toHaveProperty('data.bearer');
    }
    const p = await createPartner(t, { status: 'pending' });
    await t.database.db.update(partners).set({ status: 'active' }).where(eq(partners.id, p.partnerId));
    expect((await loginReq(p.email, p.password, freshIp())).statusCode).toBe(200);
  });

  it('rejects a payload without username or password with field errors', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username: '', password: '' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      username: 'This field is required.',
      password: 'This field is required.',
    });
  });

  it('locks an account after too many failures, even with the right password and from other IPs', async () => {
    const p = await createPartner(t);
    for (let i = 0; i < MAX_PER_ACCOUNT; i++) {
      expect((await loginReq(p.email, 'Wrong-password1', freshIp())).statusCode).toBe(401);
    }
    const locked = await loginReq(p.email, p.password, freshIp());
    expect(locked.statusCode).toBe(429);
    const body = locked.json();
    expect(body.status).toBe(429);
    expect(body.message).toMatch(/Too many failed sign-in attempts\. Please try again in \d+ minutes?\./);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The lock is per account, not per e-mail spelling.
    expect((await loginReq(p.email.toUpperCase(), p.password, freshIp())).statusCode).toBe(429);
    // Another account is not affected.
    const other = await createPartner(t);
    expect((await loginReq(other.email, other.password, freshIp())).statusCode).toBe(200);
  });

  it('locks an IP after too many failures across different accounts', async () => {
    const ip = freshIp();
    for (let i = 0; i < MAX_PER_IP; i++) {
      expect((await loginReq(`unknown-${i}@example.test`, 'Wrong-password1', ip)).statusCode).toBe(401);
    }
    const p = await createPartner(t);
    const locked = await loginReq(p.email, p.password, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    // The same account signs in from another address.
    expect((await loginReq(p.email, p.password, freshIp())).statusCode).toBe(200);
  });

  it('clears the failure count of an account after a successful sign-in', async () => {
    const p = await createPartner(t);
    for (let i = 0; i < MAX_PER_ACCOUNT - 1; i++) {
      expect((await loginReq(p.email, 'Wrong-password1', freshIp())).statusCode).toBe(401);
    }
    expect((await loginReq(p.email, p.password, freshIp())).statusCode).toBe(200);
    for (let i = 0; i < MAX_PER_ACCOUNT - 1; i++) {
      expect((await loginReq(p.email, 'Wrong-password1', freshIp())).statusCode).toBe(401);
    }
    // Without the reset this would be failure number MAX + 1 and the account locked.
    expect((await loginReq(p.email, p.password, freshIp())).statusCode).toBe(200);
  });

  // Moves the shared clock: keep last.
  it('lets the account in again once the 15-minute window has passed', async () => {
    const p = await createPartner(t);
    const ip = freshIp();
    for (let i = 0; i < MAX_PER_ACCOUNT; i++) {
      expect((await loginReq(p.email, 'Wrong-password1', ip)).statusCode).toBe(401);
    }
    expect((await loginReq(p.email, p.password, freshIp())).statusCode).toBe(429);
    clock.advance(10 * 60 * 1000);
    expect((await loginReq(p.email, p.password, freshIp())).statusCode).toBe(429);
    clock.advance(6 * 60 * 1000);
    expect((await loginReq(p.email, p.password, freshIp())).statusCode).toBe(200);
  });
});
