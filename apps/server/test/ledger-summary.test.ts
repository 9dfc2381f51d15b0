/**
 * GET /staff/ledger/summary?month= (decision 073): the books of a Paris month per currency, on a small hand-made set
 * of rows whose every figure is worked out below, with rows on either side of the month's Paris bounds.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEndpoints } from '@portal/contracts';
import {
  advertiserInvoices,
  advertisers,
  billingRequests,
  conversionAdjustments,
  conversions,
  invoices,
  offers,
  products,
} from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  expectError,
  login,
  okBody,
  testClock,
  type TestApp,
} from './helper.js';
import { createOffer } from './offer-fixtures.js';

const clock = testClock(new Date('2026-04-10T10:00:00Z'));
let t: TestApp;
let finance: string;
let admin: string;
let manager: string;
let advertiserId: number;
let offerId: number;
let partnerId: number;

let sequence = 0;
async function advertiserInvoice(row: {
  kind?: 'invoice' | 'credit_note';
  currency: string;
  issuedOn: string;
  net: number;
  vat: number;
  status: 'issued' | 'paid' | 'cancelled';
}) {
  sequence += 1;
  const [inserted] = await t.database.db
    .insert(advertiserInvoices)
    .values({
      reference: `ADV-2026-${String(sequence).padStart(5, '0')}`,
      kind: row.kind ?? 'invoice',
      advertiserId,
      currency: row.currency,
      periodKind: 'month',
      // Each its own period: the one live invoice per period and currency does not bite.
      periodStart: new Date(Date.UTC(2025, sequence, 1)),
      periodEnd: new Date(Date.UTC(2025, sequence + 1, 1)),
      startDate: '2026-02-01',
      endDate: '2026-02-28',
      issuedOn: row.issuedOn,
      dueOn: row.issuedOn,
      billingTerms: 'net30',
      conversionsAmount: row.net,
      conversionCount: 1,
      netAmount: row.net,
      vatTreatment: row.vat === 0 ? 'outside_eu' : 'domestic',
      vatRatePercent: row.vat === 0 ? 0 : 20,
      vatAmount: row.vat,
      totalAmount: row.net + row.vat,
      advertiserName: 'Books Advertiser',
      status: row.status,
    })
    .returning({ id: advertiserInvoices.id });
  return inserted!.id;
}

/** A partner's billing request (its total includes its VAT), and its invoice issued at `issuedAt` unless deferred. */
async function partnerInvoice(row: {
  currency: string;
  total: number;
  vat: number;
  issuedAt: string | null;
  status?: string;
}) {
  sequence += 1;
  const [request] = await t.database.db
    .insert(billingRequests)
    .values({
      partnerId,
      startingAt: new Date(Date.UTC(2025, sequence, 1)),
      endingAt: new Date(Date.UTC(2025, sequence + 1, 1)),
      totalAmount: row.total + row.vat,
      totalVatAmount: row.vat,
      partnerAccountType: 'company',
      partnerName: 'Books Partner',
      paymentTerms: 'net30',
      paymentCurrency: row.currency,
      deferred: row.issuedAt === null,
    })
    .returning({ id: billingRequests.id });
  if (row.issuedAt === null) return;
  await t.database.db.insert(invoices).values({
    billingRequestId: request!.id,
    reference: `INV-BOOKS-${sequence}`,
    status: row.status ?? 'waiting_for_approval',
    createdAt: new Date(row.issuedAt),
  });
}

async function conversion(at: string, currency: string, status: string, payout: number, revenue: number) {
  sequence += 1;
  const [row] = await t.database.db
    .insert(conversions)
    .values({
      advertiserId,
      offerId,
      partnerId,
      dedupeKey: `books-${sequence}`,
      goal: 'sale',
      payout,
      revenue,
      currency,
      status,
      reason: status === 'approved' ? null : 'books',
      createdAt: new Date(at),
    })
    .returning({ id: conversions.id });
  return row!.id;
}

