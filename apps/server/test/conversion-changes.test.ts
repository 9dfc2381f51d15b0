import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditEndpoints,
  billingEndpoints,
  capsEndpoints,
  conversionChangesEndpoints,
  conversionReviewEndpoints,
  postbacksEndpoints,
} from '@portal/contracts';
import { rowsOf } from '../src/db/bulk.js';
import { capUsage, conversionAdjustments, conversions, offerGoals, postbackDeliveries } from '../src/db/schema.js';
import {
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
import { offerWithRevenue, goalsWithoutFloor } from './conversion-fixtures.js';

let t: TestApp;
// Mid-month, so that a month later the billing run can bill this one.
const clock = testClock(new Date('2026-05-04T10:20:00Z'));
let admin: string;
let finance: string;
let manager: { userId: number; token: string };
let otherManager: string;

const staff: { role: Parameters<typeof createStaff>[1]; email: string; password: string; userId: number }[] = [];
/** Signs every staff member in again: a test that moves the clock by weeks outlives their sessions. */
async function signInAll() {
  const tokens = await Promise.all(staff.map((s) => login(t, s.email, s.password)));
  [admin, finance, , otherManager] = tokens as [string, string, string, string];
  manager = { userId: staff[2]!.userId, token: tokens[2]! };
}
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  // Postbacks here follow their clicks at once: no floor on these goals (the conversion rules' tests are elsewhere).
  await goalsWithoutFloor(t, ['registration', 'sale']);
  for (const role of ['ROLE_ADMIN', 'ROLE_FINANCE', 'ROLE_ACCOUNT_MANAGER', 'ROLE_ACCOUNT_MANAGER'] as const) {
    staff.push({ role, ...(await createStaff(t, role)) });
  }
});
beforeEach(signInAll);
afterAll(async () => t?.close());

/**
 * A partner of `manager` with a postback on every conversion, on an offer paying 4.00 (revenue 6.00) on
 * 'registration' and 10 % (revenue 15 %) of the sale on 'sale'.
 */
async function setting() {
  const partner = await createPartner(t, { accountManagerId: manager.userId });
  const partnerToken = await login(t, partner.email, partner.password);
  const { offerId, token } = await offerWithRevenue(t, 'Changed after the fact');
  expectOk(
    await callEndpoint(
      t.app,
      postbacksEndpoints.create,
      { body: { url: 'https://tracker.example/p?c={click_id}&s={status}&p={payout}' } },
      partnerToken,
    ),
  );
  const click = async () => {
    // Flushed first: the process's cap counters hold the database's usage (a reached cap refuses clicks, decision 074).
    await t.app.tracking.buffer.flush();
    const res = await t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partner.partnerId}&subid=ch` }); // prettier-ignore
    const clickId = new URL(res.headers.location as string).searchParams.get('cid')!;
    await t.app.tracking.buffer.flush();
    return clickId;
  };
  const postback = async (params: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: `/postback?${new URLSearchParams({ token, ...params })}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { status: string; reason: string | null; conversionId: number | null; duplicate: boolean };
  };
  /** An approved conversion on a new click. */
  const convert = async (params: Record<string, string> = {}) => {
    const clickId = await click();
    const answer = await postback({ click_id: clickId, goal: 'registration', ...params });
    return { clickId, id: answer.conversionId!, answer };
  };
  return { partner, partnerToken, offerId, token, click, postback, convert };
}

type Changes = typeof conversionChangesEndpoints;
const call = <K extends keyof Changes>(key: K, input: CallInput<Changes[K]>, token: string | null) =>
  callEndpoint(t.app, conversionChangesEndpoints[key], input, token);
const reverse = (id: number, body: CallInput<Changes['reverse']>['body'], token = finance) =>
  call('reverse', { params: { id }, body }, token);

const COUNTS = [
  'conversions',
  'pending',
  'rejected',
  'payout',
  'pending_payout',
  'revenue',
  'pending_revenue',
] as const;

/**
 * The partner's conversions as every rollup grain holds them (decision 049) must equal its raw rows: the hourly and
 * daily rollups, the network's, the partner's and the offer's (the offer is the partner's alone here).
 */
