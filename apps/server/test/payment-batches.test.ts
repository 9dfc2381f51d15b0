/**
 * Payment batches (decision 073): finance builds a SEPA credit transfer file (pain.001.001.09, the EPC's C2PSP 2023
 * guidelines) of validated EUR invoices, a second admin or finance user approves it (its invoices then in payment),
 * the file is downloaded (audited), and the batch marked paid (invoices paid, partners told) or cancelled before
 * download (invoices back to validated). Refusals name each invoice; one open batch per invoice, also under
 * concurrency; what SEPA cannot pay is listed in a CSV for the bank's web form.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { convert } from 'xmlbuilder2';
import { validateXML } from 'xmllint-wasm';
import { auditEndpoints, billingEndpoints, notificationsEndpoints, paymentBatchesEndpoints } from '@portal/contracts';
import { billingRequests, invoices, partners } from '../src/db/schema.js';
import { validatePain001 } from '../src/modules/payment-batches/index.js';
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
  type TestApp,
} from './helper.js';
import { parseCsv } from './csv.js';

const XSD = fs.readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/modules/payment-batches/pain.001.001.09.xsd'),
  'utf8',
);
/** The EPC Latin character set, and the XML's own markup around it. */
const EPC_TEXT = /^[A-Za-z0-9/\-?:().,'+ ]*$/;

let t: TestApp;
// A Wednesday, 12:00 in Paris: the next business day is Thursday 21 May.
const clock = testClock(new Date('2026-05-20T10:00:00Z'));
let builder: string;
let secondFinance: string;
let admin: string;
let manager: string;
const partnerTokens = new Map<number, string>();

type BankDetails = Partial<typeof partners.$inferInsert>;

async function partnerWith(companyName: string, bank: BankDetails) {
  const created = await createPartner(t, { companyName });
  await t.database.db
    .update(partners)
    .set({ paymentMethod: 'wire', ...bank })
    .where(eq(partners.id, created.partnerId));
  partnerTokens.set(created.partnerId, await login(t, created.email, created.password));
  return created.partnerId;
}

let invoiceSequence = 0;
/** An invoice of a partner, validated unless said otherwise, of `amount` minor units VAT included. */
async function invoiceOf(
  partnerId: number,
  options: { amount?: number; currency?: string; status?: string } = {},
): Promise<{ id: number; reference: string }> {
  invoiceSequence += 1;
  const [request] = await t.database.db
    .insert(billingRequests)
    .values({
      partnerId,
      startingAt: new Date(Date.UTC(2020, invoiceSequence, 1)),
      endingAt: new Date(Date.UTC(2020, invoiceSequence + 1, 1) - 1000),
      totalAmount: options.amount ?? 120_050,
      totalVatAmount: 20_008,
      partnerAccountType: 'company',
      partnerName: 'Partner',
      paymentTerms: 'net30',
      paymentCurrency: options.currency ?? 'EUR',
    })
    .returning();
  const reference = `INV-2026-${String(invoiceSequence).padStart(4, '0')}`;
  const [row] = await t.database.db
    .insert(invoices)
    .values({ billingRequestId: request!.id, reference, status: options.status ?? 'invoice_validated' })
    .returning();
  return { id: row!.id, reference };
}

const build = (token: string, invoiceIds: number[], requestedExecutionDate?: string) =>
  callEndpoint(
    t.app,
    paymentBatchesEndpoints.create,
    { body: { invoiceIds, ...(requestedExecutionDate ? { requestedExecutionDate } : {}) } },
    token,
  );
const approve = (token: string, id: number) =>
  callEndpoint(t.app, paymentBatchesEndpoints.approve, { params: { id } }, token);
const file = (token: string, id: number) =>
  callEndpoint(t.app, paymentBatchesEndpoints.file, { params: { id } }, token);
const update = (token: string, id: number, status: 'paid' | 'cancelled', reason?: string) =>
  callEndpoint(
    t.app,
    paymentBatchesEndpoints.update,
    { params: { id }, body: { status, ...(reason ? { reason } : {}) } },
    token,
  );
const detail = async (id: number) =>
  okBody(await callEndpoint(t.app, paymentBatchesEndpoints.get, { params: { id } }, admin)).data;

const LONG_NAME = `Zoë Ñúñez & Søn — Ölçer Straße GmbH ${'Überlange Firmenbezeichnung '.repeat(3)}`;

let northwind: number;
let zoe: number;
let held: number;
let dollars: number;
let noIban: number;
let turkish: number;
let american: number;

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  const first = await createStaff(t, 'ROLE_FINANCE');
  const second = await createStaff(t, 'ROLE_FINANCE');
  const adm = await createStaff(t, 'ROLE_ADMIN');
  const am = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
  builder = await login(t, first.email, first.password);
  secondFinance = await login(t, second.email, second.password);
  admin = await login(t, adm.email, adm.password);
  manager = await login(t, am.email, am.password);
  northwind = await partnerWith('Northwind Media', {
    accountHolder: 'Northwind Media SARL',
    iban: 'FR14 2004 1010 0505 0001 3M02 606',
    swift: 'PSSTFRPPPAR',
  });
  zoe = await partnerWith(LONG_NAME, { iban: 'DE89370400440532013000', swift: 'not a bic' });
  held = await partnerWith('Held Ltd', {
    iban: 'FR7630006000011234567890189',
    bankDetailsChangedAt: new Date(clock.now().getTime() - 3_600_000),
  });
  dollars = await partnerWith('Dollar Inc', { iban: 'FR7630006000011234567890189', paymentCurrency: 'USD' });
  noIban = await partnerWith('No Iban SAS', { iban: null, accountHolder: '=HYPERLINK("http://x")' });
  turkish = await partnerWith('Istanbul AS', { iban: 'TR330006100519786457841326' });
  american = await partnerWith('American LLC', {
    iban: 'US12345678901234',
    routingNumber: '021000021',
    swift: 'CHASUS33',
    bankName: 'Chase',
    bankAddress: '270 Park Avenue, New York',
  });
}, 120_000);
afterAll(async () => t?.close());

