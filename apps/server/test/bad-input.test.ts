/**
 * Hostile and malformed input on every endpoint: each answer is a 4xx error object whose status
 * equals the HTTP code, never a 5xx, and nothing is written to the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { storePicture, avatarPng } from '../src/seed/pictures.js';
import {
  bearer,
  buildTestApp,
  createPartner,
  createStaff,
  login,
  registrationPayload,
  rowCounts,
  type TestApp,
} from './helper.js';

type Auth = 'none' | 'partner' | 'staff';
type Endpoint = {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  auth: Auth;
  /** A valid body, for the endpoints that take one. */
  body?: () => Promise<Record<string, unknown>>;
  /** Fields that may be null or absent. */
  optional?: string[];
};

const ONE_MIB = 1024 * 1024;

let t: TestApp;
const tokens: Record<Auth, string | null> = { none: null, partner: null, staff: null };
let partnerPassword = '';
let imageId = 0;

const endpoints = (): Endpoint[] => [
  {
    name: 'login',
    method: 'POST',
    url: '/api/v1/login',
    auth: 'none',
    body: async () => ({ username: 'someone@example.test', password: 'Whatever1' }),
  },
  { name: 'logout', method: 'POST', url: '/api/v1/logout', auth: 'partner' },
  {
    name: 'password/lost',
    method: 'POST',
    url: '/api/v1/password/lost',
    auth: 'none',
    body: async () => ({ email: 'someone@example.test' }),
  },
  { name: 'check-key', method: 'GET', url: '/api/v1/password/check-key/some-key', auth: 'none' },
  {
    name: 'password/reset',
    method: 'POST',
    url: '/api/v1/password/reset',
    auth: 'none',
    body: async () => ({ key: 'some-key', password: 'Whatever2025' }),
  },
  {
    name: 'account/change-password',
    method: 'POST',
    url: '/api/v1/account/change-password',
    auth: 'partner',
    body: async () => ({ currentPassword: partnerPassword, password: 'Whatever2025' }),
  },
  {
    name: 'register',
    method: 'POST',
    url: '/api/v1/register',
    auth: 'none',
    body: () => registrationPayload(t),
    optional: ['state', 'telegram', 'teams'],
  },
  { name: 'register/options', method: 'GET', url: '/api/v1/register/options', auth: 'none' },
  { name: 'config', method: 'GET', url: '/api/v1/config', auth: 'partner' },
  { name: 'partner', method: 'GET', url: '/api/v1/partner', auth: 'partner' },
  { name: 'image/:id', method: 'GET', url: `/api/v1/image/${imageId}`, auth: 'none' },
  { name: 'staff/partners', method: 'GET', url: '/api/v1/staff/partners', auth: 'staff' },
];

function headersFor(endpoint: Endpoint, extra: Record<string, string> = {}) {
  const token = tokens[endpoint.auth];
  return { ...(token ? bearer(token) : {}), ...extra };
}

/** Sends the request and checks the answer is a 4xx error object and that nothing was written. */
async function expectRefused(options: InjectOptions, expected?: number | number[]): Promise<LightMyRequestResponse> {
  const before = await rowCounts(t);
  const res = await t.app.inject(options);
  const label = `${options.method} ${options.url} ${String(options.payload ?? '').slice(0, 80)}`;
  expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, label).toBeLessThan(500);
  if (expected !== undefined) expect([expected].flat(), label).toContain(res.statusCode);
  expect(res.headers['content-type'], label).toMatch(/^application\/json/);
  const body = res.json() as Record<string, unknown>;
  expect(Object.keys(body).sort(), label).toEqual(['data', 'errors', 'message', 'status']);
  expect(body.status, label).toBe(res.statusCode);
  expect(typeof body.message, label).toBe('string');
  expect(await rowCounts(t), label).toEqual(before);
  return res;
}

/**
 * A GET has no body semantics: the server ignores one. Whatever it carries, the answer is never a
 * 5xx, an error answer has the error-object shape, and nothing is written.
 */
async function expectHarmless(options: InjectOptions): Promise<void> {
  const before = await rowCounts(t);
  const res = await t.app.inject(options);
  const label = `${options.method} ${options.url} ${String(options.payload ?? '').slice(0, 80)}`;
  expect(res.statusCode, label).toBeLessThan(500);
  if (res.statusCode >= 400) expect(res.json().status, label).toBe(res.statusCode);
  expect(await rowCounts(t), label).toEqual(before);
}