async function expectRollupsMatchRows(partnerId: number, offerId: number) {
  const [raw] = rowsOf<Record<(typeof COUNTS)[number], number>>(
    await t.database.db.execute(sql`select
      count(*) filter (where status = 'approved')::int as conversions,
      count(*) filter (where status = 'pending')::int as pending,
      count(*) filter (where status = 'rejected')::int as rejected,
      coalesce(sum(payout) filter (where status = 'approved'), 0)::int as payout,
      coalesce(sum(payout) filter (where status = 'pending'), 0)::int as pending_payout,
      coalesce(sum(revenue) filter (where status = 'approved'), 0)::int as revenue,
      coalesce(sum(revenue) filter (where status = 'pending'), 0)::int as pending_revenue
      from conversions where partner_id = ${partnerId}`),
  );
  const sums = COUNTS.map((c) => `coalesce(sum(${c}), 0)::int as ${c}`).join(', ');
  for (const [table, where] of [
    ['stats_hourly', `partner_id = ${partnerId}`],
    ['stats_daily', `partner_id = ${partnerId}`],
    ['stats_network_hourly', `partner_id = ${partnerId}`],
    ['stats_network_daily', `partner_id = ${partnerId}`],
    ['stats_partner_hourly', `partner_id = ${partnerId}`],
    ['stats_partner_daily', `partner_id = ${partnerId}`],
    ['stats_offer_hourly', `offer_id = ${offerId}`],
    ['stats_offer_daily', `offer_id = ${offerId}`],
    ['stats_pair_daily', `partner_id = ${partnerId}`],
    // The weekly grains (decision 136).
    ['stats_partner_weekly', `partner_id = ${partnerId}`],
    ['stats_offer_weekly', `offer_id = ${offerId}`],
    ['stats_pair_weekly', `partner_id = ${partnerId}`],
    // The landing grain and its weeks (decision 150).
    ['stats_landing_daily', `offer_id = ${offerId}`],
    ['stats_landing_weekly', `offer_id = ${offerId}`],
  ]) {
    const [rolled] = rowsOf<Record<string, number>>(
      await t.database.db.execute(sql.raw(`select ${sums} from ${table} where ${where}`)),
    );
    expect(rolled, table).toEqual(raw);
  }
  return raw!;
}

const deliveries = (conversionId: number) =>
  t.database.db
    .select({ status: postbackDeliveries.conversionStatus, url: postbackDeliveries.url })
    .from(postbackDeliveries)
    .where(eq(postbackDeliveries.conversionId, conversionId))
    .orderBy(postbackDeliveries.id);

const ledger = (conversionId: number) =>
  t.database.db
    .select()
    .from(conversionAdjustments)
    .where(eq(conversionAdjustments.conversionId, conversionId))
    .orderBy(conversionAdjustments.id);

