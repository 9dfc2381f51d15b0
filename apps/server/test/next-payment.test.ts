/**
 * Payments that explain themselves (decision 052): the day an invoice was paid, on the partner's offset, and
 * GET /api/v1/billing-request/next-payment, the next payment expected and this month's earnings so far.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEndpoints, vatOn } from '@portal/contracts';
import { invoices, offers, partners, users } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  expectError,
  expectOk,
  login,
  okBody,
  testClock,
  type TestApp,
} from './helper.js';
import { advertiserTokenOf, createOffer } from './offer-fixtures.js';
import { goalsWithoutFloor } from './conversion-fixtures.js';

const clock = testClock(new Date('2026-01-05T10:00:00Z'));
let t: TestApp;
let offerId: number;
let admin: string;
let finance: string;

type Partner = Awaited<ReturnType<typeof createPartner>> & { token: string };
let france: Partner; // 20 % VAT, net30, threshold 50.00 EUR, on +05:00
let small: Partner; // reverse charge, net15, threshold 100.00 EUR

const setClock = (at: string) => clock.advance(new Date(at).getTime() - clock.now().getTime());
let accounts: { email: string; password: string }[] = [];

/** Moves the clock, and signs everyone in again: a session does not outlive weeks. */
async function moveClockTo(at: string) {
  setClock(at);
  const [a, f, fr, sm] = await Promise.all(accounts.map((account) => login(t, account.email, account.password)));
  [admin, finance, france.token, small.token] = [a!, f!, fr!, sm!];
}

