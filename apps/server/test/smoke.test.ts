import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createPartner, login, bearer, type TestApp } from './helper.js';

describe('smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('signs in and reads the configuration', async () => {
    const p = await createPartner(t);
    const token = await login(t, p.email, p.password);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/config', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.partner.id).toBe(p.partnerId);
  });
});