describe('POST /staff/conversions/{id}/reverse', () => {
  it('reverses an approved conversion in one transaction: row, rollups, ledger, audit, partner postback', async () => {
    const s = await setting();
    const { id, clickId } = await s.convert({ transaction_id: 'TX-R1' });
    clock.advance(3_600_000);
    const res = await reverse(id, { reason: 'refund', note: 'Customer returned the order.' });
    expectOk(res);
    expect(okBody(res).data.conversion).toMatchObject({
      id,
      status: 'rejected',
      reason: 'reversed',
      reversalReason: 'refund',
      note: 'Customer returned the order.',
      payout: 0,
      originalPayout: 400,
      revenue: 0,
      changedAt: clock.now().toISOString(),
    });
    expect(okBody(res).data.adjustment).toMatchObject({
      kind: 'reverse',
      statusBefore: 'approved',
      statusAfter: 'rejected',
      payoutBefore: 400,
      payoutAfter: 0,
      payoutDelta: -400,
      revenueDelta: -600,
      reasonCode: 'refund',
      source: 'staff',
      billable: false,
      billingRequestId: null,
    });
    expect(await expectRollupsMatchRows(s.partner.partnerId, s.offerId)).toMatchObject({
      conversions: 0,
      rejected: 1,
      payout: 0,
    });
    expect(await deliveries(id)).toEqual([
      { status: 'approved', url: `https://tracker.example/p?c=${clickId}&s=approved&p=4.00` },
      { status: 'rejected', url: `https://tracker.example/p?c=${clickId}&s=rejected&p=0.00` },
    ]);
    const audit = okBody(
      await callEndpoint(t.app, auditEndpoints.auditLog, { query: { entityType: 'conversion', entityId: String(id) } }, admin), // prettier-ignore
    ).data;
    expect(audit[0]?.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'status', before: 'approved', after: 'rejected' }),
        expect.objectContaining({ field: 'reason', before: null, after: 'reversed' }),
        expect.objectContaining({ field: 'payout', before: 400, after: 0 }),
      ]),
    );
    // Reversing it again is a conflict, and changes nothing.
    const again = await reverse(id, { reason: 'fraud' });
    expectError(again, 409);
    expect(await ledger(id)).toHaveLength(1);
    const history = okBody(await call('history', { params: { id } }, finance)).data;
    expect(history.map((l) => l.kind)).toEqual(['reverse']);
  });

  it('lets one of two staff reversing the same conversion at once win; the other gets 409', async () => {
    const s = await setting();
    const { id } = await s.convert();
    const answers = await Promise.all([
      reverse(id, { reason: 'chargeback' }, finance),
      reverse(id, { reason: 'fraud' }, admin),
      reverse(id, { reason: 'refund' }, manager.token),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await ledger(id)).toHaveLength(1);
    await expectRollupsMatchRows(s.partner.partnerId, s.offerId);
  });

  it('reverses a pending conversion and gives its cap room back in the period it took it from', async () => {
    const s = await setting();
    await t.database.db.update(offerGoals).set({ manualValidation: true }).where(eq(offerGoals.offerId, s.offerId));
    expectOk(
      await callEndpoint(
        t.app,
        capsEndpoints.replace,
        { params: { id: s.offerId }, body: [{ partnerId: s.partner.partnerId, metric: 'conversions', period: 'day', limit: 1 }] }, // prettier-ignore
        admin,
      ),
    );
    // A click taken before the cap fills: its conversion arrives over the cap (once full, clicks are refused).
    const early = await s.click();
    // Taken now too, used after the reversal: a full cap's clicks are refused until its room is read back.
    const later = await s.click();
    const first = await s.convert();
    expect(first.answer.status).toBe('pending');
    expect(await s.postback({ click_id: early, goal: 'registration' })).toMatchObject({ status: 'rejected', reason: 'over_cap' }); // prettier-ignore
    expectOk(await reverse(first.id, { reason: 'test_order', note: 'Our QA order.' }, manager.token));
    const capId = okBody(await callEndpoint(t.app, capsEndpoints.list, { params: { id: s.offerId } }, admin)).data[0]!.id; // prettier-ignore
    const [usage] = await t.database.db.select().from(capUsage).where(eq(capUsage.capId, capId));
    expect(usage?.used).toBe(0);
    expect((await s.postback({ click_id: later, goal: 'registration' })).status).toBe('pending');
    const [line] = await ledger(first.id);
    // A pending conversion never counted as approved money: the line moves nothing billed.
    expect(line).toMatchObject({ statusBefore: 'pending', payoutDelta: 0, revenueDelta: 0, billable: false });
    await expectRollupsMatchRows(s.partner.partnerId, s.offerId);
  });

  it('keeps staff in their scope: another manager 404, a partner 403, no session 401; bad input 400 per field', async () => {
    const s = await setting();
    const { id } = await s.convert();
    expectError(await reverse(id, { reason: 'refund' }, otherManager), 404);
    expectError(await reverse(id, { reason: 'refund' }, s.partnerToken), 403);
    expectError(await call('reverse', { params: { id }, body: { reason: 'refund' } }, null), 401);
    const bad = await reverse(id, invalid({ reason: 'changed_my_mind' }));
    expectError(bad, 400);
    expect(bad.body.errors).toHaveProperty('reason');
    const long = await reverse(id, { reason: 'other', note: 'x'.repeat(1001) });
    expectError(long, 400);
    expect(long.body.errors).toHaveProperty('note');
    expectError(await reverse(2_147_483_647, { reason: 'refund' }), 404);
    const [row] = await t.database.db.select().from(conversions).where(eq(conversions.id, id));
    expect(row?.status).toBe('approved');
  });

  it('marks the line billable when the conversion was already invoiced, citing the billing request', async () => {
    const s = await setting();
    const { id } = await s.convert();
    const back = new Date('2026-06-02T08:00:00Z').getTime() - clock.now().getTime();
    clock.advance(back);
    await signInAll();
    expectOk(await callEndpoint(t.app, billingEndpoints.runBilling, { body: { month: '2026-05' } }, admin));
    const [billed] = await t.database.db.select().from(conversions).where(eq(conversions.id, id));
    expect(billed?.billingRequestId).not.toBeNull();
    const res = await reverse(id, { reason: 'chargeback', note: 'Card holder disputed it.' });
    expectOk(res);
    const [line] = await ledger(id);
    expect(line).toMatchObject({
      billable: true,
      originalBillingRequestId: billed!.billingRequestId,
      billingRequestId: null,
      payoutDelta: -400,
    });
    clock.advance(-back);
  });
});

