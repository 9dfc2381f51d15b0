/**
 * Every route of the OpenAPI document, fed generated input: path parameters, query strings and JSON bodies built
 * from the route's own schema, then bent (wrong types, out-of-range numbers, impossible dates, NUL, lone
 * surrogates, 70 000-character strings, broken JSON), as anonymous, a partner, a demo partner with data, an
 * account manager and an admin. No answer may be a 5xx, and every 4xx is an error object whose status is the HTTP
 * code. A seeded generator: the same requests on every run (FUZZ_SEED and FUZZ_N widen the search by hand).
 */
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { partners, users } from '../src/db/schema.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/seed.js';
import { seededRandom } from '../src/lib/seeded-random.js';
import { bearer, buildTestApp, createPartner, createStaff, login, type TestApp } from './helper.js';

type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  items?: Schema;
};
type Operation = {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type Document = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

/** The advertiser's pixels: their answers are an image or a page, refusals included. */
const PIXELS = ['/pixel.gif', '/pixel.html'];
const REQUESTS_PER_OPERATION = Number(process.env.FUZZ_N ?? 30);
const random = seededRandom(Number(process.env.FUZZ_SEED ?? 12345)).next;
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

const TEXTS = [
  '0', '-1', '1', '2', '2147483648', '99999999999999999999999', 'abc', '\u0000', '1.5', "' or 1=1--", 'x'.repeat(5000),
  '', ' ', '2026-02-30', '2026-13-01', '9999-12-31', '0000-01-01', 'NaN', 'Infinity', '1e309', '%', '%zz', '[]', '{}',
  'true', 'null', '\ud800', '😀', '../../etc/passwd', '-0', '0x10', '1,2', '+1', 'today', 'EUR', 'FR',
]; // prettier-ignore
const VALUES: unknown[] = [
  null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308, '', 'x'.repeat(70_000), [], {}, [1, 'a'],
  { a: { b: { c: [] } } }, '\u0000', '2026-02-30', 'abc',
]; // prettier-ignore

/** The document's shared schemas, which a `$ref` names. */
let components: Record<string, Schema> = {};

/** A value shaped like the schema most of the time, anything at all otherwise. */
function valueFor(given: Schema | undefined, depth = 0): unknown {
  const schema = given?.$ref ? components[given.$ref.replace('#/components/schemas/', '')] : given;
  if (!schema || depth > 4 || random() < 0.1) return pick(VALUES);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return valueFor(pick(choices), depth + 1);
  if (schema.enum) return random() < 0.7 ? pick(schema.enum) : pick(VALUES);
  const type = Array.isArray(schema.type) ? pick(schema.type) : schema.type;
  if (type === 'object' || schema.properties) {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(schema.properties ?? {})) {
      if (random() < 0.85) out[key] = valueFor(field, depth + 1);
    }
    return out;
  }
  if (type === 'array') return Array.from({ length: Math.floor(random() * 3) }, () => valueFor(schema.items, depth));
  if (type === 'integer' || type === 'number') return random() < 0.6 ? smallId() : pick([0, -1, 2147483648, 1.5, 1e20]);
  if (type === 'boolean') return random() < 0.5;
  if (type === 'string') return random() < 0.6 ? plausibleText(schema) : pick(TEXTS);
  return pick(VALUES);
}

const smallId = () => 1 + Math.floor(random() * 20);

