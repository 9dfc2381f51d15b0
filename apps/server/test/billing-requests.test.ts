/**
 * GET /api/v1/billing-request: the partner's billing requests and invoices (Payments screen, decision 025), paged,
 * sorted, filtered on the period's Paris days, invoice statuses and deferral, and never another partner's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEndpoints, filesEndpoints } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { billingRequests, files, invoices } from '../src/db/schema.js';
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
  type CallInput,
  type TestApp,
} from './helper.js';

let t: TestApp;
let a: { partnerId: number; token: string };
let b: { partnerId: number; token: string };

type Seeded = {
  month: string;
  /** The Paris month as UTC instants, written out by hand: +01:00 in winter, +02:00 in summer. */
  startingAt: string;
  endingAt: string;
  total: number;
  deferred?: boolean;
  invoice?: { status: string; createdAt: string; paidAt?: string };
};

// Partner A: six months of 2026, every invoice status, one deferred, one not invoiced yet.
const A: Seeded[] = [
  {
    month: '2026-01',
    startingAt: '2025-12-31T23:00:00Z',
    endingAt: '2026-01-31T22:59:59Z',
    total: 120_000,
    // Paid late on 3 March in UTC (the partner's offset: it has none set).
    invoice: { status: 'paid', createdAt: '2026-02-01T23:30:00Z', paidAt: '2026-03-03T23:30:00Z' },
  },
  {
    month: '2026-02',
    startingAt: '2026-01-31T23:00:00Z',
    endingAt: '2026-02-28T22:59:59Z',
    total: 45_050,
    deferred: true,
    invoice: { status: 'waiting_for_approval', createdAt: '2026-03-02T09:00:00Z' },
  },
  {
    month: '2026-03',
    startingAt: '2026-02-28T23:00:00Z',
    endingAt: '2026-03-31T21:59:59Z',
    total: 310_099,
    invoice: { status: 'paid', createdAt: '2026-04-01T08:00:00Z' },
  },
  {
    month: '2026-04',
    startingAt: '2026-03-31T22:00:00Z',
    endingAt: '2026-04-30T21:59:59Z',
    total: 98_765,
    invoice: { status: 'payment_in_progress', createdAt: '2026-05-04T10:00:00Z' },
  },
  {
    month: '2026-05',
    startingAt: '2026-04-30T22:00:00Z',
    endingAt: '2026-05-31T21:59:59Z',
    total: 201_000,
    invoice: { status: 'invoice_validated', createdAt: '2026-06-01T07:00:00Z' },
  },
  { month: '2026-06', startingAt: '2026-05-31T22:00:00Z', endingAt: '2026-06-30T21:59:59Z', total: 5_000 },
];
const ids = new Map<string, number>();

async function seed(partnerId: number, rows: Seeded[], prefix: string) {
  for (const row of rows) {
    const [request] = await t.database.db
      .insert(billingRequests)
      .values({
        partnerId,
        startingAt: new Date(row.startingAt),
        endingAt: new Date(row.endingAt),
        totalAmount: row.total,
        totalVatAmount: Math.round(row.total / 6),
        partnerAccountType: 'affiliate',
        partnerName: 'Partner',
        paymentTerms: 'net30',
        paymentCurrency: 'EUR',
        deferred: row.deferred ?? false,
        paymentThreshold: row.deferred ? 50_000 : null,
        createdAt: new Date(row.endingAt),
      })
      .returning();
    if (!request) throw new Error('no billing request');
    ids.set(`${prefix}${row.month}`, request.id);
    if (row.invoice)
      await t.database.db.insert(invoices).values({
        billingRequestId: request.id,
        reference: `${prefix}INV-${row.month}`,
        status: row.invoice.status,
        createdAt: new Date(row.invoice.createdAt),
        paidAt: row.invoice.paidAt ? new Date(row.invoice.paidAt) : null,
      });
  }
}

const list = (token: string, query: CallInput<typeof billingEndpoints.billingRequests>['query'] = {}) =>
  callEndpoint(t.app, billingEndpoints.billingRequests, { query }, token);
const months = async (token: string, query: CallInput<typeof billingEndpoints.billingRequests>['query']) => {
  const res = await list(token, query);
  expectOk(res);
  return res.body.data.map((row) => [...ids].find(([, id]) => id === row.id)?.[0]);
};

