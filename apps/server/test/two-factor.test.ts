import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox, twoFactorCodes, users } from '../src/db/schema.js';
import {
  authEndpoints,
  configEndpoint,
  settingsEndpoints,
  staffEndpoints,
  staffUserEndpoints,
  twoFactorEndpoints,
} from '@portal/contracts';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  errorBody,
  invalid,
  expectError,
  expectOk,
  login,
  okBody,
  sentMails,
  testClock,
  type CallInput,
  type TestApp,
} from './helper.js';

/** The POST endpoints this suite calls through its `from(ip)` / `post` wrappers. */
type PostEndpoint =
  | typeof twoFactorEndpoints.start
  | typeof twoFactorEndpoints.confirm
  | typeof twoFactorEndpoints.disable
  | typeof authEndpoints.login
  | typeof authEndpoints.loginTwoFactor;

type Partner = Pick<Awaited<ReturnType<typeof createPartner>>, 'email' | 'password'>;

describe('two-factor authentication by SMS', () => {
  let t: TestApp;
  const clock = testClock(new Date('2025-08-04T10:00:00Z'));
  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now });
  });
  afterAll(async () => t?.close());

  /** The text messages the SMS worker wrote to DATA_DIR/outbox, oldest first. */
  async function sentSms() {
    await t.app.ctx.sms.drain();
    const dir = path.join(t.dataDir, 'outbox');
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.sms.txt'))
      .sort((a, b) => parseInt(a.split('-')[1] ?? '0', 10) - parseInt(b.split('-')[1] ?? '0', 10))
      .map((file) => {
        const text = fs.readFileSync(path.join(dir, file), 'utf8');
        return { file, to: /^To: (.*)$/m.exec(text)?.[1] ?? '', text };
      });
  }

  async function lastCodeTo(phone: string): Promise<string> {
    const message = (await sentSms()).filter((m) => m.to === phone).pop();
    const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
    if (!code) throw new Error(`no code sent to ${phone}`);
    return code;
  }

  type Body<E extends PostEndpoint> = CallInput<E>['body'];
  /** The two-factor endpoints as one session calls them, from one client address (`from(ip)`) or from the default. */
  const from = (ip?: string) => {
    const at = ip ? { remoteAddress: ip } : {};
    return {
      start: (body: Body<typeof twoFactorEndpoints.start>, token?: string) =>
        callEndpoint(t.app, twoFactorEndpoints.start, { body, ...at }, token ?? null),
      confirm: (body: Body<typeof twoFactorEndpoints.confirm>, token?: string) =>
        callEndpoint(t.app, twoFactorEndpoints.confirm, { body, ...at }, token ?? null),
      disable: (body: Body<typeof twoFactorEndpoints.disable>, token?: string) =>
        callEndpoint(t.app, twoFactorEndpoints.disable, { body, ...at }, token ?? null),
      login: (body: Body<typeof authEndpoints.login>) =>
        callEndpoint(t.app, authEndpoints.login, { body, ...at }, null),
      loginTwoFactor: (body: Body<typeof authEndpoints.loginTwoFactor>) =>
        callEndpoint(t.app, authEndpoints.loginTwoFactor, { body, ...at }, null),
    };
  };
  const post = from();

  const settings = async (token: string) => okBody(await callEndpoint(t.app, settingsEndpoints.get, {}, token)).data;
  const configOf = (token: string) => callEndpoint(t.app, configEndpoint, {}, token);

  /** A code no one was sent (the real one plus one, mod a million). */
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  let phoneSequence = 10;
  async function enrol(p: Partner) {
    phoneSequence += 1;
    const token = await login(t, p.email, p.password);
    const national = `06 12 34 56 ${phoneSequence}`;
    const phone = `+336123456${phoneSequence}`;
    const start = await post.start({ countryCode: '+33', phoneNumber: national, password: p.password }, token);
    expectOk(start);
    const confirm = await post.confirm({ code: await lastCodeTo(phone) }, token);
    expectOk(confirm);
    return { token, phone, recoveryCodes: confirm.body.data.recoveryCodes as string[] };
  }

  async function passwordStep(p: Partner, ip = '10.0.0.1') {
    const res = await callEndpoint(
      t.app,
      authEndpoints.login,
      { body: { username: p.email, password: p.password }, remoteAddress: ip },
      null,
    );
    expectOk(res);
    const data = res.body.data;
    expect(data).toMatchObject({ twoFactorRequired: true });
    expect((data as { bearer?: string }).bearer).toBeUndefined();
    return data as { challenge: string; phone: string; codeExpireAt: string };
  }

  const codeStep = (challenge: string, code: string, ip = '10.0.0.1') =>
    callEndpoint(t.app, authEndpoints.loginTwoFactor, { body: { challenge, code }, remoteAddress: ip }, null);

  describe('enrolment', () => {
    it('sends a six-digit code to the phone and enables 2FA once it is confirmed', async () => {
      const p = await createPartner(t);
      const token = await login(t, p.email, p.password);
      const start = await post.start(
        { countryCode: '+33', phoneNumber: '06 12 34 56 78', password: p.password },
        token,
      );
      expectOk(start);
      expect(start.body).toMatchObject({
        message: 'A verification code has been sent to +33 •••••••78.',
        data: { phone: '+33 •••••••78', codeExpireAt: '2025-08-04T10:10:00.000Z' },
      });
      expect((await settings(token)).twoFactor.enabled).toBe(false);

      const messages = (await sentSms()).filter((m) => m.to === '+33612345678');
      expect(messages).toHaveLength(1);
      expect(messages[0]?.file).toMatch(/^\d+-\d+\.sms\.txt$/);
      const code = await lastCodeTo('+33612345678');
      expect(code).toMatch(/^\d{6}$/);

      // Only a keyed hash is kept; the outbox forgets the text once sent.
      const rows = await t.database.db.select().from(twoFactorCodes).where(eq(twoFactorCodes.userId, p.userId));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(rows)).not.toContain(code);
      const outbox = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.to, '+33612345678'));
      expect(outbox[0]?.text).toBe('');
      expect(outbox[0]?.sentAt).not.toBeNull();

      const confirm = await post.confirm({ code }, token);
      expectOk(confirm);
      expect(confirm.body).toMatchObject({
        message: 'Two-factor authentication is enabled.',
        data: { enabled: true, phone: '+33 •••••••78' },
      });
      expect((await settings(token)).twoFactor).toMatchObject({ enabled: true, phone: '+33 •••••••78' });
      const [user] = await t.database.db.select().from(users).where(eq(users.id, p.userId));
      expect(user?.twoFactorPhone).toBe('+33612345678');

      // The code was single-use.
      expectError(await post.confirm({ code }, token), 400);
    });

    it('validates the country code, the phone number and the code', async () => {
      const p = await createPartner(t);
      const token = await login(t, p.email, p.password);
      const cases: [unknown, string][] = [
        [{ countryCode: '+7', phoneNumber: '9123456789', password: p.password }, 'countryCode'],
        [{ countryCode: '+33', phoneNumber: '', password: p.password }, 'phoneNumber'],
        [{ countryCode: '+33', phoneNumber: 'call me', password: p.password }, 'phoneNumber'],
        [{ countryCode: '+33', phoneNumber: '12', password: p.password }, 'phoneNumber'],
        [{ countryCode: '+1', phoneNumber: '1234567890123456', password: p.password }, 'phoneNumber'],
        [{ phoneNumber: '612345678', password: p.password }, 'countryCode'],
      ];
      for (const [payload, field] of cases) {
        const res = await post.start(invalid(payload), token);
        expectError(res, 400);
        expect(Object.keys(res.body.errors ?? {}), JSON.stringify(payload)).toContain(field);
      }
      for (const code of ['', '12345', '1234567', 'abcdef']) {
        const res = await post.confirm({ code }, token);
        expectError(res, 400);
        expect(res.body.errors?.code).toBeTruthy();
      }
      const none = await post.confirm({ code: '123456' }, token);
      expectError(none, 400);
      expect(none.body.message).toBe('No verification code is pending. Please click VERIFY to receive a new one.');
      expect(await t.database.db.select().from(twoFactorCodes).where(eq(twoFactorCodes.userId, p.userId))).toEqual([]);
    });

    it('refuses an expired code', async () => {
      const p = await createPartner(t);
      const token = await login(t, p.email, p.password);
      await post.start({ countryCode: '+44', phoneNumber: '07700 900123', password: p.password }, token);
      const code = await lastCodeTo('+447700900123');
      clock.advance(10 * 60 * 1000 + 1);
      const res = await post.confirm({ code }, token);
      expectError(res, 400);
      expect(res.body.errors?.code).toBe('The code has expired. Please click VERIFY to receive a new one.');
      expect((await settings(token)).twoFactor.enabled).toBe(false);
    });

    it('kills a code after five wrong attempts, even if the sixth is right', async () => {
      const p = await createPartner(t);
      const token = await login(t, p.email, p.password);
      await post.start({ countryCode: '+49', phoneNumber: '0151 23456789', password: p.password }, token);
      const code = await lastCodeTo('+4915123456789');
      for (let i = 1; i <= 4; i++) {
        const res = await post.confirm({ code: wrongCode(code) }, token);
        expectError(res, 400);
        expect(res.body.errors?.code).toBe('The code is incorrect.');
      }
      const fifth = await post.confirm({ code: wrongCode(code) }, token);
      expect(errorBody(fifth, 400).errors?.code).toBe(
        'Too many incorrect codes. Please click VERIFY to receive a new one.',
      );
      expectError(await post.confirm({ code }, token), 400);
      expect((await settings(token)).twoFactor.enabled).toBe(false);
    });

    it('a new code replaces the previous one, and sends are limited', async () => {
      const p = await createPartner(t);
      const token = await login(t, p.email, p.password);
      const start = () => post.start({ countryCode: '+91', phoneNumber: '98765 43210', password: p.password }, token);
      expect((await start()).status).toBe(200);
      const first = await lastCodeTo('+919876543210');
      expect((await start()).status).toBe(200);
      const second = await lastCodeTo('+919876543210');
      if (first !== second) {
        expectError(await post.confirm({ code: first }, token), 400);
      }
      for (let i = 3; i <= 5; i++) expect((await start()).status).toBe(200);
      const limited = await start();
      expectError(limited, 429);
      expect(limited.headers['retry-after']).toBeDefined();
      expect((await sentSms()).filter((m) => m.to === '+919876543210')).toHaveLength(5);
    });

    it('needs a signed-in user', async () => {
      expectError(await post.start({ countryCode: '+33', phoneNumber: '612345678', password: 'x' }), 401);
      expectError(await post.confirm({ code: '123456' }), 401);
      expectError(await post.disable({ password: 'x' }), 401);
    });
  });

  describe('sign-in', () => {
    it('without 2FA the password alone answers the session', async () => {
      const p = await createPartner(t);
      const res = await post.login({ username: p.email, password: p.password });
      expectOk(res);
      expect(Object.keys(res.body.data).sort()).toEqual(['bearer', 'expireAt']);
    });

    it('with 2FA the password answers a challenge and a code by SMS; the code answers the session', async () => {
      const p = await createPartner(t);
      const { phone } = await enrol(p);
      const challenge = await passwordStep(p);
      expect(challenge.phone).toBe(`+33 •••••••${phone.slice(-2)}`);
      expect(challenge.challenge.length).toBeGreaterThan(30);
      const code = await lastCodeTo(phone);
      expect((await sentSms()).pop()?.text).toContain('sign-in code');

      const res = await codeStep(challenge.challenge, code);
      expectOk(res);
      const { bearer: token, expireAt } = res.body.data;
      expect(typeof expireAt).toBe('string');
      const config = await configOf(token);
      expectOk(config);
      expect(config.body.data.user.email).toBe(p.email);

      // Reused: refused.
      const again = await codeStep(challenge.challenge, code);
      expectError(again, 400);
      expect(again.body.errors?.code).toBe('This sign-in code is no longer valid. Please sign in again.');
    });

    it('a wrong password still answers 401 and sends no code', async () => {
      const p = await createPartner(t);
      const { phone } = await enrol(p);
      const before = (await sentSms()).filter((m) => m.to === phone).length;
      expectError(await post.login({ username: p.email, password: 'Wrong-password1' }), 401);
      expect((await sentSms()).filter((m) => m.to === phone)).toHaveLength(before);
    });

    it('refuses an expired code', async () => {
      const p = await createPartner(t);
      const { phone } = await enrol(p);
      const challenge = await passwordStep(p);
      const code = await lastCodeTo(phone);
      clock.advance(10 * 60 * 1000 + 1);
      const res = await codeStep(challenge.challenge, code);
      expectError(res, 400);
      expect(res.body.errors?.code).toBe('The code has expired. Please sign in again.');
    });

    it('a new sign-in voids the previous challenge', async () => {
      const p = await createPartner(t);
      const { phone } = await enrol(p);
      const first = await passwordStep(p);
      const firstCode = await lastCodeTo(phone);
      const second = await passwordStep(p);
      expectError(await codeStep(first.challenge, firstCode), 400);
      expect((await codeStep(second.challenge, await lastCodeTo(phone))).status).toBe(200);
    });

    it('refuses an unknown challenge, and bodies of the wrong shape', async () => {
      expectError(await codeStep('not-a-challenge', '123456'), 400);
      for (const payload of [{}, { challenge: 'x' }, { challenge: 'x', code: '12ab56' }, { code: '123456' }]) {
        expectError(await post.loginTwoFactor(invalid(payload)), 400);
      }
    });

    it('wrong codes count towards the sign-in failure limit of the account', async () => {
      const p = await createPartner(t);
      const { phone } = await enrol(p);
      const ip = '10.9.9.9';
      const challenge = await passwordStep(p, ip);
      const code = await lastCodeTo(phone);
      for (let i = 1; i <= 4; i++) {
        const res = await codeStep(challenge.challenge, wrongCode(code), ip);
        expectError(res, 400);
        expect(res.body.errors?.code).toBe('The code is incorrect.');
      }
      const fifth = await codeStep(challenge.challenge, wrongCode(code), ip);
      expect(errorBody(fifth, 400).errors?.code).toBe('Too many incorrect codes. Please sign in again.');
      // Five failures on the account: even the right password is now held back, from any IP.
      const locked = await callEndpoint(
        t.app,
        authEndpoints.login,
        { body: { username: p.email, password: p.password }, remoteAddress: '10.8.8.8' },
        null,
      );
      expectError(locked, 429);
      expectError(await codeStep(challenge.challenge, code, '10.8.8.8'), 429);
      clock.advance(15 * 60 * 1000 + 1000);
      expect((await passwordStep(p, '10.8.8.8')).challenge).toBeTruthy();
    });

    it('a correct code clears the account failures of the wrong codes before it', async () => {
      const p = await createPartner(t);
      const { phone } = await enrol(p);
      const challenge = await passwordStep(p);
      const code = await lastCodeTo(phone);
      for (let i = 0; i < 3; i++) await codeStep(challenge.challenge, wrongCode(code));
      expect((await codeStep(challenge.challenge, code)).status).toBe(200);
      const next = await passwordStep(p);
      const nextCode = await lastCodeTo(phone);
      for (let i = 0; i < 4; i++) await codeStep(next.challenge, wrongCode(nextCode));
      // Four failures since the success: not yet locked.
      expect((await passwordStep(p)).challenge).toBeTruthy();
    });

    it('limits the sign-in codes sent to a phone', async () => {
      const p = await createPartner(t);
      const { phone } = await enrol(p);
      const before = (await sentSms()).filter((m) => m.to === phone).length;
      for (let i = 0; i < 5; i++) await passwordStep(p);
      const limited = await post.login({ username: p.email, password: p.password });
      expectError(limited, 429);
      expect((await sentSms()).filter((m) => m.to === phone)).toHaveLength(before + 5);
      clock.advance(15 * 60 * 1000 + 1000);
    });
  });

  describe('disabling', () => {
    it('needs the password, then sign-in asks for no code', async () => {
      const p = await createPartner(t);
      const { token } = await enrol(p);
      const wrong = await post.disable({ password: 'Not-my-password1' }, token);
      expectError(wrong, 400);
      expect(wrong.body.errors?.password).toBe('The password is incorrect.');
      expectError(await post.disable(invalid({}), token), 400);
      expect((await settings(token)).twoFactor.enabled).toBe(true);

      const res = await post.disable({ password: p.password }, token);
      expectOk(res);
      expect(res.body).toMatchObject({
        message: 'Two-factor authentication is disabled.',
        data: { enabled: false, phone: null },
      });
      const [user] = await t.database.db.select().from(users).where(eq(users.id, p.userId));
      expect(user?.twoFactorPhone).toBeNull();
      const signIn = await post.login({ username: p.email, password: p.password });
      expect(Object.keys(okBody(signIn).data).sort()).toEqual(['bearer', 'expireAt']);
      expectError(await post.disable({ password: p.password }, token), 409);
    });
  });
  describe('finding 3: enrolment needs the password, tells the account, ends other sessions, gives recovery codes', () => {
    let ipSequence = 0;
    /** A fresh client address per test: the per-IP sign-in limit of one test stays out of the others. */
    const freshIp = () => `10.30.0.${++ipSequence}`;
    const mailsTo = async (email: string) => (await sentMails(t)).filter((m) => m.to === email);
    const codeRows = (userId: number) =>
      t.database.db.select().from(twoFactorCodes).where(eq(twoFactorCodes.userId, userId));

    it('a bearer alone cannot enrol: no password or a wrong one is a 400 under password, and nothing is sent', async () => {
      const p = await createPartner(t);
      const token = await login(t, p.email, p.password);
      const ip = freshIp();
      const missing = await from(ip).start(invalid({ countryCode: '+33', phoneNumber: '0699887766' }), token);
      expectError(missing, 400);
      expect(missing.body.errors?.password).toBe('This field is required.');
      const wrong = await from(ip).start(
        { countryCode: '+33', phoneNumber: '0699887766', password: 'Not-my-password1' },
        token,
      );
      expectError(wrong, 400);
      expect(wrong.body.errors?.password).toBe('The password is incorrect.');
      expect(await codeRows(p.userId)).toEqual([]);
      expect((await sentSms()).filter((m) => m.to === '+33699887766')).toEqual([]);
      expect((await settings(token)).twoFactor.enabled).toBe(false);
    });

    it('enrolment signs out the other sessions, keeps this one, e-mails the account and answers ten recovery codes', async () => {
      const p = await createPartner(t);
      const stolen = await login(t, p.email, p.password);
      const { token, recoveryCodes } = await enrol(p);
      // The session opened before the enrolment is gone; the enrolling one stays.
      expect((await configOf(stolen)).status).toBe(401);
      expect((await configOf(token)).status).toBe(200);
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      // Kept only as keyed hashes.
      const rows = (await codeRows(p.userId)).filter((row) => row.purpose === 'recovery');
      expect(rows).toHaveLength(10);
      const stored = JSON.stringify(rows);
      for (const code of recoveryCodes) {
        expect(stored).not.toContain(code);
        expect(stored).not.toContain(code.replace('-', ''));
      }
      const mails = await mailsTo(p.email);
      expect(mails.map((m) => m.subject)).toEqual(['Two-factor authentication is on']);
      // The phone masked (the test's decoder reads bytes, so the bullets show as mojibake).
      expect(mails[0]?.body).toMatch(/a code sent to \+33 \S+\d{2}\./);
      expect(mails[0]?.body).not.toContain('612345');
    });

    it('a recovery code replaces the SMS code at sign-in, once, and the account is told', async () => {
      const p = await createPartner(t);
      const { recoveryCodes } = await enrol(p);
      const [first, second] = recoveryCodes;
      if (!first || !second) throw new Error('no recovery codes');
      const ip = freshIp();
      const challenge = await passwordStep(p, ip);
      const res = await codeStep(challenge.challenge, first, ip);
      expectOk(res);
      const session = res.body.data.bearer as string;
      expect((await configOf(session)).status).toBe(200);
      const told = (await mailsTo(p.email)).filter((m) => m.subject === 'A recovery code was used to sign in');
      expect(told).toHaveLength(1);
      expect(told[0]?.body).toContain('9 unused recovery codes left.');

      // Spent: a second sign-in cannot use it again.
      const again = await passwordStep(p, ip);
      const reused = await codeStep(again.challenge, first, ip);
      expectError(reused, 400);
      expect(reused.body.errors?.code).toBe('The code is incorrect.');
      // Another one works, typed in capitals and without the dash.
      const other = await codeStep(again.challenge, second.replace('-', '').toUpperCase(), ip);
      expectOk(other);
    });

    it('changing the phone needs the password, e-mails the account, and replaces the recovery codes', async () => {
      const p = await createPartner(t);
      const { token, recoveryCodes } = await enrol(p);
      const ip = freshIp();
      const body = { countryCode: '+81' as const, phoneNumber: '090-1234-5678' };
      expectError(await from(ip).start(invalid(body), token), 400);
      const wrong = await from(ip).start({ ...body, password: 'Not-my-password1' }, token);
      expectError(wrong, 400);
      expect(wrong.body.errors?.password).toBe('The password is incorrect.');
      expect((await settings(token)).twoFactor.phone).toMatch(/^\+33 /);

      expect((await from(ip).start({ ...body, password: p.password }, token)).status).toBe(200);
      const confirm = await from(ip).confirm({ code: await lastCodeTo('+819012345678') }, token);
      expectOk(confirm);
      expect(confirm.body).toMatchObject({
        message: 'The two-factor phone number is changed.',
        data: { enabled: true, phone: '+81 ••••••••78' },
      });
      const fresh = confirm.body.data.recoveryCodes as string[];
      expect(fresh).toHaveLength(10);
      expect((await mailsTo(p.email)).map((m) => m.subject)).toContain('Your two-factor phone number changed');

      const challenge = await passwordStep(p, ip);
      expect(challenge.phone).toBe('+81 ••••••••78');
      expectError(await codeStep(challenge.challenge, recoveryCodes[0] ?? '', ip), 400);
      expect((await codeStep(challenge.challenge, fresh[0] ?? '', ip)).status).toBe(200);
    });

    it('disabling e-mails the account and kills the recovery codes', async () => {
      const p = await createPartner(t);
      const { token, recoveryCodes } = await enrol(p);
      const ip = freshIp();
      expect((await from(ip).disable({ password: p.password }, token)).status).toBe(200);
      expect((await mailsTo(p.email)).map((m) => m.subject)).toContain('Two-factor authentication is off');
      const unused = (await codeRows(p.userId)).filter((row) => row.purpose === 'recovery' && row.usedAt === null);
      expect(unused).toEqual([]);
      // Turned on again: the old codes do not come back.
      const again = await enrol(p);
      expect(again.recoveryCodes.some((code) => recoveryCodes.includes(code))).toBe(false);
    });

    it('wrong passwords at enrolment and at disabling count as failed sign-ins: 12 guesses end in 429', async () => {
      const p = await createPartner(t);
      const { token } = await enrol(p);
      const ip = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await from(ip).disable({ password: `Guess-${i}-A1` }, token)).status);
        statuses.push(
          (await from(ip).start({ countryCode: '+33', phoneNumber: '0611111111', password: `Guess-${i}-B1` }, token))
            .status,
        );
      }
      expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
      expect(statuses.slice(5)).toEqual(Array(7).fill(429));
      // The owner's right password is held back too while the delay runs, and the sign-in as well.
      const held = await from(ip).disable({ password: p.password }, token);
      expectError(held, 429);
      expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
      expectError(await post.login({ username: p.email, password: p.password }), 429);
      expect((await settings(token)).twoFactor.enabled).toBe(true);
    });
  });

  describe('staff (decision 037)', () => {
    it('a staff member enables it as a partner does, signs in with the code, and passes the staff requirement', async () => {
      const admin = await createStaff(t, 'ROLE_ADMIN');
      const manager = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
      const { token: adminToken } = await enrol(admin);
      const on = await callEndpoint(
        t.app,
        staffUserEndpoints.updateSecuritySettings,
        { body: { staffTwoFactorRequired: true } },
        adminToken,
      );
      expectOk(on);
      const home = (token: string) => callEndpoint(t.app, staffEndpoints.home, {}, token);
      const before = await login(t, manager.email, manager.password);
      expectError(await home(before), 403);

      const { phone } = await enrol(manager);
      const challenge = await passwordStep(manager);
      const signedIn = await codeStep(challenge.challenge, await lastCodeTo(phone));
      expectOk(signedIn);
      expect((await home(signedIn.body.data.bearer as string)).status).toBe(200);
      await callEndpoint(
        t.app,
        staffUserEndpoints.updateSecuritySettings,
        { body: { staffTwoFactorRequired: false } },
        adminToken,
      );
    });
  });
});
