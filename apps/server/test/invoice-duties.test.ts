/**
 * Separated duties on invoices (decision 064): an invoice moves only along the transition table (anything else 409,
 * nothing written: status, audit, notification); finance and admins move invoices, account and team managers read
 * them (403); the bank return (in payment → validated, decision 073) needs a reason, kept in the audit entry and on
 * the invoice for its partner, and takes the invoice out of its payment batch; nobody validates an invoice their own
 * billing run created. Billing runs are an admin's. The bulk move goes through the same rules, all or nothing.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingEndpoints,
  INVOICE_STATUSES,
  INVOICE_TRANSITIONS,
  invoiceMove,
  type BulkInvoiceStatusBody,
  type InvoiceStatus,
  type InvoiceStatusBody,
} from '@portal/contracts';
import {
  auditLog,
  billingRequests,
  conversions,
  invoices,
  notifications,
  offers,
  partners,
  paymentBatchInvoices,
  paymentBatches,
  products,
} from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  createTeam,
  errorBody,
  expectError,
  expectOk,
  login,
  okBody,
  testClock,
  type TestApp,
} from './helper.js';
import { createOffer } from './offer-fixtures.js';

let t: TestApp;
const clock = testClock(new Date('2026-05-04T10:20:00Z'));
type Staff = { userId: number; token: string };
let admin: Staff;
let otherAdmin: Staff;
let finance: Staff;
let teamManager: Staff;
let manager: Staff;
let partnerId: number;
let partnerToken: string;

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  const signIn = async (role: Parameters<typeof createStaff>[1], teamId: number | null = null) => {
    const s = await createStaff(t, role, { teamId });
    return { userId: s.userId, token: await login(t, s.email, s.password) };
  };
  const teamId = await createTeam(t);
  admin = await signIn('ROLE_ADMIN');
  otherAdmin = await signIn('ROLE_ADMIN');
  finance = await signIn('ROLE_FINANCE');
  teamManager = await signIn('ROLE_TEAM_MANAGER', teamId);
  manager = await signIn('ROLE_ACCOUNT_MANAGER', teamId);
  // The partner is the account manager's, in the team manager's team: both reach it, and still move nothing.
  const partner = await createPartner(t, { accountManagerId: manager.userId });
  partnerId = partner.partnerId;
  partnerToken = await login(t, partner.email, partner.password);
}, 120_000);
afterAll(async () => t?.close());

let sequence = 0;
/** An invoice of the partner (or another), at a status, created by no one (or by `createdById`). */
async function invoiceAt(
  status: InvoiceStatus,
  createdById: number | null = null,
  of: { partnerId?: number; currency?: string; totalAmount?: number } = {},
) {
  const n = (sequence += 1);
  const [request] = await t.database.db
    .insert(billingRequests)
    .values({
      partnerId: of.partnerId ?? partnerId,
      startingAt: new Date(Date.UTC(2020, n, 1)),
      endingAt: new Date(Date.UTC(2020, n + 1, 1) - 1000),
      totalAmount: of.totalAmount ?? 12_000,
      totalVatAmount: 2_000,
      partnerAccountType: 'affiliate',
      partnerName: 'Partner',
      paymentTerms: 'net30',
      paymentCurrency: of.currency ?? 'EUR',
    })
    .returning();
  const [invoice] = await t.database.db
    .insert(invoices)
    .values({
      billingRequestId: request!.id,
      reference: `INV-2020-${String(n).padStart(4, '0')}`,
      status,
      paidAt: status === 'paid' ? new Date('2026-05-01T10:00:00Z') : null,
      createdById,
    })
    .returning();
  return invoice!;
}

const move = (who: Staff, id: number, body: InvoiceStatusBody) =>
  callEndpoint(t.app, billingEndpoints.setInvoiceStatus, { params: { id }, body }, who.token);
const runBilling = (who: Staff, month: string) =>
  callEndpoint(t.app, billingEndpoints.runBilling, { body: { month } }, who.token);