describe('building a batch', () => {
  it('refuses every invoice SEPA cannot pay, each named with its reason, and writes nothing', async () => {
    const refusedOnes = {
      held: await invoiceOf(held),
      not_eur: await invoiceOf(dollars, { currency: 'USD' }),
      no_iban: await invoiceOf(noIban),
      not_sepa_country: await invoiceOf(turkish),
      invalid_iban: await invoiceOf(american),
      not_validated: await invoiceOf(northwind, { status: 'waiting_for_approval' }),
    };
    const good = await invoiceOf(northwind);
    const res = await build(builder, [good.id, ...Object.values(refusedOnes).map((invoice) => invoice.id)]);
    const error = errorBody(res, 409);
    const refusals = (error.data as { refusals: { invoiceId: number; reference: string; reason: string }[] }).refusals;
    expect(Object.fromEntries(refusals.map((refusal) => [refusal.reason, refusal.invoiceId]))).toEqual(
      Object.fromEntries(Object.entries(refusedOnes).map(([reason, invoice]) => [reason, invoice.id])),
    );
    for (const invoice of Object.values(refusedOnes)) expect(error.message).toContain(invoice.reference);
    expect(error.message).not.toContain(good.reference);
    expect(error.message).toContain('is held after a change of the bank details');
    const list = okBody(await callEndpoint(t.app, paymentBatchesEndpoints.list, { query: {} }, builder));
    expect(list.total).toBe(0);
  });

  it('answers 404 for an invoice that does not exist, 400 for a day in the past, 403 to account managers', async () => {
    const good = await invoiceOf(northwind);
    expectError(await build(builder, [good.id, 999_999]), 404);
    const past = errorBody(await build(builder, [good.id], '2026-05-19'), 400);
    expect(past.errors).toEqual({ requestedExecutionDate: 'min' });
    expectError(await build(manager, [good.id]), 403);
    expectError(await callEndpoint(t.app, paymentBatchesEndpoints.list, { query: {} }, manager), 403);
  });
});

