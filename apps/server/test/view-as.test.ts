/**
 * View as partner (decision 039): staff who handle a partner open a read-only, short-lived session of its
 * user, handed over by the spec's sign-in link; every write of the API refuses it, reads work, the configuration
 * names the staff member for the banner, the opening is audited, and the session ends with its time or its opener.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema.js';
import {
  bearer,
  buildTestApp,
  createPartner,
  createStaff,
  createTeam,
  expectErrorObject,
  login,
  testClock,
  type TestApp,
} from './helper.js';

let t: TestApp;
const clock = testClock(new Date('2026-05-04T10:00:00Z'));
let admin: { userId: number; token: string };
let manager: { userId: number; token: string };
let otherManager: string;
let finance: string;
let partner: { partnerId: number; token: string };

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  const teamId = await createTeam(t);
  const a = await createStaff(t, 'ROLE_ADMIN');
  admin = { userId: a.userId, token: await login(t, a.email, a.password) };
  const m = await createStaff(t, 'ROLE_ACCOUNT_MANAGER', { teamId });
  manager = { userId: m.userId, token: await login(t, m.email, m.password) };
  const o = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
  otherManager = await login(t, o.email, o.password);
  const f = await createStaff(t, 'ROLE_FINANCE');
  finance = await login(t, f.email, f.password);
  const p = await createPartner(t, { accountManagerId: m.userId, companyName: 'Viewed Media' });
  partner = { partnerId: p.partnerId, token: await login(t, p.email, p.password) };
});
afterAll(async () => t?.close());

const viewAs = (token: string | null, partnerId = partner.partnerId) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/staff/partners/${partnerId}/view-as`,
    ...(token ? { headers: bearer(token) } : {}),
  });

type Document = { paths: Record<string, Record<string, unknown>> };

describe('POST /staff/partners/{id}/view-as', () => {
  it('hands a read-only session over by a sign-in link, audited', async () => {
    const res = await viewAs(manager.token);
    expect(res.statusCode, res.body).toBe(200);
    const { token, expireAt, url } = res.json().data;
    expect(new Date(expireAt).getTime() - clock.now().getTime()).toBe(15 * 60_000);
    const link = new URL(url);
    expect(link.pathname).toBe('/login');
    expect(link.searchParams.get('token')).toBe(token);
    expect(link.searchParams.get('expireAt')).toBe(expireAt);
    expect(link.searchParams.get('viewAs')).toBe('1');

    const config = await t.app.inject({ method: 'GET', url: '/api/v1/config', headers: bearer(token) });
    expect(config.statusCode).toBe(200);
    expect(config.json().data.partner.id).toBe(partner.partnerId);
    expect(config.json().data.viewedBy).toEqual({ id: manager.userId, name: expect.stringMatching(/^Sam Staff/) });
    // The partner's own session says nothing of it.
    const own = await t.app.inject({ method: 'GET', url: '/api/v1/config', headers: bearer(partner.token) });
    expect(own.json().data.viewedBy).toBeNull();

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityType} = 'partner' and ${auditLog.action} = 'view_as'`);
    expect(entries).toMatchObject([{ actorId: manager.userId, partnerId: partner.partnerId }]);
  });

  it('refuses every write of the API and serves the reads', async () => {
    const { token } = (await viewAs(admin.token)).json().data;
    const document = t.app.swagger() as unknown as Document;
    let writes = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      if (!path.startsWith('/api/v1/') || path === '/api/v1/logout') continue;
      for (const method of Object.keys(operations)) {
        if (!['post', 'put', 'delete', 'patch'].includes(method)) continue;
        const url = path.replace(/\{[^}]+\}/g, '1');
        const res = await t.app.inject({
          method: method.toUpperCase() as 'POST',
          url,
          headers: bearer(token),
          payload: {},
        });
        // Public routes (sign-in, registration, password reset) take no session; every other one refuses this one.
        const security = (operations[method] as { security?: unknown[] }).security;
        if (Array.isArray(security) && security.length === 0) continue;
        writes += 1;
        // A body the contract refuses answers 400 before the session is read; with a valid body it would be 403.
        expect([400, 403], `${method.toUpperCase()} ${path}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
        if (res.statusCode === 403) {
          expect(res.json().message, `${method} ${path}`).toMatch(/read-only|Access denied/);
        }
      }
    }
    expect(writes).toBeGreaterThan(20);
    // Writes with valid bodies: refused as read-only.
    const postback = await t.app.inject({
      method: 'POST',
      url: '/api/v1/postback',
      headers: bearer(token),
      payload: { url: 'https://tracker.example/p?c={click_id}' },
    });
    expectErrorObject(postback, 403);
    expect(postback.json().message).toBe(
      'You are viewing this account as its partner, read-only: nothing can be changed.',
    );
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: bearer(token),
      payload: { name: 'stolen', currentPassword: 'x' },
    });
    expect([400, 403]).toContain(key.statusCode);
    for (const url of ['/api/v1/offer', '/api/v1/postback', '/api/v1/notifications', '/api/v1/billing-request']) {
      const read = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(read.statusCode, `${url} ${read.body}`).toBe(200);
    }
    // Signing out of the view works.
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(token) })).statusCode).toBe(
      200,
    );
    expectErrorObject(await t.app.inject({ method: 'GET', url: '/api/v1/config', headers: bearer(token) }), 401);
  });

  it('ends after 15 minutes, and when the staff member who opened it is disabled', async () => {
    const first = (await viewAs(manager.token)).json().data.token;
    clock.advance(15 * 60_000 + 1000);
    expectErrorObject(await t.app.inject({ method: 'GET', url: '/api/v1/config', headers: bearer(first) }), 401);

    const viewer = await createStaff(t, 'ROLE_ADMIN');
    const viewerToken = await login(t, viewer.email, viewer.password);
    const second = (await viewAs(viewerToken)).json().data.token;
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/config', headers: bearer(second) })).statusCode).toBe(
      200,
    );
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.id, viewer.userId));
    expectErrorObject(await t.app.inject({ method: 'GET', url: '/api/v1/config', headers: bearer(second) }), 401);
  });

  it('is for staff who handle the partner: another manager 404, finance and partners 403, strangers 401', async () => {
    expectErrorObject(await viewAs(otherManager), 404);
    expectErrorObject(await viewAs(finance), 403);
    expectErrorObject(await viewAs(partner.token), 403);
    expectErrorObject(await viewAs(null), 401);
    const suspended = await createPartner(t, { accountManagerId: manager.userId, status: 'suspended' });
    expectErrorObject(await viewAs(admin.token, suspended.partnerId), 409);
    expectErrorObject(await viewAs(admin.token, 999_999), 404);
  });
});