/** POST endpoints must refuse the body; GET endpoints must stay harmless. */
function send(e: Endpoint, options: InjectOptions, expected?: number | number[]) {
  return e.method === 'GET' ? expectHarmless(options) : expectRefused(options, expected);
}

beforeAll(async () => {
  t = await buildTestApp();
  const p = await createPartner(t);
  partnerPassword = p.password;
  tokens.partner = await login(t, p.email, p.password);
  const s = await createStaff(t, 'ROLE_ADMIN');
  tokens.staff = await login(t, s.email, s.password);
  imageId = await storePicture(
    t.database.db,
    t.app.ctx.storage,
    await avatarPng('AB', '#000', '#fff', 64),
    'avatar',
    'a.png',
  );
});
afterAll(async () => t?.close());

describe('every endpoint', () => {
  it('survives a malformed JSON body', async () => {
    for (const e of endpoints()) {
      for (const payload of ['{"username":', '{bad json}', "{'a': 1}", '{"a":1}}']) {
        await send(
          e,
          { method: e.method, url: e.url, headers: headersFor(e, { 'content-type': 'application/json' }), payload },
          e.body ? 400 : undefined,
        );
      }
    }
  });

  it('refuses a body of another content type', async () => {
    for (const e of endpoints()) {
      for (const [type, payload] of [
        ['text/plain', 'username=a&password=b'],
        ['application/x-www-form-urlencoded', 'username=a&password=b'],
        ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--'],
        ['application/xml', '<a/>'],
      ] as const) {
        await send(
          e,
          { method: e.method, url: e.url, headers: headersFor(e, { 'content-type': type }), payload },
          e.body ? 415 : undefined,
        );
      }
    }
  });

  it('refuses a body over 1 MiB with 413', async () => {
    for (const e of endpoints()) {
      const payload = JSON.stringify({ padding: 'x'.repeat(ONE_MIB + 10) });
      await send(
        e,
        { method: e.method, url: e.url, headers: headersFor(e, { 'content-type': 'application/json' }), payload },
        413,
      );
    }
  });

  it('refuses a forbidden prototype key', async () => {
    for (const e of endpoints()) {
      for (const payload of ['{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"isAdmin":true}}}']) {
        await send(
          e,
          { method: e.method, url: e.url, headers: headersFor(e, { 'content-type': 'application/json' }), payload },
          e.body ? 400 : undefined,
        );
      }
    }
  });
});