async function line(at: string, currency: string, payoutDelta: number, revenueDelta: number) {
  const conversionId = await conversion('2026-01-15T10:00:00Z', currency, 'approved', 0, 0);
  await t.database.db.insert(conversionAdjustments).values({
    conversionId,
    partnerId,
    advertiserId,
    currency,
    kind: 'adjust',
    statusBefore: 'approved',
    statusAfter: 'approved',
    payoutDelta,
    revenueDelta,
    source: 'staff',
    billable: true,
    createdAt: new Date(at),
  });
}

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  const [a, f, m] = await Promise.all([
    createStaff(t, 'ROLE_ADMIN'),
    createStaff(t, 'ROLE_FINANCE'),
    createStaff(t, 'ROLE_ACCOUNT_MANAGER'),
  ]);
  [admin, finance, manager] = await Promise.all([
    login(t, a.email, a.password),
    login(t, f.email, f.password),
    login(t, m.email, m.password),
  ]);
  offerId = await createOffer(t, { name: 'Books offer' });
  const [owner] = await t.database.db
    .select({ id: advertisers.id })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(advertisers, eq(advertisers.id, products.advertiserId))
    .where(eq(offers.id, offerId));
  advertiserId = owner!.id;
  partnerId = (await createPartner(t)).partnerId;

  // Advertisers: March (Paris issue days) holds A1 paid, A2 unpaid, the credit note of February's A3, USD's A4.
  await advertiserInvoice({ currency: 'EUR', issuedOn: '2026-03-05', net: 10_000, vat: 2000, status: 'paid' });
  await advertiserInvoice({ currency: 'EUR', issuedOn: '2026-03-10', net: 5000, vat: 1000, status: 'issued' });
  await advertiserInvoice({ currency: 'EUR', issuedOn: '2026-02-20', net: 3000, vat: 600, status: 'cancelled' });
  await advertiserInvoice({ kind: 'credit_note', currency: 'EUR', issuedOn: '2026-03-12', net: -3000, vat: -600, status: 'issued' }); // prettier-ignore
  await advertiserInvoice({ currency: 'USD', issuedOn: '2026-03-31', net: 7000, vat: 0, status: 'issued' });
  await advertiserInvoice({ currency: 'EUR', issuedOn: '2026-04-01', net: 999, vat: 199, status: 'issued' });

  // Partners: 23:30 UTC on Feb 28th is March 1st in Paris; 22:30 UTC on March 31st is April 1st (summer time).
  await partnerInvoice({ currency: 'EUR', total: 4000, vat: 800, issuedAt: '2026-02-28T23:30:00Z', status: 'paid' });
  await partnerInvoice({ currency: 'EUR', total: 2500, vat: 500, issuedAt: '2026-03-15T08:00:00Z', status: 'invoice_validated' }); // prettier-ignore
  await partnerInvoice({ currency: 'USD', total: 3000, vat: 0, issuedAt: '2026-03-31T22:30:00Z' });
  await partnerInvoice({ currency: 'USD', total: 1000, vat: 0, issuedAt: '2026-03-20T08:00:00Z' });
  await partnerInvoice({ currency: 'EUR', total: 700, vat: 0, issuedAt: null });

  // Ledger lines: two in March; one on Feb 28th 23:59 Paris and one on April 1st 02:00 Paris stay out.
  await line('2026-03-03T10:00:00Z', 'EUR', -300, -600);
  await line('2026-03-04T10:00:00Z', 'EUR', 50, 100);
  await line('2026-02-28T22:59:00Z', 'EUR', -1, -1);
  await line('2026-04-01T00:00:00Z', 'USD', -1, -1);

  // Conversions recorded in March: approved ones count, rejected and pending ones do not.
  await conversion('2026-03-02T10:00:00Z', 'EUR', 'approved', 1000, 2500);
  await conversion('2026-03-31T21:59:00Z', 'EUR', 'approved', 200, 300);
  await conversion('2026-03-05T10:00:00Z', 'EUR', 'rejected', 999, 999);
  await conversion('2026-03-10T10:00:00Z', 'USD', 'approved', 400, 900);
  await conversion('2026-03-11T10:00:00Z', 'USD', 'pending', 100, 200);
  await conversion('2026-03-31T22:00:00Z', 'USD', 'approved', 5, 5);
});
afterAll(async () => t?.close());

const summary = (month: string, token: string) =>
  callEndpoint(t.app, ledgerEndpoints.summary, { query: { month } }, token);

describe('GET /staff/ledger/summary', () => {
  it('answers the books of a Paris month per currency, to the cent', async () => {
    const body = okBody(await summary('2026-03', finance));
    expect(body.data).toEqual({
      month: '2026-03',
      currencies: [
        {
          currency: 'EUR',
          // 10,000 + 5,000 − 3,000 (the credit note); paid 12,000 with VAT; unpaid 6,000; the credit note is neither.
          advertisers: { invoiced: 12_000, vat: 2400, paid: 12_000, unpaid: 6000, invoices: 2 },
          partners: { invoiced: 6500, vat: 1300, paid: 4800, unpaid: 3000, invoices: 2 },
          adjustments: { lines: 2, payoutDelta: -250, revenueDelta: -500 },
          approved: { revenue: 2800, payout: 1200, margin: 1600 },
          invoicedMargin: 5500,
        },
        {
          currency: 'USD',
          advertisers: { invoiced: 7000, vat: 0, paid: 0, unpaid: 7000, invoices: 1 },
          partners: { invoiced: 1000, vat: 0, paid: 0, unpaid: 1000, invoices: 1 },
          adjustments: { lines: 0, payoutDelta: 0, revenueDelta: 0 },
          approved: { revenue: 900, payout: 400, margin: 500 },
          invoicedMargin: 6000,
        },
      ],
    });
  });

  it('answers the same books to an admin, and an empty month as no currency', async () => {
    expect(okBody(await summary('2026-03', admin)).data).toEqual(okBody(await summary('2026-03', finance)).data);
    expect(okBody(await summary('2025-06', admin)).data).toEqual({ month: '2025-06', currencies: [] });
  });

  it('refuses account managers (403) and a malformed month (400 naming it)', async () => {
    expectError(await summary('2026-03', manager), 403);
    const bad = await summary('2026-13', finance);
    expectError(bad, 400);
    expect(JSON.stringify(bad.body)).toContain('month');
  });
});
