import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createPartner,
  dataUrl,
  expectErrorObject,
  login,
  rowCounts,
  samplePdf,
  type TestApp,
} from './helper.js';

/** The web app's policy, directive by directive (decision 031). */
const WEB_APP_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];
const API_POLICY = ["default-src 'none'", "frame-ancestors 'none'"];
const directives = (header: unknown) =>
  String(header ?? '')
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);

// A stand-in for the Vite build, so that the server serves the web app's HTML without building it.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
);
fs.writeFileSync(path.join(webDist, 'assets', 'index.js'), 'console.log("app");');
// The page that paints a screen's title before the app runs, and its addresses with their titles (decision 139).
fs.writeFileSync(
  path.join(webDist, 'index-title.html'),
  '<!doctype html><html><head><script type="module" src="/assets/boot-after-paint-x.js"></script></head><body>' +
    '<div class="title-shell-title">{{title-shell}}</div><div id="root"></div></body></html>',
);
fs.writeFileSync(
  path.join(webDist, 'title-shells.json'),
  JSON.stringify({ '/my-account': 'My Account', '/reports/subid': 'Sub-ID &amp; $&amp; report' }),
);
fs.writeFileSync(
  path.join(webDist, 'login.html'),
  '<!doctype html><html><head><script type="module" src="/assets/sign-in.js"></script></head><body><form id="sign-in-form"></form></body></html>',
);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { webDist } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('content security policy', () => {
  it('serves the HTML of /, /offers, /offer/1 and /login with the web app policy, exactly', async () => {
    for (const url of ['/', '/offers', '/offer/1', '/login', '/login?token=x&expireAt=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(directives(res.headers['content-security-policy']), url).toEqual(WEB_APP_POLICY);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers /login with the sign-in page of its own, and a sign-in link or any other address with the app', async () => {
    const page = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      return res.body.includes('id="sign-in-form"') ? 'sign-in page' : res.body.includes('id="root"') ? 'app' : '?';
    };
    expect(await page('/login')).toBe('sign-in page');
    expect(await page('/login?redirect=%2Fpayments')).toBe('sign-in page');
    expect(await page('/login?token=abc&expireAt=2999-01-01T00%3A00%3A00Z')).toBe('app');
    expect(await page('/login?expireAt=1')).toBe('app');
    expect(await page('/login/other')).toBe('app');
    expect(await page('/offers?next=/login')).toBe('app');
  });

  it('answers the addresses of title shells with the page that paints their title, under the same policy', async () => {
    const page = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(directives(res.headers['content-security-policy']), url).toEqual(WEB_APP_POLICY);
      return /<div class="title-shell-title">([^<]*)<\/div>/.exec(res.body)?.[1] ?? null;
    };
    expect(await page('/my-account')).toBe('My Account');
    expect(await page('/my-account?tab=documents')).toBe('My Account');
    expect(await page('/reports/subid')).toBe('Sub-ID &amp; $&amp; report');
    expect(await page('/reports/daily')).toBeNull();
    expect(await page('/')).toBeNull();
  });

  it('never lets scripts run inline or through eval on the HTML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/offers' });
    const policy = String(res.headers['content-security-policy']);
    expect(policy).not.toMatch(/unsafe-eval/);
    const scriptSrc = directives(policy).find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe("script-src 'self'");
  });

  it('keeps the strict policy on JSON answers, errors and the app’s static files', async () => {
    const p = await createPartner(t);
    const headers = bearer(await login(t, p.email, p.password));
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/v1/config', headers }),
      await t.app.inject({ method: 'GET', url: '/api/v1/config' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' }),
      await t.app.inject({ method: 'GET', url: '/healthz' }),
      await t.app.inject({ method: 'GET', url: '/assets/index.js' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404, 200, 200]);
    for (const res of answers) {
      expect(directives(res.headers['content-security-policy'])).toEqual(API_POLICY);
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('keeps the sandbox policy of a file download', async () => {
    const p = await createPartner(t);
    const headers = bearer(await login(t, p.email, p.password));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/partner/compliance-document',
      headers,
      payload: { type: 'proof_of_identity', document: { filename: 'a.pdf', data: dataUrl(samplePdf()) } },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.document.id as number;
    const link = await t.app.inject({ method: 'GET', url: `/api/v1/file/${id}/url`, headers });
    const download = await t.app.inject({
      method: 'GET',
      url: (link.json().data.url as string).replace('https://portal.example.test', ''),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });
});

describe('PDF uploads are scanned whole', () => {
  /** A PDF whose markup sits far from both ends: beyond the first and the last kilobyte, across a scan chunk border. */
  function pdfWithMarkupAt(offset: number, markup: string) {
    const pdf = samplePdf(200 * 1024).toString('latin1');
    return Buffer.from(pdf.slice(0, offset) + markup + pdf.slice(offset + markup.length), 'latin1');
  }

  it('refuses a PDF with markup in the middle, like one with markup at its start', async () => {
    const p = await createPartner(t);
    const headers = bearer(await login(t, p.email, p.password));
    const before = await rowCounts(t);
    const cases = [
      pdfWithMarkupAt(100 * 1024, '<script>alert(document.cookie)</script>'),
      pdfWithMarkupAt(64 * 1024 - 4, '<HTML><BODY>'),
      pdfWithMarkupAt(150 * 1024, '<a href="javascript:alert(1)">x</a>'),
    ];
    for (const bytes of cases) {
      expect(bytes.subarray(0, 1024).toString('latin1')).not.toMatch(/<script|<html|<body|javascript:/i);
      expect(bytes.subarray(bytes.length - 1024).toString('latin1')).not.toMatch(/<script|<html|<body|javascript:/i);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/partner/compliance-document',
        headers,
        payload: { type: 'proof_of_identity', document: { filename: 'scan.pdf', data: dataUrl(bytes) } },
      });
      expectErrorObject(res, 415);
      expect(res.json().errors).toEqual({ 'document.data': 'Only PDF, PNG and JPEG files are accepted.' });
    }
    expect(await rowCounts(t)).toEqual(before);
  });

  it('still accepts a large PDF without markup', async () => {
    const p = await createPartner(t);
    const headers = bearer(await login(t, p.email, p.password));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/partner/compliance-document',
      headers,
      payload: { type: 'proof_of_identity', document: { filename: 'scan.pdf', data: dataUrl(samplePdf(300 * 1024)) } },
    });
    expect(res.statusCode).toBe(200);
  });
});
