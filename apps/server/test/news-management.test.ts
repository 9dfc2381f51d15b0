import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, news } from '../src/db/schema.js';
import {
  bearer,
  buildTestApp,
  createPartner,
  createStaff,
  dataUrl,
  expectErrorObject,
  login,
  samplePdf,
  samplePng,
  testClock,
  type TestApp,
} from './helper.js';
import { createApplication, createOffer } from './offer-fixtures.js';

/** Decision 042: news written by staff, scheduled, and shown to its audience only. */
describe('news managed by staff (decision 042)', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-08-03T10:00:00Z'));
  let admin: Record<string, string>;
  let adminAccount: { email: string; password: string };
  const DAY = 86_400_000;

  const staff = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: admin, ...(payload ? { payload } : {}) });
  const titlesFor = async (headers: Record<string, string>) =>
    (
      (await t.app.inject({ method: 'GET', url: '/api/v1/news?count=100', headers })).json().data as { title: string }[]
    ).map((n) => n.title);

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now });
    adminAccount = await createStaff(t, 'ROLE_ADMIN');
    admin = bearer(await login(t, adminAccount.email, adminAccount.password));
  });
  // Tests move the clock by weeks: a fresh session each time.
  beforeEach(async () => {
    admin = bearer(await login(t, adminAccount.email, adminAccount.password));
  });
  afterAll(async () => t?.close());

  it('writes a draft, schedules it and publishes it, sanitising the HTML on save, each write audited', async () => {
    const created = await staff('POST', '/staff/news', {
      title: 'Summer bonus',
      excerpt: 'Double payouts in August',
      content: '<p>Hello <script>alert(1)</script><img src=x onerror="alert(2)"><b>partners</b></p>',
    });
    expect(created.statusCode).toBe(200);
    const item = created.json().data;
    expect(item).toMatchObject({ state: 'draft', publishedAt: null, audience: { kind: 'all' } });
    expect(item.content).not.toMatch(/script|onerror/);
    expect(item.content).toContain('<b>partners</b>');
    const [stored] = await t.database.db.select().from(news).where(eq(news.id, item.id));
    expect(stored!.content).not.toMatch(/script|onerror/);

    const p = await createPartner(t);
    const headers = bearer(await login(t, p.email, p.password));
    expect(await titlesFor(headers)).not.toContain('Summer bonus');

    const tomorrow = new Date(clock.now().getTime() + DAY).toISOString();
    const scheduled = await staff('PUT', `/staff/news/${item.id}`, { publishedAt: tomorrow });
    expect(scheduled.json().data).toMatchObject({ state: 'scheduled', publishedAt: tomorrow });
    expect(await titlesFor(headers)).not.toContain('Summer bonus');
    const listed = await staff('GET', '/staff/news?state=scheduled');
    expect(listed.json().data.map((n: { id: number }) => n.id)).toContain(item.id);

    clock.advance(DAY);
    expect(await titlesFor(headers)).toContain('Summer bonus');
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'news'));
    expect(entries.filter((e) => e.entityId === String(item.id)).map((e) => e.action)).toEqual(['create', 'update']);

    expect((await staff('DELETE', `/staff/news/${item.id}`)).statusCode).toBe(200);
    expect(await titlesFor(headers)).not.toContain('Summer bonus');
    expectErrorObject(await staff('DELETE', `/staff/news/${item.id}`), 404);
  });

  it('shows an item to its audience only: named partners, or the partners of an offer (application or recent traffic)', async () => {
    const now = clock.now().toISOString();
    const named = await createPartner(t);
    const applicant = await createPartner(t);
    const clicker = await createPartner(t);
    const stranger = await createPartner(t);
    const offer = await createOffer(t, { name: 'Audience offer', goals: [{ goal: 'registration', p1: { amount: 100 } }] });
    await createApplication(t, applicant.partnerId, offer, 'active');
    const click = await t.app.inject({ method: 'GET', url: `/click?offer_id=${offer}&aff_id=${clicker.partnerId}` });
    expect(click.statusCode).toBe(302);
    await t.app.tracking.buffer.flush();

    expect((await staff('POST', '/staff/news', { title: 'For one partner', publishedAt: now, audience: { kind: 'partners', partnerIds: [named.partnerId] } })).statusCode).toBe(200);
    expect((await staff('POST', '/staff/news', { title: 'For the offer', publishedAt: now, audience: { kind: 'offers', offerIds: [offer] } })).statusCode).toBe(200);
    expect((await staff('POST', '/staff/news', { title: 'For everyone', publishedAt: now })).statusCode).toBe(200);

    const seen = async (p: { email: string; password: string }) =>
      (await titlesFor(bearer(await login(t, p.email, p.password)))).filter((title) => title.startsWith('For '));
    expect(await seen(named)).toEqual(['For everyone', 'For one partner']);
    expect(await seen(applicant)).toEqual(['For everyone', 'For the offer']);
    expect(await seen(clicker)).toEqual(['For everyone', 'For the offer']);
    expect(await seen(stranger)).toEqual(['For everyone']);

    // Traffic older than 30 days no longer counts.
    clock.advance(31 * DAY);
    expect(await seen(clicker)).toEqual(['For everyone']);
    expect(await seen(applicant)).toEqual(['For everyone', 'For the offer']);
  }); // prettier-ignore

  it('refuses bad input field by field and writes nothing', async () => {
    const before = await t.database.db.select().from(news);
    for (const [payload, field] of [
      [{ title: '' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ title: 'X', publishedAt: 'tomorrow' }, 'publishedAt'],
      [{ title: 'X', audience: { kind: 'everyone' } }, 'audience.kind'],
      [{ title: 'X', audience: { kind: 'offers', offerIds: [] } }, 'audience.offerIds'],
      [{ title: 'X', audience: { kind: 'partners', partnerIds: [1, 1] } }, 'audience.partnerIds'],
      [{ title: 'X', audience: { kind: 'partners', partnerIds: [99999999] } }, 'audience.partnerIds.0'],
      [{ title: 'X', audience: { kind: 'offers', offerIds: [99999999] } }, 'audience.offerIds.0'],
      [{ title: 'X', imageId: 99999999 }, 'imageId'],
      [{ title: 'X', body: 'unknown' }, 'body'],
    ] as const) {
      const res = await staff('POST', '/staff/news', payload);
      expectErrorObject(res, 400);
      expect(Object.keys(res.json().errors), JSON.stringify(payload)).toContain(field);
    }
    expect(await t.database.db.select().from(news)).toHaveLength(before.length);
    expectErrorObject(await staff('PUT', '/staff/news/99999999', { title: 'X' }), 404);
  });

  it('stores a picture checked by its bytes, served publicly, and refuses a PDF', async () => {
    const png = await staff('POST', '/staff/images', { kind: 'news', image: { filename: 'banner.png', data: dataUrl(await samplePng(40, 20), 'image/png') } });
    expect(png.statusCode).toBe(200);
    const { id, url } = png.json().data;
    expect(url).toBe(`/api/v1/image/${id}`);
    expect((await t.app.inject({ method: 'GET', url })).headers['content-type']).toMatch(/^image\//);
    const withPicture = await staff('POST', '/staff/news', { title: 'With a picture', imageId: id });
    expect(withPicture.json().data).toMatchObject({ imageId: id, image: url });
    const pdf = await staff('POST', '/staff/images', { kind: 'news', image: { filename: 'x.pdf', data: dataUrl(samplePdf(), 'application/pdf') } });
    expectErrorObject(pdf, 400);
    expect(pdf.json().errors).toHaveProperty(['image.data']);
  }); // prettier-ignore
});
