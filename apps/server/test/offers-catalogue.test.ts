import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSION_TYPES, offersEndpoints } from '@portal/contracts';
import { offerCountries, offers, verticals } from '../src/db/schema.js';
import { DEMO_OFFERS } from '../src/seed/catalogue.js';
import { VERTICALS } from '../src/seed/reference.js';
import { DEMO_ACCOUNTS, seedDemo } from '../src/seed/seed.js';
import { buildTestApp, callEndpoint, login, okBody, type TestApp } from './helper.js';

let t: TestApp;
let northwind: string;
let seedMs: number;
beforeAll(async () => {
  t = await buildTestApp();
  const started = Date.now();
  expect(await seedDemo(t.app.ctx, { traffic: false })).toBe(true);
  seedMs = Date.now() - started;
  northwind = await login(t, DEMO_ACCOUNTS.partner.email, DEMO_ACCOUNTS.partner.password);
}, 120_000);
afterAll(async () => t?.close());

async function listAll(token: string) {
  const res = await callEndpoint(t.app, offersEndpoints.list, { query: { count: 500 } }, token);
  return okBody(res).data.list;
}

describe('the demo catalogue', () => {
  it('has at least 60 offers across every vertical and conversion type, with a mix of flags', async () => {
    const db = t.database.db;
    const rows = await db.select().from(offers);
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(new Set(rows.map((o) => o.conversionType))).toEqual(new Set(CONVERSION_TYPES));
    const usedVerticals = await db
      .selectDistinct({ identifier: verticals.identifier })
      .from(verticals)
      .innerJoin(sql`offer_verticals ov`, sql`ov.vertical_id = ${verticals.id}`);
    expect(usedVerticals.map((v) => v.identifier).sort()).toEqual(VERTICALS.map(([id]) => id).sort());
    expect(rows.filter((o) => o.requireApproval).length).toBeGreaterThan(5);
    expect(rows.filter((o) => !o.requireApproval).length).toBeGreaterThan(5);
    expect(rows.filter((o) => o.private).length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((o) => !o.enabled).length).toBeGreaterThanOrEqual(2);
    expect(new Set(rows.map((o) => o.currency))).toEqual(new Set(['EUR', 'USD', 'GBP']));
    expect(rows.every((o) => o.imageId !== null)).toBe(true);
    for (const offer of rows) {
      const [n] = await db.select({ n: count() }).from(offerCountries).where(eq(offerCountries.offerId, offer.id));
      expect(Number(n?.n), offer.name).toBeGreaterThanOrEqual(1);
      expect(Number(n?.n), offer.name).toBeLessThanOrEqual(40);
    }
    const names = new Set(rows.map((o) => o.name));
    for (const name of Object.values(DEMO_OFFERS).flat()) expect(names, name).toContain(name);
    // Images are the slow part of the seed; it must stay quick enough for every fresh start.
    expect(seedMs).toBeLessThan(60_000);
  });

  it('gives Northwind pending, active and refused applications, including an active private offer', async () => {
    const res = await callEndpoint(t.app, offersEndpoints.applications, {}, northwind);
    const statuses = okBody(res).data.map((a) => a.status);
    for (const status of ['pending', 'active', 'refused']) expect(statuses).toContain(status);

    const listed = await listAll(northwind);
    const byName = new Map(listed.map((o) => [o.name, o]));
    expect(byName.get(DEMO_OFFERS.public)?.partnerStatus).toBe('public');
    expect(byName.get(DEMO_OFFERS.pending)?.partnerStatus).toBe('pending');
    expect(byName.get(DEMO_OFFERS.active)?.partnerStatus).toBe('active');
    expect(byName.get(DEMO_OFFERS.activePrivate)?.partnerStatus).toBe('active');
    expect(byName.get(DEMO_OFFERS.refused)?.partnerStatus).toBe('refused');
    for (const name of DEMO_OFFERS.applyToRun) expect(byName.get(name)?.partnerStatus).toBe('apply_to_run');
    expect(byName.has(DEMO_OFFERS.hiddenPrivate)).toBe(false);
    expect(byName.has(DEMO_OFFERS.disabled)).toBe(false);
    // No registration goal: its one goal, the click, is its main goal and headline (decision 105).
    expect(byName.get(DEMO_OFFERS.noPayout)?.payout).toEqual(expect.objectContaining({ goal: 'click' }));
    expect(listed.length).toBeGreaterThan(50);
  });

  it('serves each offer picture and cleans the hostile description', async () => {
    const listed = await listAll(northwind);
    const image = listed[0]!.image!;
    const res = await t.app.inject({ method: 'GET', url: `${image}?w=250&h=250&c=1` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\//);

    const hostile = listed.find((o) => o.name === DEMO_OFFERS.unsafeHtml)!;
    const [stored] = await t.database.db.select().from(offers).where(eq(offers.id, hostile.id));
    expect(stored?.descriptionHtml).toMatch(/<script>/);
    expect(stored?.descriptionHtml).toMatch(/onerror=/);
    expect(hostile.descriptionHtml).not.toMatch(/<script|onerror|document\.cookie/i);
    expect(hostile.descriptionHtml).toContain('<strong>GlowSkin</strong>');
  });
});
