import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contracts from '@portal/contracts';
import {
  API_PREFIX,
  apiKeysEndpoints,
  authEndpoints,
  billingEndpoints,
  configEndpoint,
  offersEndpoints,
  postbacksEndpoints,
  staffEndpoints,
  statisticsEndpoints,
  type EndpointDefinition,
} from '@portal/contracts';
import { advertiserPostbacks, apiKeys, clicks } from '../src/db/schema.js';
import { buildTestApp, callEndpoint, createPartner, createStaff, login, okBody, type TestApp } from './helper.js';
import { advertiserTokenOf, createOffer } from './offer-fixtures.js';

// The API's edges as an integrator's tools meet them (decision 076): who is asking comes before what may be done, every
// 401 says how to authenticate, a wrong method is a 405 with Allow, and HEAD answers wherever GET does.
let t: TestApp;
let partnerToken = '';
let staffToken = '';
let key = '';
let keyId = 0;
let offerId = 0;
let partnerId = 0;
const UNKNOWN_KEY = `ppk_${'A'.repeat(43)}`;

beforeAll(async () => {
  t = await buildTestApp();
  const partner = await createPartner(t);
  partnerId = partner.partnerId;
  partnerToken = await login(t, partner.email, partner.password);
  const admin = await createStaff(t, 'ROLE_ADMIN');
  staffToken = await login(t, admin.email, admin.password);
  const created = okBody(await callEndpoint(t.app, apiKeysEndpoints.create, { body: { name: 'Edges' } }, partnerToken));
  key = created.data.key;
  keyId = created.data.id;
  offerId = await createOffer(t, { name: 'Edges offer' });
});
afterAll(async () => t?.close());

const inject = (method: string, url: string, token?: string) =>
  t.app.inject({ method: method as 'GET', url, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });

/** What a reporting key may read: decision 076's table, word for word. Only these contracts say `session+key`. */
const KEY_TABLE = [
  'offersEndpoints.list',
  'offersEndpoints.get',
  'offersEndpoints.applications',
  'creativesEndpoints.partnerList',
  'creativesEndpoints.partnerLandingPages',
  'statisticsEndpoints.globalPerformance',
  'statisticsEndpoints.quickStats',
  'statisticsEndpoints.topOffers',
  'statisticsEndpoints.daily',
  'statisticsEndpoints.subid',
  'statisticsEndpoints.refused',
  'statisticsEndpoints.conversion',
  'statisticsEndpoints.conversionTotals',
  'statisticsEndpoints.click',
  'statisticsEndpoints.export',
  'billingEndpoints.billingRequests',
  'billingEndpoints.nextPayment',
];

describe('reporting API keys (decision 076)', () => {
  it('the contracts that take a key are the decision’s table, and each is a GET', () => {
    const flagged = Object.entries(contracts)
      .filter(([group]) => group.endsWith('Endpoints'))
      .flatMap(([group, list]) =>
        Object.entries(list as Record<string, EndpointDefinition>)
          .filter(([, endpoint]) => endpoint.auth === 'session+key')
          .map(([name, endpoint]) => ({ name: `${group}.${name}`, method: endpoint.method })),
      );
    expect(flagged.map((e) => e.name).sort()).toEqual([...KEY_TABLE].sort());
    expect(flagged.filter((e) => e.method !== 'GET')).toEqual([]);
  });

  /** Session-only routes, reads and writes, partner and staff: none takes a key. */
  const noKeys: [EndpointDefinition, object][] = [
    [configEndpoint, {}],
    [postbacksEndpoints.list, {}],
    [apiKeysEndpoints.list, {}],
    [apiKeysEndpoints.create, { body: { name: 'x' } }],
    [staffEndpoints.listPartners, {}],
  ];
  /** A few of the routes that do (the table is checked whole by the authorization matrix's keyA column). */
  const withKeys: [EndpointDefinition, object][] = [
    [offersEndpoints.list, {}],
    [statisticsEndpoints.daily, {}],
    [billingEndpoints.billingRequests, {}],
    [billingEndpoints.nextPayment, {}],
  ];

  it('an unknown key, well formed or not, is 401 with an invalid_token challenge on every route, keys or not', async () => {
    for (const token of [UNKNOWN_KEY, 'ppk_short', `ppk_${'B'.repeat(60)}`]) {
      for (const [endpoint, input] of [...noKeys, ...withKeys]) {
        const res = await callEndpoint(t.app, endpoint, input as never, token);
        expect([endpoint.method, endpoint.path, token.length, res.status]).toEqual([
          endpoint.method,
          endpoint.path,
          token.length,
          401,
        ]);
        expect(res.headers['www-authenticate']).toBe('Bearer realm="api", error="invalid_token"');
        expect(res.body).toMatchObject({ status: 401, message: 'This API key is not valid or has been revoked.' });
      }
    }
  });

  it('a valid key reads offers, statistics and billing, and is 403 on every route that takes no key', async () => {
    for (const [endpoint, input] of withKeys) {
      expect([endpoint.path, (await callEndpoint(t.app, endpoint, input as never, key)).status]).toEqual([
        endpoint.path,
        200,
      ]);
    }
    for (const [endpoint, input] of noKeys) {
      const res = await callEndpoint(t.app, endpoint, input as never, key);
      expect([endpoint.path, res.status]).toEqual([endpoint.path, 403]);
      expect(res.headers['www-authenticate']).toBeUndefined();
    }
  });

  it('a revoked key is 401 everywhere, like an unknown one', async () => {
    const other = okBody(await callEndpoint(t.app, apiKeysEndpoints.create, { body: { name: 'Gone' } }, partnerToken));
    await callEndpoint(t.app, apiKeysEndpoints.revoke, { params: { id: other.data.id } }, partnerToken);
    for (const [endpoint, input] of [...noKeys, ...withKeys]) {
      expect((await callEndpoint(t.app, endpoint, input as never, other.data.key)).status).toBe(401);
    }
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
    expect(row!.revokedAt).toBeNull();
  });
});

