/**
 * GET /staff/invoices: the Invoices screen where finance works invoices through to payment. Every invoice
 * within the reader's billing reach (admins and finance all, an account manager its own partners'), by status and
 * partner, paged; amounts in minor units, days in Paris time, the due day from the payment terms; and the walk
 * validated → in payment → paid through PUT, the partner's Payments screen saying when it was paid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditEndpoints, billingEndpoints, notificationsEndpoints } from '@portal/contracts';
import { billingRequests, invoices, partners } from '../src/db/schema.js';
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

let t: TestApp;
const clock = testClock(new Date('2026-05-20T10:00:00Z'));
let finance: string;
let admin: string;
let managerA: string;
let managerB: string;
let partnerA: { partnerId: number; token: string };
let partnerB: { partnerId: number; token: string };

const APRIL = ['2026-03-31T22:00:00Z', '2026-04-30T21:59:59Z'] as const;
const MARCH = ['2026-02-28T23:00:00Z', '2026-03-31T21:59:59Z'] as const;

async function invoice(
  partnerId: number,
  reference: string,
  status: string,
  createdAt: string,
  terms = 'net30',
  period: readonly [string, string] = APRIL,
  currency = 'EUR',
) {
  const [request] = await t.database.db
    .insert(billingRequests)
    .values({
      partnerId,
      // A Paris month (+01:00 until 29 March, +02:00 after).
      startingAt: new Date(period[0]),
      endingAt: new Date(period[1]),
      totalAmount: 120_050,
      totalVatAmount: 20_008,
      partnerAccountType: 'company',
      partnerName: 'Partner',
      paymentTerms: terms,
      paymentCurrency: currency,
      deferred: false,
      paymentThreshold: null,
      createdAt: new Date(createdAt),
    })
    .returning();
  const [row] = await t.database.db
    .insert(invoices)
    .values({ billingRequestId: request!.id, reference, status, createdAt: new Date(createdAt) })
    .returning();
  return row!.id;
}

type ListQuery = CallInput<typeof billingEndpoints.staffInvoices>['query'];
const list = (token: string, query: ListQuery = {}) =>
  callEndpoint(t.app, billingEndpoints.staffInvoices, { query }, token);
const references = async (token: string, query: ListQuery = {}) =>
  okBody(await list(token, query)).data.map((row) => row.reference);
const setStatus = (token: string, id: number, status: 'invoice_validated' | 'payment_in_progress' | 'paid') =>
  callEndpoint(t.app, billingEndpoints.setInvoiceStatus, { params: { id }, body: { status } }, token);

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  const amA = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
  const amB = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
  const fin = await createStaff(t, 'ROLE_FINANCE');
  const adm = await createStaff(t, 'ROLE_ADMIN');
  managerA = await login(t, amA.email, amA.password);
  managerB = await login(t, amB.email, amB.password);
  finance = await login(t, fin.email, fin.password);
  admin = await login(t, adm.email, adm.password);
  const pa = await createPartner(t);
  const pb = await createPartner(t);
  await t.database.db.update(partners).set({ accountManagerId: amA.userId }).where(eq(partners.id, pa.partnerId));
  await t.database.db.update(partners).set({ accountManagerId: amB.userId }).where(eq(partners.id, pb.partnerId));
  partnerA = { partnerId: pa.partnerId, token: await login(t, pa.email, pa.password) };
  partnerB = { partnerId: pb.partnerId, token: await login(t, pb.email, pb.password) };
  // Invoiced on 1 May at 00:30 in Paris (30 April in UTC): the invoice's day is Paris's.
  await invoice(partnerA.partnerId, 'A-1', 'waiting_for_approval', '2026-04-30T22:30:00Z');
  await invoice(partnerA.partnerId, 'A-2', 'paid', '2026-04-01T09:00:00Z', 'net15', MARCH);
  await invoice(partnerB.partnerId, 'B-1', 'invoice_validated', '2026-04-02T09:00:00Z', 'weekly');
}, 120_000);
afterAll(async () => t?.close());

describe('GET /staff/invoices', () => {
  it('lists every invoice to finance and admins, newest first, with Paris days, the due day and minor units', async () => {
    expect(await references(finance)).toEqual(['A-1', 'B-1', 'A-2']);
    expect(await references(admin)).toEqual(['A-1', 'B-1', 'A-2']);
    const body = okBody(await list(finance));
    expect(body.total).toBe(3);
    const first = body.data[0]!;
    expect(first).toMatchObject({
      reference: 'A-1',
      status: 'waiting_for_approval',
      partner: { id: partnerA.partnerId },
      period: { startDate: '2026-04-01', endDate: '2026-04-30' },
      date: '2026-05-01',
      dueDate: '2026-05-31',
      paymentTerms: 'net30',
      totalAmount: 120_050,
      totalVatAmount: 20_008,
      paymentCurrency: 'EUR',
      paidOn: null,
    });
    expect(first.partner.name.length).toBeGreaterThan(0);
    const weekly = body.data.find((row) => row.reference === 'B-1')!;
    expect(weekly.dueDate).toBe('2026-04-09');
  });

  it('gives an account manager its own partners’ invoices only', async () => {
    expect(await references(managerA)).toEqual(['A-1', 'A-2']);
    expect(await references(managerB)).toEqual(['B-1']);
    expect(await references(managerB, { partnerId: partnerA.partnerId })).toEqual([]);
  });

  it('filters on statuses and a partner, sorts on the due day and pages', async () => {
    expect(await references(finance, { status: 'waiting_for_approval,invoice_validated' })).toEqual(['A-1', 'B-1']);
    expect(await references(finance, { status: 'paid' })).toEqual(['A-2']);
    expect(await references(finance, { partnerId: partnerB.partnerId })).toEqual(['B-1']);
    expect(await references(finance, { sort: 'dueDate', order: 'asc' })).toEqual(['B-1', 'A-2', 'A-1']);
    const page = okBody(await list(finance, { count: 1, page: 2 }));
    expect(page.data.map((row) => row.reference)).toEqual(['B-1']);
    expect(page.total).toBe(3);
  });

  it('refuses partners, and answers bad filters with per-field errors', async () => {
    expect((await list(partnerA.token)).status).toBe(403);
    const bad = await list(finance, invalid({ status: 'unknown', partnerId: 'x', sort: 'amount', count: 0 }));
    expect(Object.keys(errorBody(bad, 400).errors ?? {}).sort()).toEqual(['count', 'partnerId', 'sort', 'status.0']);
  });

  it('walks an invoice to paid: each step audited, the partner told and shown the day it was paid', async () => {
    const [row] = okBody(await list(finance, { status: 'waiting_for_approval' })).data;
    for (const status of ['invoice_validated', 'payment_in_progress', 'paid'] as const) {
      const res = await setStatus(finance, row!.id, status);
      expect(res.status, res.raw.body).toBe(200);
    }
    const paid = okBody(await list(finance, { status: 'paid' })).data.find((r) => r.id === row!.id);
    expect(paid).toMatchObject({ status: 'paid', paidOn: '2026-05-20' });
    const payments = await callEndpoint(t.app, billingEndpoints.billingRequests, {}, partnerA.token);
    const mine = okBody(payments)
      .data.map((request) => request.invoice)
      .find((inv) => inv?.reference === 'A-1');
    expect(mine).toMatchObject({ status: 'paid', paidOn: '2026-05-20' });
    const audit = await callEndpoint(
      t.app,
      auditEndpoints.auditLog,
      { query: { partnerId: partnerA.partnerId } },
      admin,
    );
    const statuses = okBody(audit)
      .data.filter((entry) => entry.entityType === 'invoice')
      .map((entry) => entry.changes[0]!.after);
    expect(statuses).toEqual(['paid', 'payment_in_progress', 'invoice_validated']);
    const notifications = await callEndpoint(t.app, notificationsEndpoints.list, {}, partnerA.token);
    expect(notifications.raw.body).toContain('Invoice A-1 is now paid.');
    // Account managers read invoices and move none (decision 064).
    expectError(await setStatus(managerA, row!.id, 'paid'), 403);
  });
});

describe('GET /staff/invoices filters (decision 073)', () => {
  /** A partner paid by `method` to `iban`, answering its id. */
  async function payee(iban: string | null, method = 'wire') {
    const { partnerId } = await createPartner(t);
    await t.database.db.update(partners).set({ iban, paymentMethod: method }).where(eq(partners.id, partnerId));
    return partnerId;
  }

  beforeAll(async () => {
    const sepa = await payee('FR7630006000011234567890189');
    await invoice(sepa, 'C-1', 'invoice_validated', '2026-05-10T08:00:00Z');
    await invoice(sepa, 'C-2', 'invoice_validated', '2026-05-10T09:00:00Z', 'net30', APRIL, 'USD');
    // The IBAN's mod-97 check digits are wrong.
    await invoice(await payee('FR7630006000011234567890188'), 'D-1', 'invoice_validated', '2026-05-11T08:00:00Z');
    await invoice(await payee('FR7630006000011234567890189', 'cheque'), 'E-1', 'invoice_validated', '2026-05-12T08:00:00Z'); // prettier-ignore
    // A valid IBAN outside SEPA (Turkey).
    await invoice(await payee('TR330006100519786457841326'), 'F-1', 'invoice_validated', '2026-05-13T08:00:00Z');
    // Right mod 97, wrong French RIB key: ibantools refuses it, so must the filter.
    await invoice(await payee('FR0630006000011234567890188'), 'G-1', 'invoice_validated', '2026-05-14T08:00:00Z');
    // As typed, in groups and lower case: valid.
    await invoice(await payee('de89 3704 0044 0532 0130 00'), 'H-1', 'invoice_validated', '2026-05-15T08:00:00Z');
  });

  it('splits invoices a SEPA batch could pay from those to pay by hand, as sepaRefusal says', async () => {
    expect(await references(finance, { sepa: 'true' })).toEqual(['H-1', 'C-1']);
    expect(await references(finance, { sepa: 'false' })).toEqual(['G-1', 'F-1', 'E-1', 'D-1', 'C-2', 'A-1', 'B-1', 'A-2']); // prettier-ignore
    const all = okBody(await list(finance, { count: 100 })).data;
    expect(Object.fromEntries(all.map((row) => [row.reference, row.sepaRefusal]))).toEqual({
      'A-1': 'no_iban',
      'A-2': 'no_iban',
      'B-1': 'no_iban',
      'C-1': null,
      'C-2': 'not_eur',
      'D-1': 'invalid_iban',
      'E-1': 'not_wire',
      'F-1': 'not_sepa_country',
      'G-1': 'invalid_iban',
      'H-1': null,
    });
    expect(all.find((row) => row.reference === 'E-1')?.paymentMethod).toBe('cheque');
    // Paged in SQL: the total is every match, not the page's.
    const page = okBody(await list(finance, { sepa: 'false', count: 3, page: 2 }));
    expect(page.data.map((row) => row.reference)).toEqual(['D-1', 'C-2', 'A-1']);
    expect(page.total).toBe(8);
  });

  it('filters on the currency, the due day (Paris, included), the payment method, combined with the others', async () => {
    expect(await references(finance, { currency: 'USD' })).toEqual(['C-2']);
    expect(await references(finance, { currency: 'EUR', sepa: 'false', status: 'invoice_validated' })).toEqual([
      'G-1',
      'F-1',
      'E-1',
      'D-1',
      'B-1',
    ]);
    // A-1 falls due on 31 May (invoiced 1 May in Paris, net 30).
    expect(await references(finance, { dueBefore: '2026-05-31' })).toEqual(['A-1', 'B-1', 'A-2']);
    expect(await references(finance, { dueBefore: '2026-05-30' })).toEqual(['B-1', 'A-2']);
    expect(okBody(await list(finance, { dueBefore: '2026-05-30' })).total).toBe(2);
    expect(await references(finance, { paymentMethod: 'wire', partnerId: partnerB.partnerId })).toEqual(['B-1']);
    expect(await references(finance, { paymentMethod: 'wire' })).not.toContain('E-1');
    expect(await references(managerA, { currency: 'EUR' })).toEqual(['A-1', 'A-2']);
  });

  it('answers bad filters with per-field errors', async () => {
    const bad = await list(finance, invalid({ currency: 'eur', dueBefore: '31/05/2026', paymentMethod: 'cash', sepa: 'maybe' })); // prettier-ignore
    expect(Object.keys(errorBody(bad, 400).errors ?? {}).sort()).toEqual([
      'currency',
      'dueBefore',
      'paymentMethod',
      'sepa',
    ]);
  });
});