describe('POST /staff/conversions/{id}/adjust', () => {
  it('sets new amounts of an approved conversion (a partial refund), fires no postback, keeps the original payout', async () => {
    const s = await setting();
    const { id } = await s.convert();
    const res = await call('adjust', { params: { id }, body: { payoutAmount: 150, revenueAmount: 250, note: 'Half refunded.' } }, manager.token); // prettier-ignore
    expectOk(res);
    expect(okBody(res).data.conversion).toMatchObject({ status: 'approved', payout: 150, revenue: 250, originalPayout: 400, note: 'Half refunded.' }); // prettier-ignore
    expect(okBody(res).data.adjustment).toMatchObject({ kind: 'adjust', payoutDelta: -250, revenueDelta: -350 });
    expect((await deliveries(id)).map((d) => d.status)).toEqual(['approved']);
    expect(await expectRollupsMatchRows(s.partner.partnerId, s.offerId)).toMatchObject({ payout: 150, revenue: 250 });
    // A second adjustment keeps the first original payout.
    const second = await call(
      'adjust',
      { params: { id }, body: { payoutAmount: 100, note: 'More refunded.' } },
      finance,
    );
    expect(okBody(second).data.conversion).toMatchObject({ payout: 100, revenue: 250, originalPayout: 400 });
  });

  it('refuses a payout above the revenue, no amount, no note, a pending or rejected conversion', async () => {
    const s = await setting();
    const { id } = await s.convert();
    const above = await call('adjust', { params: { id }, body: { payoutAmount: 700, note: 'x' } }, finance);
    expectError(above, 400);
    expect(above.body.errors).toHaveProperty('payoutAmount');
    const nothing = await call('adjust', { params: { id }, body: invalid({ note: 'x' }) }, finance);
    expectError(nothing, 400);
    expect(nothing.body.errors).toHaveProperty('payoutAmount');
    const noNote = await call('adjust', { params: { id }, body: invalid({ payoutAmount: 100 }) }, finance);
    expect(noNote.body.errors).toHaveProperty('note');
    const negative = await call('adjust', { params: { id }, body: { payoutAmount: -1, note: 'x' } }, finance);
    expect(negative.body.errors).toHaveProperty('payoutAmount');
    // A goal that allows a negative margin takes it.
    await t.database.db.update(offerGoals).set({ allowNegativeMargin: true }).where(eq(offerGoals.offerId, s.offerId));
    expectOk(await call('adjust', { params: { id }, body: { payoutAmount: 700, note: 'Bonus.' } }, finance));
    expectOk(await reverse(id, { reason: 'fraud' }));
    expectError(await call('adjust', { params: { id }, body: { payoutAmount: 100, note: 'x' } }, finance), 409);
    await expectRollupsMatchRows(s.partner.partnerId, s.offerId);
  });
});

