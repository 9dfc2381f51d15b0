import { eq, sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { clicks, offers, rejectedClicksHourly } from '../src/db/schema.js';
import { TEST_BROWSER, buildTestApp, createPartner, type TestApp } from './helper.js';
import { createOffer } from './offer-fixtures.js';

// GET /click on a real socket takes the server's fast path (decision 022), not the router that app.inject reaches.
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function listening(options: Parameters<typeof buildTestApp>[0] = {}) {
  t = await buildTestApp(options);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const partner = await createPartner(t);
  const offerId = await createOffer(t, { name: 'Socket' });
  await t.database.db
    .update(offers)
    .set({ defaultUrl: 'https://shop.example.com/go?cid={click_id}&a={aff_id}&s={subid}&t={tc1}' })
    .where(eq(offers.id, offerId));
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    // A browser's user agent unless the test sets one: fetch's own ("node") is a bot's to isbot (decision 102).
    fetch(`http://127.0.0.1:${port}${path}`, { method, redirect: 'manual', headers: { 'user-agent': TEST_BROWSER, ...headers } }); // prettier-ignore
  return { app: t, get, link: `offer_id=${offerId}&aff_id=${partner.partnerId}`, partner, offerId };
}

const clickRow = async (test: TestApp, clickId: string) => {
  await test.app.tracking.buffer.flush();
  const [row] = await test.database.db.select().from(clicks).where(eq(clicks.clickId, clickId));
  return row;
};

describe('GET /click on a real socket', () => {
  it('takes a link whose traffic-source macros stand unencoded, as the tracking link gives it (decision 033)', async () => {
    const { app, get, link } = await listening();
    // fetch keeps { } $ unencoded in a query, as browsers and ad platforms send them.
    const res = await get(`/click?${link}&subid={{ad.id}}&tc1=\${zoneid}&tc2={gclid}`);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    const clickId = location.searchParams.get('cid')!;
    expect(location.searchParams.get('s')).toBe('{{ad.id}}');
    expect(location.searchParams.get('t')).toBe('${zoneid}');
    expect(await clickRow(app, clickId)).toMatchObject({ subid: '{{ad.id}}', tc1: '${zoneid}', tc2: '{gclid}' });
  });

  it('redirects with the macros filled, the headers a redirect acts on, and records who clicked', async () => {
    const { app, get, link, partner } = await listening();
    const res = await get(`/click?${link}&subid=a%20b&tc1=x%2Fy`, {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) SocketTest/1.0',
      referer: 'https://publisher.example/page',
      'x-forwarded-for': '198.51.100.9',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('no-store');
    // The landing page gets no referrer from the tracking domain; the headers that govern a body, a document or a
    // frame are left off a bodiless redirect (decision 152).
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    for (const name of ['x-content-type-options', 'x-frame-options', 'content-security-policy'])
      expect(res.headers.get(name), name).toBeNull();
    expect(await res.text()).toBe('');
    const location = new URL(res.headers.get('location')!);
    const clickId = location.searchParams.get('cid')!;
    expect(location.toString()).toBe(
      `https://shop.example.com/go?cid=${clickId}&a=${partner.partnerId}&s=a%20b&t=x%2Fy`,
    );
    const row = await clickRow(app, clickId);
    expect(row).toMatchObject({
      partnerId: partner.partnerId,
      subid: 'a b',
      tc1: 'x/y',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) SocketTest/1.0',
      referrer: 'https://publisher.example/page',
    });
    // X-Forwarded-For is ignored unless TRUST_PROXY says a proxy stands in front.
    expect(row?.ip).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it('reads the client address from X-Forwarded-For behind a trusted proxy, as the API routes do', async () => {
    const { app, get, link } = await listening({ config: { trustProxy: true } });
    const res = await get(`/click?${link}`, { 'x-forwarded-for': '198.51.100.9, 10.0.0.2' });
    expect(res.status).toBe(302);
    const clickId = new URL(res.headers.get('location')!).searchParams.get('cid')!;
    expect((await clickRow(app, clickId))?.ip).toBe('198.51.100.9');
  });

  it('answers bad and refused traffic with an error object, counted and never recorded as a click', async () => {
    const { app, get, link, partner } = await listening();
    const cases: [string, number, string][] = [
      ['/click?offer_id=abc&aff_id=1', 400, 'The tracking link is not valid.'],
      ['/click', 400, 'The tracking link is not valid.'],
      [`/click?${link}&subid=${'x'.repeat(256)}`, 400, 'The tracking link is not valid.'],
      [`/click?offer_id=2147483647&aff_id=${partner.partnerId}`, 404, 'This offer does not exist.'],
    ];
    for (const [path, status, message] of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      // An answer with a body keeps every security header (decision 031).
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
      expect(await res.json()).toEqual({ status, message, data: null, errors: null });
    }
    await app.app.tracking.buffer.flush();
    const counted = await app.database.db
      .select({
        reason: rejectedClicksHourly.reason,
        n: sql<number>`sum(${rejectedClicksHourly.count})`.mapWith(Number),
      })
      .from(rejectedClicksHourly)
      .groupBy(rejectedClicksHourly.reason)
      .orderBy(rejectedClicksHourly.reason);
    expect(counted).toEqual([
      { reason: 'invalid_request', n: 3 },
      { reason: 'unknown_offer', n: 1 },
    ]);
    const [{ n } = { n: -1 }] = await app.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(clicks);
    expect(n).toBe(0);
  });

  it('leaves every other request to the router', async () => {
    const { get, link } = await listening();
    expect((await get('/healthz')).status).toBe(200);
    const near = await get(`/clicks?${link}`);
    expect(near.status).toBe(404);
    expect(await near.json()).toMatchObject({ status: 404 });
    // The router's own /click route answers the same way (a trailing slash).
    expect((await get(`/click/?${link}`)).status).toBe(302);
  });

  it('answers HEAD with the redirect but records nothing, on the fast path and through the router', async () => {
    const { app, get, link } = await listening();
    for (const path of [`/click?${link}&subid=s1`, `/click/?${link}&subid=s1`]) {
      const head = await get(path, {}, 'HEAD');
      expect(head.status, path).toBe(302);
      expect(new URL(head.headers.get('location')!).searchParams.get('cid'), path).toBe('');
    }
    expect((await get('/click?offer_id=abc', {}, 'HEAD')).status).toBe(400);
    await app.app.tracking.buffer.flush();
    const db = app.database.db;
    const [{ n } = { n: -1 }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(clicks);
    const [{ r } = { r: -1 }] = await db
      .select({ r: sql<number>`count(*)`.mapWith(Number) })
      .from(rejectedClicksHourly);
    expect([n, r]).toEqual([0, 0]);
  });

  it('writes every click acknowledged on the socket before a graceful stop', async () => {
    // The timer never fires: only the shutdown writes these clicks.
    const { app, get, link } = await listening({ clickFlushIntervalMs: 600_000 });
    const answers = await Promise.all(Array.from({ length: 300 }, () => get(`/click?${link}`)));
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 302));
    expect(app.app.tracking.buffer.size).toBe(300);
    await app.app.close();
    const [{ n } = { n: -1 }] = await app.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(clicks);
    expect(n).toBe(300);
  });
});
