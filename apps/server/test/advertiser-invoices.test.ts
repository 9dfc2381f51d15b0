import { inflateSync } from 'node:zlib';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADVERTISER_VAT_MENTIONS,
  advertiserInvoicesEndpoints,
  advertisersEndpoints,
  conversionChangesEndpoints,
  filesEndpoints,
  type AdvertiserInvoice,
} from '@portal/contracts';
import { advertiserInvoices, conversionAdjustments, conversions, offers, products } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  errorBody,
  expectError,
  login,
  okBody,
  testClock,
  type CallInput,
  type TestApp,
} from './helper.js';
import { columnSum, parseCsv, readSpreadsheetCsv } from './csv.js';
import { createOffer } from './offer-fixtures.js';

/** What advertisers owe (decision 073): advertiser invoices, their numbering, VAT, credit notes and ageing. */

const clock = testClock(new Date('2026-01-10T10:00:00Z'));
let t: TestApp;
let second: TestApp | undefined;
const accounts: Record<'admin' | 'finance' | 'manager', { email: string; password: string }> = {} as never;
const tokens = { admin: '', finance: '', manager: '' };
let partnerId: number;

type Advertiser = { id: number; offerId: number };
let fr: Advertiser; // France: French VAT
let de: Advertiser; // Germany with a VAT number: reverse charge
let us: Advertiser; // United States, paying in USD: outside the EU
let it_: Advertiser; // Italy without a VAT number: French VAT; net90

async function advertiserWith(name: string, currency: string): Promise<Advertiser> {
  const offerId = await createOffer(t, { name, currency, goals: [{ goal: 'sale', p1: { amount: 100 } }] });
  const [row] = await t.database.db
    .select({ id: products.advertiserId })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(eq(offers.id, offerId));
  return { id: row!.id, offerId };
}

let dedupe = 0;
/** An approved conversion recorded at `at`, written straight to the table: the run reads only the rows. */
async function earn(advertiser: Advertiser, at: string, revenue: number, currency = 'EUR'): Promise<number> {
  dedupe += 1;
  const [row] = await t.database.db
    .insert(conversions)
    .values({
      advertiserId: advertiser.id,
      offerId: advertiser.offerId,
      partnerId,
      dedupeKey: `adv-${dedupe}`,
      goal: 'sale',
      payout: Math.floor(revenue / 2),
      revenue,
      currency,
      status: 'approved',
      createdAt: new Date(at),
    })
    .returning({ id: conversions.id });
  return row!.id;
}

/** Moves the clock and signs everyone in again (sessions last seven days). */
async function moveClockTo(at: string) {
  clock.advance(new Date(at).getTime() - clock.now().getTime());
  for (const role of ['admin', 'finance', 'manager'] as const)
    tokens[role] = await login(t, accounts[role].email, accounts[role].password);
}

const run = (month: string, token = tokens.finance, app = t) =>
  callEndpoint(app.app, advertiserInvoicesEndpoints.run, { body: { month } }, token);
const update = (id: number, body: CallInput<typeof advertiserInvoicesEndpoints.update>['body']) =>
  callEndpoint(t.app, advertiserInvoicesEndpoints.update, { params: { id }, body }, tokens.finance);
const owe = async () => okBody(await callEndpoint(t.app, advertiserInvoicesEndpoints.owe, {}, tokens.finance)).data;

async function invoicesOf(query: CallInput<typeof advertiserInvoicesEndpoints.list>['query'] = {}) {
  return okBody(await callEndpoint(t.app, advertiserInvoicesEndpoints.list, { query: { count: 100, ...query } }, tokens.finance)); // prettier-ignore
}

/** Every reference issued so far, in number order. */
async function references(): Promise<string[]> {
  const rows = await t.database.db
    .select({ reference: advertiserInvoices.reference })
    .from(advertiserInvoices)
    .orderBy(asc(advertiserInvoices.reference));
  return rows.map((row) => row.reference);
}
const series = (n: number) => Array.from({ length: n }, (_, i) => `ADV-2026-${String(i + 1).padStart(5, '0')}`);

/** The text a pdfkit PDF shows: its content streams inflated, the hex strings of its TJ arrays decoded. */
async function pdfTextOf(fileId: number): Promise<string> {
  const link = okBody(await callEndpoint(t.app, filesEndpoints.url, { params: { id: fileId } }, tokens.finance));
  const signed = new URL(link.data.url);
  const res = await t.app.inject({ method: 'GET', url: `${signed.pathname}${signed.search}` });
  expect(res.headers['content-type']).toBe('application/pdf');
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
  return texts.join(' ');
}

