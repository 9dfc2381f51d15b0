/**
 * Separated duties on invoices (decision 064): an invoice moves only along the transition table (anything else 409,
 * nothing written: status, audit, notification); finance and admins move invoices, account and team managers read
 * them (403); sending one back needs a reason, kept in the audit entry; and nobody validates an invoice their own
 * billing run created. Billing runs are an admin's.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingEndpoints,
  INVOICE_STATUSES,
  INVOICE_TRANSITIONS,
  invoiceMove,
  type InvoiceStatus,
  type InvoiceStatusBody,
} from '@portal/contracts';
import { auditLog, billingRequests, conversions, invoices, notifications, offers, products } from '../src/db/schema.js';
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
  partnerId = (await createPartner(t, { accountManagerId: manager.userId })).partnerId;
}, 120_000);
afterAll(async () => t?.close());

let sequence = 0;
/** An invoice of the partner, at a status, created by no one (or by `createdById`). */
async function invoiceAt(status: InvoiceStatus, createdById: number | null = null) {
  sequence += 1;
  const [request] = await t.database.db
    .insert(billingRequests)
    .values({
      partnerId,
      startingAt: new Date(Date.UTC(2020, sequence, 1)),
      endingAt: new Date(Date.UTC(2020, sequence + 1, 1) - 1000),
      totalAmount: 12_000,
      totalVatAmount: 2_000,
      partnerAccountType: 'affiliate',
      partnerName: 'Partner',
      paymentTerms: 'net30',
      paymentCurrency: 'EUR',
    })
    .returning();
  const [invoice] = await t.database.db
    .insert(invoices)
    .values({
      billingRequestId: request!.id,
      reference: `INV-2020-${String(sequence).padStart(4, '0')}`,
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
  it('has five moves in its table, two of them send-backs', () => {
    expect(TABLE_MOVES.map((m) => `${m.from}→${m.to}`)).toEqual([
      'waiting_for_approval→invoice_validated',
      'invoice_validated→payment_in_progress',
      'invoice_validated→waiting_for_approval',
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
    // 16 pairs, 5 of them moves: the same status again, skipping a step, and anything out of paid.
    expect(outside).toHaveLength(11);
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
  });

  it('needs a reason to send an invoice back', async () => {
    for (const from of ['invoice_validated', 'payment_in_progress'] as const) {
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
    // Sent back, it waits for someone other than its creator again.
    expect((await move(finance, invoice!.id, { status: 'waiting_for_approval', reason: 'Check VAT' })).status).toBe(
      200,
    );
    expectError(await move(admin, invoice!.id, { status: 'invoice_validated' }), 403);
    expect((await move(otherAdmin, invoice!.id, { status: 'invoice_validated' })).status).toBe(200);
  });

  it('lets finance validate an invoice of a run no person started (the demo seed’s replay)', async () => {
    const invoice = await invoiceAt('waiting_for_approval', null);
    expect((await move(finance, invoice.id, { status: 'invoice_validated' })).status).toBe(200);
  });

  it('keeps billing runs an admin’s: finance and managers are refused', async () => {
    for (const who of [finance, teamManager, manager]) {
      expectError(await runBilling(who, '2026-03'), 403);
    }
  });
});