describe('401 carries WWW-Authenticate (RFC 9110 §11.6.1)', () => {
  it('without a token, with a stale session, and on a failed sign-in', async () => {
    const anonymous = await callEndpoint(t.app, offersEndpoints.list, {}, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Bearer realm="api"');

    const stale = await callEndpoint(t.app, offersEndpoints.list, {}, 'x'.repeat(43));
    expect(stale.status).toBe(401);
    expect(stale.headers['www-authenticate']).toBe('Bearer realm="api", error="invalid_token"');

    const wrong = await callEndpoint(
      t.app,
      authEndpoints.login,
      { body: { username: 'nobody@example.test', password: 'Wrong2025!' } },
      null,
    );
    expect(wrong.status).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer realm="api"');
  });

  it('on a postback without its security token too', async () => {
    const res = await inject('GET', '/postback?click_id=x&goal=sale');
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBeTruthy();
  });
});

describe('a wrong method on a known path is 405 with Allow', () => {
  it.each([
    ['DELETE', `${API_PREFIX}/offer`, 'GET, HEAD'],
    ['POST', `${API_PREFIX}/offer/12`, 'GET, HEAD'],
    ['GET', `${API_PREFIX}/login`, 'POST'],
    ['PUT', `${API_PREFIX}/api-keys`, 'GET, HEAD, POST'],
    ['GET', `${API_PREFIX}/api-keys/3`, 'DELETE'],
    ['PATCH', `${API_PREFIX}/staff/offers/5/`, 'GET, HEAD, PUT'],
    ['PUT', '/postback', 'GET, HEAD, POST'],
    ['POST', '/click', 'GET, HEAD'],
  ])('%s %s → 405, Allow: %s', async (method, url, allow) => {
    const res = await inject(method, url, staffToken);
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.json()).toMatchObject({ status: 405, data: null, errors: null });
  });

  it('an unknown path stays 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      expect((await inject(method, `${API_PREFIX}/no-such-thing`, staffToken)).statusCode).toBe(404);
    }
  });
});

describe('HEAD answers wherever GET does', () => {
  it('every GET route of the document has its HEAD', () => {
    const document = t.app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> };
    const gets = Object.entries(document.paths)
      .filter(([, operations]) => 'get' in operations)
      .map(([path]) => path.replace(/\{(\w+)\}/g, ':$1'));
    expect(gets.length).toBeGreaterThan(50);
    expect(gets.filter((url) => !t.app.hasRoute({ method: 'HEAD', url }))).toEqual([]);
  });

  it('HEAD of a report through a key: GET’s status and headers, no body', async () => {
    const head = await inject('HEAD', `${API_PREFIX}/offer`, key);
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^application\/json/);
    expect(head.body).toBe('');
    expect((await inject('HEAD', `${API_PREFIX}/offer`)).statusCode).toBe(401);
  });

  it('HEAD /postback answers and records, logs and counts nothing', async () => {
    const token = await advertiserTokenOf(t, offerId);
    const before = await t.database.db.select({ n: count() }).from(advertiserPostbacks);
    const res = await inject('HEAD', `/postback?click_id=nope&goal=sale&token=${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    const after = await t.database.db.select({ n: count() }).from(advertiserPostbacks);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('HEAD /click redirects like GET on the router and on a real socket, and records no click', async () => {
    const link = `/click?offer_id=${offerId}&aff_id=${partnerId}`;
    const injected = await inject('HEAD', link);
    expect(injected.statusCode).toBe(302);
    expect(injected.headers.location).toBeTruthy();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}${link}`, { method: 'HEAD', redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBeTruthy();
    await t.app.tracking.buffer.flush();
    const [row] = await t.database.db.select({ n: count() }).from(clicks);
    expect(row!.n).toBe(0);
  });
});
