/**
 * The tests' typed caller (test/call-endpoint.ts): the URL it builds from a contract, and the answers it returns,
 * typed from the contract on success and as the spec's error object otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offersEndpoints, postbacksEndpoints, setupEndpoints } from '@portal/contracts';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  endpointUrl,
  errorBody,
  expectError,
  expectOk,
  invalid,
  login,
  okBody,
  type TestApp,
} from './helper.js';

describe('the URL of a call', () => {
  it('fills the path parameters in, each encoded', () => {
    expect(endpointUrl(postbacksEndpoints.get, { params: { id: 7 } })).toBe('/api/v1/postback/7');
    expect(endpointUrl(setupEndpoints.checkKey, { params: { key: 'a b/c?d' } })).toBe(
      '/api/v1/setup/check-key/a%20b%2Fc%3Fd',
    );
    expect(() => endpointUrl(postbacksEndpoints.get, { params: { id: invalid(undefined) } })).toThrow(
      'missing path parameter id',
    );
  });

  it('encodes the query: arrays as repeated parameters, undefined and null left out, an empty value kept', () => {
    expect(endpointUrl(offersEndpoints.list, { query: {} })).toBe('/api/v1/offer');
    expect(
      endpointUrl(offersEndpoints.list, {
        query: {
          name: 'a&b é',
          verticals: ['finance', 3],
          page: 2,
          conversionType: '',
          countries: undefined,
          groups: invalid(null),
        },
      }),
    ).toBe('/api/v1/offer?name=a%26b+%C3%A9&verticals=finance&verticals=3&page=2&conversionType=');
  });
});

describe('calling an endpoint', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const partner = await createPartner(t);
    token = await login(t, partner.email, partner.password);
  });
  afterAll(async () => t?.close());

  it('answers the typed answer wrapper on success, with the path parameter reaching the route', async () => {
    const created = okBody(
      await callEndpoint(
        t.app,
        postbacksEndpoints.create,
        { body: { url: 'https://tracker.example/?c={click_id}' } },
        token,
      ),
    );
    expect(created).toMatchObject({ code: 200, success: true, errors: null });
    const res = await callEndpoint(t.app, postbacksEndpoints.get, { params: { id: created.data.id } }, token);
    expectOk(res);
    expect(res.ok).toBe(true);
    // Typed from the contract: `data.url` is a string, `data.id` a number, without a cast.
    const { id, url }: { id: number; url: string } = res.body.data;
    expect({ id, url }).toEqual({ id: created.data.id, url: 'https://tracker.example/?c={click_id}' });
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.raw.json()).toEqual(res.body);
  });

  it('sends the query string the route reads', async () => {
    const res = await callEndpoint(t.app, postbacksEndpoints.list, { query: { groups: 'goal,offers' } }, token);
    expectOk(res);
    expect(res.body.total).toBe(1);
    expect(res.body.data[0]).toHaveProperty('goal');
    expect(res.body.data[0]).toHaveProperty('offers');
    const bare = okBody(await callEndpoint(t.app, postbacksEndpoints.list, {}, token));
    expect(bare.data[0]).not.toHaveProperty('goal');
  });

  it('answers the error object otherwise: an anonymous call, a refused input', async () => {
    const anonymous = await callEndpoint(t.app, postbacksEndpoints.list, {}, null);
    expectError(anonymous, 401);
    expect(anonymous.ok).toBe(false);
    expect(anonymous.body).toMatchObject({ status: 401, data: null });

    const refused = errorBody(
      await callEndpoint(t.app, offersEndpoints.list, { query: { count: invalid('many') } }, token),
      400,
    );
    expect(Object.keys(refused.errors ?? {})).toEqual(['count']);

    const missing = await callEndpoint(t.app, postbacksEndpoints.get, { params: { id: 2_000_000 } }, token);
    expectError(missing, 404);
  });

  it('fails the test when the status is not the one expected', async () => {
    const anonymous = await callEndpoint(t.app, postbacksEndpoints.list, {}, null);
    expect(() => expectOk(anonymous)).toThrow();
    const fine = await callEndpoint(t.app, postbacksEndpoints.list, {}, token);
    expect(() => expectError(fine, 400)).toThrow();
  });
});
