/**
 * The OpenAPI document is the server (decision 075): who may call each operation, its operationId, its real media
 * types and answers, the servers and tags. Redocly's recommended ruleset and Spectral's spectral:oas at 0 errors and
 * 0 warnings are `npm run lint:openapi`, part of `npm run lint` (run once, not again on each database).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineRefs } from './openapi-validator.js';
import { buildTestApp, type TestApp } from './helper.js';

type Response = { description?: string; headers?: Record<string, unknown>; content?: Record<string, unknown> };
type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  tags?: string[];
  responses?: Record<string, Response>;
  parameters?: { name: string; in: string; description?: string }[];
};
type Document = {
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  security?: unknown;
  components: {
    securitySchemes: Record<string, { type: string; scheme?: string; description?: string }>;
    schemas: Record<string, unknown>;
  };
  paths: Record<string, Record<string, Operation>>;
};

const PUBLIC_URL = 'https://partners.northwind.test';

let t: TestApp;
let document: Document;
let operations: [string, Operation][];
beforeAll(async () => {
  t = await buildTestApp({ config: { publicUrl: PUBLIC_URL } });
  document = t.app.swagger() as unknown as Document;
  operations = Object.entries(document.paths).flatMap(([p, item]) =>
    Object.entries(item).map(([method, op]) => [`${method.toUpperCase()} ${p}`, op] as [string, Operation]),
  );
  // Building the app and its whole document took over a minute on a loaded 2-core machine.
}, 240_000);
afterAll(async () => t?.close());

const op = (name: string) => {
  const found = operations.find(([key]) => key === name);
  if (!found) throw new Error(`${name} is not in the document`);
  return found[1];
};

describe('who may call each operation', () => {
  it('the nine public operations of the API take no credentials (security: [])', () => {
    const publicOps = [
      'POST /api/v1/login',
      'POST /api/v1/login/two-factor',
      'POST /api/v1/password/lost',
      'POST /api/v1/password/reset',
      'POST /api/v1/register',
      'POST /api/v1/setup/first-admin',
      'GET /api/v1/register/options',
      'GET /api/v1/password/check-key/{key}',
      'GET /api/v1/setup/check-key/{key}',
    ];
    for (const name of publicOps) expect(op(name).security, name).toEqual([]);
  });

  it('has two schemes, session and API key, and every operation lists the ones it takes', () => {
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['apiKey', 'bearer']);
    const { apiKey, bearer } = document.components.securitySchemes;
    expect(apiKey!.description).toContain('ppk_');
    expect(bearer!.description).not.toEqual(apiKey!.description);
    for (const [name, operation] of operations) expect(Array.isArray(operation.security), name).toBe(true);
    expect(op('GET /api/v1/statistics/daily').security).toEqual([{ bearer: [] }, { apiKey: [] }]);
    expect(op('GET /api/v1/offer').security).toEqual([{ bearer: [] }, { apiKey: [] }]);
    // Billing is read with a key too (decision 076).
    expect(op('GET /api/v1/billing-request').security).toEqual([{ bearer: [] }, { apiKey: [] }]);
    for (const name of ['GET /api/v1/postback', 'GET /api/v1/config']) {
      expect(op(name).security, name).toEqual([{ bearer: [] }]);
    }
    // Keys are read-only: no operation other than a GET lists the key scheme.
    const withKeys = operations.filter(([, o]) => o.security?.some((s) => 'apiKey' in s)).map(([name]) => name);
    expect(withKeys.every((name) => name.startsWith('GET '))).toBe(true);
    expect(withKeys).toHaveLength(17);
  });
});

describe('each operation as the server answers it', () => {
  it('has a unique operationId, from its contract’s name', () => {
    const ids = operations.map(([name, o]) => o.operationId ?? `missing on ${name}`);
    expect(ids.filter((id) => id.startsWith('missing'))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(op('GET /api/v1/statistics/daily').operationId).toBe('statisticsDaily');
    expect(op('POST /api/v1/login').operationId).toBe('authLogin');
  });

  it('declares text/csv on the CSV exports, and the file types of the downloads', () => {
    const csv = [
      'GET /api/v1/statistics/export/{type}',
      'GET /api/v1/staff/reports/{breakdown}/export',
      'GET /api/v1/staff/conversions/export',
      'GET /api/v1/staff/advertiser-invoices/export',
      'GET /api/v1/staff/payment-batches/by-hand.csv',
    ];
    for (const name of csv) expect(Object.keys(op(name).responses!['200']!.content!), name).toEqual(['text/csv']);
    expect(Object.keys(op('GET /api/v1/staff/payment-batches/{id}/file').responses!['200']!.content!)).toEqual([
      'application/xml',
    ]);
    expect(Object.keys(op('GET /api/v1/file/{id}/download').responses!['200']!.content!)).toContain('application/pdf');
    expect(Object.keys(op('GET /api/v1/image/{id}').responses!['200']!.content!)).toContain('image/png');
  });

  it('documents GET and HEAD /click as a 302 with Location', () => {
    for (const name of ['GET /click', 'HEAD /click']) {
      const responses = op(name).responses!;
      expect(responses['302']!.headers, name).toHaveProperty('Location');
      expect(
        Object.keys(responses).filter((s) => s.startsWith('2')),
        name,
      ).toEqual([]);
    }
    expect(op('HEAD /click').responses!['404']!.content).toBeUndefined();
  });

  it('gives each operation a 2XX (but /click) and a 4XX (but /register/options), every answer described', () => {
    for (const [name, operation] of operations) {
      const statuses = Object.keys(operation.responses ?? {});
      if (!name.endsWith(' /click'))
        expect(
          statuses.some((s) => s.startsWith('2')),
          name,
        ).toBe(true);
      if (name !== 'GET /api/v1/register/options')
        expect(
          statuses.some((s) => s.startsWith('4')),
          name,
        ).toBe(true);
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        expect(response.description, `${name} ${status}`).toBeTruthy();
        expect(response.description, `${name} ${status}`).not.toBe('Default Response');
      }
    }
  });

  it('lists the errors an operation can answer, not the same ones everywhere', () => {
    expect(Object.keys(op('POST /api/v1/partner-offer').responses!)).toContain('422');
    // No input, no path parameter, no body: neither 400, 404, 413 nor 415.
    expect(Object.keys(op('GET /api/v1/billing-request/next-payment').responses!).sort()).toEqual([
      '200',
      '401',
      '403',
      '503',
    ]);
    expect(Object.keys(op('POST /api/v1/login').responses!)).toEqual(expect.arrayContaining(['400', '401', '429']));
  });

  it('names its servers from PUBLIC_URL and describes every tag it uses', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: PUBLIC_URL })]);
    const described = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description]));
    for (const [name, operation] of operations) {
      for (const tag of operation.tags ?? []) expect(described.get(tag), `${name} ${tag}`).toBeTruthy();
    }
  });

  it('marks timestamps as date-time and says money is in minor units', () => {
    // A key, shared by the answers that carry one, is a component the list's answer refers to.
    const text = JSON.stringify(op('GET /api/v1/api-keys').responses!['200']);
    expect(text).toContain('"items":{"$ref":"#/components/schemas/ApiKey"}');
    expect(JSON.stringify(document.components.schemas.ApiKey)).toMatch(
      /"createdAt":\{"type":"string","format":"date-time"\}/,
    );
    const billing = JSON.stringify(op('GET /api/v1/billing-request').responses!['200']);
    expect(billing).toContain('#/components/schemas/');
    expect(JSON.stringify(inlineRefs(op('GET /api/v1/billing-request').responses!['200'], document.components.schemas))).toContain('minor units'); // prettier-ignore
  });

  it('says what every path and query parameter means', () => {
    const undescribed = operations.flatMap(([name, operation]) =>
      (operation.parameters ?? [])
        .filter((parameter) => !parameter.description?.trim())
        .map((parameter) => `${name} ${parameter.in}:${parameter.name}`),
    );
    expect(undescribed).toEqual([]);
    const described = (name: string, parameter: string) =>
      op(name).parameters!.find((p) => p.name === parameter)!.description;
    expect(described('GET /api/v1/staff/payment-batches/{id}', 'id')).toBe("The payment batch's id.");
    expect(described('GET /api/v1/offer/{id}', 'id')).toBe("The offer's id.");
    expect(described('GET /postback', 'amount')).toMatch(/major units/);
    expect(described('GET /api/v1/staff/audit-log', 'from')).toMatch(/date-time/);
  });
});
