import { configEndpoint } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, callEndpoint, createPartner, login, okBody, type TestApp } from './helper.js';

describe('smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('signs in and reads the configuration', async () => {
    const p = await createPartner(t);
    const token = await login(t, p.email, p.password);
    const res = await callEndpoint(t.app, configEndpoint, {}, token);
    expect(okBody(res).data.partner?.id).toBe(p.partnerId);
  });
});
