import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversionReviewEndpoints, postbacksEndpoints, statisticsEndpoints } from '@portal/contracts';
import { rowsOf } from '../src/db/bulk.js';
import {
  conversions,
  goals,
  offerGoals,
  offers,
  postbackDeliveries,
  statsDaily,
  statsHourly,
} from '../src/db/schema.js';
import {
  bearer,
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  expectError,
  expectOk,
  invalid,
  login,
  okBody,
  testClock,
  type CallInput,
  type TestApp,
} from './helper.js';
import { createOffer, advertiserTokenOf } from './offer-fixtures.js';

let t: TestApp;
const clock = testClock(new Date('2026-05-04T10:20:00Z'));
let admin: string;
let manager: { userId: number; token: string };
let otherManager: string;
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  const a = await createStaff(t, 'ROLE_ADMIN');
  admin = await login(t, a.email, a.password);
  const m = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
  manager = { userId: m.userId, token: await login(t, m.email, m.password) };
  const o = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
  otherManager = await login(t, o.email, o.password);
});
afterAll(async () => t?.close());

/** A partner of `manager`, with a postback on every conversion, and a pending conversion of 2.50 EUR. */
async function pendingConversion() {
  const partner = await createPartner(t, { accountManagerId: manager.userId });
  const partnerToken = await login(t, partner.email, partner.password);
  const offerId = await createOffer(t, { name: 'Reviewed', goals: [{ goal: 'registration', p1: { amount: 250 } }] });
  await t.database.db
    .update(offers)
    .set({ defaultUrl: 'https://shop.example.com/?cid={click_id}' })
    .where(eq(offers.id, offerId));
  const [goal] = await t.database.db.select().from(goals).where(eq(goals.identifier, 'registration'));
  await t.database.db
    .update(offerGoals)
    .set({ manualValidation: true })
    .where(and(eq(offerGoals.offerId, offerId), eq(offerGoals.goalId, goal!.id)));
  const token = await advertiserTokenOf(t, offerId);
  const created = await callEndpoint(
    t.app,
    postbacksEndpoints.create,
    { body: { url: 'https://tracker.example/p?c={click_id}&s={status}&p={payout}' } },
    partnerToken,
  );
  expectOk(created);
  const click = await t.app.inject({
    method: 'GET',
    url: `/click?offer_id=${offerId}&aff_id=${partner.partnerId}&subid=rv`,
  });
  const clickId = new URL(click.headers.location as string).searchParams.get('cid')!;
  await t.app.tracking.buffer.flush();
  const res = await t.app.inject({
    method: 'GET',
    url: `/postback?${new URLSearchParams({ click_id: clickId, goal: 'registration', token })}`,
  });
  expect(res.json(), res.body).toMatchObject({ status: 'pending' });
  return { partner, partnerToken, offerId, clickId, id: res.json().conversionId as number };
}

const review = (token: string, id: number, body: CallInput<typeof conversionReviewEndpoints.review>['body']) =>
  callEndpoint(t.app, conversionReviewEndpoints.review, { params: { id }, body }, token);

/** The partner's counts in both rollups, which must agree. */
async function rollups(partnerId: number) {
  const sums = sql`sum(clicks)::int as clicks, sum(conversions)::int as conversions, sum(pending)::int as pending,
    sum(rejected)::int as rejected, sum(payout)::int as payout, sum(pending_payout)::int as pending_payout`;
  const rows = async (table: typeof statsHourly | typeof statsDaily) => {
    const result = await t.database.db.execute(sql`select ${sums} from ${table} where partner_id = ${partnerId}`);
    type Sums = Record<'clicks' | 'conversions' | 'pending' | 'rejected' | 'payout' | 'pending_payout', number>;
    return rowsOf<Sums>(result)[0]!;
  };
  const hourly = await rows(statsHourly);
  expect(await rows(statsDaily)).toEqual(hourly);
  return hourly;
}

const deliveries = (conversionId: number) =>
  t.database.db
    .select({ status: postbackDeliveries.conversionStatus, url: postbackDeliveries.url })
    .from(postbackDeliveries)
    .where(eq(postbackDeliveries.conversionId, conversionId))
    .orderBy(postbackDeliveries.id);

