/**
 * Authorization comes before validation, on every operation of the OpenAPI document (decision 067): an invalid request
 * (a body of the wrong shape, path parameters and a query that fit no schema) answers 401 to an anonymous caller on
 * every operation that is not public, and 403 to a partner on every staff operation, never a 400 that would describe
 * the route's schema to someone who may not use it. The same invalid requests are then shown to be invalid: an admin
 * or a partner who may use the operation gets its 400.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { advertisers } from '../src/db/schema.js';
import {
  bearer,
  buildTestApp,
  createAdvertiserUser,
  createPartner,
  createStaff,
  login,
  type TestApp,
} from './helper.js';

type Parameter = { in: string; name: string; schema?: { type?: string } };
type Operation = { parameters?: Parameter[]; requestBody?: unknown };
type Invalid = { operation: string; method: string; url: string; hasInput: boolean };

/** The operations anyone may call: tracking, sign-in and passwords, registration, first setup, signed links, images. */
const PUBLIC = new Set([
  'GET /click',
  'HEAD /click',
  'GET /postback',
  'POST /postback',
  'POST /api/v1/login',
  'POST /api/v1/login/two-factor',
  'POST /api/v1/password/lost',
  'GET /api/v1/password/check-key/{key}',
  'POST /api/v1/password/reset',
  'GET /api/v1/register/options',
  'POST /api/v1/register',
  'GET /api/v1/setup/check-key/{key}',
  'POST /api/v1/setup/first-admin',
  'GET /api/v1/file/{id}/download',
  'GET /api/v1/image/{id}',
  // The advertiser's tag and pixels (decision 085): the page's origin decides, not a credential.
  'GET /sdk.js',
  'OPTIONS /pixel/conversion',
  'POST /pixel/conversion',
  'GET /pixel.gif',
  'GET /pixel.html',
]);

const isStaffOperation = (path: string) => path.startsWith('/api/v1/staff/');

let t: TestApp;
let adminToken: string;
let partnerToken: string;
let advertiserToken: string;
let invalid: Invalid[];

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await createStaff(t, 'ROLE_ADMIN');
  adminToken = await login(t, admin.email, admin.password);
  const partner = await createPartner(t);
  partnerToken = await login(t, partner.email, partner.password);
  const [advertiser] = await t.database.db
    .insert(advertisers)
    .values({ name: 'Validation advertiser', securityToken: 'validation-token' })
    .returning();
  const advertiserUser = await createAdvertiserUser(t, advertiser!.id);
  advertiserToken = await login(t, advertiserUser.email, advertiserUser.password);
  // Every operation of the document, each with a request no schema accepts: path parameters of the wrong type, every
  // query parameter a number that is no number, no date and no choice, and a body that is no object at all.
  const document = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  invalid = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => {
      const parameters = op.parameters ?? [];
      const url = path.replace(/\{[^}]+\}/g, 'not-valid%20');
      const query = parameters.filter((p) => p.in === 'query').map((p) => `${p.name}=-1.5x`);
      return {
        operation: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        url: query.length > 0 ? `${url}?${query.join('&')}` : url,
        hasInput: Boolean(op.requestBody) || parameters.some((p) => p.in === 'path' && p.schema?.type === 'integer'),
      };
    }),
  );
});
afterAll(async () => t?.close());

const send = (request: Invalid, token?: string) =>
  t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json' },
    ...(request.method === 'GET' || request.method === 'DELETE' ? {} : { payload: '["not an object"]' }),
  });

it('covers the whole document', () => {
  expect(invalid.length).toBeGreaterThan(100);
  const operations = invalid.map((request) => request.operation);
  expect(
    [...PUBLIC].filter((op) => !operations.includes(op)),
    'public operations that no longer exist',
  ).toEqual([]);
});

it('answers 401 to an anonymous invalid request on every operation that is not public', async () => {
  const wrong: string[] = [];
  for (const request of invalid.filter((r) => !PUBLIC.has(r.operation))) {
    const res = await send(request);
    if (res.statusCode !== 401) wrong.push(`${request.operation}: ${res.statusCode} ${res.body.slice(0, 120)}`);
  }
  expect(wrong, wrong.join('\n')).toEqual([]);
});

it('answers 403 to a partner’s invalid request on every staff operation', async () => {
  const staff = invalid.filter((r) => isStaffOperation(r.operation.split(' ')[1]!));
  expect(staff.length).toBeGreaterThan(50);
  const wrong: string[] = [];
  for (const request of staff) {
    const res = await send(request, partnerToken);
    if (res.statusCode !== 403) wrong.push(`${request.operation}: ${res.statusCode} ${res.body.slice(0, 120)}`);
  }
  expect(wrong, wrong.join('\n')).toEqual([]);
});

it('the same requests are invalid: one who may call the operation gets 400', async () => {
  // Only operations with a body or a typed path parameter: there the request cannot pass validation and so runs
  // nothing; one without would act (sign out, rotate a secret).
  const withInput = invalid.filter((r) => r.hasInput && !PUBLIC.has(r.operation));
  expect(withInput.length).toBeGreaterThan(60);
  const accepted: string[] = [];
  for (const request of withInput) {
    const path = request.operation.split(' ')[1]!;
    // The advertiser's own operations: its user is the one who may call them (decision 087).
    const token = isStaffOperation(path) ? adminToken : path.startsWith('/api/v1/advertiser/') ? advertiserToken : undefined; // prettier-ignore
    const statuses = token
      ? [(await send(request, token)).statusCode]
      : [(await send(request, adminToken)).statusCode, (await send(request, partnerToken)).statusCode];
    if (!statuses.includes(400)) accepted.push(`${request.operation}: ${statuses.join(', ')}`);
  }
  expect(accepted, accepted.join('\n')).toEqual([]);
});