describe('a batch from build to paid', () => {
  let batchId: number;
  let nw: { id: number; reference: string };
  let zz: { id: number; reference: string };

  it('builds a draft with its reference, the next business day, its control sum and creditors', async () => {
    nw = await invoiceOf(northwind, { amount: 123_456 });
    zz = await invoiceOf(zoe, { amount: 1 });
    const batch = okBody(await build(builder, [zz.id, nw.id])).data;
    batchId = batch.id;
    expect(batch).toMatchObject({
      reference: 'PAY-2026-00001',
      status: 'draft',
      currency: 'EUR',
      transactionCount: 2,
      totalAmount: 123_457,
      requestedExecutionDate: '2026-05-21',
      debtor: { iban: t.config.network.iban, bic: t.config.network.bic },
      approvedBy: null,
      downloadedAt: null,
      filename: 'PAY-2026-00001.xml',
    });
    const byInvoice = Object.fromEntries(batch.transactions.map((line) => [line.invoiceId, line]));
    expect(byInvoice[nw.id]).toMatchObject({
      creditorName: 'Northwind Media SARL',
      creditorIban: 'FR1420041010050500013M02606',
      creditorBic: 'PSSTFRPPPAR',
      invoiceStatus: 'invoice_validated',
    });
    expect(byInvoice[zz.id]!.creditorBic).toBeNull();
    expect(byInvoice[zz.id]!.creditorName.length).toBeLessThanOrEqual(70);
    expect(byInvoice[zz.id]!.creditorName).toMatch(/^Zoe Nunez \+ Son - Olcer Strasse GmbH/);
  });

  it('refuses the file of a draft, the creator’s approval, and an invoice already in the open batch', async () => {
    expectError(await file(admin, batchId), 409);
    const own = errorBody(await approve(builder, batchId), 403);
    expect(own.message).toContain('another person');
    const again = errorBody(await build(secondFinance, [nw.id]), 409);
    expect(again.message).toContain('PAY-2026-00001');
    expect((again.data as { refusals: { reason: string }[] }).refusals[0]!.reason).toBe('in_open_batch');
  });

  it('is approved by a second finance user: its invoices in payment, partners told', async () => {
    const batch = okBody(await approve(secondFinance, batchId)).data;
    expect(batch.status).toBe('approved');
    expect(batch.approvedBy?.id).toBeGreaterThan(0);
    expect(batch.approvedAt).toBe(clock.now().toISOString());
    expect(batch.transactions.map((line) => line.invoiceStatus)).toEqual([
      'payment_in_progress',
      'payment_in_progress',
    ]);
    expectError(await approve(admin, batchId), 409);
    const told = await callEndpoint(t.app, notificationsEndpoints.list, {}, partnerTokens.get(northwind)!);
    expect(told.raw.body).toContain(`Invoice ${nw.reference} is now`);
  });

  it('downloads a pain.001.001.09 file valid against the EPC XSD, in the EPC character set and lengths', async () => {
    clock.advance(60_000);
    const res = await file(builder, batchId);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="PAY-2026-00001.xml"');
    const xml = res.raw.body;
    const validation = await validateXML({
      xml: [{ fileName: 'batch.xml', contents: xml }],
      schema: [{ fileName: 'pain.001.001.09.xsd', contents: XSD }],
    });
    expect(validation.errors).toEqual([]);
    expect(validation.valid).toBe(true);

    const doc = convert(xml, { format: 'object' }) as unknown as {
      Document: { CstmrCdtTrfInitn: { GrpHdr: Record<string, unknown>; PmtInf: Record<string, unknown> } };
    };
    const { GrpHdr: header, PmtInf: info } = doc.Document.CstmrCdtTrfInitn;
    expect(header).toMatchObject({ MsgId: 'PAY-2026-00001', NbOfTxs: '2', CtrlSum: '1234.57' });
    expect(info).toMatchObject({
      PmtInfId: 'PAY-2026-00001',
      PmtMtd: 'TRF',
      NbOfTxs: '2',
      CtrlSum: '1234.57',
      PmtTpInf: { SvcLvl: { Cd: 'SEPA' } },
      ReqdExctnDt: { Dt: '2026-05-21' },
      DbtrAcct: { Id: { IBAN: t.config.network.iban } },
      DbtrAgt: { FinInstnId: { BICFI: t.config.network.bic } },
      ChrgBr: 'SLEV',
    });
    type Transfer = {
      PmtId: { EndToEndId: string };
      Amt: { InstdAmt: { '@Ccy': string; '#': string } };
      CdtrAgt?: { FinInstnId: { BICFI: string } };
      Cdtr: { Nm: string };
      RmtInf: { Ustrd: string };
    };
    const transfers = info.CdtTrfTxInf as Transfer[];
    const byId = Object.fromEntries(transfers.map((transfer) => [transfer.PmtId.EndToEndId, transfer]));
    expect(byId[nw.reference]).toMatchObject({
      Amt: { InstdAmt: { '@Ccy': 'EUR', '#': '1234.56' } },
      CdtrAgt: { FinInstnId: { BICFI: 'PSSTFRPPPAR' } },
      Cdtr: { Nm: 'Northwind Media SARL' },
      RmtInf: { Ustrd: `Invoice ${nw.reference} Northwind Media` },
    });
    const odd = byId[zz.reference]!;
    expect(odd.Amt.InstdAmt['#']).toBe('0.01');
    expect(odd.CdtrAgt).toBeUndefined();
    expect(odd.Cdtr.Nm.length).toBeLessThanOrEqual(70);
    expect(odd.Cdtr.Nm).toMatch(EPC_TEXT);
    expect(odd.RmtInf.Ustrd.length).toBeLessThanOrEqual(140);
    // Every text of the file (between its tags) is in the EPC set; the creation instant's 'T' and 'Z' included.
    const texts = [...xml.matchAll(/>([^<]+)</g)].map((match) => match[1]!.trim()).filter(Boolean);
    for (const text of texts) expect(text).toMatch(EPC_TEXT);
  });

  it('audits every download with who and when, and keeps the first one on the batch', async () => {
    const firstAt = clock.now().toISOString();
    clock.advance(60_000);
    expect((await file(admin, batchId)).status).toBe(200);
    const batch = await detail(batchId);
    expect(batch.downloadedAt).toBe(firstAt);
    expect(batch.downloadedBy?.id).not.toBe(batch.approvedBy?.id);
    const audit = okBody(
      await callEndpoint(
        t.app,
        auditEndpoints.auditLog,
        { query: { entityType: 'payment_batch', entityId: String(batchId) } },
        admin,
      ),
    ).data;
    const downloads = audit.filter((entry) => entry.action === 'download');
    expect(downloads).toHaveLength(2);
    expect(new Set(downloads.map((entry) => entry.actor?.id)).size).toBe(2);
    expect(downloads.map((entry) => entry.createdAt).sort()).toEqual([firstAt, clock.now().toISOString()]);
    expect(audit.map((entry) => entry.action).sort()).toEqual(['create', 'download', 'download', 'status']);
  });

  it('cannot be cancelled once downloaded; marked paid, its invoices are paid and partners told', async () => {
    const refusal = errorBody(await update(admin, batchId, 'cancelled'), 409);
    expect(refusal.message).toContain('downloaded');
    const paid = okBody(await update(builder, batchId, 'paid')).data;
    expect(paid.status).toBe('paid');
    expect(paid.paidAt).toBe(clock.now().toISOString());
    expect(paid.transactions.map((line) => line.invoiceStatus)).toEqual(['paid', 'paid']);
    for (const partnerId of [northwind, zoe]) {
      const told = await callEndpoint(t.app, notificationsEndpoints.list, {}, partnerTokens.get(partnerId)!);
      expect(told.raw.body).toMatch(/Invoice INV-2026-\d{4} is now paid\./);
    }
    expectError(await update(builder, batchId, 'paid'), 409);
    expectError(await update(builder, batchId, 'cancelled'), 409);
    // Paid invoices are in no open batch: refused as not validated, not as in a batch.
    const again = errorBody(await build(builder, [nw.id]), 409);
    expect((again.data as { refusals: { reason: string }[] }).refusals[0]!.reason).toBe('not_validated');
  });
});

