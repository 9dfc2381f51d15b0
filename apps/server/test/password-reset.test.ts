import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEndpoints, authEndpoints } from '@portal/contracts';
import { passwordResetKeys, users } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  expectError,
  expectOk,
  login,
  okBody,
  resetKeyFrom,
  rowCounts,
  sentMails,
  testClock,
  type TestApp,
} from './helper.js';

describe('password lost and reset', () => {
  let t: TestApp;
  const clock = testClock();

  const lost = (email: string, headers: Record<string, string> = {}) =>
    callEndpoint(t.app, authEndpoints.passwordLost, { body: { email }, headers }, null);
  const checkKey = async (key: string) => {
    const res = await callEndpoint(
      t.app,
      authEndpoints.checkResetKey,
      { params: { key: encodeURIComponent(key) } },
      null,
    );
    expectOk(res);
    return okBody(res).data.valid as boolean;
  };
  const reset = (key: string, password: string) =>
    callEndpoint(t.app, authEndpoints.resetPassword, { body: { key, password } }, null);
  const mailsTo = async (email: string) => (await sentMails(t)).filter((m) => m.to.includes(email));
  /** Asks for a link and answers the key of the newest mail to that address. */
  const requestKey = async (email: string) => {
    expect((await lost(email)).status).toBe(200);
    const mails = await mailsTo(email);
    const last = mails[mails.length - 1];
    if (!last) throw new Error('no mail');
    return resetKeyFrom(last.body);
  };
  const signIn = (email: string, password: string) =>
    callEndpoint(t.app, authEndpoints.login, { body: { username: email, password } }, null);

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now });
  });
  afterAll(async () => t?.close());

  it('keeps a first name with line breaks on its own line of the mail (no header or line injection)', async () => {
    const partner = await createPartner(t);
    await t.database.db
      .update(users)
      .set({ firstname: 'Eve\r\nBcc: victim@example.test\nClick https://evil.example' })
      .where(eq(users.id, partner.userId));
    await requestKey(partner.email);
    const mails = await mailsTo(partner.email);
    const body = mails[mails.length - 1]!.body;
    const lines = body.split(/\r?\n/);
    expect(lines).toContain('Hello EveBcc: victim@example.testClick https://evil.example,');
    expect(lines.some((line) => line.startsWith('Bcc:') || line.startsWith('Click '))).toBe(false);
  });

  it('answers the same for a known and an unknown e-mail, and mails only the known one', async () => {
    const p = await createPartner(t);
    const unknown = `nobody-${p.email}`;
    const known = await lost(p.email);
    const other = await lost(unknown);
    expect(known.status).toBe(200);
    expect(other.status).toBe(200);
    expect(other.raw.body).toBe(known.raw.body);
    expect(known.body).toMatchObject({ code: 200, success: true, data: null });
    const mails = await mailsTo(p.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Reset your password');
    expect((await sentMails(t)).some((m) => m.to.includes(unknown))).toBe(false);
  });

  it('finds the account whatever the case of the e-mail', async () => {
    const p = await createPartner(t);
    expect((await lost(p.email.toUpperCase())).status).toBe(200);
    expect(await mailsTo(p.email)).toHaveLength(1);
  });

  it('builds the link from the configured public URL, never from Host headers', async () => {
    const p = await createPartner(t);
    const res = await lost(p.email, {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
    });
    expect(res.status).toBe(200);
    const [mail] = await mailsTo(p.email);
    expect(mail?.body).toContain(`${t.config.publicUrl}/password-reset?key=`);
    expect(mail?.body).not.toContain('evil.example');
    const key = resetKeyFrom(mail?.body ?? '');
    expect(key).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    // Only the hash of the key is stored.
    const rows = await t.database.db.select().from(passwordResetKeys).where(eq(passwordResetKeys.userId, p.userId));
    expect(rows).toHaveLength(1);
    for (const value of Object.values(rows[0] ?? {})) expect(String(value)).not.toContain(key);
  });

  it('checks keys', async () => {
    const p = await createPartner(t);
    const key = await requestKey(p.email);
    expect(await checkKey(key)).toBe(true);
    expect(await checkKey('garbage-key')).toBe(false);
    expect(await checkKey(`${key}x`)).toBe(false);
  });

  it('refuses weak passwords, one rule at a time, and writes nothing', async () => {
    const p = await createPartner(t);
    const key = await requestKey(p.email);
    const cases: [string, string][] = [
      ['Abc12', 'Password must be at least 8 characters long (currently 5).'],
      ['abcdefgh1', 'Password must contain at least one capital letter.'],
      ['Abcdefghij', 'The password must contain at least one number.'],
      ['', 'This field is required.'],
    ];
    const before = await rowCounts(t);
    for (const [password, message] of cases) {
      const res = await reset(key, password);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 400, errors: { password: message } });
    }
    expect(await rowCounts(t)).toEqual(before);
    // The key survived the refused attempts.
    expect(await checkKey(key)).toBe(true);
  });

  it('changes the password once per key and revokes every session', async () => {
    const p = await createPartner(t);
    const tokens = [await login(t, p.email, p.password), await login(t, p.email, p.password)];
    const key = await requestKey(p.email);
    const res = await reset(key, 'Fresh2025pass');
    expectOk(res);
    expect(res.body).toMatchObject({ success: true, message: 'Your password has been changed successfully.' });

    expect((await signIn(p.email, p.password)).status).toBe(401);
    expect((await signIn(p.email, 'Fresh2025pass')).status).toBe(200);
    for (const token of tokens) {
      expect((await callEndpoint(t.app, accountEndpoints.config, {}, token)).status).toBe(401);
    }

    const again = await reset(key, 'Another2025pass');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ status: 400, message: 'The link is either invalid or has expired.' });
    expect(await checkKey(key)).toBe(false);
    expect((await signIn(p.email, 'Fresh2025pass')).status).toBe(200);
  });

  it('lets only one of several simultaneous resets with the same key through', async () => {
    const p = await createPartner(t);
    const key = await requestKey(p.email);
    const answers = await Promise.all(
      ['Race2025aa', 'Race2025bb', 'Race2025cc'].map((password) => reset(key, password)),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    const winner = ['Race2025aa', 'Race2025bb', 'Race2025cc'][answers.findIndex((r) => r.status === 200)] ?? '';
    expect((await signIn(p.email, winner)).status).toBe(200);
  });

  it('refuses an unknown key', async () => {
    const res = await reset('no-such-key-at-all', 'Fresh2025pass');
    expectError(res, 400);
    expect(res.body.errors?.key).toBe('The link is either invalid or has expired.');
  });

  it('invalidates an older key when a newer one is issued', async () => {
    const p = await createPartner(t);
    const older = await requestKey(p.email);
    const newer = await requestKey(p.email);
    expect(newer).not.toBe(older);
    expect(await checkKey(older)).toBe(false);
    expect((await reset(older, 'Fresh2025pass')).status).toBe(400);
    expect(await checkKey(newer)).toBe(true);
    expect((await reset(newer, 'Fresh2025pass')).status).toBe(200);
  });

  it('sends no link to a disabled user', async () => {
    const p = await createPartner(t);
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.id, p.userId));
    expect((await lost(p.email)).status).toBe(200);
    expect(await mailsTo(p.email)).toHaveLength(0);
  });

  // Moves the shared clock: keep last.
  it('expires a key after one hour', async () => {
    const p = await createPartner(t);
    const key = await requestKey(p.email);
    clock.advance(59 * 60 * 1000);
    expect(await checkKey(key)).toBe(true);
    clock.advance(2 * 60 * 1000);
    expect(await checkKey(key)).toBe(false);
    const res = await reset(key, 'Fresh2025pass');
    expect(res.status).toBe(400);
    expect((await signIn(p.email, p.password)).status).toBe(200);
  });
});