describe('PUT /staff/conversions/{id}', () => {
  it('approves a pending conversion: it pays, the rollups move, and the partner’s postback fires again', async () => {
    const { partner, partnerToken, id, clickId } = await pendingConversion();
    expect(await rollups(partner.partnerId)).toEqual({
      clicks: 1,
      conversions: 0,
      pending: 1,
      rejected: 0,
      payout: 0,
      pending_payout: 250,
    });
    clock.advance(3_600_000);
    const res = await review(admin, id, { status: 'approved' });
    expectOk(res);
    expect(okBody(res).data).toMatchObject({
      id,
      partnerId: partner.partnerId,
      status: 'approved',
      reason: null,
      payout: 250,
      currency: 'EUR',
      updatedAt: clock.now().toISOString(),
    });
    expect(await rollups(partner.partnerId)).toEqual({
      clicks: 1,
      conversions: 1,
      pending: 0,
      rejected: 0,
      payout: 250,
      pending_payout: 0,
    });
    expect(await deliveries(id)).toEqual([
      { status: 'pending', url: `https://tracker.example/p?c=${clickId}&s=pending&p=2.50` },
      { status: 'approved', url: `https://tracker.example/p?c=${clickId}&s=approved&p=2.50` },
    ]);
    // The partner's own report shows it approved, in the hour it was recorded.
    const report = await callEndpoint(
      t.app,
      statisticsEndpoints.daily,
      { query: { startDate: '2026-05-04', endDate: '2026-05-04' } },
      partnerToken,
    );
    expect(okBody(report).data[0]).toMatchObject({ label: '2026-05-04', clicks: 1, conversions: 1 });
  });

  it('declines a pending conversion: rejected, reason declined, nothing paid, no postback', async () => {
    const { partner, id } = await pendingConversion();
    const res = await review(manager.token, id, { status: 'rejected' });
    expectOk(res);
    expect(okBody(res).data).toMatchObject({ status: 'rejected', reason: 'declined', payout: 0 });
    const [row] = await t.database.db.select().from(conversions).where(eq(conversions.id, id));
    expect(row).toMatchObject({ status: 'rejected', reason: 'declined', payout: 0 });
    expect(await rollups(partner.partnerId)).toEqual({
      clicks: 1,
      conversions: 0,
      pending: 0,
      rejected: 1,
      payout: 0,
      pending_payout: 0,
    });
    expect((await deliveries(id)).map((d) => d.status)).toEqual(['pending']);
  });

  it('reviews a conversion once: a second decision, or concurrent ones, get 409 and change nothing', async () => {
    const { partner, id } = await pendingConversion();
    const answers = await Promise.all(
      (['approved', 'rejected', 'approved', 'rejected', 'approved'] as const).map((status) =>
        review(admin, id, { status }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const conflictAnswer of answers.filter((r) => r.status === 409)) {
      expectError(conflictAnswer, 409);
      expect(conflictAnswer.body.message).toBe('Only a pending conversion can be reviewed.');
    }
    const counts = await rollups(partner.partnerId);
    expect(counts).toMatchObject({ pending: 0, pending_payout: 0 });
    expect(counts.conversions + counts.rejected).toBe(1);
    expectError(await review(admin, id, { status: 'approved' }), 409);
    expect(await rollups(partner.partnerId)).toEqual(counts);
  });

  it('is staff only, and an account manager reviews only its own partners’ conversions', async () => {
    const { partnerToken, id } = await pendingConversion();
    expectError(
      await callEndpoint(
        t.app,
        conversionReviewEndpoints.review,
        { params: { id }, body: { status: 'approved' } },
        null,
      ),
      401,
    );
    expectError(await review(partnerToken, id, { status: 'approved' }), 403);
    expectError(await review(otherManager, id, { status: 'approved' }), 404);
    expectError(await review(admin, 2_147_483_647, { status: 'approved' }), 404);
    const [row] = await t.database.db.select().from(conversions).where(eq(conversions.id, id));
    expect(row?.status).toBe('pending');
  });

  it('refuses a bad decision or id with field errors', async () => {
    const { id } = await pendingConversion();
    for (const payload of [{}, { status: 'pending' }, { status: 'approved', extra: 1 }]) {
      const res = await review(admin, id, invalid(payload));
      expectError(res, 400);
      expect(res.body.errors).toBeTruthy();
    }
    const badId = await review(admin, invalid('abc'), { status: 'approved' });
    expectError(badId, 400);
    expect(badId.body.errors).toHaveProperty('id');
  });
});

describe('GET /staff/conversions', () => {
  it('lists pending conversions newest first, an account manager only its own partners’ (the search: decision 071)', async () => {
    const first = await pendingConversion();
    clock.advance(60_000);
    const second = await pendingConversion();
    const list = async (token: string, query = '') => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/staff/conversions${query}`,
        headers: bearer(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: { id: number; status: string }[]; total: number };
    };
    const all = await list(admin, '?status=pending');
    expect(all.data.every((c) => c.status === 'pending')).toBe(true);
    const ids = all.data.map((c) => c.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(all.total).toBe(all.data.length);
    expect((await list(manager.token, '?status=pending')).data.map((c) => c.id)).toEqual(
      expect.arrayContaining([first.id, second.id]),
    );
    expect((await list(otherManager)).data).toEqual([]);
    await review(admin, first.id, { status: 'approved' });
    expect((await list(admin, '?status=approved')).data.map((c) => c.id)).toContain(first.id);
    expect((await list(admin, '?status=pending')).data.map((c) => c.id)).not.toContain(first.id);
    // Without a status, every status.
    expect((await list(admin)).data.map((c) => c.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect((await list(admin, '?count=1')).data).toHaveLength(1);
    expectError(await callEndpoint(t.app, conversionReviewEndpoints.list, {}, first.partnerToken), 403);
  });
});