const frJan: number[] = [];
let usJan: number;

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  accounts.admin = await createStaff(t, 'ROLE_ADMIN');
  accounts.finance = await createStaff(t, 'ROLE_FINANCE');
  accounts.manager = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
  partnerId = (await createPartner(t)).partnerId;
  await moveClockTo('2026-01-10T10:00:00Z');
  fr = await advertiserWith('Boutique Paris', 'EUR');
  de = await advertiserWith('Berlin Shop', 'EUR');
  us = await advertiserWith('Austin Apps', 'USD');
  it_ = await advertiserWith('Milano Moda', 'EUR');
  frJan.push(await earn(fr, '2026-01-05T10:00:00Z', 10_000));
  frJan.push(await earn(fr, '2026-01-31T22:59:59Z', 10_000)); // 23:59:59 Paris, still January
  await earn(fr, '2026-01-31T23:00:00Z', 8_000); // February 1st in Paris
  await earn(de, '2026-01-12T10:00:00Z', 5_000);
  usJan = await earn(us, '2026-01-15T10:00:00Z', 7_000, 'USD');
  await earn(it_, '2026-01-20T10:00:00Z', 3_000);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe('advertiser billing details (decision 073)', () => {
  it('the staff advertiser editor sets billing terms, address, country and VAT number, normalised', async () => {
    const set = (id: number, body: CallInput<typeof advertisersEndpoints.update>['body']) =>
      callEndpoint(t.app, advertisersEndpoints.update, { params: { id }, body }, tokens.admin);
    okBody(await set(fr.id, { country: 'fr', vatNumber: 'FR 40 303 265 045', billingAddress: '1 rue de Rivoli\n75001 Paris' })); // prettier-ignore
    okBody(await set(de.id, { name: 'Berlin Shop', country: 'DE', vatNumber: 'de123456789', billingAddress: 'Unter den Linden 1\n10117 Berlin' })); // prettier-ignore
    okBody(await set(us.id, { country: 'US', billingAddress: '100 Congress Ave\nAustin, TX 78701' }));
    okBody(await set(it_.id, { country: 'IT', vatNumber: '', billingTerms: 'net90' }));
    const detail = okBody(await callEndpoint(t.app, advertisersEndpoints.get, { params: { id: de.id } }, tokens.admin)).data; // prettier-ignore
    expect(detail).toMatchObject({ country: 'DE', vatNumber: 'DE123456789', billingTerms: 'net30' });
    const italy = okBody(await callEndpoint(t.app, advertisersEndpoints.get, { params: { id: it_.id } }, tokens.admin)).data; // prettier-ignore
    expect(italy).toMatchObject({ country: 'IT', vatNumber: null, billingTerms: 'net90' });

    const bad = errorBody(await set(fr.id, { country: 'France', billingTerms: 'yearly' as never }), 400);
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(['billingTerms', 'country']);
  });
});

