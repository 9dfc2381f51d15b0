import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createPartner, createStaff, login, type TestApp, expectErrorObject } from './helper.js';

const PROTECTED = ['/api/v1/config', '/api/v1/partner'];

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('GET /config and /partner', () => {
  it('answers the configuration: user, roles, countries, languages and every data list', async () => {
    const p = await createPartner(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/config',
      headers: bearer(await login(t, p.email, p.password)),
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.user).toMatchObject({ id: p.userId, email: p.email, roles: ['ROLE_PARTNER'] });
    expect(data.user).not.toHaveProperty('passwordHash');
    expect(res.body).not.toMatch(/argon2/);
    expect(data.countries.find((c: { isoCode: string }) => c.isoCode === 'FR')).toMatchObject({
      name: 'France',
      flag: '🇫🇷',
    });
    expect(data.languages).toHaveLength(10);
    for (const list of [
      'trafficSourceList',
      'typologyList',
      'experienceList',
      'verticalList',
      'estimatedMonthlyRevenueList',
      'geographicAreaList',
      'conversionTypeList',
      'invoiceStatusList',
      'civilityList',
      'companyStatusList',
    ]) {
      expect(data.data[list].length, list).toBeGreaterThan(0);
    }
    expect(data.partner).toMatchObject({
      id: p.partnerId,
      status: 'active',
      displayName: expect.stringMatching(new RegExp(`#${p.partnerId}$`)),
      paymentTerms: 'net30',
      paymentCurrency: 'EUR',
      paymentMethod: 'wire',
      allOffersAccess: true,
    });
  });
});

describe('roles and scope', () => {
  it('lists partners for staff only; an account manager sees only its own', async () => {
    const admin = await createStaff(t, 'ROLE_ADMIN');
    const am1 = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    const am2 = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    const p1 = await createPartner(t, { accountManagerId: am1.userId });
    const p2 = await createPartner(t, { accountManagerId: am2.userId });
    const p3 = await createPartner(t, { accountManagerId: am1.userId });

    const partnerToken = await login(t, p1.email, p1.password);
    const denied = await t.app.inject({ method: 'GET', url: '/api/v1/staff/partners', headers: bearer(partnerToken) });
    expectErrorObject(denied, 403);
    expect(denied.json().message).toBe('Access denied.');
    expectErrorObject(await t.app.inject({ method: 'GET', url: '/api/v1/staff/partners' }), 401);

    const adminRes = await t.app.inject({
      method: 'GET',
      url: '/api/v1/staff/partners',
      headers: bearer(await login(t, admin.email, admin.password)),
    });
    expect(adminRes.statusCode).toBe(200);
    const adminIds = (adminRes.json().data as { id: number }[]).map((p) => p.id);
    expect(adminIds).toEqual(expect.arrayContaining([p1.partnerId, p2.partnerId, p3.partnerId]));
    expect(adminRes.json().total).toBe(adminIds.length);

    const amRes = await t.app.inject({
      method: 'GET',
      url: '/api/v1/staff/partners',
      headers: bearer(await login(t, am1.email, am1.password)),
    });
    expect(amRes.statusCode).toBe(200);
    const amList = amRes.json().data as { id: number; accountManagerId: number; displayName: string }[];
    expect(amList.map((p) => p.id).sort()).toEqual([p1.partnerId, p3.partnerId].sort());
    expect(amList.every((p) => p.accountManagerId === am1.userId)).toBe(true);
    expect(amList.find((p) => p.id === p1.partnerId)?.displayName).toMatch(new RegExp(`#${p1.partnerId}$`));
  });

  it("never shows partner B's data to partner A", async () => {
    const am = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    const a = await createPartner(t, { companyName: 'Alpha Alpha Ltd' });
    const b = await createPartner(t, { companyName: 'Bravo Bravo Ltd', accountManagerId: am.userId });
    const token = await login(t, a.email, a.password);
    for (const url of PROTECTED) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      const partner = url.endsWith('/config') ? res.json().data.partner : res.json().data;
      expect(partner.id).toBe(a.partnerId);
      expect(partner.companyName).toBe('Alpha Alpha Ltd');
      expect(res.body).not.toContain('Bravo Bravo Ltd');
      expect(res.body).not.toContain(b.email);
      expect(res.body).not.toContain(am.email);
    }
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/config', headers: bearer(token) });
    expect(config.json().data.user.email).toBe(a.email);
    expect(config.json().data.roles).toEqual(['ROLE_PARTNER']);
  });

  it("shows the partner its account manager's contact", async () => {
    const am = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    const p = await createPartner(t, { accountManagerId: am.userId });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/partner',
      headers: bearer(await login(t, p.email, p.password)),
    });
    expect(res.json().data.accountManager).toMatchObject({ id: am.userId, email: am.email, telegram: 'sam_staff' });
    expect(res.json().data.mainContact).toMatchObject({ companyRole: 'main', email: p.email });
  });

  it('gives staff a configuration without partner and refuses /partner', async () => {
    for (const role of ['ROLE_ADMIN', 'ROLE_ACCOUNT_MANAGER', 'ROLE_TEAM_MANAGER'] as const) {
      const s = await createStaff(t, role);
      const token = await login(t, s.email, s.password);
      const config = await t.app.inject({ method: 'GET', url: '/api/v1/config', headers: bearer(token) });
      expect(config.statusCode).toBe(200);
      expect(config.json().data.partner).toBeNull();
      expect(config.json().data.roles).toEqual([role]);
      expectErrorObject(await t.app.inject({ method: 'GET', url: '/api/v1/partner', headers: bearer(token) }), 403);
    }
  });
});
