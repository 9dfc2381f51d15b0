import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advertisersEndpoints,
  CONFIG_REQUEST,
  type EndpointDefinition,
  firstAnswersScript,
  firstPicturesOf,
  firstRequestsOf,
  imageVariantUrl,
  staffNewsEndpoints,
  staffOffersEndpoints,
  type FirstAnswers,
} from '@portal/contracts';
import { firstAnswersOf, withFirstAnswers } from '../src/lib/first-answers.js';
import {
  bearer,
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  dataUrl,
  login,
  okBody,
  samplePng,
  type CallInput,
  type TestApp,
} from './helper.js';
import { setAllOffersAccess } from './offer-fixtures.js';

// A stand-in for the Vite build (as content-security.test.ts), so that the server serves the app's pages.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
);
fs.writeFileSync(
  path.join(webDist, 'index-title.html'),
  '<!doctype html><html><head></head><body><div class="title-shell-title">{{title-shell}}</div><div id="root"></div></body></html>',
);
fs.writeFileSync(path.join(webDist, 'title-shells.json'), JSON.stringify({ '/my-account': 'My Account' }));
fs.writeFileSync(
  path.join(webDist, 'login.html'),
  '<!doctype html><html><body><form id="sign-in-form"></form></body></html>',
);

const BLOCK = /<script type="application\/json" id="first-answers">([^<]*)<\/script>/;

let t: TestApp;
let partnerToken: string;
let partnerId: number;
let staffToken: string;
beforeAll(async () => {
  // A loaded machine's answers may take longer than the default 250 ms: this file is about what the page carries.
  t = await buildTestApp({ config: { webDist, firstAnswersWaitMs: 60_000 } });
  const partner = await createPartner(t);
  partnerId = partner.partnerId;
  partnerToken = await login(t, partner.email, partner.password);
  const admin = await createStaff(t, 'ROLE_ADMIN');
  staffToken = await login(t, admin.email, admin.password);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** A page as a browser holding this session's cookie asks it. */
async function page(url: string, token: string | null, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: {
      ...(token === null ? {} : { cookie: `expiry=2999-01-01T00%3A00%3A00.000Z; token=${token}` }),
      ...headers,
    },
  });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type'], url).toMatch(/^text\/html/);
  const block = BLOCK.exec(res.body)?.[1];
  return { res, answers: block === undefined ? null : (JSON.parse(block) as FirstAnswers) };
}

