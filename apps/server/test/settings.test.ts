import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMEZONES } from '@portal/contracts';
import { bearer, buildTestApp, createPartner, createStaff, expectErrorObject, login, type TestApp } from './helper.js';

describe('account settings: time zone and preferences', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  const get = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/account/settings', headers: bearer(token) });
  const put = (token: string, what: 'timezone' | 'preferences', payload: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/account/${what}`, headers: bearer(token), payload: payload as object });

  const allOff = {
    newsletter: false,
    offerNotifications: false,
    paymentNotifications: false,
    urgentNotifications: false,
    partnerSpecialOffers: false,
  };

  it('needs a signed-in user', async () => {
    expectErrorObject(await t.app.inject({ method: 'GET', url: '/api/v1/account/settings' }), 401);
    expectErrorObject(
      await t.app.inject({ method: 'PUT', url: '/api/v1/account/timezone', payload: { timezone: '+01:00' } }),
      401,
    );
    expectErrorObject(await t.app.inject({ method: 'PUT', url: '/api/v1/account/preferences', payload: allOff }), 401);
  });

  it('answers the defaults of a new user', async () => {
    const p = await createPartner(t);
    const res = await get(await login(t, p.email, p.password));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      timezone: null,
      preferences: {
        newsletter: true,
        offerNotifications: true,
        paymentNotifications: true,
        urgentNotifications: true,
        partnerSpecialOffers: false,
      },
      twoFactor: { enabled: false, phone: null, enabledAt: null },
    });
  });

  it('offers the 27 whole-hour offsets from -12:00 to +14:00', () => {
    expect(TIMEZONES).toHaveLength(27);
    expect(TIMEZONES[0]?.value).toBe('-12:00');
    expect(TIMEZONES.at(-1)?.value).toBe('+14:00');
    expect(TIMEZONES.find((tz) => tz.value === '+01:00')?.city).toBe('Paris');
  });

  it('saves a time zone, which the configuration then carries', async () => {
    const p = await createPartner(t);
    const token = await login(t, p.email, p.password);
    for (const timezone of ['-12:00', '+14:00', '+00:00', '+05:00']) {
      const res = await put(token, 'timezone', { timezone });
      expect(res.statusCode, timezone).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: 'Your timezone has been saved.', data: { timezone } });
    }
    expect((await get(token)).json().data.timezone).toBe('+05:00');
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/config', headers: bearer(token) });
    expect(config.json().data.user.timezone).toBe('+05:00');
  });

  it('refuses a time zone outside the list, and keeps the saved one', async () => {
    const p = await createPartner(t);
    const token = await login(t, p.email, p.password);
    await put(token, 'timezone', { timezone: '+01:00' });
    for (const payload of [
      { timezone: '+01:30' },
      { timezone: '+15:00' },
      { timezone: 'Europe/Paris' },
      { timezone: '' },
      { timezone: 1 },
      {},
    ]) {
      const res = await put(token, 'timezone', payload);
      expectErrorObject(res, 400);
      expect(Object.keys(res.json().errors), JSON.stringify(payload)).toEqual(['timezone']);
    }
    const extra = await put(token, 'timezone', { timezone: '+02:00', userId: 1 });
    expectErrorObject(extra, 400);
    expect(extra.json().errors.userId).toBe('This field is not allowed.');
    expect((await get(token)).json().data.timezone).toBe('+01:00');
  });

  it('saves the five preferences, for that user only', async () => {
    const p = await createPartner(t);
    const colleague = await createPartner(t);
    const token = await login(t, p.email, p.password);
    const wanted = { ...allOff, paymentNotifications: true, partnerSpecialOffers: true };
    const res = await put(token, 'preferences', wanted);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Your preferences have been saved.', data: { preferences: wanted } });
    expect((await get(token)).json().data.preferences).toEqual(wanted);
    const other = await get(await login(t, colleague.email, colleague.password));
    expect(other.json().data.preferences.newsletter).toBe(true);
  });

  it('refuses incomplete or mistyped preferences and changes nothing', async () => {
    const p = await createPartner(t);
    const token = await login(t, p.email, p.password);
    const before = (await get(token)).json().data.preferences;
    const missing = await put(token, 'preferences', { newsletter: false });
    expectErrorObject(missing, 400);
    expect(Object.keys(missing.json().errors).sort()).toEqual([
      'offerNotifications',
      'partnerSpecialOffers',
      'paymentNotifications',
      'urgentNotifications',
    ]);
    const typed = await put(token, 'preferences', { ...allOff, newsletter: 'no' });
    expectErrorObject(typed, 400);
    expect(typed.json().errors.newsletter).toBe('The value has the wrong type.');
    const extra = await put(token, 'preferences', { ...allOff, twoFactorPhone: '+33600000000' });
    expectErrorObject(extra, 400);
    expect((await get(token)).json().data.preferences).toEqual(before);
  });

  it('works for staff users too', async () => {
    const staff = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    const token = await login(t, staff.email, staff.password);
    expect((await put(token, 'timezone', { timezone: '-05:00' })).statusCode).toBe(200);
    expect((await get(token)).json().data.timezone).toBe('-05:00');
  });
});
