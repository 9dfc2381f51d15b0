/**
 * View as partner (decision 039): staff who handle a partner open a read-only, short-lived session of its
 * user, handed over by the spec's sign-in link; every write of the API refuses it, reads work, the configuration
 * names the staff member for the banner, the opening is audited, and the session ends with its time or its opener.
 */
import { eq, sql } from 'drizzle-orm';
import {
  accountEndpoints,
  apiKeysEndpoints,
  authEndpoints,
  billingEndpoints,
  notificationsEndpoints,
  offersEndpoints,
  postbacksEndpoints,
  staffEndpoints,
} from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema.js';
import {
  bearer,
  buildTestApp,
  createPartner,
  createStaff,
  createTeam,
  callEndpoint,
  errorBody,
  expectError,
  expectOk,
  invalid,
  login,
  okBody,
  testClock,
  type Identity,
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

const viewAs = (token: Identity, partnerId = partner.partnerId) =>
  callEndpoint(t.app, staffEndpoints.viewAsPartner, { params: { id: partnerId } }, token);
const config = (token: Identity) => callEndpoint(t.app, accountEndpoints.config, {}, token);

type Document = { paths: Record<string, Record<string, unknown>> };

describe('POST /staff/partners/{id}/view-as', () => {
  it('hands a read-only session over by a sign-in link, audited', async () => {
    const { token, expireAt, url } = okBody(await viewAs(manager.token)).data;
    expect(new Date(expireAt).getTime() - clock.now().getTime()).toBe(15 * 60_000);
    const link = new URL(url);
    expect(link.pathname).toBe('/login');
    expect(link.searchParams.get('token')).toBe(token);
    expect(link.searchParams.get('expireAt')).toBe(expireAt);
    expect(link.searchParams.get('viewAs')).toBe('1');

    const viewed = okBody(await config(token)).data;
    expect(viewed.partner!.id).toBe(partner.partnerId);
    expect(viewed.viewedBy).toEqual({ id: manager.userId, name: expect.stringMatching(/^Sam Staff/) });
    // The partner's own session says nothing of it.
    expect(okBody(await config(partner.token)).data.viewedBy).toBeNull();

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityType} = 'partner' and ${auditLog.action} = 'view_as'`);
    expect(entries).toMatchObject([{ actorId: manager.userId, partnerId: partner.partnerId }]);
  });

  it('refuses every write of the API and serves the reads', async () => {
    const { token } = okBody(await viewAs(admin.token)).data;
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
    const postback = await callEndpoint(
      t.app,
      postbacksEndpoints.create,
      { body: { url: 'https://tracker.example/p?c={click_id}' } },
      token,
    );
    expect(errorBody(postback, 403).message).toBe(
      'You are viewing this account as its partner, read-only: nothing can be changed.',
    );
    const key = await callEndpoint(
      t.app,
      apiKeysEndpoints.create,
      { body: invalid({ name: 'stolen', currentPassword: 'x' }) },
      token,
    );
    expect([400, 403]).toContain(key.status);
    for (const [name, read] of [
      ['offers', await callEndpoint(t.app, offersEndpoints.list, {}, token)],
      ['postbacks', await callEndpoint(t.app, postbacksEndpoints.list, {}, token)],
      ['notifications', await callEndpoint(t.app, notificationsEndpoints.list, {}, token)],
      ['billing requests', await callEndpoint(t.app, billingEndpoints.billingRequests, {}, token)],
    ] as const) {
      expect(read.status, `${name} ${read.raw.body}`).toBe(200);
    }
    // Signing out of the view works.
    expectOk(await callEndpoint(t.app, authEndpoints.logout, {}, token));
    expectError(await config(token), 401);
  });

  it('ends after 15 minutes, and when the staff member who opened it is disabled', async () => {
    const first = okBody(await viewAs(manager.token)).data.token;
    clock.advance(15 * 60_000 + 1000);
    expectError(await config(first), 401);

    const viewer = await createStaff(t, 'ROLE_ADMIN');
    const viewerToken = await login(t, viewer.email, viewer.password);
    const second = okBody(await viewAs(viewerToken)).data.token;
    expect((await config(second)).status).toBe(200);
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.id, viewer.userId));
    expectError(await config(second), 401);
  });

  it('is for staff who handle the partner: another manager 404, finance and partners 403, strangers 401', async () => {
    expectError(await viewAs(otherManager), 404);
    expectError(await viewAs(finance), 403);
    expectError(await viewAs(partner.token), 403);
    expectError(await viewAs(null), 401);
    const suspended = await createPartner(t, { accountManagerId: manager.userId, status: 'suspended' });
    expectError(await viewAs(admin.token, suspended.partnerId), 409);
    expectError(await viewAs(admin.token, 999_999), 404);
  });
});