/** What a refused move must leave alone: the invoice row, its audit entries, the partner's notifications. */
async function stateOf(id: number) {
  const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, id));
  const [audit] = await t.database.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'invoice'), eq(auditLog.entityId, String(id))));
  const [notified] = await t.database.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(notifications)
    .where(eq(notifications.partnerId, partnerId));
  return {
    status: invoice!.status,
    paidAt: invoice!.paidAt?.toISOString() ?? null,
    updatedAt: invoice!.updatedAt.toISOString(),
    audit: audit!.n,
    notifications: notified!.n,
  };
}

const auditEntries = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'invoice'), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);

/** Every move of the table, with a reason where one is needed. */
const TABLE_MOVES = INVOICE_STATUSES.flatMap((from) =>
  INVOICE_TRANSITIONS[from].map((m) => ({
    from,
    to: m.to,
    duty: m.duty,
    body: m.duty === 'send_invoice_back' ? { status: m.to, reason: 'Wrong bank details' } : { status: m.to },
  })),
);

describe('who moves invoices (decision 064)', () => {
  it('has four moves in its table, one of them back: the bank return (decision 073)', () => {
    expect(TABLE_MOVES.map((m) => `${m.from}→${m.to}`)).toEqual([
      'waiting_for_approval→invoice_validated',
      'invoice_validated→payment_in_progress',
      'payment_in_progress→paid',
      'payment_in_progress→invoice_validated',
    ]);
  });

  for (const role of ['admin', 'finance'] as const) {
    it(`lets ${role} make every move of the table: audited with its reason, the partner told`, async () => {
      const who = role === 'admin' ? admin : finance;
      for (const m of TABLE_MOVES) {
        const invoice = await invoiceAt(m.from);
        const before = await stateOf(invoice.id);
        const res = await move(who, invoice.id, m.body);
        expect(res.status, `${m.from}→${m.to}: ${res.raw.body}`).toBe(200);
        expect(okBody(res).data).toMatchObject({ id: invoice.id, status: m.to });
        const after = await stateOf(invoice.id);
        expect(after).toMatchObject({
          status: m.to,
          audit: before.audit + 1,
          notifications: before.notifications + 1,
          paidAt: m.to === 'paid' ? clock.now().toISOString() : null,
        });
        const [entry] = await auditEntries(invoice.id);
        expect(entry).toMatchObject({
          actorId: who.userId,
          action: 'status',
          partnerId,
          reason: m.duty === 'send_invoice_back' ? 'Wrong bank details' : null,
          changes: [{ field: 'status', before: m.from, after: m.to }],
        });
      }
    });
  }

  for (const role of ['an account manager', 'a team manager'] as const) {
    it(`refuses every move to ${role}, who reaches the partner (403, nothing written)`, async () => {
      const who = role === 'an account manager' ? manager : teamManager;
      // It reads the invoice...
      const invoice = await invoiceAt('waiting_for_approval');
      const list = await callEndpoint(t.app, billingEndpoints.staffInvoices, { query: { partnerId } }, who.token);
      expect(okBody(list).data.map((row) => row.id)).toContain(invoice.id);
      // ... and moves none.
      for (const m of TABLE_MOVES) {
        const at = await invoiceAt(m.from);
        const before = await stateOf(at.id);
        const res = await move(who, at.id, m.body);
        expect(errorBody(res, 403).message).toBe('Invoices are moved by Admin and Finance only: your role reads them.');
        expect(await stateOf(at.id)).toEqual(before);
      }
    });
  }

  it('refuses every move outside the table with 409 and writes nothing (status, audit, notification)', async () => {
    const outside = INVOICE_STATUSES.flatMap((from) =>
      INVOICE_STATUSES.filter((to) => !invoiceMove(from, to)).map((to) => ({ from, to })),
    );
    // 16 pairs, 4 of them moves: the same status again, skipping a step, back from validated, anything out of paid.
    expect(outside).toHaveLength(12);
    expect(outside).toContainEqual({ from: 'invoice_validated', to: 'waiting_for_approval' });
    for (const who of [admin, finance]) {
      for (const { from, to } of outside) {
        const invoice = await invoiceAt(from);
        const before = await stateOf(invoice.id);
        const res = await move(who, invoice.id, { status: to, reason: 'Trying' });
        expect(errorBody(res, 409).data).toEqual({ status: from, allowed: INVOICE_TRANSITIONS[from].map((m) => m.to) });
        expect(await stateOf(invoice.id), `${from}→${to}`).toEqual(before);
      }
    }
    const paid = await invoiceAt('paid');
    expect((await move(finance, paid.id, { status: 'waiting_for_approval', reason: 'x' })).body.message).toBe(
      `Invoice ${paid.reference} is paid: a paid invoice is final.`,
    );
    const waiting = await invoiceAt('waiting_for_approval');
    expect((await move(finance, waiting.id, { status: 'paid' })).body.message).toBe(
      `Invoice ${waiting.reference} is waiting for approval and cannot become paid: it can become validated.`,
    );
    // The send-back from validated is gone (decision 073): a 409 naming the one move left.
    const validated = await invoiceAt('invoice_validated');
    const back = await move(finance, validated.id, { status: 'waiting_for_approval', reason: 'Check VAT' });
    expect(errorBody(back, 409)).toMatchObject({
      message: `Invoice ${validated.reference} is validated and cannot become waiting for approval: it can become in payment.`,
      data: { status: 'invoice_validated', allowed: ['payment_in_progress'] },
    });
    const inPayment = await invoiceAt('payment_in_progress');
    expect((await move(finance, inPayment.id, { status: 'waiting_for_approval' })).body.message).toBe(
      `Invoice ${inPayment.reference} is in payment and cannot become waiting for approval: it can become paid or validated.`,
    );
  });

  it('needs a reason for a bank return', async () => {
    for (const from of ['payment_in_progress'] as const) {
      const invoice = await invoiceAt(from);
      const back = INVOICE_TRANSITIONS[from].find((m) => m.duty === 'send_invoice_back')!.to;
      const before = await stateOf(invoice.id);
      for (const body of [{ status: back }, { status: back, reason: '   ' }, { status: back, reason: null }]) {
        const res = await move(finance, invoice.id, body);
        expect(errorBody(res, 400).errors).toEqual({ reason: 'required' });
        expect(await stateOf(invoice.id)).toEqual(before);
      }
      const tooLong = await move(finance, invoice.id, { status: back, reason: 'x'.repeat(1001) });
      expect(Object.keys(errorBody(tooLong, 400).errors ?? {})).toEqual(['reason']);
      expect((await move(finance, invoice.id, { status: back, reason: '  Payment bounced  ' })).status).toBe(200);
      const [entry] = await auditEntries(invoice.id);
      expect(entry!.reason).toBe('Payment bounced');
    }
  });
});

