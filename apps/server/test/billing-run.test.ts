import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEndpoints, filesEndpoints, formatMoneyMinor, notificationsEndpoints } from '@portal/contracts';
import { billingRequests, conversions, offers, partners } from '../src/db/schema.js';
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
import { advertiserTokenOf, createOffer } from './offer-fixtures.js';
import { goalsWithoutFloor } from './conversion-fixtures.js';

const clock = testClock(new Date('2026-01-20T10:00:00Z'));
let t: TestApp;
let adminAccount: Awaited<ReturnType<typeof createStaff>>;
let managerAccount: Awaited<ReturnType<typeof createStaff>>;
let admin: string;
let managerToken: string;
let eurOffer: number;
let usdOffer: number;

type Partner = Awaited<ReturnType<typeof createPartner>> & { token: string };
let france: Partner; // VAT 20 %, no threshold
let germany: Partner; // reverse charge, earns in EUR and USD
let small: Partner; // United States, threshold 40.00 EUR

/** A click and its approved conversion at `at` (UTC), through /click and the advertiser's postback. */
async function earn(partner: Partner, offerId: number, at: string, transactionId?: string) {
  clock.advance(new Date(at).getTime() - clock.now().getTime());
  const click = await t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partner.partnerId}` });
  expect(click.statusCode, click.body).toBe(302);
  const clickId = new URL(click.headers.location as string).searchParams.get('cid')!;
  await t.app.tracking.buffer.flush();
  const token = await advertiserTokenOf(t, offerId);
  const query = new URLSearchParams({ click_id: clickId, goal: 'sale', token });
  if (transactionId) query.set('transaction_id', transactionId);
  const res = await t.app.inject({ method: 'GET', url: `/postback?${query}` });
  expect(res.json(), res.body).toMatchObject({ status: 'approved' });
  return { clickId, conversionId: res.json().conversionId as number, token };
}

/** POST /staff/billing-runs through its contract; a body the contract refuses is wrapped in `invalid`. */
const run = (token: string | null, body: CallInput<typeof billingEndpoints.runBilling>['body']) =>
  callEndpoint(t.app, billingEndpoints.runBilling, { body }, token);

async function partnerWith(country: string, paymentThreshold: number | null): Promise<Partner> {
  const partner = await createPartner(t);
  await t.database.db.update(partners).set({ country, paymentThreshold }).where(eq(partners.id, partner.partnerId));
  return { ...partner, token: '' };
}

async function paymentsOf(partner: Partner) {
  return okBody(await callEndpoint(t.app, billingEndpoints.billingRequests, {}, partner.token)).data;
}

/** Every invoiced request's amount before VAT equals the payouts of the conversions it marked. */
async function expectRequestsMatchTheirConversions() {
  const rows = await t.database.db
    .select({
      id: billingRequests.id,
      excluding: sql<number>`${billingRequests.totalAmount} - ${billingRequests.totalVatAmount}`.mapWith(Number),
      billed:
        sql<number>`coalesce((select sum(payout) from conversions c where c.billing_request_id = billing_requests.id), 0)`.mapWith(
          Number,
        ),
    })
    .from(billingRequests)
    .where(eq(billingRequests.deferred, false));
  for (const row of rows) expect(row.billed, `request ${row.id}`).toBe(row.excluding);
}

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  await goalsWithoutFloor(t, ['sale']); // the conversion rules are on (decision 109)
  adminAccount = await createStaff(t, 'ROLE_ADMIN');
  managerAccount = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
  eurOffer = await createOffer(t, {
    name: 'Shop EUR',
    currency: 'EUR',
    goals: [{ goal: 'sale', p1: { amount: 1234 } }],
  });
  usdOffer = await createOffer(t, {
    name: 'Shop USD',
    currency: 'USD',
    goals: [{ goal: 'sale', p1: { amount: 999 } }],
  });
  for (const id of [eurOffer, usdOffer]) {
    await t.database.db
      .update(offers)
      .set({ defaultUrl: 'https://shop.example.com/?cid={click_id}' })
      .where(eq(offers.id, id));
  }
  france = await partnerWith('FR', null);
  germany = await partnerWith('DE', null);
  small = await partnerWith('US', 4000);

  // France: January's last Paris hour (23:30 Paris = 22:30 UTC), February's first (00:30 Paris on 1 February =
  // 23:30 UTC on 31 January), mid-February, and March's first Paris hour (still 28 February in UTC).
  await earn(france, eurOffer, '2026-01-31T22:30:00Z');
  const first = await earn(france, eurOffer, '2026-01-31T23:30:00Z', 'fr-feb-1');
  await earn(france, eurOffer, '2026-02-15T12:00:00Z');
  await earn(france, eurOffer, '2026-02-28T23:30:00Z');
  // A second transaction on February's first click is a rejected duplicate: it pays nothing and is not billed.
  const duplicate = await t.app.inject({
    method: 'GET',
    url: `/postback?${new URLSearchParams({ click_id: first.clickId, goal: 'sale', token: first.token, transaction_id: 'fr-feb-2' })}`,
  });
  expect(duplicate.json()).toMatchObject({ status: 'rejected', reason: 'duplicate' });
  // Germany in both currencies; the small partner under its threshold in February, over it with March added.
  await earn(germany, eurOffer, '2026-02-10T09:00:00Z');
  await earn(germany, usdOffer, '2026-02-11T09:00:00Z');
  await earn(germany, usdOffer, '2026-02-12T09:00:00Z');
  await earn(small, eurOffer, '2026-02-20T09:00:00Z');
  await earn(small, eurOffer, '2026-03-10T09:00:00Z');
  await earn(small, eurOffer, '2026-03-11T09:00:00Z');
  await earn(small, eurOffer, '2026-03-12T09:00:00Z');
  await moveClockTo('2026-03-02T08:00:00Z');
});

/** Moves the clock and signs everyone in again (sessions last seven days). */
async function moveClockTo(at: string) {
  clock.advance(new Date(at).getTime() - clock.now().getTime());
  admin = await login(t, adminAccount.email, adminAccount.password);
  managerToken = await login(t, managerAccount.email, managerAccount.password);
  for (const partner of [france, germany, small]) partner.token = await login(t, partner.email, partner.password);
}
afterAll(async () => t?.close());

describe('POST /staff/billing-runs', () => {
  it('refuses a month that is not over, a malformed month, and anyone but an admin', async () => {
    for (const month of ['2026-03', '2026-04', '2027-01']) {
      const res = await run(admin, { month });
      expect(errorBody(res, 400).errors).toEqual({ month: 'The month is not over yet.' });
    }
    for (const payload of [
      {},
      { month: '2026-13' },
      { month: '2026-2' },
      { month: 202602 },
      { month: '2026-02', x: 1 },
    ])
      expectError(await run(admin, invalid(payload)), 400);
    expectError(await run(managerToken, { month: '2026-02' }), 403);
    expectError(await run(france.token, { month: '2026-02' }), 403);
    expectError(await run(null, { month: '2026-02' }), 401);
    expect(await t.database.db.select().from(billingRequests)).toEqual([]);
  });

  it('bills February in Paris time: VAT for France, one request per currency, deferred under the threshold', async () => {
    const res = await run(admin, { month: '2026-02' });
    const { created, alreadyBilled } = okBody(res).data;
    expect(alreadyBilled).toEqual([]);
    const byPartner = (p: Partner, currency: string) =>
      created.find((c) => c.partnerId === p.partnerId && c.currency === currency);
    // January's unbilled conversion rides along; 28 February 23:30 UTC is March in Paris.
    expect(byPartner(france, 'EUR')).toMatchObject({
      conversions: 3,
      totalAmount: 3 * 1234 + 740, // VAT 20 % of 37.02 = 7.404, rounded to 7.40
      totalVatAmount: 740,
      deferred: false,
      invoice: expect.stringMatching(/^INV-2026-\d{4}$/),
    });
    expect(byPartner(germany, 'EUR')).toMatchObject({ conversions: 1, totalAmount: 1234, totalVatAmount: 0 });
    expect(byPartner(germany, 'USD')).toMatchObject({ conversions: 2, totalAmount: 1998, totalVatAmount: 0 });
    expect(byPartner(small, 'EUR')).toMatchObject({ conversions: 1, totalAmount: 1234, deferred: true, invoice: null });
    expect(byPartner(small, 'EUR')!.partnerName).toMatch(new RegExp(`^Partner \\d+ #${small.partnerId}$`));
    expect(created).toHaveLength(4);
    const references = created.map((c) => c.invoice).filter(Boolean);
    expect(new Set(references).size).toBe(3);

    // The partner reads it on its Payments call, with the PDF to download.
    const [payment] = await paymentsOf(france);
    expect(payment).toMatchObject({
      period: { startDate: '2026-02-01', endDate: '2026-02-28' },
      totalAmount: 4442,
      totalVatAmount: 740,
      paymentCurrency: 'EUR',
      deferred: false,
      invoice: { reference: byPartner(france, 'EUR')!.invoice, status: 'waiting_for_approval', date: '2026-03-02' },
    });
    const fileId = payment!.invoice!.file!.id;
    const link = await callEndpoint(t.app, filesEndpoints.url, { params: { id: fileId } }, france.token);
    // The signed link is a URL of its own: fetched as it is given.
    const signed = new URL(okBody(link).data.url);
    const pdf = await t.app.inject({ method: 'GET', url: `${signed.pathname}${signed.search}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Germany cannot reach France's invoice.
    const foreign = await callEndpoint(t.app, filesEndpoints.url, { params: { id: fileId } }, germany.token);
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    expect(foreign.status).toBeLessThan(500);

    // Told in the portal.
    const notes = await callEndpoint(t.app, notificationsEndpoints.list, {}, small.token);
    expect(JSON.stringify(okBody(notes).data)).toContain(
      `Your February 2026 earnings of ${formatMoneyMinor(1234, 'EUR')} are below your payment threshold`,
    );
    // The billing period is of Paris days, and says so (decision 112).
    expect(okBody(notes).data.items[0]!.body).toBe(
      'Billing periods and invoice dates are in Paris time, the billing reference.',
    );
    await expectRequestsMatchTheirConversions();
  });

  it('a second run of the month bills nothing twice', async () => {
    const before = await t.database.db.select().from(billingRequests);
    const res = await run(admin, { month: '2026-02' });
    // Only the deferred partner still has February conversions unbilled; its month is already there.
    expect(okBody(res).data).toEqual({
      month: '2026-02',
      created: [],
      alreadyBilled: [{ partnerId: small.partnerId, currency: 'EUR' }],
    });
    expect(await t.database.db.select().from(billingRequests)).toEqual(before);
  });

  it('March carries the deferred February and the late Paris hour; concurrent runs bill once', async () => {
    await moveClockTo('2026-04-01T06:00:00Z');
    const answers = await Promise.all([run(admin, { month: '2026-03' }), run(admin, { month: '2026-03' })]);
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    const created = answers.flatMap((res) => okBody(res).data.created);
    expect(created.map((c) => [c.partnerId, c.currency]).sort()).toEqual(
      [
        [france.partnerId, 'EUR'],
        [small.partnerId, 'EUR'],
      ].sort(),
    );
    expect(created.find((c) => c.partnerId === small.partnerId)).toMatchObject({
      conversions: 4,
      totalAmount: 4 * 1234,
      deferred: false,
    });
    expect(created.find((c) => c.partnerId === france.partnerId)).toMatchObject({
      conversions: 1,
      totalAmount: 1234 + 247, // 20 % of 12.34 = 2.468 → 2.47
    });
    const smallPayments = await paymentsOf(small);
    expect(smallPayments.map((p) => [p.period.startDate, p.deferred, p.invoice?.status ?? null])).toEqual([
      ['2026-03-01', false, 'waiting_for_approval'],
      ['2026-02-01', true, null],
    ]);
    const unbilled = await t.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(conversions)
      .where(sql`status = 'approved' and billing_request_id is null`);
    expect(unbilled[0]!.n).toBe(0);
    await expectRequestsMatchTheirConversions();
  });

  it('invoice numbers follow on within the year', async () => {
    const rows = await t.database.db.execute(sql`select reference from invoices order by id`);
    const references = (Array.isArray(rows) ? rows : (rows as { rows: { reference: string }[] }).rows).map(
      (row) => (row as { reference: string }).reference,
    );
    expect(references).toEqual(['INV-2026-0001', 'INV-2026-0002', 'INV-2026-0003', 'INV-2026-0004', 'INV-2026-0005']);
  });
});
