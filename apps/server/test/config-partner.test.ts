import { accountEndpoints, staffEndpoints } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  errorBody,
  expectError,
  login,
  okBody,
  type Identity,
  type TestApp,
} from './helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const config = (token: Identity) => callEndpoint(t.app, accountEndpoints.config, {}, token);
const partner = (token: Identity) => callEndpoint(t.app, accountEndpoints.partner, {}, token);
const staffPartners = (token: Identity) => callEndpoint(t.app, staffEndpoints.listPartners, {}, token);

describe('GET /config and /partner', () => {
  it('answers the configuration: user, roles, countries, languages and every data list', async () => {
    const p = await createPartner(t);
    const res = await config(await login(t, p.email, p.password));
    const data = okBody(res).data;
    expect(data.user).toMatchObject({ id: p.userId, email: p.email, roles: ['ROLE_PARTNER'] });
    expect(data.user).not.toHaveProperty('passwordHash');
    expect(res.raw.body).not.toMatch(/argon2/);
    expect(data.countries.find((c) => c.isoCode === 'FR')).toMatchObject({
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
    ] as const) {
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
      // Its registration, under the network's terms (decision 082).
      termsAgreedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
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
    const denied = await staffPartners(partnerToken);
    expect(errorBody(denied, 403).message).toBe('Access denied.');
    expectError(await staffPartners(null), 401);

    const adminRes = okBody(await staffPartners(await login(t, admin.email, admin.password)));
    const adminIds = adminRes.data.map((p) => p.id);
    expect(adminIds).toEqual(expect.arrayContaining([p1.partnerId, p2.partnerId, p3.partnerId]));
    expect(adminRes.total).toBe(adminIds.length);

    const amList = okBody(await staffPartners(await login(t, am1.email, am1.password))).data;
    expect(amList.map((p) => p.id).sort()).toEqual([p1.partnerId, p3.partnerId].sort());
    expect(amList.every((p) => p.accountManagerId === am1.userId)).toBe(true);
    expect(amList.find((p) => p.id === p1.partnerId)?.displayName).toMatch(new RegExp(`#${p1.partnerId}$`));
  });

  it("never shows partner B's data to partner A", async () => {
    const am = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    const a = await createPartner(t, { companyName: 'Alpha Alpha Ltd' });
    const b = await createPartner(t, { companyName: 'Bravo Bravo Ltd', accountManagerId: am.userId });
    const token = await login(t, a.email, a.password);
    const fromConfig = await config(token);
    const fromPartner = await partner(token);
    for (const [res, own] of [
      [fromConfig, okBody(fromConfig).data.partner!],
      [fromPartner, okBody(fromPartner).data],
    ] as const) {
      expect(own.id).toBe(a.partnerId);
      expect(own.companyName).toBe('Alpha Alpha Ltd');
      expect(res.raw.body).not.toContain('Bravo Bravo Ltd');
      expect(res.raw.body).not.toContain(b.email);
      expect(res.raw.body).not.toContain(am.email);
    }
    const again = okBody(await config(token)).data;
    expect(again.user.email).toBe(a.email);
    expect(again.roles).toEqual(['ROLE_PARTNER']);
  });

  it("shows the partner its account manager's contact", async () => {
    const am = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    const p = await createPartner(t, { accountManagerId: am.userId });
    const res = await partner(await login(t, p.email, p.password));
    expect(okBody(res).data.accountManager).toMatchObject({ id: am.userId, email: am.email, telegram: 'sam_staff' });
    expect(okBody(res).data.mainContact).toMatchObject({ companyRole: 'main', email: p.email });
  });

  it('gives staff a configuration without partner and refuses /partner', async () => {
    for (const role of ['ROLE_ADMIN', 'ROLE_ACCOUNT_MANAGER', 'ROLE_TEAM_MANAGER'] as const) {
      const s = await createStaff(t, role);
      const token = await login(t, s.email, s.password);
      const data = okBody(await config(token)).data;
      expect(data.partner).toBeNull();
      expect(data.roles).toEqual([role]);
      expectError(await partner(token), 403);
    }
  });
});