describe('cancelling', () => {
  it('cancels a draft and an approved batch not downloaded: invoices back to validated and free to batch again', async () => {
    const a = await invoiceOf(northwind);
    const draft = okBody(await build(builder, [a.id])).data;
    const cancelledDraft = okBody(await update(builder, draft.id, 'cancelled', 'wrong selection')).data;
    expect(cancelledDraft).toMatchObject({ status: 'cancelled', cancelledAt: clock.now().toISOString() });
    expectError(await file(builder, draft.id), 409);

    const approved = okBody(await build(builder, [a.id])).data;
    okBody(await approve(admin, approved.id));
    const cancelled = okBody(await update(secondFinance, approved.id, 'cancelled')).data;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.transactions[0]!.invoiceStatus).toBe('invoice_validated');
    expectError(await approve(admin, approved.id), 409);
    const rebuilt = okBody(await build(builder, [a.id])).data;
    expect(rebuilt.status).toBe('draft');
    okBody(await update(builder, rebuilt.id, 'cancelled'));
  });
});

describe('a hold started after the build', () => {
  it('refuses the approval naming the invoice, and writes nothing', async () => {
    const later = await partnerWith('Later Change SARL', { iban: 'FR7630006000011234567890189' });
    const invoice = await invoiceOf(later);
    const other = await invoiceOf(northwind);
    const batch = okBody(await build(builder, [invoice.id, other.id])).data;
    await t.database.db.update(partners).set({ bankDetailsChangedAt: clock.now() }).where(eq(partners.id, later));
    const refusal = errorBody(await approve(secondFinance, batch.id), 409);
    expect(refusal.message).toContain(`Invoice ${invoice.reference}: Payments to this partner are held until`);
    const after = await detail(batch.id);
    expect(after.status).toBe('draft');
    expect(after.transactions.map((line) => line.invoiceStatus)).toEqual(['invoice_validated', 'invoice_validated']);
    okBody(await update(builder, batch.id, 'cancelled'));
  });
});

