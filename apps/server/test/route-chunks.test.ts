import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeChunksOf, type RouteChunks } from '../src/lib/route-chunks.js';
import { buildTestApp, createPartner, login, type TestApp } from './helper.js';

// A stand-in for the Vite build: its page and its route → chunks table (apps/web/vite/route-chunks.ts writes it).
const TABLE: RouteChunks[] = [
  { path: '/', scripts: ['assets/portal-layout-a.js', 'assets/dashboard-a.js'], styles: ['assets/dashboard-a.css'] },
  { path: '/offers', scripts: ['assets/portal-layout-a.js', 'assets/offers-a.js', 'assets/grid-a.js'], styles: [] },
  { path: '/offer/:id', scripts: ['assets/portal-layout-a.js', 'assets/offer-a.js'], styles: [] },
  { path: '/reports/conversion', scripts: ['assets/report-conversion-a.js'], styles: [] },
  { path: '/reports/:report', scripts: ['assets/portal-layout-a.js', 'assets/report-basic-a.js'], styles: [] },
  { path: '/staff', scripts: ['assets/portal-layout-a.js', 'assets/staff-home-a.js'], styles: [] },
  { path: '/staff/offers/new', scripts: ['assets/staff-offer-a.js'], styles: [] },
  { path: '/staff/offers/:id', scripts: ['assets/staff-offer-a.js', 'assets/staff-offer-b.js'], styles: [] },
];
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
);
fs.writeFileSync(path.join(webDist, 'login.html'), '<!doctype html><html><body><form></form></body></html>');
fs.writeFileSync(path.join(webDist, 'route-chunks.json'), JSON.stringify(TABLE));

const PRELOAD = /<link rel="(modulepreload|preload)"[^>]* href="\/([^"]+)">/g;
/** The files a page names as preloads, in order. */
const preloadsOf = (html: string) => [...html.matchAll(PRELOAD)].map((match) => match[2]);
const filesOf = (pattern: string) => {
  const route = TABLE.find((r) => r.path === pattern);
  return [...(route?.scripts ?? []), ...(route?.styles ?? [])];
};

let t: TestApp;
let partnerToken: string;
beforeAll(async () => {
  t = await buildTestApp({ config: { webDist, firstAnswersWaitMs: 60_000 } });
  const partner = await createPartner(t);
  partnerToken = await login(t, partner.email, partner.password);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type'], url).toMatch(/^text\/html/);
  return res;
}

describe('the page names its screen’s files (decision 151, addendum)', () => {
  it('matches an address to its route as the app’s router ranks them', () => {
    expect(routeChunksOf(TABLE, '/offers')?.path).toBe('/offers');
    expect(routeChunksOf(TABLE, '/offers/')?.path).toBe('/offers');
    expect(routeChunksOf(TABLE, '/OFFERS')?.path).toBe('/offers');
    expect(routeChunksOf(TABLE, '/offer/12')?.path).toBe('/offer/:id');
    expect(routeChunksOf(TABLE, '/reports/daily')?.path).toBe('/reports/:report');
    expect(routeChunksOf(TABLE, '/reports/conversion')?.path).toBe('/reports/conversion');
    expect(routeChunksOf(TABLE, '/staff/offers/new')?.path).toBe('/staff/offers/new');
    expect(routeChunksOf(TABLE, '/staff/offers/7')?.path).toBe('/staff/offers/:id');
    expect(routeChunksOf(TABLE, '/')?.path).toBe('/');
    for (const unknown of ['/nowhere', '/offer', '/offer/1/2', '/staff/nothing', '/%E0%A4%A'])
      expect(routeChunksOf(TABLE, unknown), unknown).toBeNull();
  });

  it('names the screen’s chunks, and only them, to a reader signed out', async () => {
    for (const [url, pattern] of [
      ['/offers', '/offers'],
      ['/offer/5', '/offer/:id'],
      ['/staff', '/staff'],
      ['/reports/daily', '/reports/:report'],
      ['/offers?page=2', '/offers'],
      ['/', '/'],
    ] as const) {
      const res = await page(url);
      expect(preloadsOf(res.body), url).toEqual(filesOf(pattern));
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const offers = (await page('/offers')).body;
    expect(offers).toContain('<link rel="modulepreload" crossorigin href="/assets/offers-a.js">');
    expect((await page('/')).body).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/dashboard-a.css">',
    );
    // The links go in the head, after the start's own script.
    expect(offers.indexOf('offers-a.js')).toBeGreaterThan(offers.indexOf('/assets/index.js'));
    expect(offers.indexOf('offers-a.js')).toBeLessThan(offers.indexOf('</head>'));
  });

  it('names none for an address no screen route has', async () => {
    const res = await page('/no-such-screen');
    expect(preloadsOf(res.body)).toEqual([]);
    expect(res.body).toBe(fs.readFileSync(path.join(webDist, 'index.html'), 'utf8'));
  });

  it('sends the page compressed by Accept-Encoding', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/offers', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(preloadsOf(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(filesOf('/offers'));
    const gz = await t.app.inject({ method: 'GET', url: '/staff', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(preloadsOf(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(filesOf('/staff'));
  });

  it('names them in a signed-in reader’s page too, beside its first answers', async () => {
    const res = await page('/offers', { cookie: `token=${partnerToken}` });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(preloadsOf(res.body)).toEqual(filesOf('/offers'));
    expect(res.body).toContain('id="first-answers"');
  });
});