describe('nobody approves a payable they created (decision 064)', () => {
  it('records the admin whose billing run created an invoice, refuses it the validation, and lets another', async () => {
    const offerId = await createOffer(t, { name: 'Billed' });
    const [offer] = await t.database.db
      .select({ advertiserId: products.advertiserId })
      .from(offers)
      .innerJoin(products, eq(products.id, offers.productId))
      .where(eq(offers.id, offerId));
    await t.database.db.insert(conversions).values({
      advertiserId: offer!.advertiserId,
      offerId,
      partnerId,
      dedupeKey: `duties-${offerId}`,
      goal: 'registration',
      payout: 5_000_000,
      status: 'approved',
      createdAt: new Date('2026-04-10T12:00:00Z'),
    });
    const run = await runBilling(admin, '2026-04');
    const reference = okBody(run).data.created.find((c) => c.invoice)!.invoice!;
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.reference, reference));
    expect(invoice!.createdById).toBe(admin.userId);
    // The Invoices screen says so, to leave the validation to another person.
    const listed = await callEndpoint(
      t.app,
      billingEndpoints.staffInvoices,
      { query: { partnerId, status: 'waiting_for_approval', count: 100 } },
      finance.token,
    );
    expect(okBody(listed).data.find((row) => row.id === invoice!.id)).toMatchObject({ createdById: admin.userId });

    const before = await stateOf(invoice!.id);
    const refused = await move(admin, invoice!.id, { status: 'invoice_validated' });
    expect(errorBody(refused, 403).message).toBe('You created this invoice: another person must validate it.');
    expect(await stateOf(invoice!.id)).toEqual(before);

    // Another person validates it: finance, or another admin.
    const validated = await move(finance, invoice!.id, { status: 'invoice_validated' });
    expectOk(validated);
    // Once validated, the payment steps are finance's work, whoever ran billing; a bank return brings it back to
    // validated, not to the creator's approval.
    expectOk(await move(admin, invoice!.id, { status: 'payment_in_progress' }));
    expectOk(await move(finance, invoice!.id, { status: 'invoice_validated', reason: 'Account closed' }));
    expectOk(await move(admin, invoice!.id, { status: 'payment_in_progress' }));

    // Another waiting invoice of the same creator: another admin validates it.
    const second = await invoiceAt('waiting_for_approval', admin.userId);
    expectError(await move(admin, second.id, { status: 'invoice_validated' }), 403);
    expect((await move(otherAdmin, second.id, { status: 'invoice_validated' })).status).toBe(200);
  });

  it('lets finance validate an invoice of a run no person started (the demo seed’s replay)', async () => {
    const invoice = await invoiceAt('waiting_for_approval', null);
    expect((await move(finance, invoice.id, { status: 'invoice_validated' })).status).toBe(200);
  });

  it('lets finance run billing (decision 079), never validate an invoice of its own run; managers are refused', async () => {
    for (const who of [teamManager, manager]) {
      expectError(await runBilling(who, '2026-03'), 403);
    }
    const offerId = await createOffer(t, { name: 'Billed by finance' });
    const [offer] = await t.database.db
      .select({ advertiserId: products.advertiserId })
      .from(offers)
      .innerJoin(products, eq(products.id, offers.productId))
      .where(eq(offers.id, offerId));
    await t.database.db.insert(conversions).values({
      advertiserId: offer!.advertiserId,
      offerId,
      partnerId,
      dedupeKey: `finance-run-${offerId}`,
      goal: 'registration',
      payout: 5_000_000,
      status: 'approved',
      createdAt: new Date('2026-03-10T12:00:00Z'),
    });
    const run = await runBilling(finance, '2026-03');
    expectOk(run);
    const reference = okBody(run).data.created.find((c) => c.invoice)!.invoice!;
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.reference, reference));
    expect(invoice!.createdById).toBe(finance.userId);
    expect(errorBody(await move(finance, invoice!.id, { status: 'invoice_validated' }), 403).message).toBe(
      'You created this invoice: another person must validate it.',
    );
    expectOk(await move(admin, invoice!.id, { status: 'invoice_validated' }));
  });
});