describe('one open batch per invoice', () => {
  it('lets one of two concurrent builds of the same invoice win; the other answers 409', async () => {
    const shared = await invoiceOf(northwind);
    const results = await Promise.all([build(builder, [shared.id]), build(secondFinance, [shared.id])]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
    const loser = results.find((res) => res.status === 409)!;
    expectError(loser, 409);
    // PostgreSQL: the partial unique index refuses the second link (23505); PGlite runs one transaction at a time, so
    // the second build sees the first's batch and names it.
    expect(loser.body.message).toMatch(/at the same time|already in an open payment batch/);
    const open = okBody(await callEndpoint(t.app, paymentBatchesEndpoints.list, { query: { status: 'draft' } }, admin));
    expect(open.data.filter((batch) => batch.transactionCount === 1).length).toBe(1);
  });
});

describe('the validator', () => {
  it('refuses a broken document with the XSD’s words', async () => {
    const good = await invoiceOf(northwind);
    const batch = okBody(await build(builder, [good.id])).data;
    okBody(await approve(secondFinance, batch.id));
    const xml = (await file(admin, batch.id)).raw.body;
    expect(await validatePain001(xml)).toEqual({ valid: true });
    const broken = await validatePain001(xml.replace('<ChrgBr>SLEV</ChrgBr>', '<ChrgBr>OUR</ChrgBr>'));
    expect(broken.valid).toBe(false);
    expect(JSON.stringify(broken)).toContain('ChrgBr');
    const tooLong = await validatePain001(xml.replace(/<MsgId>[^<]+</, `<MsgId>${'X'.repeat(36)}<`));
    expect(tooLong.valid).toBe(false);
  });
});

describe('to pay by hand', () => {
  it('lists the validated invoices SEPA cannot pay with what the bank needs, as a spreadsheet CSV', async () => {
    const res = await callEndpoint(t.app, paymentBatchesEndpoints.byHandCsv, {}, builder);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.raw.body.startsWith('\uFEFF')).toBe(true);
    expect(res.raw.body).toContain('\r\n');
    const [header, ...rows] = parseCsv(res.raw.body, { crlfOnly: true });
    expect(header).toEqual([
      'Invoice',
      'Partner',
      'Account holder',
      'IBAN or account number',
      'SWIFT/BIC',
      'Routing number',
      'Bank name',
      'Bank address',
      'Amount',
      'Currency',
      'Why not SEPA',
    ]);
    const byPartner = Object.fromEntries(rows.map((row) => [row[1], row]));
    expect(Object.keys(byPartner).sort()).toEqual(
      ['American LLC', 'Dollar Inc', 'Held Ltd', 'Istanbul AS', 'Later Change SARL', 'No Iban SAS'].sort(),
    );
    expect(byPartner['American LLC']).toEqual([
      expect.stringMatching(/^INV-2026-/),
      'American LLC',
      'American LLC',
      'US12345678901234',
      'CHASUS33',
      '021000021',
      'Chase',
      '270 Park Avenue, New York',
      '1200.50',
      'EUR',
      'has an IBAN that is not valid',
    ]);
    expect(byPartner['Dollar Inc']!.slice(8)).toEqual(['1200.50', 'USD', 'is not in euros']);
    expect(byPartner['Held Ltd']![10]).toMatch(/^is held after a change of the bank details until /);
    // A holder that reads as a formula is made inert.
    expect(byPartner['No Iban SAS']![2]).toBe('\'=HYPERLINK("http://x")');
    // The spreadsheet's sums per currency are the screen's: the same invoices as the list the screen reads, to the cent.
    const screen = okBody(
      await callEndpoint(
        t.app,
        billingEndpoints.staffInvoices,
        { query: { status: ['invoice_validated'], sepa: false, count: 100 } },
        builder,
      ),
    );
    expect(rows.map((row) => row[0]).sort()).toEqual(screen.data.map((invoice) => invoice.reference).sort());
    const sums = (pairs: [string, number][]) =>
      pairs.reduce<Record<string, number>>(
        (acc, [currency, cents]) => ({ ...acc, [currency]: (acc[currency] ?? 0) + cents }),
        {},
      );
    // Amounts are major units with a dot and no grouping: read back to cents exactly.
    const centsOf = (amount: string) => {
      expect(amount).toMatch(/^-?\d+\.\d{2}$/);
      return Math.round(Number(amount) * 100);
    };
    expect(sums(rows.map((row) => [row[9]!, centsOf(row[8]!)]))).toEqual(
      sums(screen.data.map((invoice) => [invoice.paymentCurrency, invoice.totalAmount])),
    );
    expectError(await callEndpoint(t.app, paymentBatchesEndpoints.byHandCsv, {}, manager), 403);
  });
});
