/**
 * The books close (decision 073), at the integration test's size: the simulation bench/reconcile.mjs runs at 20,000
 * clicks (bench/lib/reconcile-sim.mjs, shared) drives 1,000 clicks and 100 postbacks through app.inject over a quarter
 * of the server's clock, then every partner, advertiser and currency is reconciled to the cent.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as schema from '../src/db/schema.js';
import { hashPassword } from '../src/lib/passwords.js';
import {
  SIZES,
  createWorld,
  formatTable,
  reconcile,
  simulate,
  type RequestFn,
} from '../../../bench/lib/reconcile-sim.mjs';
import { buildTestApp, type TestApp } from './helper.js';

let current = new Date('2026-01-01T09:00:00Z').getTime();
const clock = { now: () => new Date(current), set: (date: Date) => void (current = date.getTime()) };
let t: TestApp;

const request: RequestFn = async (method, url, { headers, body }) => {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(body === undefined ? {} : { payload: body }),
  });
  return { status: res.statusCode, headers: res.headers, text: res.body };
};

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
});
afterAll(async () => t?.close());

it('reconciles every partner, advertiser and currency to the cent after a simulated quarter', async () => {
  const { db } = t.database;
  const world = await createWorld({ db, schema, sql, hashPassword });
  const counts = await simulate(world, { request, clock, size: SIZES.test, seed: 44 });
  const { lines, failures } = await reconcile(world, { request, db, sql, missing: counts.missing });
  // On a difference, the table says where.
  expect(failures, `${formatTable(lines)}\n${JSON.stringify(counts)}`).toEqual([]);
  // The quarter did what it says: every kind of event happened.
  expect(counts).toMatchObject({ clicks: SIZES.test.clicks, postbacks: SIZES.test.postbacks });
  for (const kind of [
    'duplicates',
    'unknownClicks',
    'reviewedApproved',
    'reviewedDeclined',
    'reversed',
    'reversedAfterBilling',
    'adjusted',
    'scrubbed',
    'deferred',
    'batches',
    'paidByHand',
    'creditNotes',
    'advertiserPaid',
  ] as const)
    // prettier-ignore
    expect(counts[kind], kind).toBeGreaterThan(0);
  expect(lines.filter((line) => line.who.startsWith('partner '))).toHaveLength(6);
}, 300_000);
