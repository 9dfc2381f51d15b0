import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, offerCreatives, offerLandingPages } from '../src/db/schema.js';
import {
  bearer,
  buildTestApp,
  createPartner,
  createStaff,
  expectErrorObject,
  login,
  samplePng,
  type TestApp,
} from './helper.js';
import { createApplication, createOffer, setAllOffersAccess } from './offer-fixtures.js';

/**
 * Decision 050: creatives and landing pages staff attach to an offer; partners who may run it see them, download a
 * creative with their own tracking link inside, and send a click to a landing page of that offer (never another's).
 */
describe('creatives and landing pages (decision 050)', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let manager: Record<string, string>;
  let partner: { partnerId: number; headers: Record<string, string> };
  let other: { partnerId: number; headers: Record<string, string> };
  let open: number;
  let secret: number;
  let gated: number;
  let second: number;

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) }); // prettier-ignore

  beforeAll(async () => {
    t = await buildTestApp({ config: { trustProxy: true, logLevel: 'error' } });
    const a = await createStaff(t, 'ROLE_ADMIN');
    admin = bearer(await login(t, a.email, a.password));
    const am = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    manager = bearer(await login(t, am.email, am.password));
    for (const target of ['partner', 'other'] as const) {
      const p = await createPartner(t);
      await setAllOffersAccess(t, p.partnerId, true);
      const value = { partnerId: p.partnerId, headers: bearer(await login(t, p.email, p.password)) };
      if (target === 'partner') partner = value;
      else other = value;
    }
    open = await createOffer(t, { name: 'Creative Offer' });
    second = await createOffer(t, { name: 'Second Offer' });
    secret = await createOffer(t, { name: 'Secret Offer', private: true });
    gated = await createOffer(t, { name: 'Gated Offer', requireApproval: true });
    await createApplication(t, other.partnerId, gated, 'active');
  });
  afterAll(async () => t?.close());

  it('lets an admin attach a banner, HTML, an e-mail and a text ad, each audited, the banner sized from its picture', async () => {
    const png = await samplePng(300, 250);
    const upload = await call('POST', '/staff/images', admin, {
      kind: 'creative',
      image: { filename: 'banner.png', data: `data:image/png;base64,${png.toString('base64')}` },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const imageId = upload.json().data.id as number;
    const banner = await call('POST', `/staff/offers/${open}/creatives`, admin, { kind: 'banner', name: 'MPU 300x250', imageId }); // prettier-ignore
    expect(banner.statusCode, banner.body).toBe(200);
    expect(banner.json().data).toMatchObject({
      kind: 'banner',
      width: 300,
      height: 250,
      image: `/api/v1/image/${imageId}`,
    });
    for (const body of [
      { kind: 'html', name: 'Button', html: '<a href="{tracking_link}">Get the offer</a>' },
      { kind: 'email', name: 'Newsletter', html: '<p>Hello</p><a href="{tracking_link}">Go</a>' },
      { kind: 'text', name: 'Short ad', text: 'Save 20 % today: {tracking_link}' },
    ]) {
      const res = await call('POST', `/staff/offers/${open}/creatives`, admin, body);
      expect(res.statusCode, res.body).toBe(200);
    }
    const list = (await call('GET', `/staff/offers/${open}/creatives`, manager)).json().data as { kind: string }[];
    expect(list.map((c) => c.kind)).toEqual(['banner', 'html', 'email', 'text']);
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'creative'));
    expect(audited).toHaveLength(4);
  });

  it('refuses bad creatives and landing pages with field errors, writing nothing', async () => {
    const before = await t.database.db.select().from(offerCreatives);
    const cases: [unknown, string[]][] = [
      [{ kind: 'banner', name: 'No picture' }, ['imageId']],
      [{ kind: 'html', name: 'No link', html: '<a href="https://x.example">x</a>' }, ['html']],
      [{ kind: 'text', name: '' }, ['name', 'text']],
      [{ kind: 'video', name: 'x' }, ['kind']],
      [{ kind: 'banner', name: 'Missing', imageId: 999_999 }, ['imageId']],
    ];
    for (const [body, fields] of cases) {
      const res = await call('POST', `/staff/offers/${open}/creatives`, admin, body);
      expectErrorObject(res, 400);
      expect(Object.keys(res.json().errors).sort(), JSON.stringify(body)).toEqual(fields.sort());
    }
    const page = await call('POST', `/staff/offers/${open}/landing-pages`, admin, { name: 'Bad', url: 'https://lp.example.com/?x={nope}' }); // prettier-ignore
    expectErrorObject(page, 400);
    expect(Object.keys(page.json().errors)).toEqual(['url']);
    expect(await t.database.db.select().from(offerCreatives)).toHaveLength(before.length);
    expect(await t.database.db.select().from(offerLandingPages)).toHaveLength(0);
    expectErrorObject(await call('POST', `/staff/offers/999999/creatives`, admin, { kind: 'text', name: 'x', text: 'y' }), 404); // prettier-ignore
    expectErrorObject(await call('POST', `/staff/offers/${open}/creatives`, manager, { kind: 'text', name: 'x', text: 'y' }), 403); // prettier-ignore
  });

  it('shows partners the creatives and landing pages of offers they may run, as the offer detail scopes them', async () => {
    const page = await call('POST', `/staff/offers/${gated}/landing-pages`, admin, { name: 'Gated page', url: 'https://gated.example.com/' }); // prettier-ignore
    expect(page.statusCode, page.body).toBe(200);
    const mine = await call('GET', `/offer/${open}/creatives`, partner.headers);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toHaveLength(4);
    // A private offer the partner is not allowed on, and one that does not exist: 404, as the offer detail.
    expectErrorObject(await call('GET', `/offer/${secret}/creatives`, partner.headers), 404);
    expectErrorObject(await call('GET', `/offer/${secret}/landing-pages`, partner.headers), 404);
    expectErrorObject(await call('GET', `/offer/999999/creatives`, partner.headers), 404);
    // An offer that needs approval: only with an active application.
    expectErrorObject(await call('GET', `/offer/${gated}/landing-pages`, partner.headers), 403);
    const approved = await call('GET', `/offer/${gated}/landing-pages`, other.headers);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toEqual([{ id: page.json().data.id, name: 'Gated page', preview: null, previewUrl: 'https://gated.example.com/' }]); // prettier-ignore
    // Staff are no partner.
    expectErrorObject(await call('GET', `/offer/${open}/creatives`, admin), 403);
  });

  it("downloads a creative with the partner's own tracking link inside, and a banner as its picture", async () => {
    const list = (await call('GET', `/offer/${open}/creatives`, partner.headers)).json().data as { id: number; kind: string }[]; // prettier-ignore
    const html = list.find((c) => c.kind === 'html')!;
    const res = await call('GET', `/offer/${open}/creatives/${html.id}/download`, partner.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-disposition']).toContain(`offer-${open}-button.html`);
    // Opened in a tab, the HTML runs nothing and has no origin of its own (decision 067), whatever its type.
    const SANDBOX = "default-src 'none'; sandbox";
    expect(res.headers['content-security-policy']).toBe(SANDBOX);
    expect(res.body).toBe(`<a href="https://portal.example.test/click?offer_id=${open}&aff_id=${partner.partnerId}">Get the offer</a>`); // prettier-ignore
    const theirs = await call('GET', `/offer/${open}/creatives/${html.id}/download`, other.headers);
    expect(theirs.body).toContain(`aff_id=${other.partnerId}`);
    const banner = list.find((c) => c.kind === 'banner')!;
    const image = await call('GET', `/offer/${open}/creatives/${banner.id}/download`, partner.headers);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-security-policy']).toBe(SANDBOX);
    const text = list.find((c) => c.kind === 'text')!;
    const plain = await call('GET', `/offer/${open}/creatives/${text.id}/download`, partner.headers);
    expect(plain.headers['content-security-policy']).toBe(SANDBOX);
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    // A creative of another offer, through this one: 404.
    const [foreign] = await t.database.db.insert(offerCreatives).values({ offerId: second, kind: 'text', name: 'Elsewhere', text: 'x {tracking_link}' }).returning(); // prettier-ignore
    expectErrorObject(await call('GET', `/offer/${open}/creatives/${foreign!.id}/download`, partner.headers), 404);
  });

  it('sends a click with lp to that landing page of the offer, and refuses a landing page of another offer', async () => {
    const created = await call('POST', `/staff/offers/${open}/landing-pages`, admin, {
      name: 'Summer page',
      url: 'https://summer.example.com/lp?c={click_id}&s={subid}',
    });
    expect(created.statusCode, created.body).toBe(200);
    const lp = created.json().data.id as number;
    const elsewhere = (await call('POST', `/staff/offers/${second}/landing-pages`, admin, { name: 'Other', url: 'https://other.example.com/' })).json().data.id as number; // prettier-ignore
    const click = (query: string) =>
      t.app.inject({ method: 'GET', url: `/click?${query}`, headers: { 'x-forwarded-for': '90.0.0.1' } });
    const landed = await click(`offer_id=${open}&aff_id=${partner.partnerId}&subid=fb&lp=${lp}`);
    expect(landed.statusCode, landed.body).toBe(302);
    const location = new URL(landed.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe('https://summer.example.com/lp');
    expect(location.searchParams.get('s')).toBe('fb');
    expect(location.searchParams.get('c')).toMatch(/^[\w-]{22}$/);
    const plain = await click(`offer_id=${open}&aff_id=${partner.partnerId}`);
    expect(plain.headers.location).toBe('https://fixture.example.com/landing');
    const refused = await click(`offer_id=${open}&aff_id=${partner.partnerId}&lp=${elsewhere}`);
    expectErrorObject(refused, 404);
    expect(refused.json().message).toBe('This landing page is not one of this offer’s.');
    expectErrorObject(await click(`offer_id=${open}&aff_id=${partner.partnerId}&lp=abc`), 400);
    // The refusal is the partner's to see in its refused traffic.
    await t.app.tracking.buffer.flush();
    const today = new Date().toISOString().slice(0, 10);
    const report = await call('GET', `/statistics/refused?startDate=${today}&endDate=${today}`, partner.headers);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ reason: 'unknown_landing_page', clicks: 1 })]),
    );
    // Removed: the link falls back to a refusal, at once on this process.
    const removed = await call('DELETE', `/staff/offers/${open}/landing-pages/${lp}`, admin);
    expect(removed.statusCode, removed.body).toBe(200);
    expectErrorObject(await click(`offer_id=${open}&aff_id=${partner.partnerId}&lp=${lp}`), 404);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'landing_page'), eq(auditLog.action, 'delete')));
    expect(audited).toHaveLength(1);
  });
});