beforeAll(async () => {
  t = await buildTestApp();
  const pa = await createPartner(t);
  const pb = await createPartner(t);
  a = { partnerId: pa.partnerId, token: await login(t, pa.email, pa.password) };
  b = { partnerId: pb.partnerId, token: await login(t, pb.email, pb.password) };
  await seed(a.partnerId, A, 'A-');
  await seed(b.partnerId, [A[2]!], 'B-');
}, 120_000);
afterAll(async () => t?.close());

describe('GET /api/v1/billing-request', () => {
  it('lists the partner’s requests newest first, with Paris days, amounts in minor units and the invoice', async () => {
    const res = await list(a.token, { page: 1, count: 50, sort: 'startingAt', order: 'desc' });
    expectOk(res);
    const body = okBody(res);
    expect(body.total).toBe(6);
    expect(body.data.map((row: { id: number }) => row.id)).toEqual(
      ['2026-06', '2026-05', '2026-04', '2026-03', '2026-02', '2026-01'].map((m) => ids.get(`A-${m}`)),
    );
    // January: its first moment is 31 December 23:00 UTC, its invoice was written on 2 February in Paris.
    expect(body.data[5]).toEqual({
      id: ids.get('A-2026-01'),
      startingAt: '2025-12-31T23:00:00.000Z',
      endingAt: '2026-01-31T22:59:59.000Z',
      period: { startDate: '2026-01-01', endDate: '2026-01-31' },
      totalAmount: 120_000,
      totalVatAmount: 20_000,
      paymentCurrency: 'EUR',
      paymentTerms: 'net30',
      paymentThreshold: null,
      deferred: false,
      createdAt: '2026-01-31T22:59:59.000Z',
      // Billed as a month, before due days were recorded (decision 070), and carrying no correction.
      periodKind: 'month',
      dueOn: null,
      adjustmentsAmount: 0,
      adjustments: [],
      invoice: {
        id: expect.any(Number),
        reference: 'A-INV-2026-01',
        status: 'paid',
        date: '2026-02-02',
        file: null,
        paidOn: '2026-03-03',
        heldUntil: null,
        // Never returned by the bank (decision 073).
        returnedAt: null,
        returnedOn: null,
        returnReason: null,
      },
    });
    // Summer time: March ends at 21:59:59 UTC, still the 31st in Paris.
    expect(body.data[3]!.period).toEqual({ startDate: '2026-03-01', endDate: '2026-03-31' });
    // A deferred month tells the threshold it stayed under (Payments explains the carry-over with it).
    expect(body.data[4]).toMatchObject({
      deferred: true,
      paymentThreshold: 50_000,
      invoice: { status: 'waiting_for_approval' },
    });
    expect(body.data[0]).toMatchObject({ totalAmount: 5_000, invoice: null });
  });

  it('pages and sorts', async () => {
    const page2 = await list(a.token, { page: 2, count: 4 });
    expect(okBody(page2).total).toBe(6);
    expect(okBody(page2).data).toHaveLength(2);
    expect(await months(a.token, { page: 2, count: 4 })).toEqual(['A-2026-02', 'A-2026-01']);
    expect(await months(a.token, { order: 'asc', count: 2 })).toEqual(['A-2026-01', 'A-2026-02']);
    expect(await months(a.token, { sort: 'totalAmount', order: 'desc', count: 3 })).toEqual([
      'A-2026-03',
      'A-2026-05',
      'A-2026-01',
    ]);
    expect(okBody(await list(a.token, { page: 9 }))).toMatchObject({ data: [], total: 6 });
  });

  it('filters on the period’s Paris days: a request matches when one of its days is in the range', async () => {
    // 31 January in Paris holds January only; 1 February starts February (already 31 January 23:00 UTC).
    expect(await months(a.token, { startDate: '2026-01-31', endDate: '2026-01-31' })).toEqual(['A-2026-01']);
    expect(await months(a.token, { startDate: '2026-02-01', endDate: '2026-02-01' })).toEqual(['A-2026-02']);
    expect(await months(a.token, { startDate: '2026-03-15', endDate: '2026-04-01' })).toEqual([
      'A-2026-04',
      'A-2026-03',
    ]);
    expect(await months(a.token, { startDate: '2026-05-02' })).toEqual(['A-2026-06', 'A-2026-05']);
    expect(await months(a.token, { endDate: '2026-01-15' })).toEqual(['A-2026-01']);
    expect(await months(a.token, { startDate: '', endDate: '' })).toHaveLength(6);
  });

  it('filters on invoice statuses (any of them) and on deferral', async () => {
    expect(await months(a.token, { status: 'paid' })).toEqual(['A-2026-03', 'A-2026-01']);
    expect(await months(a.token, { status: 'paid,payment_in_progress' })).toEqual([
      'A-2026-04',
      'A-2026-03',
      'A-2026-01',
    ]);
    expect(await months(a.token, { status: ['invoice_validated', 'waiting_for_approval'] })).toEqual([
      'A-2026-05',
      'A-2026-02',
    ]);
    expect(await months(a.token, { deferred: 'true' })).toEqual(['A-2026-02']);
    expect(await months(a.token, { deferred: 'false' })).toHaveLength(5);
    expect(await months(a.token, { deferred: 'false', status: 'waiting_for_approval' })).toEqual([]);
    expect(await months(a.token, { deferred: '', status: '' })).toHaveLength(6);
    const filtered = await list(a.token, { status: 'paid', count: 1 });
    expect(okBody(filtered)).toMatchObject({ total: 2 });
  });

  it('names the invoice’s document, which its partner alone can download', async () => {
    const db = t.database.db;
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    await t.app.ctx.storage.put('invoice-a-march.pdf', pdf);
    const [file] = await db
      .insert(files)
      .values({
        type: 'invoice',
        filename: 'A-INV-2026-03.pdf',
        mimeType: 'application/pdf',
        size: pdf.length,
        storageKey: 'invoice-a-march.pdf',
        ownerPartnerId: a.partnerId,
      })
      .returning();
    await db
      .update(invoices)
      .set({ invoiceFileId: file!.id })
      .where(eq(invoices.billingRequestId, ids.get('A-2026-03')!));
    // A file that is not the partner's own is not offered, even if an invoice points at it.
    const [foreign] = await db
      .insert(files)
      .values({
        type: 'invoice',
        filename: 'B.pdf',
        mimeType: 'application/pdf',
        size: pdf.length,
        storageKey: 'invoice-b.pdf',
        ownerPartnerId: b.partnerId,
      })
      .returning();
    await db
      .update(invoices)
      .set({ invoiceFileId: foreign!.id })
      .where(eq(invoices.billingRequestId, ids.get('A-2026-04')!));

    const rows = okBody(await list(a.token)).data;
    const byId = new Map(rows.map((row) => [row.id, row.invoice?.file]));
    expect(byId.get(ids.get('A-2026-03')!)).toEqual({ id: file!.id, filename: 'A-INV-2026-03.pdf' });
    expect(byId.get(ids.get('A-2026-04')!)).toBeNull();

    const link = await callEndpoint(t.app, filesEndpoints.url, { params: { id: file!.id } }, a.token);
    expectOk(link);
    const download = await t.app.inject({
      method: 'GET',
      url: new URL(okBody(link).data.url).pathname + new URL(okBody(link).data.url).search,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expectError(await callEndpoint(t.app, filesEndpoints.url, { params: { id: file!.id } }, b.token), 404);
    // And staff's invoice is not the partner's to delete.
    expectError(await callEndpoint(t.app, filesEndpoints.delete, { params: { id: file!.id } }, a.token), 403);
  });

  it('never shows another partner’s requests', async () => {
    expect(await months(b.token, {})).toEqual(['B-2026-03']);
    expect(
      await months(b.token, { status: 'paid,payment_in_progress,invoice_validated,waiting_for_approval' }),
    ).toEqual(['B-2026-03']);
  });

  it('refuses bad filters, unknown parameters, staff and anonymous callers with an error object', async () => {
    for (const query of [
      { status: 'lost' },
      { deferred: 'maybe' },
      { startDate: '2026-02-30' },
      { startDate: '2026-03-01', endDate: '2026-02-01' },
      { sort: 'partnerId' },
      { order: 'up' },
      { count: 0 },
      { count: 501 },
      { page: 0 },
      { partnerId: 1 },
    ])
      expectError(await list(a.token, invalid(query)), 400);
    const staff = await createStaff(t, 'ROLE_ADMIN');
    expectError(await list(await login(t, staff.email, staff.password)), 403);
    expectError(await callEndpoint(t.app, billingEndpoints.billingRequests, {}, null), 401);
  });
});
