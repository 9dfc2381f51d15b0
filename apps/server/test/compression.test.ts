import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.js';

/** Decision 043: the API's answers above 1 KB are compressed by Accept-Encoding; tracking routes never are. */
describe('compressed API answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  const options = (encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/register/options',
      headers: encoding ? { 'accept-encoding': encoding } : {},
    });

  it('answers brotli when asked, gzip otherwise, and plain JSON to a client that asks for neither', async () => {
    const plain = await options();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const body = plain.json();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await options('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gzip = await options('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(body);
  });

  it('leaves small answers and the tracking routes alone', async () => {
    const small = await t.app.inject({ method: 'GET', url: '/api/v1/config', headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(401);
    expect(small.headers['content-encoding']).toBeUndefined();
    const click = await t.app.inject({
      method: 'GET',
      url: '/click?offer_id=999999&aff_id=1',
      headers: { 'accept-encoding': 'br' },
    });
    expect(click.headers['content-encoding']).toBeUndefined();
    const postback = await t.app.inject({ method: 'GET', url: '/postback', headers: { 'accept-encoding': 'br' } });
    expect(postback.headers['content-encoding']).toBeUndefined();
  });
});
