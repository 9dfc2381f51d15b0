import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creativesEndpoints, staffNewsEndpoints, statisticsEndpoints } from '@portal/contracts';
import { auditLog, offerCreatives, offerLandingPages } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  errorBody,
  expectError,
  expectErrorObject,
  expectOk,
  invalid,
  login,
  okBody,
  samplePng,
  type CallInput,
  type TestApp,
} from './helper.js';
import { createApplication, createOffer, setAllOffersAccess } from './offer-fixtures.js';

/**
 * Decision 050: creatives and landing pages staff attach to an offer; partners who may run it see them, download a
 * creative with their own tracking link inside, and send a click to a landing page of that offer (never another's).
 */
describe('creatives and landing pages (decision 050)', () => {
  let t: TestApp;
  let admin: string;
  let manager: string;
  let partner: { partnerId: number; token: string };
  let other: { partnerId: number; token: string };
  let open: number;
  let secret: number;
  let gated: number;
  let second: number;

  type CreativeBody = CallInput<typeof creativesEndpoints.create>['body'];
  type PageBody = CallInput<typeof creativesEndpoints.createLandingPage>['body'];
  const createCreative = (id: number, body: CreativeBody, token = admin) =>
    callEndpoint(t.app, creativesEndpoints.create, { params: { id }, body }, token);
  const createPage = (id: number, body: PageBody) =>
    callEndpoint(t.app, creativesEndpoints.createLandingPage, { params: { id }, body }, admin);
  const partnerCreatives = (id: number, token: string) =>
    callEndpoint(t.app, creativesEndpoints.partnerList, { params: { id } }, token);
  const partnerPages = (id: number, token: string) =>
    callEndpoint(t.app, creativesEndpoints.partnerLandingPages, { params: { id } }, token);
  const download = (id: number, childId: number, token: string) =>
    callEndpoint(t.app, creativesEndpoints.download, { params: { id, childId } }, token);

  beforeAll(async () => {
    t = await buildTestApp({ config: { trustProxy: true, logLevel: 'error' } });
    const a = await createStaff(t, 'ROLE_ADMIN');
    admin = await login(t, a.email, a.password);
    const am = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    manager = await login(t, am.email, am.password);
    for (const target of ['partner', 'other'] as const) {
      const p = await createPartner(t);
      await setAllOffersAccess(t, p.partnerId, true);
      const value = { partnerId: p.partnerId, token: await login(t, p.email, p.password) };
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
    const upload = await callEndpoint(
      t.app,
      staffNewsEndpoints.uploadImage,
      {
        body: {
          kind: 'creative',
          image: { filename: 'banner.png', data: `data:image/png;base64,${png.toString('base64')}` },
        },
      },
      admin,
    );
    const imageId = okBody(upload).data.id;
    const banner = await createCreative(open, { kind: 'banner', name: 'MPU 300x250', imageId });
    expect(okBody(banner).data).toMatchObject({
      kind: 'banner',
      width: 300,
      height: 250,
      image: `/api/v1/image/${imageId}`,
    });
    const bodies: CreativeBody[] = [
      { kind: 'html', name: 'Button', html: '<a href="{tracking_link}">Get the offer</a>' },
      { kind: 'email', name: 'Newsletter', html: '<p>Hello</p><a href="{tracking_link}">Go</a>' },
      { kind: 'text', name: 'Short ad', text: 'Save 20 % today: {tracking_link}' },
    ];
    for (const body of bodies) {
      expectOk(await createCreative(open, body));
    }
    const list = okBody(
      await callEndpoint(t.app, creativesEndpoints.staffList, { params: { id: open } }, manager),
    ).data;
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
      const res = await createCreative(open, invalid(body));
      expect(Object.keys(errorBody(res, 400).errors ?? {}).sort(), JSON.stringify(body)).toEqual(fields.sort());
    }
    const page = await createPage(open, { name: 'Bad', url: 'https://lp.example.com/?x={nope}' });
    expect(Object.keys(errorBody(page, 400).errors ?? {})).toEqual(['url']);
    expect(await t.database.db.select().from(offerCreatives)).toHaveLength(before.length);
    expect(await t.database.db.select().from(offerLandingPages)).toHaveLength(0);
    expectError(await createCreative(999999, { kind: 'text', name: 'x', text: 'y' }), 404);
    expectError(await createCreative(open, { kind: 'text', name: 'x', text: 'y' }, manager), 403);
  });

  it('shows partners the creatives and landing pages of offers they may run, as the offer detail scopes them', async () => {
    const page = okBody(await createPage(gated, { name: 'Gated page', url: 'https://gated.example.com/' }));
    const mine = await partnerCreatives(open, partner.token);
    expect(okBody(mine).data).toHaveLength(4);
    // A private offer the partner is not allowed on, and one that does not exist: 404, as the offer detail.
    expectError(await partnerCreatives(secret, partner.token), 404);
    expectError(await partnerPages(secret, partner.token), 404);
    expectError(await partnerCreatives(999999, partner.token), 404);
    // An offer that needs approval: only with an active application.
    expectError(await partnerPages(gated, partner.token), 403);
    const approved = await partnerPages(gated, other.token);
    expect(okBody(approved).data).toEqual([{ id: page.data.id, name: 'Gated page', preview: null, previewUrl: 'https://gated.example.com/' }]); // prettier-ignore
    // Staff are no partner.
    expectError(await partnerCreatives(open, admin), 403);
  });

  it("downloads a creative with the partner's own tracking link inside, and a banner as its picture", async () => {
    const list = okBody(await partnerCreatives(open, partner.token)).data;
    const html = list.find((c) => c.kind === 'html')!;
    const res = await download(open, html.id, partner.token);
    expectOk(res);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-disposition']).toContain(`offer-${open}-button.html`);
    // Opened in a tab, the HTML runs nothing and has no origin of its own (decision 067), whatever its type.
    const SANDBOX = "default-src 'none'; sandbox";
    expect(res.headers['content-security-policy']).toBe(SANDBOX);
    expect(res.raw.body).toBe(`<a href="https://portal.example.test/click?offer_id=${open}&aff_id=${partner.partnerId}">Get the offer</a>`); // prettier-ignore
    const theirs = await download(open, html.id, other.token);
    expect(theirs.raw.body).toContain(`aff_id=${other.partnerId}`);
    const banner = list.find((c) => c.kind === 'banner')!;
    const image = await download(open, banner.id, partner.token);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-security-policy']).toBe(SANDBOX);
    const text = list.find((c) => c.kind === 'text')!;
    const plain = await download(open, text.id, partner.token);
    expect(plain.headers['content-security-policy']).toBe(SANDBOX);
    expect(image.raw.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    // A creative of another offer, through this one: 404.
    const [foreign] = await t.database.db.insert(offerCreatives).values({ offerId: second, kind: 'text', name: 'Elsewhere', text: 'x {tracking_link}' }).returning(); // prettier-ignore
    expectError(await download(open, foreign!.id, partner.token), 404);
  });

  it('sends a click with lp to that landing page of the offer, and refuses a landing page of another offer', async () => {
    const created = await createPage(open, {
      name: 'Summer page',
      url: 'https://summer.example.com/lp?c={click_id}&s={subid}',
    });
    const lp = okBody(created).data.id;
    const elsewhere = okBody(await createPage(second, { name: 'Other', url: 'https://other.example.com/' })).data.id;
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
    const report = await callEndpoint(t.app, statisticsEndpoints.refused, { query: { startDate: today, endDate: today } }, partner.token); // prettier-ignore
    expect(okBody(report).data).toEqual(
      expect.arrayContaining([expect.objectContaining({ reason: 'unknown_landing_page', clicks: 1 })]),
    );
    // Removed: the link falls back to a refusal, at once on this process.
    const removed = await callEndpoint(t.app, creativesEndpoints.deleteLandingPage, { params: { id: open, childId: lp } }, admin); // prettier-ignore
    expectOk(removed);
    expectErrorObject(await click(`offer_id=${open}&aff_id=${partner.partnerId}&lp=${lp}`), 404);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'landing_page'), eq(auditLog.action, 'delete')));
    expect(audited).toHaveLength(1);
  });
});
