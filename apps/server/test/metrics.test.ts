/**
 * GET /metrics (issue 51, decision 096): off without METRICS_TOKEN, 401 without the token, and after known traffic
 * (clicks redirected and refused, postbacks by outcome, partner deliveries by result, API requests) the Prometheus
 * text shows each family with the values that traffic made.
 */
import http from 'node:http';
import type net from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postbackDeliveries, postbacks } from '../src/db/schema.js';
import { MetricsRegistry } from '../src/lib/metrics.js';
import { metricsRoutes } from '../src/modules/metrics/index.js';
import { PostbackWorker } from '../src/modules/postbacks/index.js';
import { bearer, buildTestApp, createPartner, databaseKind, type TestApp } from './helper.js';
import { advertiserTokenOf, createOffer } from './offer-fixtures.js';
import { goalsWithoutFloor } from './conversion-fixtures.js';

const TOKEN = 'metrics-token-for-the-test-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ config: { metricsToken: TOKEN }, postbackAllowLoopback: true });
  await goalsWithoutFloor(t, ['registration']); // the conversion rules are on (decision 109)
});
afterAll(async () => t?.close());

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  return res.body;
}

describe(`metrics (${databaseKind})`, () => {
  it('is not there without a token, and asks for the bearer token when configured', async () => {
    const off = Fastify();
    await off.register(metricsRoutes, { token: undefined, registry: new MetricsRegistry() });
    expect((await off.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    await off.close();

    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(`${TOKEN}x`) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toContain('Bearer');
  });

  it('counts known traffic under the documented names', async () => {
    const partner = await createPartner(t);
    const offerId = await createOffer(t, { name: 'Metrics', goals: [{ goal: 'registration', p1: { amount: 250 } }] });
    const token = await advertiserTokenOf(t, offerId);

    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partner.partnerId}` });
      expect(res.statusCode).toBe(302);
    }
    expect((await t.app.inject({ method: 'GET', url: '/click?offer_id=abc' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/click?offer_id=999999&aff_id=${partner.partnerId}` })).statusCode).toBe(404); // prettier-ignore
    await t.app.tracking.buffer.flush();

    const clickId = (await t.database.db.query.clicks.findFirst({ where: (c, { eq }) => eq(c.offerId, offerId) }))!.clickId; // prettier-ignore
    const postback = (query: string) => t.app.inject({ method: 'GET', url: `/postback?${query}` });
    expect((await postback(`click_id=${clickId}&goal=registration&transaction_id=M1&token=${token}`)).statusCode).toBe(200); // prettier-ignore
    expect((await postback(`click_id=${clickId}&goal=registration&transaction_id=M1&token=${token}`)).statusCode).toBe(200); // prettier-ignore
    expect((await postback(`click_id=${clickId}&goal=registration&transaction_id=M2&token=wrong-token`)).statusCode).toBe(403); // prettier-ignore

    // Two partner deliveries to a receiver that takes the first and fails the second.
    let received = 0;
    const rx = http.createServer((_req, res) => res.writeHead(received++ === 0 ? 200 : 500).end('ok'));
    await new Promise<void>((resolve) => rx.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(rx.address() as net.AddressInfo).port}/pb`;
    try {
      const [pb] = await t.database.db.insert(postbacks).values({ partnerId: partner.partnerId, url }).returning();
      for (const n of [1, 2]) {
        await t.database.db.insert(postbackDeliveries).values({
          postbackId: pb!.id,
          partnerId: partner.partnerId,
          conversionId: 900_000 + n,
          conversionStatus: 'approved',
          url,
          nextAttemptAt: new Date(Date.now() - 60_000),
          createdAt: new Date(Date.now() - 120_000),
        });
      }
      const worker = new PostbackWorker(t.app.ctx, { logger: t.app.log, allowLoopback: true, batchSize: 1 });
      await worker.drain();
    } finally {
      rx.closeAllConnections();
      await new Promise((resolve) => rx.close(resolve));
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/offer/42' })).statusCode).toBe(401);

    const text = await scrape();
    expect(sample(text, 'portal_clicks_redirected_total')).toBe(3);
    expect(sample(text, 'portal_clicks_refused_total{reason="invalid_request"}')).toBe(1);
    expect(sample(text, 'portal_clicks_refused_total{reason="unknown_offer"}')).toBe(1);
    expect(sample(text, 'portal_postbacks_total{outcome="approved"}')).toBe(1);
    expect(sample(text, 'portal_postbacks_total{outcome="duplicate"}')).toBe(1);
    expect(sample(text, 'portal_postbacks_total{outcome="wrong_token"}')).toBe(1);
    expect(sample(text, 'portal_partner_postback_deliveries_total{result="succeeded"}')).toBe(1);
    expect(sample(text, 'portal_partner_postback_deliveries_total{result="retry"}')).toBe(1);
    expect(sample(text, 'portal_partner_postback_outbox_pending')).toBe(1);
    expect(sample(text, 'portal_partner_postback_outbox_age_seconds')).toBeGreaterThanOrEqual(119);
    expect(sample(text, 'portal_click_batch_write_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'portal_click_buffer_clicks')).toBe(0);
    expect(sample(text, 'portal_click_journal_bytes')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'portal_click_buffer_spilled')).toBe(0);
    expect(sample(text, 'portal_database_up')).toBe(1);
    const postbackRoute = 'portal_http_request_duration_seconds_count{method="GET",route="/postback",status="2xx"}';
    expect(sample(text, postbackRoute)).toBe(2);
    expect(sample(text, 'portal_http_request_duration_seconds_count{method="GET",route="/api/v1/offer/:id",status="4xx"}')).toBe(1); // prettier-ignore
    expect(text).toContain('portal_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/postback",status="2xx"} 2'); // prettier-ignore
    expect(sample(text, 'portal_event_loop_delay_seconds{quantile="0.99"}')).toBeGreaterThan(0);
    expect(sample(text, 'portal_process_memory_bytes{kind="rss"}')).toBeGreaterThan(0);
    if (databaseKind === 'postgres') {
      expect(sample(text, 'portal_db_pool_waiting')).toBe(0);
      expect(text).toContain('portal_db_pool_connections{state="idle"}');
    }
    // Every family has its HELP and TYPE once.
    const types = text.split('\n').filter((l) => l.startsWith('# TYPE '));
    expect(new Set(types).size).toBe(types.length);
  });
});
