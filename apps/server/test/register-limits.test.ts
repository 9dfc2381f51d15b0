/**
 * Registration spam (decision 029): POST /register is limited per client IP per hour, 409s included, and no
 * value a caller types reaches a mail with its control characters or line breaks.
 */
import { registerEndpoints } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  callEndpoint,
  createStaff,
  errorBody,
  expectError,
  expectOk,
  registrationPayload,
  rowCounts,
  sentMails,
  type TestApp,
} from './helper.js';

const LIMIT = 10;
let t: TestApp;

const register = (body: Awaited<ReturnType<typeof registrationPayload>>, remoteAddress: string) =>
  callEndpoint(t.app, registerEndpoints.register, { body, remoteAddress }, null);

beforeAll(async () => {
  t = await buildTestApp();
  expect(t.config.registerMaxPerIpPerHour).toBe(LIMIT);
});
afterAll(async () => t?.close());

describe('POST /register per client IP', () => {
  it('answers 429 with Retry-After to the request after the limit, 409s counted; another IP still registers', async () => {
    const first = await registrationPayload(t);
    expectOk(await register(first, '203.0.113.50'));
    // The spec's 409 stays, and each one counts: guessing who has an account costs the same as registering.
    for (let i = 1; i < LIMIT; i++) {
      const res = await register(await registrationPayload(t, { email: first.email }), '203.0.113.50');
      expect(errorBody(res, 409).message).toBe('An account with this email already exists.');
    }
    const before = await rowCounts(t);
    const mailsBefore = (await sentMails(t)).length;
    const refused = await register(await registrationPayload(t), '203.0.113.50');
    expectError(refused, 429);
    expect(refused.body.message).toBe('Too many registration requests from your network. Please try again later.');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.body.data).toEqual({ retryAfter });
    // Nothing written, nobody mailed.
    expect(await rowCounts(t)).toEqual(before);
    expect(await sentMails(t)).toHaveLength(mailsBefore);
    // The known e-mail is refused 429 too now, without telling whether it exists.
    expectError(await register(await registrationPayload(t, { email: first.email }), '203.0.113.50'), 429);

    expectOk(await register(await registrationPayload(t), '203.0.113.51'));
  });
});

describe('mails built from a registration', () => {
  it('carry no control character or line break of the caller in their subject or lines', async () => {
    const manager = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    const payload = await registrationPayload(t, {
      companyName: 'Acme\r\nBcc: victim@example.test\u0007\u001b[31m Corp\u202e',
      firstname: 'Jo\r\nhn\t',
      lastname: 'Doe\n\nClick http://evil.example/',
      telegram: 'tg\u0001name\u2028x',
    });
    expectOk(await register(payload, '198.51.100.60'));
    const mails = await sentMails(t);
    const toManager = mails.find((m) => m.to.includes(manager.email));
    const toApplicant = mails.find((m) => m.to.toLowerCase().includes((payload.email as string).toLowerCase()));
    expect(toManager?.subject).toBe('New partner request: AcmeBcc: victim@example.test[31m Corp');
    expect(toApplicant?.subject).toBe('Your request has been received');
    for (const mail of [toManager!, toApplicant!]) {
      const body = mail.body.slice(mail.body.indexOf('\n\n') + 2);
      expect(body.replaceAll('\n', '')).not.toMatch(/[\p{Cc}\u2028\u2029\u202a-\u202e]/u);
      expect(mail.body).not.toMatch(/^Bcc:/im);
      expect(body).not.toMatch(/^Click http/m);
    }
    expect(toManager?.body).toContain(
      'John DoeClick http://evil.example/ of AcmeBcc: victim@example.test[31m Corp asked for a partner account',
    );
    expect(toManager?.body).toContain('Telegram: tgnamex');
    expect(toApplicant?.body).toContain('Hello John,');
    expect(toApplicant?.body).toContain('Your request for AcmeBcc: victim@example.test[31m Corp has been received.');
  });
});
