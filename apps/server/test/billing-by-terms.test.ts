import { inflateSync } from 'node:zlib';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingEndpoints,
  conversionChangesEndpoints,
  filesEndpoints,
  notificationsEndpoints,
  type PaymentTerms,
} from '@portal/contracts';
import {
  billingRequests,
  conversionAdjustments,
  conversions,
  invoices,
  offers,
  partners,
  products,
} from '../src/db/schema.js';
import { nextBillingJobAt } from '../src/modules/billing/index.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  errorBody,
  expectError,
  invalid,
  login,
  okBody,
  testClock,
  type CallInput,
  type TestApp,
} from './helper.js';
import { createOffer } from './offer-fixtures.js';

/** Billing by payment terms and corrections carried to the next billing (decision 070). */

const clock = testClock(new Date('2026-01-10T10:00:00Z'));
let t: TestApp;
let adminAccount: Awaited<ReturnType<typeof createStaff>>;
let admin: string;
let offerId: number;
let advertiserId: number;

type Partner = Awaited<ReturnType<typeof createPartner>> & { token: string };
const everyone: Partner[] = [];

async function partnerWith(country: string, paymentTerms: PaymentTerms): Promise<Partner> {
  const partner = { ...(await createPartner(t)), token: '' };
  await t.database.db
    .update(partners)
    .set({ country, paymentTerms, paymentThreshold: null })
    .where(eq(partners.id, partner.partnerId));
  everyone.push(partner);
  return partner;
}

let dedupe = 0;
/** An approved conversion recorded at `at` (UTC), written straight to the table: the run reads only the rows. */
async function earn(partner: Partner, at: string, payout: number): Promise<number> {
  dedupe += 1;
  const [row] = await t.database.db
    .insert(conversions)
    .values({
      advertiserId,
      offerId,
      partnerId: partner.partnerId,
      dedupeKey: `terms-${dedupe}`,
      goal: 'sale',
      payout,
      revenue: payout * 2,
      status: 'approved',
      createdAt: new Date(at),
    })
    .returning({ id: conversions.id });
  return row!.id;
}

/** A reversal, through the staff endpoint (decision 069): billable when an invoice already billed the conversion. */
async function reverse(conversionId: number, at: string, note: string) {
  await moveClockTo(at);
  const res = await callEndpoint(
    t.app,
    conversionChangesEndpoints.reverse,
    { params: { id: conversionId }, body: { reason: 'refund', note } },
    admin,
  );
  expect(okBody(res).data.adjustment).toMatchObject({ billable: true, payoutDelta: expect.any(Number) });
}

/** Moves the clock and signs everyone in again (sessions last seven days). */
async function moveClockTo(at: string) {
  clock.advance(new Date(at).getTime() - clock.now().getTime());
  admin = await login(t, adminAccount.email, adminAccount.password);
  for (const partner of everyone) partner.token = await login(t, partner.email, partner.password);
}

const run = (body: CallInput<typeof billingEndpoints.runBilling>['body']) =>
  callEndpoint(t.app, billingEndpoints.runBilling, { body }, admin);

/** The requests of a partner, oldest period first: [startDate, endDate, conversions billed, deferred]. */
async function requestsOf(partner: Partner) {
  return t.database.db
    .select({
      id: billingRequests.id,
      kind: billingRequests.periodKind,
      startingAt: billingRequests.startingAt,
      endingAt: billingRequests.endingAt,
      totalAmount: billingRequests.totalAmount,
      totalVatAmount: billingRequests.totalVatAmount,
      adjustmentsAmount: billingRequests.adjustmentsAmount,
      dueOn: billingRequests.dueOn,
      deferred: billingRequests.deferred,
      conversions:
        sql<number>`(select count(*) from conversions c where c.billing_request_id = ${billingRequests.id})`.mapWith(
          Number,
        ),
      invoice: invoices.reference,
    })
    .from(billingRequests)
    .leftJoin(invoices, eq(invoices.billingRequestId, billingRequests.id))
    .where(eq(billingRequests.partnerId, partner.partnerId))
    .orderBy(asc(billingRequests.startingAt));
}

