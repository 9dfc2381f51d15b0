/**
 * Two server processes on one database, behind no sticky routing (decision 053): each app has its
 * own pool, click buffer, journal and caches, as two processes do. Clicks and postbacks spread over both give the
 * reports one server would; an offer disabled through one stops its clicks on the other within the cache's TTL; the
 * sign-in limit holds across both. (Partner postbacks delivered once and billing runs that bill once across two
 * instances: postbacks-delivery.test.ts and billing-run.test.ts.)
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkReportsEndpoints } from '@portal/contracts';
import { clicks, conversions } from '../src/db/schema.js';
import {
  bearer,
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  databaseKind,
  login,
  okBody,
  type TestApp,
} from './helper.js';
import { advertiserTokenOf, createOffer } from './offer-fixtures.js';
import { goalsWithoutFloor } from './conversion-fixtures.js';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await buildTestApp();
  b = await buildTestApp({ sameDatabaseAs: a });
  await goalsWithoutFloor(a, ['registration']); // the conversion rules are on (decision 109)
});

afterAll(async () => {
  await b.close();
  await a.close();
});

describe(`two servers on one database (${databaseKind})`, () => {
  it('clicks and postbacks spread over both give the reports one server would, every conversion once', async () => {
    const partner = await createPartner(a);
    const offerId = await createOffer(a, {
      name: 'Two servers',
      goals: [{ goal: 'registration', p1: { amount: 250 } }],
    });
    const token = await advertiserTokenOf(a, offerId);
    const servers = [a, b];
    for (let i = 0; i < 120; i++) {
      const res = await servers[i % 2]!.app.inject({
        method: 'GET',
        url: `/click?offer_id=${offerId}&aff_id=${partner.partnerId}&subid=s${i % 3}`,
      });
      expect(res.statusCode).toBe(302);
    }
    // Both buffers written, the clicks are read back (the test offer's URL carries no click id).
    await Promise.all(servers.map((s) => s.app.tracking.buffer.flush()));
    const written = await a.database.db
      .select({ id: clicks.clickId })
      .from(clicks)
      .where(eq(clicks.partnerId, partner.partnerId));
    expect(written).toHaveLength(120);

    // Every fourth click converts, the postback sent to the other server than the click, and each sent twice.
    const converted = written.filter((_, i) => i % 4 === 0).map((r) => r.id);
    for (const [i, clickId] of converted.entries()) {
      for (const server of [servers[(i + 1) % 2]!, servers[i % 2]!]) {
        const res = await server.app.inject({
          method: 'GET',
          url: `/postback?click_id=${clickId}&goal=registration&transaction_id=TWO-${i}&token=${token}`,
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ status: 'approved' });
      }
    }
    const [counted] = await a.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(conversions)
      .where(eq(conversions.partnerId, partner.partnerId));
    expect(counted?.n).toBe(converted.length);

    // The partner's reports read alike on both, and match the raw rows.
    const reportOf = async (server: TestApp) => {
      const token = await login(server, partner.email, partner.password);
      const res = await server.app.inject({
        method: 'GET',
        url: `/api/v1/statistics/daily?startDate=${day(-1)}&endDate=${day(1)}`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    const [fromA, fromB] = [await reportOf(a), await reportOf(b)];
    expect(fromB).toEqual(fromA);
    const totals = fromA.at(-1);
    expect(totals).toMatchObject({ clicks: 120, conversions: converted.length });
  });

  it('flagged clicks written by both servers at once: the flagged counts and the rollups equal the raw rows', async () => {
    // Decision 127: the flagged counts are upserted in the rollups' one statement, rows in key order, by both servers'
    // batches racing over the same hour, partners and offers (each round flushed by both at once).
    const admin = await createStaff(a, 'ROLE_ADMIN');
    const staff = await login(a, admin.email, admin.password);
    const partners = [(await createPartner(a)).partnerId, (await createPartner(a)).partnerId];
    const offerIds = [await createOffer(a, { name: 'Flagged one' }), await createOffer(a, { name: 'Flagged two' })];
    const servers = [a, b];
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 16; i++) {
        // Two in three clicks without a user agent: flagged `missingUserAgent` by the default rules (decision 083).
        const res = await servers[i % 2]!.app.inject({
          method: 'GET',
          url: `/click?offer_id=${offerIds[(i >> 2) % 2]}&aff_id=${partners[(i >> 1) % 2]}`,
          ...(i % 3 === 0 ? {} : { headers: { 'user-agent': '' } }),
        });
        expect(res.statusCode).toBe(302);
      }
      await Promise.all(servers.map((s) => s.app.tracking.buffer.flush()));
    }
    const raw = await a.database.db
      .select({ partnerId: clicks.partnerId, flags: clicks.flags })
      .from(clicks)
      .where(inArray(clicks.partnerId, partners));
    expect(raw).toHaveLength(64);
    const res = await callEndpoint(a.app, networkReportsEndpoints.report, { params: { breakdown: 'partner' }, query: { range: 'today' } }, staff); // prettier-ignore
    const rows = okBody(res).data;
    for (const partnerId of partners) {
      const own = raw.filter((r) => r.partnerId === partnerId);
      const flagged = own.filter((r) => r.flags);
      const row = rows.find((r) => r.key === String(partnerId))!;
      expect(row.clicks).toBe(own.length);
      expect(row.flaggedClicks).toBe(flagged.length);
      expect(row.flaggedClicksByRule).toEqual([{ rule: 'missingUserAgent', clicks: flagged.length }]);
    }
    expect(raw.filter((r) => r.flags)).toHaveLength(40);
  });

  it('an offer disabled through one server stops its clicks on the other within the cache TTL', async () => {
    const partner = await createPartner(a);
    const offerId = await createOffer(a, { name: 'Disabled on one' });
    const click = (server: TestApp) =>
      server.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partner.partnerId}` });
    expect((await click(b)).statusCode).toBe(302);
    const admin = await createStaff(a, 'ROLE_ADMIN');
    const adminToken = await login(a, admin.email, admin.password);
    const disabled = await a.app.inject({
      method: 'PUT',
      url: `/api/v1/staff/offers/${offerId}`,
      headers: bearer(adminToken),
      payload: { enabled: false },
    });
    expect(disabled.statusCode).toBe(200);
    // The server that changed it knows at once; the other within its 5-second context cache.
    expect((await click(a)).statusCode).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 5100));
    expect((await click(b)).statusCode).toBe(404);
  }, 20_000);

  it('the sign-in limit holds across both servers (failures live in the database)', async () => {
    const partner = await createPartner(a);
    for (let i = 0; i < 5; i++) {
      const res = await [a, b][i % 2]!.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { username: partner.email, password: 'wrong-password' },
        remoteAddress: `10.1.0.${i + 1}`,
      });
      expect(res.statusCode).toBe(401);
    }
    // Past LOGIN_MAX_FAILURES_PER_ACCOUNT (5), on either server, even with the right password.
    for (const server of [a, b]) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { username: partner.email, password: partner.password },
        remoteAddress: '10.1.0.99',
      });
      expect(res.statusCode).toBe(429);
    }
  });
});
