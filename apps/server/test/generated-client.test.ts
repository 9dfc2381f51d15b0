import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, createPartner, type TestApp } from './helper.js';
import { createOffer } from './offer-fixtures.js';

// Issue 45, item 2: a client generated from the OpenAPI document by openapi-typescript, calling through openapi-fetch,
// type-checked under --strict with its own tsconfig and run against the server listening on a real socket.
const CLIENT_DIR = path.join(import.meta.dirname, 'client');
const require = createRequire(import.meta.url);

let t: TestApp;
let baseUrl = '';
let partner: { email: string; password: string };

beforeAll(async () => {
  t = await buildTestApp();
  partner = await createPartner(t, { companyName: 'Generated Client' });
  await createOffer(t, { name: 'Client offer' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

it('the types openapi-typescript generates from the document compile with the client under --strict', async () => {
  const document = t.app.swagger() as unknown as Parameters<typeof openapiTS>[0];
  const types = astToString(await openapiTS(document));
  fs.writeFileSync(path.join(CLIENT_DIR, 'openapi.generated.d.ts'), types);
  const tsc = require.resolve('typescript/bin/tsc');
  const run = await promisify(execFile)(
    process.execPath,
    [tsc, '-p', path.join(CLIENT_DIR, 'tsconfig.json'), '--strict'],
    {
      cwd: CLIENT_DIR,
    },
  ).then(
    () => '',
    (error: { stdout?: string }) => error.stdout ?? String(error),
  );
  expect(run, 'tsc --strict on test/client').toBe('');
}, 120_000);

it('signs in, creates a key and reads offers, statistics and billing through the key alone', async () => {
  // Loaded by name, so that the server's own type-check leaves the client to its tsconfig (it needs the generated types).
  const clientModule: string = './client/reports-client.js';
  const { readReports } = (await import(clientModule)) as {
    readReports: (options: { baseUrl: string }, email: string, password: string) => Promise<Record<string, unknown>>;
  };
  const reports = await readReports({ baseUrl }, partner.email, partner.password);
  expect(reports).toMatchObject({
    keyPrefix: 'ppk_',
    billingRequests: 0,
    keyManagingKeys: 403,
  });
  expect(reports.offerNames).toContain('Client offer');
  expect(reports.offersTotal).toBeGreaterThanOrEqual(1);
  expect(reports.dailyRows).toBeGreaterThan(0);
});