/** A click and its approved conversion (12.34 EUR) at `at`, through /click and the advertiser's postback. */
async function earn(partner: Partner, at: string) {
  setClock(at);
  const click = await t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partner.partnerId}` });
  expect(click.statusCode, click.body).toBe(302);
  const clickId = new URL(click.headers.location as string).searchParams.get('cid')!;
  await t.app.tracking.buffer.flush();
  const token = await advertiserTokenOf(t, offerId);
  const res = await t.app.inject({ method: 'GET', url: `/postback?${new URLSearchParams({ click_id: clickId, goal: 'sale', token })}` }); // prettier-ignore
  expect(res.json(), res.body).toMatchObject({ status: 'approved' });
}

async function partnerWith(country: string, terms: string, threshold: number, timezone: string | null) {
  const partner = await createPartner(t);
  await t.database.db
    .update(partners)
    .set({ country, paymentTerms: terms, paymentThreshold: threshold })
    .where(eq(partners.id, partner.partnerId));
  await t.database.db.update(users).set({ timezone }).where(eq(users.id, partner.userId));
  return { ...partner, token: await login(t, partner.email, partner.password) };
}

const nextPayment = async (partner: Partner) =>
  okBody(await callEndpoint(t.app, billingEndpoints.nextPayment, {}, partner.token)).data;
const payments = async (partner: Partner) =>
  okBody(
    await callEndpoint(
      t.app,
      billingEndpoints.billingRequests,
      { query: { sort: 'startingAt', order: 'asc' } },
      partner.token,
    ),
  ).data;

async function runBilling(month: string) {
  const res = await callEndpoint(t.app, billingEndpoints.runBilling, { body: { month } }, admin);
  expectOk(res);
}

async function setStatus(
  invoiceId: number,
  status: 'waiting_for_approval' | 'invoice_validated' | 'payment_in_progress' | 'paid',
) {
  const res = await callEndpoint(
    t.app,
    billingEndpoints.setInvoiceStatus,
    { params: { id: invoiceId }, body: { status } },
    finance,
  );
  expectOk(res);
}

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  await goalsWithoutFloor(t, ['sale']); // the conversion rules are on (decision 109)
  const adminAccount = await createStaff(t, 'ROLE_ADMIN');
  const financeAccount = await createStaff(t, 'ROLE_FINANCE');
  admin = await login(t, adminAccount.email, adminAccount.password);
  finance = await login(t, financeAccount.email, financeAccount.password);
  offerId = await createOffer(t, { name: 'Shop', currency: 'EUR', goals: [{ goal: 'sale', p1: { amount: 1234 } }] });
  await t.database.db.update(offers).set({ defaultUrl: 'https://shop.example.com/?cid={click_id}' }).where(eq(offers.id, offerId)); // prettier-ignore
  france = await partnerWith('FR', 'net30', 5_000, '+05:00');
  small = await partnerWith('DE', 'net15', 10_000, null);
  accounts = [adminAccount, financeAccount, france, small];
}, 120_000);
afterAll(async () => t?.close());

describe('the next payment', () => {
  it('is nothing before any earnings', async () => {
    expect(await nextPayment(france)).toEqual({
      paymentTerms: 'net30',
      paymentThreshold: 5_000,
      paymentCurrency: 'EUR',
      next: null,
      thisMonth: [],
      payoutHold: null,
    });
  });

  it('is this month’s earnings, once billed on the next month’s first day and paid after the terms', async () => {
    for (const day of ['06', '07', '08', '09', '10']) await earn(france, `2026-01-${day}T09:00:00Z`);
    await earn(small, '2026-01-12T09:00:00Z');
    await moveClockTo('2026-01-20T12:00:00Z');
    // 5 × 12.34 = 61.70, over France's 50.00 threshold: billed with VAT on 1 February, paid 30 days later.
    expect(await nextPayment(france)).toMatchObject({
      next: {
        source: 'this_month',
        invoiceStatus: null,
        date: '2026-03-03',
        dueDate: '2026-03-03',
        overdue: false,
        amounts: [{ currency: 'EUR', amount: 6_170 + vatOn(6_170, 20) }],
        references: [],
      },
      thisMonth: [
        {
          currency: 'EUR',
          amount: 6_170,
          carriedOver: 0,
          overThreshold: true,
          billingDate: '2026-02-01',
          expectedDate: '2026-03-03',
        },
      ],
    });
    // 12.34 under the small partner's 100.00: no payment expected yet, the earnings say why.
    expect(await nextPayment(small)).toMatchObject({
      next: null,
      thisMonth: [{ currency: 'EUR', amount: 1_234, carriedOver: 0, overThreshold: false, billingDate: '2026-02-01' }],
    });
  });

  it('is the unpaid invoice due first once billed; overdue, no day while it waits for approval, today once validated (decision 092)', async () => {
    await moveClockTo('2026-02-02T08:00:00Z');
    await runBilling('2026-01');
    const [invoiced] = await payments(france);
    expect(invoiced?.invoice?.status).toBe('waiting_for_approval');
    // Issued 2 February (also on +05:00), net30: due 4 March.
    expect(await nextPayment(france)).toMatchObject({
      next: {
        source: 'invoices',
        invoiceStatus: 'waiting_for_approval',
        date: '2026-03-04',
        dueDate: '2026-03-04',
        overdue: false,
        amounts: [{ currency: 'EUR', amount: invoiced!.totalAmount }],
        references: [invoiced!.invoice!.reference],
      },
      thisMonth: [],
    });
    // The small partner's January was deferred: carried over into February's earnings.
    await earn(small, '2026-02-03T09:00:00Z');
    expect(await nextPayment(small)).toMatchObject({
      next: null,
      thisMonth: [{ amount: 2_468, carriedOver: 1_234, overThreshold: false, billingDate: '2026-03-01' }],
    });

    await moveClockTo('2026-03-10T12:00:00Z');
    // Past its due day but never approved: overdue, and no day can be promised.
    expect((await nextPayment(france)).next).toMatchObject({
      invoiceStatus: 'waiting_for_approval',
      date: null,
      dueDate: '2026-03-04',
      overdue: true,
    });
  });

  it('keeps the day an invoice was paid, on the partner’s offset; a paid invoice is final (decision 064)', async () => {
    const [invoiced] = await payments(france);
    expect(invoiced!.invoice!.paidOn).toBeNull();
    await setStatus(invoiced!.invoice!.id, 'invoice_validated');
    expect((await nextPayment(france)).next).toMatchObject({
      invoiceStatus: 'invoice_validated',
      date: '2026-03-10',
      overdue: true,
    });
    await setStatus(invoiced!.invoice!.id, 'payment_in_progress');
    expect((await nextPayment(france)).next).toMatchObject({
      invoiceStatus: 'payment_in_progress',
      date: '2026-03-10',
    });
    expect((await payments(france))[0]!.invoice).toMatchObject({ status: 'payment_in_progress', paidOn: null });
    // 21:30 UTC on 11 March is 12 March on +05:00.
    await moveClockTo('2026-03-11T21:30:00Z');
    await setStatus(invoiced!.invoice!.id, 'paid');
    const [paid] = await payments(france);
    expect(paid!.invoice).toMatchObject({ status: 'paid', paidOn: '2026-03-12' });
    const [stored] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoiced!.invoice!.id));
    expect(stored?.paidAt?.toISOString()).toBe('2026-03-11T21:30:00.000Z');
    // Paid: no payment is expected any more.
    expect((await nextPayment(france)).next).toBeNull();

    await moveClockTo('2026-03-13T09:00:00Z');
    const back = await callEndpoint(
      t.app,
      billingEndpoints.setInvoiceStatus,
      { params: { id: invoiced!.invoice!.id }, body: { status: 'payment_in_progress', reason: 'Bounced' } },
      finance,
    );
    expectError(back, 409);
    expect((await payments(france))[0]!.invoice).toMatchObject({ status: 'paid', paidOn: '2026-03-12' });
  });

  it('is a partner’s alone', async () => {
    expectError(await callEndpoint(t.app, billingEndpoints.nextPayment, {}, null), 401);
    expectError(await callEndpoint(t.app, billingEndpoints.nextPayment, {}, admin), 403);
  });
});