describe('advertiser invoices (decision 073)', () => {
  it('refuses a month that is not over, and everyone but admins and finance', async () => {
    const early = errorBody(await run('2026-01'), 400);
    expect(early.errors).toHaveProperty('month');
    expectError(await run('2026-01', tokens.manager), 403);
    expectError(await callEndpoint(t.app, advertiserInvoicesEndpoints.list, { query: {} }, tokens.manager), 403);
    expectError(await callEndpoint(t.app, advertiserInvoicesEndpoints.owe, {}, tokens.manager), 403);
    expectError(await callEndpoint(t.app, advertiserInvoicesEndpoints.exportCsv, { query: {} }, tokens.manager), 403);
    expect(await references()).toEqual([]);
  });

  it('issues one invoice per advertiser and currency with gap-free numbers and the VAT of each case', async () => {
    await moveClockTo('2026-02-03T09:00:00Z');
    const res = okBody(await run('2026-01')).data;
    expect(res.skipped).toBe(0);
    const byAdvertiser = new Map(res.issued.map((invoice) => [invoice.advertiser.id, invoice]));
    expect(res.issued.map((invoice) => invoice.reference)).toEqual(series(4));
    expect(byAdvertiser.get(fr.id)).toMatchObject({
      kind: 'invoice',
      status: 'issued',
      currency: 'EUR',
      period: { startDate: '2026-01-01', endDate: '2026-01-31' },
      periodKind: 'month',
      issuedOn: '2026-02-03',
      dueOn: '2026-03-05',
      conversionCount: 2,
      conversionsAmount: 20_000,
      adjustmentsAmount: 0,
      netAmount: 20_000,
      vatTreatment: 'domestic',
      vatRatePercent: 20,
      vatAmount: 4_000,
      totalAmount: 24_000,
      daysOverdue: 0,
    });
    expect(byAdvertiser.get(de.id)).toMatchObject({ vatTreatment: 'reverse_charge', vatRatePercent: 0, vatAmount: 0, totalAmount: 5_000 }); // prettier-ignore
    expect(byAdvertiser.get(us.id)).toMatchObject({ currency: 'USD', vatTreatment: 'outside_eu', vatRatePercent: 0, totalAmount: 7_000 }); // prettier-ignore
    expect(byAdvertiser.get(it_.id)).toMatchObject({ vatTreatment: 'domestic', vatRatePercent: 20, vatAmount: 600, totalAmount: 3_600, dueOn: '2026-05-04' }); // prettier-ignore

    const [frRow] = await t.database.db
      .select({ invoiced: sql<number>`count(*)`.mapWith(Number) })
      .from(conversions)
      .where(eq(conversions.advertiserInvoiceId, byAdvertiser.get(fr.id)!.id));
    expect(frRow!.invoiced).toBe(2);

    // The PDFs: the network sells, the advertiser's snapshot buys, the VAT case is said.
    const dePdf = await pdfTextOf(byAdvertiser.get(de.id)!.file!.id);
    expect(dePdf).toContain('INVOICE');
    expect(dePdf).toContain('ADV-2026-00002');
    expect(dePdf).toContain('Berlin Shop');
    expect(dePdf).toContain('DE123456789');
    expect(dePdf).toContain(t.config.network.name);
    expect(dePdf).toContain(ADVERTISER_VAT_MENTIONS.reverse_charge!.slice(0, 40));
    expect(await pdfTextOf(byAdvertiser.get(us.id)!.file!.id)).toContain(ADVERTISER_VAT_MENTIONS.outside_eu!.slice(0, 40)); // prettier-ignore
    const frPdf = await pdfTextOf(byAdvertiser.get(fr.id)!.file!.id);
    expect(frPdf).not.toContain('Reverse charge');
    expect(frPdf).toContain('VAT 20 %');
    // An account manager does not open it.
    expectError(await callEndpoint(t.app, filesEndpoints.url, { params: { id: byAdvertiser.get(fr.id)!.file!.id } }, tokens.manager), 404); // prettier-ignore
  });

  it('is idempotent: a second run, and the daily job, issue nothing', async () => {
    const again = okBody(await run('2026-01')).data;
    expect(again).toEqual({ month: '2026-01', issued: [], skipped: 0 });
    const job = await t.app.advertiserInvoiceJob.runDue();
    expect(job.issued).toEqual([]);
    expect(await references()).toEqual(series(4));
  });

  it('cancels an invoice with a credit note; its conversions are invoiced again by the next run', async () => {
    await moveClockTo('2026-02-06T10:00:00Z');
    const [usInvoice] = (await invoicesOf({ advertiserId: us.id })).data;
    expect(usInvoice!.reference).toBe('ADV-2026-00003');
    const missing = errorBody(await update(usInvoice!.id, { status: 'cancelled', reason: ' ' }), 400);
    expect(missing.errors).toHaveProperty('reason');

    const cancelled = okBody(await update(usInvoice!.id, { status: 'cancelled', reason: 'Wrong billing address' })).data; // prettier-ignore
    expect(cancelled).toMatchObject({ status: 'cancelled', creditNote: 'ADV-2026-00005', cancelReason: 'Wrong billing address', totalAmount: 7_000 }); // prettier-ignore
    const [credit] = (await invoicesOf({ advertiserId: us.id, status: 'issued' })).data;
    expect(credit).toMatchObject({
      reference: 'ADV-2026-00005',
      kind: 'credit_note',
      status: 'issued',
      creditNoteFor: 'ADV-2026-00003',
      conversionsAmount: -7_000,
      netAmount: -7_000,
      vatAmount: 0,
      totalAmount: -7_000,
      currency: 'USD',
    });
    const creditPdf = await pdfTextOf(credit!.file!.id);
    expect(creditPdf).toContain('CREDIT NOTE');
    expect(creditPdf).toContain('Cancels invoice ADV-2026-00003');
    const [freed] = await t.database.db
      .select({ invoiceId: conversions.advertiserInvoiceId })
      .from(conversions)
      .where(eq(conversions.id, usJan));
    expect(freed!.invoiceId).toBeNull();

    // Never again: a cancelled invoice and a credit note are not moved.
    expectError(await update(usInvoice!.id, { status: 'cancelled', reason: 'again' }), 409);
    expectError(await update(credit!.id, { status: 'paid', paidOn: '2026-02-06' }), 409);

    const rerun = okBody(await run('2026-01')).data;
    expect(rerun.issued).toHaveLength(1);
    expect(rerun.issued[0]).toMatchObject({ reference: 'ADV-2026-00006', advertiser: { id: us.id }, conversionsAmount: 7_000, totalAmount: 7_000, dueOn: '2026-03-08' }); // prettier-ignore
    expect(await references()).toEqual(series(6));
  });

  it('marks an issued invoice paid on a day: not before its issue, not in the future, once', async () => {
    const [deInvoice] = (await invoicesOf({ advertiserId: de.id })).data;
    expect(errorBody(await update(deInvoice!.id, { status: 'paid', paidOn: '2026-02-02' }), 400).errors).toHaveProperty('paidOn'); // prettier-ignore
    expect(errorBody(await update(deInvoice!.id, { status: 'paid', paidOn: '2026-02-07' }), 400).errors).toHaveProperty('paidOn'); // prettier-ignore
    expect(errorBody(await update(deInvoice!.id, { status: 'paid', paidOn: '2026-02-31' }), 400).errors).toHaveProperty('paidOn'); // prettier-ignore
    const paid = okBody(await update(deInvoice!.id, { status: 'paid', paidOn: '2026-02-06' })).data;
    expect(paid).toMatchObject({ status: 'paid', paidOn: '2026-02-06' });
    expectError(await update(deInvoice!.id, { status: 'paid', paidOn: '2026-02-06' }), 409);
    expectError(await update(999_999, { status: 'paid', paidOn: '2026-02-06' }), 404);
  });

  it('a reversal after invoicing is carried by the next invoice; one before invoicing just lowers the revenue', async () => {
    await moveClockTo('2026-02-07T10:00:00Z');
    const reverse = async (id: number) =>
      okBody(await callEndpoint(t.app, conversionChangesEndpoints.reverse, { params: { id }, body: { reason: 'refund' } }, tokens.admin)).data; // prettier-ignore
    await reverse(frJan[0]!);
    const feb = [await earn(fr, '2026-02-10T10:00:00Z', 8_000), await earn(fr, '2026-02-11T10:00:00Z', 8_000)];
    await moveClockTo('2026-02-12T10:00:00Z');
    await reverse(feb[1]!);
    const lines = await t.database.db
      .select({
        conversionId: conversionAdjustments.conversionId,
        revenueDelta: conversionAdjustments.revenueDelta,
        advertiserBillable: conversionAdjustments.advertiserBillable,
      })
      .from(conversionAdjustments)
      .where(eq(conversionAdjustments.advertiserId, fr.id))
      .orderBy(asc(conversionAdjustments.id));
    expect(lines).toEqual([
      { conversionId: frJan[0], revenueDelta: -10_000, advertiserBillable: true },
      { conversionId: feb[1], revenueDelta: -8_000, advertiserBillable: false },
    ]);
  });

  it('the daily job invoices February once it is over, carrying the reversal as a negative line', async () => {
    await moveClockTo('2026-03-02T01:00:00Z'); // 02:00 in Paris
    const job = await t.app.advertiserInvoiceJob.runDue();
    expect(job.issued.map((invoice) => invoice.reference)).toEqual(['ADV-2026-00007']);
    expect(job.issued[0]).toMatchObject({
      advertiser: { id: fr.id },
      period: { startDate: '2026-02-01', endDate: '2026-02-28' },
      // February 1st's 8000 and February 10th's 8000; the one reversed before invoicing is not there.
      conversionCount: 2,
      conversionsAmount: 16_000,
      adjustmentsAmount: -10_000,
      netAmount: 6_000,
      vatAmount: 1_200,
      totalAmount: 7_200,
    });
    expect(await pdfTextOf(job.issued[0]!.file!.id)).toContain('Adjustments of conversions invoiced earlier');
    expect(okBody(await run('2026-02')).data.issued).toEqual([]);
    expect((await t.app.advertiserInvoiceJob.runDue()).issued).toEqual([]);
  });

  it('"Advertisers owe" ages unpaid invoices by their due day, with totals per currency and what is not invoiced yet', async () => {
    await earn(de, '2026-03-15T10:00:00Z', 2_500);
    await moveClockTo('2026-04-10T10:00:00Z');
    const data = await owe();
    expect(data.asOf).toBe('2026-04-10');
    const row = (advertiser: Advertiser, currency = 'EUR') =>
      data.rows.find((r) => r.advertiser.id === advertiser.id && r.currency === currency);
    // France: January's due 5 March (36 days late), February's due 1 April (9 days).
    expect(row(fr)).toMatchObject({
      buckets: { current: 0, days_1_30: 7_200, days_31_60: 24_000, days_over_60: 0 },
      total: 31_200,
      invoices: 2,
      oldestDueOn: '2026-03-05',
    });
    expect(row(it_)).toMatchObject({ buckets: { current: 3_600, days_1_30: 0, days_31_60: 0, days_over_60: 0 }, total: 3_600 }); // prettier-ignore
    expect(row(us, 'USD')).toMatchObject({ buckets: { current: 0, days_1_30: 0, days_31_60: 7_000, days_over_60: 0 } }); // prettier-ignore
    expect(row(de)).toBeUndefined(); // paid
    expect(data.totals).toEqual([
      { currency: 'EUR', buckets: { current: 3_600, days_1_30: 7_200, days_31_60: 24_000, days_over_60: 0 }, total: 34_800 }, // prettier-ignore
      { currency: 'USD', buckets: { current: 0, days_1_30: 0, days_31_60: 7_000, days_over_60: 0 }, total: 7_000 },
    ]);
    expect(data.notYetInvoiced).toEqual([{ currency: 'EUR', amount: 2_500 }]);

    const overdue = await invoicesOf({ overdue: true });
    expect(overdue.data.map((invoice) => invoice.reference).sort()).toEqual(['ADV-2026-00001', 'ADV-2026-00006', 'ADV-2026-00007']); // prettier-ignore
    expect(overdue.data.find((invoice) => invoice.reference === 'ADV-2026-00001')?.daysOverdue).toBe(36);

    await moveClockTo('2026-05-10T10:00:00Z');
    expect((await owe()).totals.find((total) => total.currency === 'EUR')?.buckets).toEqual({
      current: 0,
      days_1_30: 3_600,
      days_31_60: 7_200,
      days_over_60: 24_000,
    });
  });

  it('lists with filters and pages, and exports the CSV a spreadsheet opens', async () => {
    const january = await invoicesOf({ month: '2026-01' });
    expect(january.total).toBe(6);
    const page = okBody(await callEndpoint(t.app, advertiserInvoicesEndpoints.list, { query: { month: '2026-01', count: 2, page: 2 } }, tokens.admin)); // prettier-ignore
    expect(page.total).toBe(6);
    expect(page.data).toHaveLength(2);
    expect((await invoicesOf({ currency: 'USD' })).total).toBe(3);
    expect((await invoicesOf({ status: 'cancelled' })).data.map((i: AdvertiserInvoice) => i.reference)).toEqual(['ADV-2026-00003']); // prettier-ignore
    expectError(await callEndpoint(t.app, advertiserInvoicesEndpoints.list, { query: { month: '2026-13' } }, tokens.finance), 400); // prettier-ignore

    const res = await callEndpoint(t.app, advertiserInvoicesEndpoints.exportCsv, { query: { month: '2026-01' } }, tokens.finance); // prettier-ignore
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = res.raw.body;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.split('\r\n').length).toBe(8); // header, six rows, the final line end
    const [header, ...rows] = parseCsv(text, { crlfOnly: true });
    expect(header!.slice(0, 3)).toEqual(['Reference', 'Kind', 'Status']);
    const column = (name: string) => header!.indexOf(name);
    const credit = rows.find((r) => r[column('Reference')] === 'ADV-2026-00005')!;
    expect(credit[column('Kind')]).toBe('credit_note');
    expect(credit[column('Total')]).toBe('-70.00');
    expect(credit[column('Credit note for')]).toBe('ADV-2026-00003');
    const frRow = rows.find((r) => r[column('Reference')] === 'ADV-2026-00001')!;
    expect([frRow[column('Net amount')], frRow[column('VAT')], frRow[column('Total')]]).toEqual(['200.00', '40.00', '240.00']); // prettier-ignore
    // As a spreadsheet reads it (decision 077): BOM, CRLF, and each money column summed per currency is the list's.
    const { header: named, lines } = readSpreadsheetCsv(text);
    const listed = okBody(await callEndpoint(t.app, advertiserInvoicesEndpoints.list, { query: { month: '2026-01', count: 100 } }, tokens.finance)).data; // prettier-ignore
    expect(lines).toHaveLength(listed.length);
    for (const currency of new Set(listed.map((i: AdvertiserInvoice) => i.currency))) {
      const mine = lines.filter((l) => l[named.indexOf('Currency')] === currency);
      const ofList = listed.filter((i: AdvertiserInvoice) => i.currency === currency);
      const sum = (pick: (i: AdvertiserInvoice) => number) => ofList.reduce((n: number, i: AdvertiserInvoice) => n + pick(i), 0); // prettier-ignore
      expect(columnSum(named, mine, 'Net amount'), currency).toBe(sum((i) => i.netAmount));
      expect(columnSum(named, mine, 'VAT'), currency).toBe(sum((i) => i.vatAmount));
      expect(columnSum(named, mine, 'Total'), currency).toBe(sum((i) => i.totalAmount));
    }
  });

  it('a rolled-back issue gives its number back', async () => {
    const storage = t.app.ctx.storage;
    const put = storage.put.bind(storage);
    storage.put = () => Promise.reject(new Error('disk full'));
    try {
      expect((await run('2026-03')).status).toBe(500);
    } finally {
      storage.put = put;
    }
    expect(await references()).toEqual(series(7));
    const march = okBody(await run('2026-03')).data;
    expect(march.issued.map((invoice) => invoice.reference)).toEqual(['ADV-2026-00008']);
    expect(march.issued[0]).toMatchObject({ advertiser: { id: de.id }, totalAmount: 2_500 });
  });

  it('two servers running at once issue each period once, numbered without a gap', async () => {
    await earn(fr, '2026-04-03T10:00:00Z', 1_000);
    await earn(it_, '2026-04-04T10:00:00Z', 2_000);
    await earn(us, '2026-04-05T10:00:00Z', 3_000, 'USD');
    second = await buildTestApp({ now: clock.now, sameDatabaseAs: t });
    const [a, b, c] = await Promise.all([
      run('2026-04'),
      run('2026-04', tokens.admin, second),
      second.app.advertiserInvoiceJob.runDue(),
    ]);
    const issued = [...okBody(a).data.issued, ...okBody(b).data.issued, ...c.issued];
    expect(issued.map((invoice) => invoice.advertiser.id).sort()).toEqual([fr.id, us.id, it_.id].sort());
    expect(issued.map((invoice) => invoice.reference).sort()).toEqual(series(11).slice(8));
    expect(await references()).toEqual(series(11));
  });

  it('a credit note of an invoice whose conversion was reversed since keeps the books: the reversal is not counted twice', async () => {
    const [january] = (await invoicesOf({ advertiserId: fr.id, month: '2026-01' })).data;
    expect(january!.reference).toBe('ADV-2026-00001');
    okBody(await update(january!.id, { status: 'cancelled', reason: 'Disputed' }));
    const rerun = okBody(await run('2026-01')).data.issued;
    // The reversed conversion is billed again at what the cancelled invoice billed: February's invoice carried its
    // reversal (−100.00) already.
    expect(rerun.map((invoice) => [invoice.reference, invoice.conversionCount, invoice.conversionsAmount, invoice.adjustmentsAmount])).toEqual([['ADV-2026-00013', 2, 20_000, 0]]); // prettier-ignore
    const invoiced = (await invoicesOf({ advertiserId: fr.id })).data.reduce((sum, invoice) => sum + invoice.netAmount, 0); // prettier-ignore
    const [approved] = await t.database.db
      .select({ revenue: sql<number>`coalesce(sum(${conversions.revenue}), 0)`.mapWith(Number) })
      .from(conversions)
      .where(sql`${conversions.advertiserId} = ${fr.id} and ${conversions.status} = 'approved'`);
    expect(invoiced).toBe(approved!.revenue);
    expect(invoiced).toBe(27_000);
    expect((await owe()).notYetInvoiced).toEqual([]);
  });
});