describe('POST /staff/conversions/{id}/approve', () => {
  it('approves by hand a conversion rejected as click_too_old, with the goal’s payout on the sale; not a reversal', async () => {
    const s = await setting();
    const clickId = await s.click();
    clock.advance(31 * 86_400_000);
    await signInAll();
    const old = await s.postback({ click_id: clickId, goal: 'sale', amount: '80.00' });
    expect(old).toMatchObject({ status: 'rejected', reason: 'click_too_old' });
    const res = await call('approve', { params: { id: old.conversionId! }, body: { note: 'Late postback, agreed with the advertiser.' } }, finance); // prettier-ignore
    expectOk(res);
    expect(okBody(res).data.conversion).toMatchObject({ status: 'approved', reason: null, payout: 800, revenue: 1200 });
    expect(okBody(res).data.adjustment).toMatchObject({ kind: 'approve', payoutDelta: 800, revenueDelta: 1200 });
    expect((await deliveries(old.conversionId!)).map((d) => d.status)).toEqual(['approved']);
    await expectRollupsMatchRows(s.partner.partnerId, s.offerId);
    // Approving an approved conversion is a conflict; so is overturning a reversal.
    expectError(await call('approve', { params: { id: old.conversionId! }, body: {} }, finance), 409);
    expectOk(await reverse(old.conversionId!, { reason: 'fraud' }));
    const again = await call('approve', { params: { id: old.conversionId! }, body: {} }, finance);
    expectError(again, 409);
    expect(again.body.errors).toEqual({ status: 'rejected', reason: 'reversed' });
    await expectRollupsMatchRows(s.partner.partnerId, s.offerId);
  });

  it('refuses to approve an unknown click that is still unknown', async () => {
    const s = await setting();
    const unknown = await s.postback({ click_id: 'never-seen', goal: 'registration' });
    expect(unknown).toMatchObject({ status: 'rejected', reason: 'unknown_click' });
    expectError(await call('approve', { params: { id: unknown.conversionId! }, body: {} }, admin), 409);
    // A manager never reaches a conversion that belongs to no partner.
    expectError(await call('approve', { params: { id: unknown.conversionId! }, body: {} }, manager.token), 404);
  });
});