/** A string the schema may well accept: a date, an e-mail, a word. */
function plausibleText(schema: Schema): string {
  const day = () =>
    `2026-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
  if (schema.format === 'date' || schema.pattern?.includes('\\d{4}')) return day();
  if (schema.format === 'date-time') return `${day()}T10:00:00Z`;
  if (schema.format === 'email') return `someone${smallId()}@example.test`;
  if (schema.format === 'uri') return 'https://example.com/landing';
  return pick(['alpha', 'news', 'Partner 2025!', 'FR', 'EUR', 'fr', 'today', 'week']);
}

const pathValue = () => {
  if (random() < 0.5) return String(smallId());
  const text = pick(TEXTS);
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80'; // a lone surrogate, as a client could still send it
  }
};

let t: TestApp;
type Credentials = { email: string; password: string };
const accounts: Record<string, Credentials | null> = { anonymous: null };
const tokens: Record<string, string | null> = { anonymous: null };
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.app.ctx, { traffic: false });
  accounts.demo = { email: 'partner@demo.test', password: 'Partner2025!' };
  accounts.partner = await createPartner(t);
  for (const role of ['ROLE_ACCOUNT_MANAGER', 'ROLE_ADMIN'] as const) accounts[role] = await createStaff(t, role);
  for (const [who, account] of Object.entries(accounts)) {
    tokens[who] = account ? await login(t, account.email, account.password) : null;
  }
}, 120_000);
afterAll(async () => t?.close());

/**
 * Signs in again after a 401. A generated PUT /staff/partners/{id}/status may have suspended or closed the
 * account's partner, which ends its sessions and refuses its sign-in: set it back to active first, as staff would.
 */
async function signInAgain(account: Credentials): Promise<string> {
  const [user] = await t.database.db
    .select({ partnerId: users.partnerId })
    .from(users)
    .where(eq(users.email, account.email));
  if (user?.partnerId) {
    await t.database.db.update(partners).set({ status: 'active' }).where(eq(partners.id, user.partnerId));
  }
  return login(t, account.email, account.password);
}

it('no route answers generated and bent input with a 5xx, and every 4xx is an error object', async () => {
  const document = t.app.swagger() as unknown as Document;
  components = document.components?.schemas ?? {};
  const faults: string[] = [];
  const classes: Record<string, number> = {};
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      for (let i = 0; i < REQUESTS_PER_OPERATION; i++) {
        const query = new URLSearchParams();
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in !== 'query' || random() < 0.2) continue;
          query.append(parameter.name, String(random() < 0.8 ? valueFor(parameter.schema) : pick(TEXTS)));
        }
        const url = path.replace(/\{\w+\}/g, pathValue) + (query.size > 0 ? `?${query}` : '');
        const who = pick(Object.keys(tokens));
        const token = tokens[who];
        const headers: Record<string, string> = token ? bearer(token) : {};
        const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
        let payload: string | undefined;
        if (bodySchema || (method !== 'get' && random() < 0.3)) {
          payload = random() < 0.1 ? '{"a":' : JSON.stringify(valueFor(bodySchema));
          headers['content-type'] = 'application/json';
        }
        const request: InjectOptions = { method: method.toUpperCase() as 'GET', url, headers };
        if (payload !== undefined) request.payload = payload;
        const res = await t.app.inject(request);
        // A generated logout (or session revocation) ends the session: sign in again, as the user would.
        const account = accounts[who];
        if (account && res.statusCode === 401 && !url.startsWith('/api/v1/login')) {
          tokens[who] = await signInAgain(account);
        }
        const kind = `${Math.floor(res.statusCode / 100)}xx`;
        classes[kind] = (classes[kind] ?? 0) + 1;
        const what = `${method.toUpperCase()} ${url.slice(0, 200)} as ${who} ${(payload ?? '').slice(0, 200)}`;
        if (res.statusCode >= 500) faults.push(`${res.statusCode} ${what}: ${res.body.slice(0, 200)}`);
        // A pixel answers its GIF or page whatever the status (decision 085, documented so); every other 4xx is JSON.
        else if (res.statusCode >= 400 && PIXELS.includes(path)) {
          if (!/^(image\/gif|text\/html)/.test(String(res.headers['content-type']))) faults.push(`${res.statusCode} pixel without its body: ${what}`); // prettier-ignore
        } else if (res.statusCode >= 400 && !/json/.test(String(res.headers['content-type']))) {
          faults.push(`${res.statusCode} not JSON: ${what}: ${res.body.slice(0, 200)}`);
        } else if (res.statusCode >= 400 && res.json<{ status?: number }>().status !== res.statusCode) {
          faults.push(`${res.statusCode} without its error object: ${what}: ${res.body.slice(0, 200)}`);
        }
      }
    }
  }
  // Some generated input is valid enough to be served: the search reaches the handlers, not only the validation.
  console.log('answers by class', classes);
  expect(classes['2xx']).toBeGreaterThan(100);
  expect(faults).toEqual([]);
}, 600_000);
