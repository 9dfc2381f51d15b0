import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newsEndpoints, staffNewsEndpoints, type EndpointDefinition } from '@portal/contracts';
import { auditLog, news } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  dataUrl,
  expectError,
  expectOk,
  invalid,
  login,
  okBody,
  samplePdf,
  samplePng,
  testClock,
  type CallInput,
  type TestApp,
} from './helper.js';
import { createApplication, createOffer } from './offer-fixtures.js';

/** Decision 042: news written by staff, scheduled, and shown to its audience only. */
describe('news managed by staff (decision 042)', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-08-03T10:00:00Z'));
  let admin: string;
  let adminAccount: { email: string; password: string };
  const DAY = 86_400_000;

  /** A staff endpoint through its contract, as the admin. */
  const staff = <E extends EndpointDefinition>(endpoint: E, input: CallInput<E>) =>
    callEndpoint(t.app, endpoint, input, admin);
  const titlesFor = async (token: string) =>
    okBody(await callEndpoint(t.app, newsEndpoints.list, { query: { count: 100 } }, token)).data.map((n) => n.title);

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now });
    adminAccount = await createStaff(t, 'ROLE_ADMIN');
    admin = await login(t, adminAccount.email, adminAccount.password);
  });
  // Tests move the clock by weeks: a fresh session each time.
  beforeEach(async () => {
    admin = await login(t, adminAccount.email, adminAccount.password);
  });
  afterAll(async () => t?.close());

  it('writes a draft, schedules it and publishes it, sanitising the HTML on save, each write audited', async () => {
    const created = await staff(staffNewsEndpoints.create, {
      body: {
        title: 'Summer bonus',
        excerpt: 'Double payouts in August',
        content: '<p>Hello <script>alert(1)</script><img src=x onerror="alert(2)"><b>partners</b></p>',
      },
    });
    expectOk(created);
    const item = okBody(created).data;
    expect(item).toMatchObject({ state: 'draft', publishedAt: null, audience: { kind: 'all' } });
    expect(item.content).not.toMatch(/script|onerror/);
    expect(item.content).toContain('<b>partners</b>');
    const [stored] = await t.database.db.select().from(news).where(eq(news.id, item.id));
    expect(stored!.content).not.toMatch(/script|onerror/);

    const p = await createPartner(t);
    const partnerToken = await login(t, p.email, p.password);
    expect(await titlesFor(partnerToken)).not.toContain('Summer bonus');

    const tomorrow = new Date(clock.now().getTime() + DAY).toISOString();
    const scheduled = await staff(staffNewsEndpoints.update, {
      params: { id: item.id },
      body: { publishedAt: tomorrow },
    });
    expect(okBody(scheduled).data).toMatchObject({ state: 'scheduled', publishedAt: tomorrow });
    expect(await titlesFor(partnerToken)).not.toContain('Summer bonus');
    const listed = await staff(staffNewsEndpoints.list, { query: { state: 'scheduled' } });
    expect(okBody(listed).data.map((n: { id: number }) => n.id)).toContain(item.id);

    clock.advance(DAY);
    expect(await titlesFor(partnerToken)).toContain('Summer bonus');
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'news'));
    expect(entries.filter((e) => e.entityId === String(item.id)).map((e) => e.action)).toEqual(['create', 'update']);

    expect((await staff(staffNewsEndpoints.delete, { params: { id: item.id } })).status).toBe(200);
    expect(await titlesFor(partnerToken)).not.toContain('Summer bonus');
    expectError(await staff(staffNewsEndpoints.delete, { params: { id: item.id } }), 404);
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

    expect((await staff(staffNewsEndpoints.create, { body: { title: 'For one partner', publishedAt: now, audience: { kind: 'partners', partnerIds: [named.partnerId] } } })).status).toBe(200);
    expect((await staff(staffNewsEndpoints.create, { body: { title: 'For the offer', publishedAt: now, audience: { kind: 'offers', offerIds: [offer] } } })).status).toBe(200);
    expect((await staff(staffNewsEndpoints.create, { body: { title: 'For everyone', publishedAt: now } })).status).toBe(200);

    const seen = async (p: { email: string; password: string }) =>
      (await titlesFor(await login(t, p.email, p.password))).filter((title) => title.startsWith('For '));
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
      const res = await staff(staffNewsEndpoints.create, { body: invalid(payload) });
      expectError(res, 400);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(payload)).toContain(field);
    }
    expect(await t.database.db.select().from(news)).toHaveLength(before.length);
    expectError(await staff(staffNewsEndpoints.update, { params: { id: 99999999 }, body: { title: 'X' } }), 404);
  });

  it('stores a picture checked by its bytes, served publicly, and refuses a PDF', async () => {
    const png = await staff(staffNewsEndpoints.uploadImage, { body: { kind: 'news', image: { filename: 'banner.png', data: dataUrl(await samplePng(40, 20), 'image/png') } } });
    expectOk(png);
    const { id, url } = okBody(png).data;
    expect(url).toBe(`/api/v1/image/${id}`);
    expect((await t.app.inject({ method: 'GET', url })).headers['content-type']).toMatch(/^image\//);
    const withPicture = await staff(staffNewsEndpoints.create, { body: { title: 'With a picture', imageId: id } });
    expect(okBody(withPicture).data).toMatchObject({ imageId: id, image: url });
    const pdf = await staff(staffNewsEndpoints.uploadImage, { body: { kind: 'news', image: { filename: 'x.pdf', data: dataUrl(samplePdf(), 'application/pdf') } } });
    expectError(pdf, 400);
    expect(pdf.body.errors).toHaveProperty(['image.data']);
  }); // prettier-ignore
});