/** A draft batch holding an invoice (as the payment batches build them), answering the batch's id. */
async function inBatch(invoiceId: number): Promise<number> {
  sequence += 1;
  const [batch] = await t.database.db
    .insert(paymentBatches)
    .values({
      reference: `PAY-2026-${String(sequence).padStart(5, '0')}`,
      status: 'approved',
      transactionCount: 1,
      totalAmount: 12_000,
      requestedExecutionDate: '2026-05-05',
      debtorName: 'Network',
      debtorIban: 'FR1420041010050500013M02606',
      xml: '<Document/>',
    })
    .returning({ id: paymentBatches.id });
  await t.database.db.insert(paymentBatchInvoices).values({
    batchId: batch!.id,
    invoiceId,
    amount: 12_000,
    creditorName: 'Partner',
    creditorIban: 'FR7630006000011234567890189',
  });
  return batch!.id;
}

describe('the bank return (decision 073)', () => {
  it('keeps when and why on the invoice, closes its batch link, and tells the partner the reason', async () => {
    const invoice = await invoiceAt('payment_in_progress');
    const batchId = await inBatch(invoice.id);
    const res = await move(finance, invoice.id, { status: 'invoice_validated', reason: 'Account closed (AC04).' });
    expect(okBody(res).data.status).toBe('invoice_validated');

    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ returnedAt: clock.now(), returnReason: 'Account closed (AC04).', paidAt: null });
    const [link] = await t.database.db
      .select()
      .from(paymentBatchInvoices)
      .where(eq(paymentBatchInvoices.invoiceId, invoice.id));
    expect(link).toMatchObject({ batchId, open: false, returnedAt: clock.now() });

    // Finance reads it on the Invoices screen: returned, and in no open batch any more.
    const listed = okBody(
      await callEndpoint(t.app, billingEndpoints.staffInvoices, { query: { partnerId, count: 100 } }, finance.token),
    ).data.find((r) => r.id === invoice.id);
    expect(listed).toMatchObject({
      status: 'invoice_validated',
      batch: null,
      returnedAt: clock.now().toISOString(),
      returnReason: 'Account closed (AC04).',
    });

    // The partner reads it on its Payments screen, on its own clock, with the bank's reason.
    const mine = okBody(
      await callEndpoint(t.app, billingEndpoints.billingRequests, { query: { count: 100 } }, partnerToken),
    )
      .data.map((request) => request.invoice)
      .find((inv) => inv?.id === invoice.id);
    expect(mine).toMatchObject({
      status: 'invoice_validated',
      returnReason: 'Account closed (AC04).',
      returnedOn: '2026-05-04',
    });
    expect(mine!.returnedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(new Date(mine!.returnedAt!).toISOString()).toBe(clock.now().toISOString());
    // An invoice never returned says so.
    const never = okBody(
      await callEndpoint(t.app, billingEndpoints.billingRequests, { query: { count: 100 } }, partnerToken),
    ).data.find((request) => request.invoice?.status === 'waiting_for_approval');
    expect(never?.invoice).toMatchObject({ returnedAt: null, returnedOn: null, returnReason: null });

    const [notice] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.partnerId, partnerId))
      .orderBy(desc(notifications.id))
      .limit(1);
    expect(notice!.title).toBe(
      `The payment of invoice ${invoice.reference} was returned by the bank: Account closed (AC04).`,
    );
  });

  it('leaves a returned invoice free for a new batch and a new payment', async () => {
    const invoice = await invoiceAt('payment_in_progress');
    await inBatch(invoice.id);
    expectOk(await move(finance, invoice.id, { status: 'invoice_validated', reason: 'Wrong IBAN' }));
    // The one-open-batch index lets it into another batch now.
    await inBatch(invoice.id);
    expectOk(await move(finance, invoice.id, { status: 'payment_in_progress' }));
    expectOk(await move(finance, invoice.id, { status: 'paid' }));
  });
});