async function paymentsOf(partner: Partner) {
  return okBody(await callEndpoint(t.app, billingEndpoints.billingRequests, {}, partner.token)).data;
}

/** The text a pdfkit PDF shows: its content streams inflated, the hex strings of its TJ arrays decoded. */
async function pdfTextOf(partner: Partner, fileId: number): Promise<string> {
  const link = okBody(await callEndpoint(t.app, filesEndpoints.url, { params: { id: fileId } }, partner.token));
  const signed = new URL(link.data.url);
  const res = await t.app.inject({ method: 'GET', url: `${signed.pathname}${signed.search}` });
  const pdf = res.rawPayload;
  const texts: string[] = [];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf('stream\n', at);
    if (start < 0) break;
    const end = pdf.indexOf('\nendstream', start);
    const body = pdf.subarray(start + 7, end);
    at = end + 10;
    let content: string;
    try {
      content = inflateSync(body).toString('latin1');
    } catch {
      continue;
    }
    for (const [, array] of content.matchAll(/\[(.*?)\] TJ/g))
      texts.push(
        [...array!.matchAll(/<([0-9a-fA-F]*)>/g)]
          .map(([, hex]) => Buffer.from(hex!, 'hex').toString('latin1'))
          .join(''),
      );
  }
  return texts.join('\n');
}

let weekly: Partner; // France, VAT 20 %
let halfMonthly: Partner; // Germany, reverse charge
let net30: Partner; // France
let daily: Partner; // United States
let refunded: Partner; // France, net30: a conversion reversed after its invoice

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  adminAccount = await createStaff(t, 'ROLE_ADMIN');
  offerId = await createOffer(t, { name: 'Shop', currency: 'EUR', goals: [{ goal: 'sale', p1: { amount: 1000 } }] });
  const [offer] = await t.database.db
    .select({ advertiserId: products.advertiserId })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(eq(offers.id, offerId));
  advertiserId = offer!.advertiserId;
  weekly = await partnerWith('FR', 'weekly');
  halfMonthly = await partnerWith('DE', 'bi_monthly');
  net30 = await partnerWith('FR', 'net30');
  daily = await partnerWith('US', 'daily');
  refunded = await partnerWith('FR', 'net30');

  // Half months: the 15th's last Paris minute, the 16th's first, February's last second (28 days), March's first hour.
  await earn(halfMonthly, '2026-02-15T22:59:00Z', 1000);
  await earn(halfMonthly, '2026-02-15T23:00:00Z', 2000);
  await earn(halfMonthly, '2026-02-28T22:59:59Z', 3000);
  await earn(halfMonthly, '2026-02-28T23:00:00Z', 4000);
  await earn(net30, '2026-02-10T12:00:00Z', 5000);
  // Weeks around the spring change (29 March, a Sunday): Sunday 22 March 23:30 Paris, Monday 23 March 00:30, Sunday
  // 29 March 23:30 summer time (21:30 UTC), Monday 30 March 00:30 summer time.
  await earn(weekly, '2026-03-22T22:30:00Z', 100);
  await earn(weekly, '2026-03-22T23:30:00Z', 200);
  await earn(weekly, '2026-03-29T21:30:00Z', 300);
  await earn(weekly, '2026-03-29T22:30:00Z', 400);
  await moveClockTo('2026-03-02T08:00:00Z');
});
afterAll(async () => t?.close());

