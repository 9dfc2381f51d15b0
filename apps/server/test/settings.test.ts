import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEndpoints, settingsEndpoints, TIMEZONES } from '@portal/contracts';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  expectError,
  expectOk,
  invalid,
  login,
  okBody,
  type CallInput,
  type TestApp,
} from './helper.js';

describe('account settings: time zone and preferences', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  const get = (token: string) => callEndpoint(t.app, settingsEndpoints.get, {}, token);
  const setTimezone = (token: string, body: CallInput<typeof settingsEndpoints.setTimezone>['body']) =>
    callEndpoint(t.app, settingsEndpoints.setTimezone, { body }, token);
  const setPreferences = (token: string, body: CallInput<typeof settingsEndpoints.setPreferences>['body']) =>
    callEndpoint(t.app, settingsEndpoints.setPreferences, { body }, token);

  const allOff = {
    newsletter: false,
    offerNotifications: false,
    paymentNotifications: false,
    urgentNotifications: false,
    partnerSpecialOffers: false,
  };

  it('needs a signed-in user', async () => {
    expectError(await callEndpoint(t.app, settingsEndpoints.get, {}, null), 401);
    expectError(await callEndpoint(t.app, settingsEndpoints.setTimezone, { body: { timezone: '+01:00' } }, null), 401);
    expectError(await callEndpoint(t.app, settingsEndpoints.setPreferences, { body: allOff }, null), 401);
  });

  it('answers the defaults of a new user: a stored zone, UTC when none was given (decision 092)', async () => {
    const p = await createPartner(t);
    const res = await get(await login(t, p.email, p.password));
    expectOk(res);
    expect(okBody(res).data).toEqual({
      timezone: '+00:00',
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
    for (const timezone of ['-12:00', '+14:00', '+00:00', '+05:00'] as const) {
      const res = await setTimezone(token, { timezone });
      expect(res.status, timezone).toBe(200);
      expect(okBody(res)).toMatchObject({
        success: true,
        message: 'Your timezone has been saved.',
        data: { timezone },
      });
    }
    expect(okBody(await get(token)).data.timezone).toBe('+05:00');
    const config = await callEndpoint(t.app, accountEndpoints.config, {}, token);
    expect(okBody(config).data.user.timezone).toBe('+05:00');
  });

  it('refuses a time zone outside the list, and keeps the saved one', async () => {
    const p = await createPartner(t);
    const token = await login(t, p.email, p.password);
    await setTimezone(token, { timezone: '+01:00' });
    for (const payload of [
      { timezone: '+01:30' },
      { timezone: '+15:00' },
      { timezone: 'Europe/Paris' },
      { timezone: '' },
      { timezone: 1 },
      {},
    ]) {
      const res = await setTimezone(token, invalid(payload));
      expectError(res, 400);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(payload)).toEqual(['timezone']);
    }
    const extra = await setTimezone(token, invalid({ timezone: '+02:00', userId: 1 }));
    expectError(extra, 400);
    expect(extra.body.errors?.userId).toBe('This field is not allowed.');
    expect(okBody(await get(token)).data.timezone).toBe('+01:00');
  });

  it('saves the five preferences, for that user only', async () => {
    const p = await createPartner(t);
    const colleague = await createPartner(t);
    const token = await login(t, p.email, p.password);
    const wanted = { ...allOff, paymentNotifications: true, partnerSpecialOffers: true };
    const res = await setPreferences(token, wanted);
    expectOk(res);
    expect(okBody(res)).toMatchObject({ message: 'Your preferences have been saved.', data: { preferences: wanted } });
    expect(okBody(await get(token)).data.preferences).toEqual(wanted);
    const other = await get(await login(t, colleague.email, colleague.password));
    expect(okBody(other).data.preferences.newsletter).toBe(true);
  });

  it('refuses incomplete or mistyped preferences and changes nothing', async () => {
    const p = await createPartner(t);
    const token = await login(t, p.email, p.password);
    const before = okBody(await get(token)).data.preferences;
    const missing = await setPreferences(token, invalid({ newsletter: false }));
    expectError(missing, 400);
    expect(Object.keys(missing.body.errors ?? {}).sort()).toEqual([
      'offerNotifications',
      'partnerSpecialOffers',
      'paymentNotifications',
      'urgentNotifications',
    ]);
    const typed = await setPreferences(token, invalid({ ...allOff, newsletter: 'no' }));
    expectError(typed, 400);
    expect(typed.body.errors?.newsletter).toBe('The value has the wrong type.');
    const extra = await setPreferences(token, invalid({ ...allOff, twoFactorPhone: '+33600000000' }));
    expectError(extra, 400);
    expect(okBody(await get(token)).data.preferences).toEqual(before);
  });

  it('works for staff users too', async () => {
    const staff = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    const token = await login(t, staff.email, staff.password);
    expect((await setTimezone(token, { timezone: '-05:00' })).status).toBe(200);
    expect(okBody(await get(token)).data.timezone).toBe('-05:00');
  });
});