const bulk = (who: Staff, body: BulkInvoiceStatusBody) =>
  callEndpoint(t.app, billingEndpoints.bulkInvoiceStatus, { body }, who.token);

describe('POST /staff/invoices/bulk-status (decision 073)', () => {
  it('moves every invoice in one step: count and totals per currency, each audited and its partner told', async () => {
    const a = await invoiceAt('waiting_for_approval', null, { totalAmount: 123_456 });
    const b = await invoiceAt('waiting_for_approval', null, { totalAmount: 1_000 });
    const c = await invoiceAt('waiting_for_approval', null, { currency: 'USD', totalAmount: 8_000 });
    const before = await stateOf(a.id);
    const res = await bulk(finance, { invoiceIds: [c.id, a.id, b.id, a.id], status: 'invoice_validated' });
    expect(okBody(res).data).toEqual({
      status: 'invoice_validated',
      count: 3,
      totals: [
        { currency: 'EUR', count: 2, amount: 124_456 },
        { currency: 'USD', count: 1, amount: 8_000 },
      ],
      invoiceIds: [a.id, b.id, c.id].sort((x, y) => x - y),
    });
    for (const invoice of [a, b, c]) {
      const [entry] = await auditEntries(invoice.id);
      expect(entry).toMatchObject({
        actorId: finance.userId,
        changes: [{ field: 'status', after: 'invoice_validated' }],
      });
    }
    expect((await stateOf(a.id)).notifications).toBe(before.notifications + 3);
  });

  it('moves nothing when one invoice is refused: a held one among them (409 naming it)', async () => {
    const other = await createPartner(t);
    await t.database.db
      .update(partners)
      .set({ bankDetailsChangedAt: new Date(clock.now().getTime() - 86_400_000) })
      .where(eq(partners.id, other.partnerId));
    const free = await invoiceAt('invoice_validated');
    const held = await invoiceAt('invoice_validated', null, { partnerId: other.partnerId });
    const also = await invoiceAt('invoice_validated');
    const before = await Promise.all([free, held, also].map((i) => stateOf(i.id)));
    const res = await bulk(finance, { invoiceIds: [free.id, held.id, also.id], status: 'payment_in_progress' });
    const error = errorBody(res, 409);
    expect(error.message).toMatch(new RegExp(`^Invoice ${held.reference}: Payments to this partner are held until`));
    expect(error.data).toMatchObject({ invoiceId: held.id, reference: held.reference, status: 'invoice_validated' });
    expect(await Promise.all([free, held, also].map((i) => stateOf(i.id)))).toEqual(before);
  });

  it('moves nothing when one invoice is not at the move’s status (409 naming it and its moves)', async () => {
    const ok1 = await invoiceAt('payment_in_progress');
    const wrong = await invoiceAt('invoice_validated');
    const before = await Promise.all([ok1, wrong].map((i) => stateOf(i.id)));
    const res = await bulk(admin, { invoiceIds: [ok1.id, wrong.id], status: 'paid' });
    expect(errorBody(res, 409)).toMatchObject({
      message: `Invoice ${wrong.reference} is validated and cannot become paid: it can become in payment.`,
      data: { status: 'invoice_validated', allowed: ['payment_in_progress'], invoiceId: wrong.id },
    });
    expect(await Promise.all([ok1, wrong].map((i) => stateOf(i.id)))).toEqual(before);
  });

  it('refuses, nothing written, the creator’s validation, an unknown invoice, a bank return without reason', async () => {
    const mine = await invoiceAt('waiting_for_approval', admin.userId);
    const theirs = await invoiceAt('waiting_for_approval');
    const refused = await bulk(admin, { invoiceIds: [theirs.id, mine.id], status: 'invoice_validated' });
    expect(errorBody(refused, 403).message).toBe(
      `Invoice ${mine.reference}: You created this invoice: another person must validate it.`,
    );
    expect((await stateOf(theirs.id)).status).toBe('waiting_for_approval');

    const unknown = await bulk(finance, { invoiceIds: [theirs.id, 99_999_999], status: 'invoice_validated' });
    expect(errorBody(unknown, 404).message).toBe('Invoice #99999999 not found.');
    expect((await stateOf(theirs.id)).status).toBe('waiting_for_approval');

    const paying = await invoiceAt('payment_in_progress');
    const noReason = await bulk(finance, { invoiceIds: [paying.id], status: 'invoice_validated' });
    expect(errorBody(noReason, 400).errors).toEqual({ reason: 'required' });
    const returned = await bulk(finance, { invoiceIds: [paying.id], status: 'invoice_validated', reason: 'R01' });
    expect(okBody(returned).data.count).toBe(1);
    expect((await auditEntries(paying.id))[0]!.reason).toBe('R01');
  });

  it('serialises two bulk moves over the same invoices given in opposite orders: one moves them, the other 409', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await invoiceAt('waiting_for_approval')).id);
    const [one, two] = await Promise.all([
      bulk(finance, { invoiceIds: ids, status: 'invoice_validated' }),
      bulk(admin, { invoiceIds: [...ids].reverse(), status: 'invoice_validated' }),
    ]);
    // Locked in id order whatever the order asked: no deadlock (a 500), one wins whole, the other is refused whole.
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    for (const id of ids) {
      expect((await stateOf(id)).status).toBe('invoice_validated');
      expect(await auditEntries(id)).toHaveLength(1);
    }
  });

  it('refuses managers whatever the invoices (403), and bad bodies with per-field errors', async () => {
    const invoice = await invoiceAt('waiting_for_approval');
    for (const who of [manager, teamManager])
      expect(errorBody(await bulk(who, { invoiceIds: [invoice.id], status: 'invoice_validated' }), 403).message).toBe(
        'Invoices are moved by Admin and Finance only: your role reads them.',
      );
    const empty = await bulk(finance, { invoiceIds: [], status: 'invoice_validated' });
    expect(Object.keys(errorBody(empty, 400).errors ?? {})).toEqual(['invoiceIds']);
    const tooMany = await bulk(finance, {
      invoiceIds: Array.from({ length: 501 }, (_, i) => i + 1),
      status: 'invoice_validated',
    });
    expect(Object.keys(errorBody(tooMany, 400).errors ?? {})).toEqual(['invoiceIds']);
    expect((await stateOf(invoice.id)).status).toBe('waiting_for_approval');
  });
});