describe('endpoints with a body', () => {
  const withBody = () => endpoints().filter((e) => e.body);

  it('refuse an empty body and a body that is not an object', async () => {
    for (const e of withBody()) {
      await expectRefused(
        { method: e.method, url: e.url, headers: headersFor(e, { 'content-type': 'application/json' }), payload: '' },
        400,
      );
      await expectRefused({ method: e.method, url: e.url, headers: headersFor(e) }, 400);
      for (const payload of ['[]', '"text"', '42', 'null', 'true', '[{"username":"a"}]']) {
        await expectRefused(
          { method: e.method, url: e.url, headers: headersFor(e, { 'content-type': 'application/json' }), payload },
          400,
        );
      }
    }
  });

  it('refuse an empty object, naming every required field', async () => {
    for (const e of withBody()) {
      const valid = await e.body!();
      const required = Object.keys(valid).filter((k) => !e.optional?.includes(k));
      const res = await expectRefused({ method: e.method, url: e.url, headers: headersFor(e), payload: {} }, 400);
      const errors = res.json().errors as Record<string, string>;
      for (const field of required) expect(errors[field], `${e.name}.${field}`).toBe('This field is required.');
    }
  });

  it('refuse each missing field', async () => {
    for (const e of withBody()) {
      const valid = await e.body!();
      for (const field of Object.keys(valid).filter((k) => !e.optional?.includes(k))) {
        const payload = { ...valid };
        delete payload[field];
        const res = await expectRefused({ method: e.method, url: e.url, headers: headersFor(e), payload }, 400);
        expect(res.json().errors, `${e.name} without ${field}`).toHaveProperty([field]);
      }
    }
  });

  it('refuse extra fields', async () => {
    for (const e of withBody()) {
      const valid = await e.body!();
      for (const extra of [{ role: 'ROLE_ADMIN' }, { isAdmin: true }, { partnerId: 1 }]) {
        const res = await expectRefused(
          { method: e.method, url: e.url, headers: headersFor(e), payload: { ...valid, ...extra } },
          400,
        );
        const key = Object.keys(extra)[0] ?? '';
        expect(res.json().errors[key], `${e.name} + ${key}`).toBe('This field is not allowed.');
      }
    }
  });

  it('refuse values of the wrong type in every field', async () => {
    for (const e of withBody()) {
      const valid = await e.body!();
      for (const [field, value] of Object.entries(valid)) {
        const bad: unknown[] = Array.isArray(value)
          ? ['text', 12, true, {}, [12], [null], [{}], [['x']], ...(e.optional?.includes(field) ? [] : [null])]
          : [
              12,
              0,
              -1.5,
              true,
              false,
              [],
              ['text'],
              {},
              { value: 'x' },
              ...(e.optional?.includes(field) ? [] : [null]),
            ];
        for (const wrong of bad) {
          const res = await expectRefused(
            { method: e.method, url: e.url, headers: headersFor(e), payload: { ...valid, [field]: wrong } },
            400,
          );
          const keys = Object.keys(res.json().errors ?? {});
          expect(
            keys.some((k) => k === field || k.startsWith(`${field}.`)),
            `${e.name}.${field} = ${JSON.stringify(wrong)} -> ${keys.join(',')}`,
          ).toBe(true);
        }
      }
    }
  });

  /** Each endpoint's valid body with one string field at a time replaced: refused with a 4xx, nothing written. */
  async function refuseEachTextField(endpoints: Endpoint[], replace: (value: string) => string) {
    for (const e of endpoints) {
      const valid = await e.body!();
      for (const [field, value] of Object.entries(valid)) {
        if (typeof value !== 'string') continue;
        await expectRefused({
          method: e.method,
          url: e.url,
          headers: headersFor(e),
          payload: { ...valid, [field]: replace(value) },
        });
      }
    }
  }

  it('refuse very long strings without a 5xx', async () => {
    await refuseEachTextField(withBody(), () => 'A1'.repeat(5000));
  });

  it('refuse a NUL character in any stored text field with a 4xx, writing nothing', async () => {
    // Passwords are hashed, never stored as text: a NUL in one is no harm (a failed sign-in is still counted).
    const hashedOnly = ['login', 'account/change-password', 'password/reset'];
    await refuseEachTextField(
      withBody().filter((endpoint) => !hashedOnly.includes(endpoint.name)),
      (value) => `${value}\u0000`,
    );
  });
});

describe('path and query parameters', () => {
  it('check-key refuses an oversized key and answers false for odd ones', async () => {
    const long = await expectRefused({ method: 'GET', url: `/api/v1/password/check-key/${'k'.repeat(201)}` }, 400);
    expect(long.json().errors).toHaveProperty('key');
    await expectRefused({ method: 'GET', url: `/api/v1/password/check-key/${'k'.repeat(5000)}` }, [400, 414]);
    await expectRefused({ method: 'GET', url: '/api/v1/password/check-key/%E0%A4%A' }, 400);
    for (const key of ['%00', '..%2F..%2Fetc', "' or 1=1 --", '%F0%9F%98%80', 'a%20b']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/password/check-key/${key}` });
      expect(res.statusCode, key).toBe(200);
      expect(res.json().data.valid).toBe(false);
    }
  });

  it('image refuses bad ids and bad queries', async () => {
    for (const id of [
      'abc',
      '0',
      '-1',
      '1.5',
      '1e3x',
      '%00',
      '%E0%A4%A',
      '99999999999999999999',
      '2147483648',
      '9007199254740991',
      'NaN',
      'Infinity',
      'x'.repeat(300),
    ]) {
      await expectRefused({ method: 'GET', url: `/api/v1/image/${id}` }, [400, 404, 414]);
    }
    for (const query of ['w=abc', 'w=0', 'w=-5', 'w=1.5', 'h=abc', 'c=2', 'c=yes', 'x=1', 'w=64&w=32', 'w[a]=1']) {
      await expectRefused({ method: 'GET', url: `/api/v1/image/${imageId}?${query}` }, 400);
    }
  });

  it('answers unknown API routes and methods with a 404 error object', async () => {
    await expectRefused({ method: 'GET', url: '/api/v1/nope' }, 404);
    await expectRefused({ method: 'DELETE', url: '/api/v1/login' }, [404, 405]);
    await expectRefused({ method: 'PUT', url: '/api/v1/register', payload: {} }, [404, 405]);
  });
});