describe('billing by payment terms (decision 070)', () => {
  it('a month bills bi_monthly partners per half month and net30 per month, due on issue + 30 days', async () => {
    const { created } = okBody(await run({ month: '2026-02' })).data;
    expect(created.filter((c) => c.partnerId === weekly.partnerId)).toEqual([]);
    expect(
      created.filter((c) => c.partnerId === halfMonthly.partnerId).map((c) => [c.period, c.conversions, c.dueOn]),
    ).toEqual([
      [{ kind: 'half_month', startDate: '2026-02-01', endDate: '2026-02-15' }, 1, '2026-03-02'],
      [{ kind: 'half_month', startDate: '2026-02-16', endDate: '2026-02-28' }, 2, '2026-03-02'],
    ]);
    const [second] = (await requestsOf(halfMonthly)).slice(1);
    expect(second).toMatchObject({
      kind: 'half_month',
      startingAt: new Date('2026-02-15T23:00:00Z'),
      endingAt: new Date('2026-02-28T22:59:59Z'),
      totalAmount: 5000,
      totalVatAmount: 0,
    });
    expect(created.find((c) => c.partnerId === net30.partnerId)).toMatchObject({
      period: { kind: 'month', startDate: '2026-02-01', endDate: '2026-02-28' },
      totalAmount: 6000,
      dueOn: '2026-04-01',
      adjustments: 0,
    });
    // The partner reads the due day; finance's Invoices screen sorts and shows the same.
    const [payment] = await paymentsOf(net30);
    expect(payment).toMatchObject({ periodKind: 'month', dueOn: '2026-04-01', adjustmentsAmount: 0, adjustments: [] });
    const invoicesOfNet30 = okBody(
      await callEndpoint(t.app, billingEndpoints.staffInvoices, { query: { partnerId: net30.partnerId } }, admin),
    ).data;
    expect(invoicesOfNet30.map((row) => [row.date, row.dueDate])).toEqual([['2026-03-02', '2026-04-01']]);
  });

  it('bills weekly partners per Monday–Sunday Paris week across the daylight-saving change; twice bills nothing twice', async () => {
    await moveClockTo('2026-04-01T08:00:00Z');
    expect(errorBody(await run({ until: '2026-04-01' }), 400).errors).toEqual({ until: 'The day is not over yet.' });
    for (const payload of [
      {},
      { month: '2026-03', until: '2026-03-31' },
      { until: '2026-02-30' },
      { until: '31/03/2026' },
    ])
      expectError(await run(invalid(payload)), 400);

    const { created, until } = okBody(await run({ until: '2026-03-31' })).data;
    expect(until).toBe('2026-03-31');
    expect(
      created.filter((c) => c.partnerId === weekly.partnerId).map((c) => [c.period.startDate, c.conversions]),
    ).toEqual([
      ['2026-03-16', 1],
      ['2026-03-23', 2],
    ]);
    // The week of 23 March is 167 hours: Paris midnight in winter, the next Monday's in summer.
    const weeks = await requestsOf(weekly);
    expect(weeks.map((w) => [w.startingAt.toISOString(), w.endingAt.toISOString(), w.totalAmount, w.dueOn])).toEqual([
      ['2026-03-15T23:00:00.000Z', '2026-03-22T22:59:59.000Z', 120, '2026-04-01'],
      ['2026-03-22T23:00:00.000Z', '2026-03-29T21:59:59.000Z', 600, '2026-04-01'],
    ]);
    // Finance's Invoices screen reads the recorded due day: the issue day, not the issue day + 7 of before.
    const weeklyInvoices = okBody(
      await callEndpoint(t.app, billingEndpoints.staffInvoices, { query: { partnerId: weekly.partnerId } }, admin),
    ).data;
    expect(weeklyInvoices.map((row) => [row.date, row.dueDate])).toEqual([
      ['2026-04-01', '2026-04-01'],
      ['2026-04-01', '2026-04-01'],
    ]);
    // Only March's first half for the half-monthly partner (its February was billed): nothing before it again.
    expect(
      created.filter((c) => c.partnerId === halfMonthly.partnerId).map((c) => [c.period.startDate, c.totalAmount]),
    ).toEqual([['2026-03-01', 4000]]);
    expect(created.filter((c) => c.partnerId === net30.partnerId)).toEqual([]);

    const before = await t.database.db.select().from(billingRequests).orderBy(asc(billingRequests.id));
    const again = okBody(await run({ until: '2026-03-31' })).data;
    expect(again.created).toEqual([]);
    expect(okBody(await run({ month: '2026-03' })).data.created).toEqual([]);
    expect(await t.database.db.select().from(billingRequests).orderBy(asc(billingRequests.id))).toEqual(before);
  });

  it('the daily job bills daily partners per Paris day, 25 October lasting 25 hours', async () => {
    expect(nextBillingJobAt(new Date('2026-03-28T02:00:00Z')).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(nextBillingJobAt(new Date('2026-03-29T01:00:00Z')).toISOString()).toBe('2026-03-30T00:00:00.000Z');
    expect(nextBillingJobAt(new Date('2026-10-25T00:30:00Z')).toISOString()).toBe('2026-10-26T01:00:00.000Z');
    expect(nextBillingJobAt(new Date('2026-10-24T23:59:00Z')).toISOString()).toBe('2026-10-25T00:00:00.000Z');

    await earn(daily, '2026-10-24T22:30:00Z', 700); // 25 October 00:30 summer time
    await earn(daily, '2026-10-25T22:30:00Z', 800); // 25 October 23:30 winter time
    await earn(daily, '2026-10-25T23:30:00Z', 900); // 26 October 00:30
    await earn(daily, '2026-10-26T23:30:00Z', 50); // 27 October: not over at the run
    await moveClockTo('2026-10-27T01:00:00Z'); // 02:00 Paris
    const result = await t.app.billingJob.runDue();
    expect(result.until).toBe('2026-10-26');
    expect(
      result.created.filter((c) => c.partnerId === daily.partnerId).map((c) => [c.period, c.totalAmount, c.dueOn]),
    ).toEqual([
      [{ kind: 'day', startDate: '2026-10-25', endDate: '2026-10-25' }, 1500, '2026-10-27'],
      [{ kind: 'day', startDate: '2026-10-26', endDate: '2026-10-26' }, 900, '2026-10-27'],
    ]);
    const days = await requestsOf(daily);
    expect(days[0]!.endingAt.getTime() + 1000 - days[0]!.startingAt.getTime()).toBe(25 * 3_600_000);
    // The weekly partner's last week (30 March – 5 April) was over too: the job caught it up.
    expect(result.created.filter((c) => c.partnerId === weekly.partnerId).map((c) => c.period.startDate)).toEqual([
      '2026-03-30',
    ]);
    expect((await t.app.billingJob.runDue()).created).toEqual([]);
  });

  it('a reversal after billing is carried by the next run at the original VAT rate; a period netting below zero is carried', async () => {
    const big = await earn(refunded, '2026-10-05T10:00:00Z', 10_000);
    await earn(refunded, '2026-10-06T10:00:00Z', 5_000);
    await moveClockTo('2026-11-02T09:00:00Z');
    const october = okBody(await run({ month: '2026-10' })).data.created.find(
      (c) => c.partnerId === refunded.partnerId,
    )!;
    expect(october).toMatchObject({ totalAmount: 18_000, totalVatAmount: 3_000, adjustments: 0 });
    const originalInvoice = october.invoice!;

    // November: the 100.00 sale refunded, 20.00 earned: −80.00 nets below zero, no invoice, carried.
    await reverse(big, '2026-11-05T10:00:00Z', 'Customer returned the order');
    await earn(refunded, '2026-11-10T10:00:00Z', 2_000);
    await moveClockTo('2026-12-01T09:00:00Z');
    const november = okBody(await run({ month: '2026-11' })).data.created.find(
      (c) => c.partnerId === refunded.partnerId,
    )!;
    expect(november).toMatchObject({
      deferred: true,
      invoice: null,
      conversions: 1,
      adjustments: 1,
      adjustmentsAmount: -10_000,
      totalAmount: -8_000 - 1_600,
      dueOn: null,
    });
    const lines = await t.database.db
      .select()
      .from(conversionAdjustments)
      .where(eq(conversionAdjustments.partnerId, refunded.partnerId));
    expect(lines.map((line) => line.billingRequestId)).toEqual([null]);
    const unbilled = await t.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(conversions)
      .where(and(eq(conversions.partnerId, refunded.partnerId), sql`billing_request_id is null`));
    // November's sale stays unbilled; the reversed one keeps the October request that billed it.
    expect(unbilled[0]!.n).toBe(1);
    const notes = okBody(await callEndpoint(t.app, notificationsEndpoints.list, {}, refunded.token)).data;
    expect(JSON.stringify(notes)).toContain('after corrections of earlier invoices: nothing is invoiced');

    // December: 200.00 more; the refund is carried, citing October's invoice and its 20 %.
    await earn(refunded, '2026-12-10T10:00:00Z', 20_000);
    await moveClockTo('2027-01-02T09:00:00Z');
    const december = okBody(await run({ month: '2026-12' })).data.created.find(
      (c) => c.partnerId === refunded.partnerId,
    )!;
    expect(december).toMatchObject({
      deferred: false,
      conversions: 2,
      adjustments: 1,
      adjustmentsAmount: -10_000,
      // 220.00 at 20 % (44.00) and −100.00 at October's 20 % (−20.00).
      totalVatAmount: 4_400 - 2_000,
      totalAmount: 12_000 + 2_400,
      dueOn: '2027-02-01',
      invoice: expect.stringMatching(/^INV-2026-\d{4}$/),
    });
    const [payment] = await paymentsOf(refunded);
    expect(payment).toMatchObject({ adjustmentsAmount: -10_000, dueOn: '2027-02-01' });
    expect(payment!.adjustments).toEqual([
      {
        id: expect.any(Number),
        conversionId: big,
        kind: 'reverse',
        reasonCode: 'refund',
        note: 'Customer returned the order',
        payoutDelta: -10_000,
        vatAmount: -2_000,
        originalInvoice,
        vatRatePercent: 20,
        createdAt: '2026-11-05T10:00:00.000Z',
      },
    ]);
    const text = await pdfTextOf(refunded, payment!.invoice!.file!.id);
    expect(text).toContain('Corrections of earlier invoices');
    expect(text).toContain(`Correction of invoice ${originalInvoice} (VAT 20 %)`);
    // Carried once: the next run has nothing of it.
    await moveClockTo('2027-02-02T09:00:00Z');
    expect(
      okBody(await run({ month: '2027-01' })).data.created.filter((c) => c.partnerId === refunded.partnerId),
    ).toEqual([]);
    expect((await requestsOf(refunded)).map((r) => [r.invoice !== null, r.totalAmount])).toEqual([
      [true, 18_000],
      [false, -9_600],
      [true, 14_400],
    ]);
  });

  it('two runs at once, and the daily job of a second server on the same database, bill each period once', async () => {
    const daily2 = await partnerWith('FR', 'daily');
    await earn(daily2, '2027-02-03T10:00:00Z', 1_000);
    await earn(daily2, '2027-02-04T10:00:00Z', 2_000);
    await moveClockTo('2027-02-05T08:00:00Z');
    const other = await buildTestApp({ now: clock.now, sameDatabaseAs: t });
    const [first, second, third] = await Promise.all([
      run({ until: '2027-02-04' }),
      t.app.billingJob.runDue(),
      other.app.billingJob.runDue(),
    ]).finally(() => other.close());
    const created = [...okBody(first!).data.created, ...second!.created, ...third!.created].filter(
      (c) => c.partnerId === daily2.partnerId,
    );
    expect(created.map((c) => c.period.startDate).sort()).toEqual(['2027-02-03', '2027-02-04']);
    expect((await requestsOf(daily2)).map((r) => [r.conversions, r.totalAmount])).toEqual([
      [1, 1_200],
      [1, 2_400],
    ]);
  });
});
