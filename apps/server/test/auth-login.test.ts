import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authFailures, partners, sessions, users } from '../src/db/schema.js';
import { authEndpoints } from '@portal/contracts';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  errorBody,
  expectOk,
  testClock,
  type TestApp,
} from './helper.js';

const INCORRECT = 'Incorrect username or password.';
const MAX_PER_ACCOUNT = 3;
const MAX_PER_IP = 4;

/** The session of a sign-in without a second factor: failing the test when the answer is a two-factor challenge. */
function sessionOf<D extends object>(data: D): Extract<D, { bearer: string }> {
  expect(data).toHaveProperty('bearer');
  return data as Extract<D, { bearer: string }>;
}

describe('POST /login', () => {
  let t: TestApp;
  const clock = testClock(new Date('2025-08-04T10:00:00Z'));
  let ipCounter = 0;
  /** A fresh client address per test, so that the per-IP limit of one test does not leak into another. */
  const freshIp = () => `10.1.0.${++ipCounter}`;

  const loginReq = (username: string, password: string, ip: string) =>
    callEndpoint(t.app, authEndpoints.login, { body: { username, password }, remoteAddress: ip }, null);

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
    expectOk(first);
    const body = first.body;
    expect(body).toMatchObject({ code: 200, success: true, errors: null });
    const { bearer, expireAt } = sessionOf(body.data);
    expect(bearer).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const expectedExpiry = clock.now().getTime() + 7 * 24 * 3600 * 1000;
    expect(Math.abs(new Date(expireAt).getTime() - expectedExpiry)).toBeLessThan(60_000);

    const second = await loginReq(p.email, p.password, ip);
    expectOk(second);
    expect(sessionOf(second.body.data).bearer).not.toBe(bearer);
  });

  it('accepts the e-mail in another case and with surrounding spaces', async () => {
    const p = await createPartner(t);
    const res = await loginReq(`  ${p.email.toUpperCase()} `, p.password, freshIp());
    expect(res.status).toBe(200);
  });

  it('stores the token only as a hash', async () => {
    const p = await createPartner(t);
    const res = await loginReq(p.email, p.password, freshIp());
    expectOk(res);
    const token = sessionOf(res.body.data).bearer;
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
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ status: 401, message: INCORRECT, data: null, errors: null });
    expect(unknown.raw.body).toBe(wrong.raw.body);
  });

  it('refuses a disabled user with the same 401', async () => {
    const s = await createStaff(t, 'ROLE_ADMIN');
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.id, s.userId));
    const res = await loginReq(s.email, s.password, freshIp());
    expect(errorBody(res, 401).message).toBe(INCORRECT);
  });

  it('refuses a partner user whose partner is not active', async () => {
    for (const status of ['pending', 'suspended', 'closed', 'rejected']) {
      const p = await createPartner(t, { status });
      const res = await loginReq(p.email, p.password, freshIp());
      expect(res.status, status).toBeGreaterThanOrEqual(400);
      expect(res.status, status).toBeLessThan(500);
      expect(res.body).toMatchObject({ status: res.status });
      expect(res.body).not.toHaveProperty('data.bearer');
    }
    const p = await createPartner(t, { status: 'pending' });
    await t.database.db.update(partners).set({ status: 'active' }).where(eq(partners.id, p.partnerId));
    expect((await loginReq(p.email, p.password, freshIp())).status).toBe(200);
  });

  it('rejects a payload without username or password with field errors', async () => {
    const res = await callEndpoint(
      t.app,
      authEndpoints.login,
      { body: { username: '', password: '' }, remoteAddress: freshIp() },
      null,
    );
    expect(errorBody(res, 400).errors).toMatchObject({
      username: 'This field is required.',
      password: 'This field is required.',
    });
  });

  it('after too many failures an account waits before its next try, even with the right password and from other IPs', async () => {
    const p = await createPartner(t);
    for (let i = 0; i < MAX_PER_ACCOUNT; i++) {
      expect((await loginReq(p.email, 'Wrong-password1', freshIp())).status).toBe(401);
    }
    const held = await loginReq(p.email, p.password, freshIp());
    const body = errorBody(held, 429);
    expect(body.status).toBe(429);
    expect(body.message).toBe('Too many failed sign-in attempts. Please try again in 1 second.');
    expect(held.headers['retry-after']).toBe('1');
    // The delay is per account, not per e-mail spelling.
    expect((await loginReq(p.email.toUpperCase(), p.password, freshIp())).status).toBe(429);
    // Another account is not affected.
    const other = await createPartner(t);
    expect((await loginReq(other.email, other.password, freshIp())).status).toBe(200);
  });

  it('locks an IP after too many failures across different accounts', async () => {
    const ip = freshIp();
    for (let i = 0; i < MAX_PER_IP; i++) {
      expect((await loginReq(`unknown-${i}@example.test`, 'Wrong-password1', ip)).status).toBe(401);
    }
    const p = await createPartner(t);
    const locked = await loginReq(p.email, p.password, ip);
    expect(locked.status).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    // The same account signs in from another address.
    expect((await loginReq(p.email, p.password, freshIp())).status).toBe(200);
  });

  it('clears the failure count of an account after a successful sign-in', async () => {
    const p = await createPartner(t);
    for (let i = 0; i < MAX_PER_ACCOUNT - 1; i++) {
      expect((await loginReq(p.email, 'Wrong-password1', freshIp())).status).toBe(401);
    }
    expect((await loginReq(p.email, p.password, freshIp())).status).toBe(200);
    for (let i = 0; i < MAX_PER_ACCOUNT - 1; i++) {
      expect((await loginReq(p.email, 'Wrong-password1', freshIp())).status).toBe(401);
    }
    // Without the reset this would be failure number MAX + 1 and the account locked.
    expect((await loginReq(p.email, p.password, freshIp())).status).toBe(200);
  });

  // The tests below move the shared clock: keep them last.
  it('finding 7: the delay doubles with each further failure and lets the owner in after the wait, which resets it', async () => {
    const p = await createPartner(t);
    for (let i = 0; i < MAX_PER_ACCOUNT; i++) {
      expect((await loginReq(p.email, 'Wrong-password1', freshIp())).status).toBe(401);
    }
    // After n failures the next try waits 2^(n - MAX) seconds after the last one.
    for (const wait of [1, 2, 4, 8, 16]) {
      const held = await loginReq(p.email, 'Wrong-password1', freshIp());
      expect(held.status).toBe(429);
      expect(held.headers['retry-after']).toBe(String(wait));
      clock.advance(wait * 1000 - 1);
      expect((await loginReq(p.email, p.password, freshIp())).status).toBe(429);
      clock.advance(1);
      // An attacker's next guess after the wait is one more failure, and doubles the wait.
      expect((await loginReq(p.email, 'Wrong-password1', freshIp())).status).toBe(401);
    }
    const held = await loginReq(p.email, p.password, freshIp());
    expect(held.headers['retry-after']).toBe('32');
    expect(errorBody(held, 429).message).toBe('Too many failed sign-in attempts. Please try again in 32 seconds.');
    clock.advance(32_000);
    // The owner gets in after the wait, not after a fixed 15-minute lock, and the count starts again.
    expect((await loginReq(p.email, p.password, freshIp())).status).toBe(200);
    for (let i = 0; i < MAX_PER_ACCOUNT; i++) {
      expect((await loginReq(p.email, 'Wrong-password1', freshIp())).status).toBe(401);
    }
    expect((await loginReq(p.email, p.password, freshIp())).headers['retry-after']).toBe('1');
  });

  it('finding 7: the delay stops growing at 15 minutes', async () => {
    const p = await createPartner(t);
    const key = p.email.toLowerCase();
    const last = clock.now();
    await t.database.db
      .insert(authFailures)
      .values(Array.from({ length: 40 }, () => ({ scope: 'account', key, createdAt: last })));
    const held = await loginReq(p.email, p.password, freshIp());
    expect(held.status).toBe(429);
    expect(held.headers['retry-after']).toBe(String(15 * 60));
    expect(errorBody(held, 429).message).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
    clock.advance(15 * 60 * 1000);
    expect((await loginReq(p.email, p.password, freshIp())).status).toBe(200);
  });

  it('finding 7: the per-IP limit still answers 429 until its 15-minute window passes', async () => {
    const ip = freshIp();
    for (let i = 0; i < MAX_PER_IP; i++) {
      expect((await loginReq(`nobody-${i}@example.test`, 'Wrong-password1', ip)).status).toBe(401);
    }
    const p = await createPartner(t);
    const held = await loginReq(p.email, p.password, ip);
    expect(held.status).toBe(429);
    expect(Number(held.headers['retry-after'])).toBe(15 * 60);
    clock.advance(10 * 60 * 1000);
    expect((await loginReq(p.email, p.password, ip)).status).toBe(429);
    clock.advance(5 * 60 * 1000);
    expect((await loginReq(p.email, p.password, ip)).status).toBe(200);
  });
});

describe('finding 7: X-Forwarded-For while TRUST_PROXY is off', () => {
  it('logs one warning, on the first request that carries the header', async () => {
    const t = await buildTestApp();
    try {
      const warn = vi.spyOn(t.app.log, 'warn');
      const forwarded = (ip: string) => ({ 'x-forwarded-for': ip });
      await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(warn).not.toHaveBeenCalled();
      await t.app.inject({ method: 'GET', url: '/healthz', headers: forwarded('203.0.113.7') });
      await callEndpoint(
        t.app,
        authEndpoints.login,
        { body: { username: 'x@example.test', password: 'y' }, headers: forwarded('203.0.113.8') },
        null,
      );
      const warnings = warn.mock.calls.filter((call) => JSON.stringify(call).includes('TRUST_PROXY'));
      expect(warnings).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('stays silent when TRUST_PROXY is on', async () => {
    const t = await buildTestApp({ config: { trustProxy: true } });
    try {
      const warn = vi.spyOn(t.app.log, 'warn');
      await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect(warn.mock.calls.filter((call) => JSON.stringify(call).includes('TRUST_PROXY'))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
