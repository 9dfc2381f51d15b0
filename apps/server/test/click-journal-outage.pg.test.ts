/**
 * The database outage (decision 053), PostgreSQL only: behind a TCP proxy the test cuts, the server keeps
 * redirecting, reports itself not ready, answers postbacks 503 and writes every acknowledged click once the database
 * returns. An embedded database cannot be cut away from its server, so the PGlite run leaves this file out
 * (`*.pg.test.ts`, vitest.config.ts) rather than counting it skipped.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { clickCount, rolledUp } from './click-counts.js';
import { buildTestApp, createPartner, TEST_BROWSER } from './helper.js';
import { startProxy } from './tcp-proxy.js';
import { advertiserTokenOf, createOffer } from './offer-fixtures.js';

describe('a database outage (PostgreSQL behind a proxy the test cuts)', () => {
  it('keeps redirecting, says it is not ready, answers postbacks 503, and writes every click once it returns', async () => {
    const t = await buildTestApp();
    const url = new URL(t.databaseUrl!);
    const proxy = await startProxy(new URL(url));
    url.port = String(proxy.port);
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-outage-'));
    // A memory bound of 100 clicks: the outage spills to the journal and is read back from it.
    const app = await buildApp({
      config: testConfig({ dataDir, publicUrl: 'https://portal.example.test', webDist: path.join(dataDir, 'no-web'), clickBufferMaxClicks: 100 }), // prettier-ignore
      database,
      workers: false,
      clickFlushIntervalMs: 50,
    });
    await app.ready();
    try {
      const partner = await createPartner(t);
      const offerId = await createOffer(t, { name: 'Outage' });
      const token = await advertiserTokenOf(t, offerId);
      // A browser's user agent: light-my-request's own is a bot to the click rules (decision 102).
      const click = () => app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partner.partnerId}`, headers: { 'user-agent': TEST_BROWSER } }); // prettier-ignore
      await database.db.execute(sql`select 1`);
      const firstClick = await click();
      expect(firstClick.statusCode, firstClick.body).toBe(302);
      await vi.waitFor(async () => expect(await clickCount(t, partner.partnerId)).toBe(1), { timeout: 5000 });

      await proxy.cut();
      // Past the click context's 5-second cache: the context last loaded keeps answering.
      await new Promise((resolve) => setTimeout(resolve, 5200));
      const during = [];
      for (let i = 0; i < 250; i++) during.push(await click());
      expect(during.map((res) => res.statusCode)).toEqual(Array(250).fill(302));
      const clickId = new URL(during[0]!.headers.location as string).searchParams.get('cid')!;

      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({
        status: 'degraded',
        databaseUp: false,
        clicks: { buffered: 250, spilled: true },
      });

      const postback = () =>
        app.inject({
          method: 'GET',
          url: `/postback?click_id=${clickId}&goal=registration&transaction_id=OUT-1&token=${token}`,
        });
      const refused = await postback();
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toMatchObject({ status: 503, errors: null });
      // Any API call that needs the database: 503, never a 500.
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { username: 'nobody@example.com', password: 'whatever-it-is' },
      });
      expect(signIn.statusCode).toBe(503);

      await proxy.restore();
      await vi.waitFor(async () => expect(await clickCount(t, partner.partnerId)).toBe(251), { timeout: 30_000, interval: 200 }); // prettier-ignore
      expect(await rolledUp(t, partner.partnerId)).toBe(251);
      await vi.waitFor(async () => expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200), {
        timeout: 10_000,
      });
      const accepted = await postback();
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toMatchObject({ duplicate: false });
      expect(app.tracking.buffer.state).toMatchObject({ buffered: 0, spilled: false, refused: 0, databaseUp: true });
    } finally {
      await app.close();
      await database.close();
      await proxy.close().catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
      await t.close();
    }
  }, 60_000);
});