describe('POST /staff/conversions', () => {
  it('adds a conversion by hand on a known click, approved; the same transaction id again is 409 naming it', async () => {
    const s = await setting();
    const clickId = await s.click();
    const res = await call('add', { body: { clickId, goal: 'sale', amount: '50.00', transactionId: 'MAN-1', note: 'Phone order.' } }, manager.token); // prettier-ignore
    expectOk(res);
    const added = okBody(res).data;
    expect(added.conversion).toMatchObject({ status: 'approved', payout: 500, revenue: 750, transactionId: 'MAN-1' });
    expect(added.adjustment).toMatchObject({ kind: 'add', statusBefore: null, payoutDelta: 500, billable: false });
    const [row] = await t.database.db.select().from(conversions).where(eq(conversions.id, added.conversion.id));
    expect(row).toMatchObject({ source: 'manual', note: 'Phone order.', subid: 'ch' });
    await expectRollupsMatchRows(s.partner.partnerId, s.offerId);
    const again = await call('add', { body: { clickId, goal: 'sale', amount: '50.00', transactionId: 'MAN-1' } }, finance); // prettier-ignore
    expectError(again, 409);
    expect(again.body.errors).toEqual({ conversionId: String(added.conversion.id) });
    // The advertiser's postback with the same transaction id is a duplicate of it.
    expect(await s.postback({ click_id: clickId, goal: 'sale', amount: '50.00', transaction_id: 'MAN-1' })).toMatchObject({ conversionId: added.conversion.id, duplicate: true }); // prettier-ignore
  });

  it('refuses an unknown click, another manager’s partner’s click, a goal the offer does not pay, a missing amount', async () => {
    const s = await setting();
    const clickId = await s.click();
    const unknown = await call('add', { body: { clickId: 'nope', goal: 'sale', amount: '1' } }, finance);
    expectError(unknown, 400);
    expect(unknown.body.errors).toHaveProperty('clickId');
    expect((await call('add', { body: { clickId, goal: 'registration' } }, otherManager)).body.errors).toHaveProperty('clickId'); // prettier-ignore
    expect((await call('add', { body: { clickId, goal: 'install' } }, finance)).body.errors).toHaveProperty('goal');
    expect((await call('add', { body: { clickId, goal: 'sale' } }, finance)).body.errors).toHaveProperty('amount');
    const [counted] = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from conversions where click_id = ${clickId}`)); // prettier-ignore
    expect(counted?.n).toBe(0);
  });
});

describe('/postback with status=reversed or adjusted (the advertiser changes its own conversion)', () => {
  it('reverses by transaction id with the advertiser as actor; a second reversal is a duplicate; unknown ids say so', async () => {
    const s = await setting();
    const { id } = await s.convert({ transaction_id: 'ORD-9' });
    const reversed = await s.postback({ transaction_id: 'ORD-9', status: 'refunded', reason: 'Returned in store' });
    expect(reversed).toEqual({ status: 'rejected', reason: 'reversed', conversionId: id, duplicate: false });
    const [row] = await t.database.db.select().from(conversions).where(eq(conversions.id, id));
    expect(row).toMatchObject({ reversalReason: 'refund', note: 'Returned in store' });
    const [line] = await ledger(id);
    expect(line).toMatchObject({ source: 'advertiser', actorId: null, reasonCode: 'refund', payoutDelta: -400 });
    expect(await s.postback({ transaction_id: 'ORD-9', status: 'reversed' })).toEqual({
      status: 'rejected',
      reason: 'reversed',
      conversionId: id,
      duplicate: true,
    });
    expect(await s.postback({ transaction_id: 'ORD-404', status: 'chargeback' })).toEqual({
      status: 'rejected',
      reason: 'unknown_transaction',
      conversionId: null,
      duplicate: false,
    });
    await expectRollupsMatchRows(s.partner.partnerId, s.offerId);
  });

  it('lowers the amount with status=adjusted: payout and revenue in proportion; a higher amount is refused', async () => {
    const s = await setting();
    const clickId = await s.click();
    const sale = await s.postback({ click_id: clickId, goal: 'sale', amount: '100.00', transaction_id: 'ORD-A' });
    expect(sale.status).toBe('approved');
    const adjusted = await s.postback({ transaction_id: 'ORD-A', status: 'adjusted', amount: '40.00' });
    expect(adjusted).toEqual({ status: 'approved', reason: null, conversionId: sale.conversionId, duplicate: false });
    const [row] = await t.database.db.select().from(conversions).where(eq(conversions.id, sale.conversionId!));
    expect(row).toMatchObject({ amount: 4000, payout: 400, revenue: 600, originalPayout: 1000 });
    expect((await s.postback({ transaction_id: 'ORD-A', status: 'adjusted', amount: '40.00' })).duplicate).toBe(true);
    const up = await t.app.inject({ method: 'GET', url: `/postback?${new URLSearchParams({ token: s.token, transaction_id: 'ORD-A', status: 'adjusted', amount: '90' })}` }); // prettier-ignore
    expect(up.statusCode).toBe(400);
    expect(up.json().errors).toHaveProperty('amount');
    const noTx = await t.app.inject({ method: 'GET', url: `/postback?${new URLSearchParams({ token: s.token, status: 'reversed' })}` }); // prettier-ignore
    expect(noTx.statusCode).toBe(400);
    expect(noTx.json().errors).toHaveProperty('transaction_id');
    await expectRollupsMatchRows(s.partner.partnerId, s.offerId);
  });
});

describe('the review of pending conversions still works beside the changes', () => {
  it('declines a pending conversion, which can then be approved by hand', async () => {
    const s = await setting();
    await t.database.db.update(offerGoals).set({ manualValidation: true }).where(eq(offerGoals.offerId, s.offerId));
    const { id } = await s.convert();
    expectOk(await callEndpoint(t.app, conversionReviewEndpoints.review, { params: { id }, body: { status: 'rejected' } }, manager.token)); // prettier-ignore
    const approved = await call('approve', { params: { id }, body: { note: 'Declined by mistake.' } }, manager.token);
    expect(okBody(approved).data.conversion).toMatchObject({ status: 'approved', payout: 400 });
    await expectRollupsMatchRows(s.partner.partnerId, s.offerId);
  });
});