describe('first answers in the page (decision 151)', () => {
  it('puts in a signed-in partner’s /offers the answers of the configuration and the first page, as the API answers them', async () => {
    const { res, answers } = await page('/offers', partnerToken);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(answers).not.toBeNull();
    const expected = firstRequestsOf('/offers');
    expect(expected).toHaveLength(2);
    expect(Object.keys(answers ?? {})).toEqual(expected);
    for (const url of expected) {
      const direct = await t.app.inject({ method: 'GET', url, headers: bearer(partnerToken) });
      expect(direct.statusCode, url).toBe(200);
      const answer = answers?.[url];
      expect(answer?.status).toBe(200);
      expect(answer?.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(answer?.body ?? '')).toEqual(JSON.parse(direct.body));
    }
    // The page is still the app's page, under the same policy.
    expect(res.body).toContain('<div id="root"></div>');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('gives a signed-out reader, a malformed cookie and a session that is no session no answers', async () => {
    for (const token of [null, 'not a token; <script>']) {
      const { res, answers } = await page('/offers', token);
      expect(answers, String(token)).toBeNull();
      expect(res.body).not.toContain('first-answers');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    // A cookie that looks like a session: the page is sent before the session is known, never stored by a cache.
    const { res, answers } = await page('/offers', 'x'.repeat(43));
    expect(answers).toBeNull();
    expect(res.body).not.toContain('first-answers');
    expect(res.body).toContain('<div id="root"></div></body></html>');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('puts in only the answers the reader may have: a partner’s /staff carries the configuration alone', async () => {
    const partner = await page('/staff', partnerToken);
    expect(Object.keys(partner.answers ?? {})).toEqual([CONFIG_REQUEST]);
    const staff = await page('/staff', staffToken);
    expect(Object.keys(staff.answers ?? {})).toEqual(firstRequestsOf('/staff'));
    const config = JSON.parse(staff.answers?.[CONFIG_REQUEST]?.body ?? '{}') as { data?: { roles?: string[] } };
    expect(config.data?.roles).toContain('ROLE_ADMIN');
  });

  it('carries only the configuration for an address with a query, and nothing on the sign-in page or a sign-in link', async () => {
    expect(Object.keys((await page('/offers?page=2', partnerToken)).answers ?? {})).toEqual([CONFIG_REQUEST]);
    expect(Object.keys((await page('/', partnerToken)).answers ?? {})).toEqual([CONFIG_REQUEST]);
    expect((await page(`/login?token=${partnerToken}&expireAt=1`, partnerToken)).answers).toBeNull();
    expect((await page('/login', partnerToken)).answers).toBeNull();
  });

  it('puts them in the page that paints a title too (decision 139)', async () => {
    const { res, answers } = await page('/my-account', partnerToken);
    expect(res.body).toContain('<div class="title-shell-title">My Account</div>');
    expect(Object.keys(answers ?? {})).toEqual([CONFIG_REQUEST]);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('names the offer’s picture, as its page draws it, for the browser to fetch beside the scripts (decision 158)', async () => {
    const staff = <E extends EndpointDefinition>(endpoint: E, input: CallInput<E>) =>
      callEndpoint(t.app, endpoint, input, staffToken);
    const advertiser = okBody(await staff(advertisersEndpoints.create, { body: { name: 'Pictured Ltd' } })).data;
    const product = okBody(
      await staff(advertisersEndpoints.createProduct, {
        params: { id: advertiser.id },
        body: { identifier: `pictured-${advertiser.id}`, type: 'web', domain: 'shop.example.com' },
      }),
    ).data;
    const picture = okBody(
      await staff(staffNewsEndpoints.uploadImage, {
        body: { kind: 'offer', image: { filename: 'offer.png', data: dataUrl(await samplePng(60, 40), 'image/png') } },
      }),
    ).data;
    const offerOf = async (name: string, imageId?: number) =>
      okBody(
        await staff(staffOffersEndpoints.create, {
          body: {
            name,
            productId: product.id,
            conversionType: 'cpa',
            currency: 'EUR',
            defaultUrl: 'https://shop.example.com/landing?cid={click_id}',
            countries: ['FR'],
            goals: [{ goal: 'registration', revenueAmount: 500, payoutAmount: 400 }],
            ...(imageId ? { imageId } : {}),
          },
        }),
      ).data;
    const pictured = await offerOf('Pictured offer', picture.id);
    const plain = await offerOf('Plain offer');
    await setAllOffersAccess(t, partnerId, true);

    const { res, answers } = await page(`/offer/${pictured.id}`, partnerToken);
    const offerAnswer = answers?.[firstRequestsOf(`/offer/${pictured.id}`)[1]!];
    const image = (JSON.parse(offerAnswer?.body ?? '{}') as { data?: { image?: string } }).data?.image;
    expect(image).toBe(`/api/v1/image/${picture.id}`);
    // The very address the screen's <img> asks (imageVariantUrl at the offer's size), so the preload is the one used.
    const href = imageVariantUrl(image!, 'offer');
    const link = `<link rel="preload" as="image" href="${href.replace(/&/g, '&amp;')}" fetchpriority="high">`;
    expect(res.body).toContain(link);
    expect(res.body.indexOf(link)).toBeLessThan(res.body.indexOf('id="first-answers"'));
    const fetched = await t.app.inject({ method: 'GET', url: href });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toMatch(/^image\//);
    // No picture, no preload; nor on another screen, nor for a reader the offer's answer was not given to.
    expect((await page(`/offer/${plain.id}`, partnerToken)).res.body).not.toContain('as="image"');
    expect((await page('/offers', partnerToken)).res.body).not.toContain('as="image"');
    expect((await page(`/offer/${pictured.id}`, null)).res.body).not.toContain('as="image"');
  });

  it('compresses the page as the browser accepts', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/offers',
      headers: { cookie: `token=${partnerToken}`, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toMatch(BLOCK);
  });

  it('leaves out the answers not ready in time: the app’s scripts wait for the page’s end', async () => {
    const request = { url: '/offers', headers: {} } as Parameters<typeof firstAnswersOf>[1];
    expect(Object.keys((await firstAnswersOf(t.app, request, partnerToken, 60_000)) ?? {})).toEqual(
      firstRequestsOf('/offers'),
    );
    // Nothing in time (not even the configuration): no block at all.
    expect(await firstAnswersOf(t.app, request, partnerToken, 0)).toBeNull();
  });

  it('writes a block that no answer can end early', () => {
    const body = JSON.stringify({ data: { name: '</script><script>alert(1)</script><!--' } });
    const html = withFirstAnswers('<html><body><div id="root"></div></body></html>', {
      '/api/v1/x': { status: 200, headers: {}, body },
    });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain(firstAnswersScript({ '/api/v1/x': { status: 200, headers: {}, body } }));
    const parsed = JSON.parse(BLOCK.exec(html)?.[1] ?? '') as FirstAnswers;
    expect(parsed['/api/v1/x']?.body).toBe(body);
    expect(html.endsWith('</script></body></html>')).toBe(true);
  });
});

describe('firstRequestsOf', () => {
  it('names the configuration first, then the screen’s own requests for its address without a query', () => {
    expect(firstRequestsOf('/reports/daily')).toEqual([CONFIG_REQUEST]);
    expect(firstRequestsOf('/offers')).toEqual([
      CONFIG_REQUEST,
      '/api/v1/offer?page=1&count=50&groups=product%2Cgoals%2Cgoal%2CgoalTypes%2CgoalType',
    ]);
    expect(firstRequestsOf('/offers/')).toEqual(firstRequestsOf('/offers'));
    expect(firstRequestsOf('/offer/64')).toEqual([
      CONFIG_REQUEST,
      '/api/v1/offer/64?groups=product%2Cgoals%2Cgoal%2CgoalTypes%2CgoalType',
    ]);
    expect(firstRequestsOf('/offer/0')).toEqual([CONFIG_REQUEST]);
    expect(firstRequestsOf('/offer/abc')).toEqual([CONFIG_REQUEST]);
    expect(firstRequestsOf('/staff')).toEqual([CONFIG_REQUEST, '/api/v1/staff/home']);
    expect(firstRequestsOf('/staff/partners')).toEqual([CONFIG_REQUEST]);
    expect(firstRequestsOf('/payments')).toHaveLength(3);
  });
});

describe('firstPicturesOf', () => {
  const offerAnswer = (data: unknown): FirstAnswers => ({
    [firstRequestsOf('/offer/64')[1]!]: { status: 200, headers: {}, body: JSON.stringify({ data }) },
  });
  it('names an offer page’s picture at the size the page draws, and nothing else', () => {
    expect(firstPicturesOf('/offer/64', offerAnswer({ image: '/api/v1/image/3' }))).toEqual([
      '/api/v1/image/3?w=250&h=250&c=1',
    ]);
    expect(firstPicturesOf('/offer/64/', offerAnswer({ image: '/api/v1/image/3' }))).toHaveLength(1);
    expect(firstPicturesOf('/offer/64', offerAnswer({ image: null }))).toEqual([]);
    // Another offer's answer, another screen, a picture elsewhere than this server's, a body that is not JSON.
    expect(firstPicturesOf('/offer/65', offerAnswer({ image: '/api/v1/image/3' }))).toEqual([]);
    expect(firstPicturesOf('/offers', offerAnswer({ image: '/api/v1/image/3' }))).toEqual([]);
    expect(firstPicturesOf('/offer/64', offerAnswer({ image: 'https://elsewhere.example/x.png' }))).toEqual([]);
    expect(firstPicturesOf('/offer/64', { [firstRequestsOf('/offer/64')[1]!]: { status: 200, headers: {}, body: '<' } })).toEqual([]); // prettier-ignore
  });
});
