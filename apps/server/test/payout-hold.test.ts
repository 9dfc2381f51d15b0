/**
 * The payout hold (decision 072): a change of a partner's bank details (holder, bank, bank address, IBAN, SWIFT,
 * routing number) keeps its moment in the partner row, and the partner's unpaid invoices are held PAYOUT_HOLD_DAYS
 * from it: staff see it on the partner and the Invoices list (`heldUntil`, `held=`), the partner on its Payments
 * answers, and starting a payment is refused (409 naming the date, nothing written) until the days are over.
 * Validating stays allowed. The company set, a resubmission of the same details, and staff edits start no hold.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountEndpoints,
  billingEndpoints,
  staffEndpoints,
  type InvoiceStatus,
  type UpdatePartnerPaymentForm,
} from '@portal/contracts';
import { loadConfig } from '../src/config.js';
import { auditLog, billingRequests, invoices, notifications, partners } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  errorBody,
  expectError,
  expectOk,
  invalid,
  login,
  okBody,
  testClock,
  type TestApp,
} from './helper.js';

const DAY = 86_400_000;
const START = new Date('2026-05-04T10:20:00Z');
let t: TestApp;
const clock = testClock(START);
let finance: string;
let admin: string;
let staff: { finance: { email: string; password: string }; admin: { email: string; password: string } };

/** Signs staff in again: moving the clock days ahead ends their sessions. */
async function signInStaff() {
  finance = await login(t, staff.finance.email, staff.finance.password);
  admin = await login(t, staff.admin.email, staff.admin.password);
}

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  staff = { finance: await createStaff(t, 'ROLE_FINANCE'), admin: await createStaff(t, 'ROLE_ADMIN') };
  await signInStaff();
}, 120_000);
afterAll(async () => t?.close());

const payment: UpdatePartnerPaymentForm = {
  accountHolder: 'Northwind Media SAS',
  bankName: 'Deutsche Bank',
  bankAddress: 'Taunusanlage 12, Frankfurt',
  iban: 'DE89 3704 0044 0532 0130 00',
  swift: 'DEUTDEFFXXX',
  routingNumber: '',
};

async function signedInPartner() {
  const p = await createPartner(t);
  return { ...p, token: await login(t, p.email, p.password) };
}
type Partner = Awaited<ReturnType<typeof signedInPartner>>;

let sequence = 0;
/** An invoice of the partner at a status, as a billing run leaves it (the run itself is not the subject here). */
async function invoiceAt(partnerId: number, status: InvoiceStatus) {
  sequence += 1;
  const [request] = await t.database.db
    .insert(billingRequests)
    .values({
      partnerId,
      startingAt: new Date(Date.UTC(2021, sequence, 1)),
      endingAt: new Date(Date.UTC(2021, sequence + 1, 1) - 1000),
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
      reference: `INV-2021-${String(sequence).padStart(4, '0')}`,
      status,
      paidAt: status === 'paid' ? new Date('2026-05-01T10:00:00Z') : null,
    })
    .returning();
  return invoice!;
}

const changeBankDetails = (p: Partner, body: Partial<UpdatePartnerPaymentForm>) =>
  callEndpoint(
    t.app,
    accountEndpoints.updatePartner,
    { params: { id: p.partnerId }, body: { ...payment, ...body, currentPassword: p.password } },
    p.token,
  );
const changedAt = async (partnerId: number) =>
  (await t.database.db.select().from(partners).where(eq(partners.id, partnerId)))[0]!.bankDetailsChangedAt;
const staffInvoices = async (partnerId: number, held?: boolean) =>
  okBody(
    await callEndpoint(
      t.app,
      billingEndpoints.staffInvoices,
      { query: { partnerId, ...(held === undefined ? {} : { held }) } },
      finance,
    ),
  ).data;
const move = (id: number, status: InvoiceStatus) =>
  callEndpoint(t.app, billingEndpoints.setInvoiceStatus, { params: { id }, body: { status } }, finance);

/** What a refused move must leave alone: the invoice row, its audit entries, the partner's notifications. */
async function stateOf(invoiceId: number, partnerId: number) {
  const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  const [audit] = await t.database.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'invoice'), eq(auditLog.entityId, String(invoiceId))));
  const [notified] = await t.database.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(notifications)
    .where(eq(notifications.partnerId, partnerId));
  return {
    status: invoice!.status,
    updatedAt: invoice!.updatedAt.toISOString(),
    audit: audit!.n,
    notified: notified!.n,
  };
}

describe('PAYOUT_HOLD_DAYS (decision 072)', () => {
  it('is 7 by default, a non-negative integer, and a bad value stops the start naming it', () => {
    expect(loadConfig({}).payoutHoldDays).toBe(7);
    expect(loadConfig({ PAYOUT_HOLD_DAYS: '0' }).payoutHoldDays).toBe(0);
    expect(loadConfig({ PAYOUT_HOLD_DAYS: '14' }).payoutHoldDays).toBe(14);
    expect(() => loadConfig({ PAYOUT_HOLD_DAYS: '-1' })).toThrow(/PAYOUT_HOLD_DAYS/);
    expect(() => loadConfig({ PAYOUT_HOLD_DAYS: '2.5' })).toThrow(/PAYOUT_HOLD_DAYS/);
  });
});

describe('a partner changing its bank details holds its unpaid invoices (decision 072)', () => {
  let p: Partner;
  let validated: Awaited<ReturnType<typeof invoiceAt>>;
  let waiting: Awaited<ReturnType<typeof invoiceAt>>;
  let paid: Awaited<ReturnType<typeof invoiceAt>>;
  const changed = new Date(START);
  const until = new Date(START.getTime() + 7 * DAY);

  beforeAll(async () => {
    p = await signedInPartner();
    validated = await invoiceAt(p.partnerId, 'invoice_validated');
    waiting = await invoiceAt(p.partnerId, 'waiting_for_approval');
    paid = await invoiceAt(p.partnerId, 'paid');
    expect(await changedAt(p.partnerId)).toBeNull();
    expectOk(await changeBankDetails(p, {}));
  });

  it('keeps the moment of the change on the partner', async () => {
    expect((await changedAt(p.partnerId))?.toISOString()).toBe(changed.toISOString());
  });

  it('shows the hold on the staff Invoices list: heldUntil on unpaid rows, and the held filter', async () => {
    const rows = await staffInvoices(p.partnerId);
    const heldUntil = Object.fromEntries(rows.map((row) => [row.reference, row.heldUntil]));
    expect(heldUntil).toEqual({
      [validated.reference]: until.toISOString(),
      [waiting.reference]: until.toISOString(),
      [paid.reference]: null,
    });
    expect((await staffInvoices(p.partnerId, true)).map((row) => row.reference).sort()).toEqual(
      [validated.reference, waiting.reference].sort(),
    );
    expect((await staffInvoices(p.partnerId, false)).map((row) => row.reference)).toEqual([paid.reference]);
    expectError(
      await callEndpoint(t.app, billingEndpoints.staffInvoices, { query: invalid({ held: 'maybe' }) }, finance),
      400,
    );
  });

  it('shows it on the staff partner page', async () => {
    const profile = okBody(
      await callEndpoint(t.app, staffEndpoints.partner, { params: { id: p.partnerId } }, admin),
    ).data;
    expect(profile.payoutHold).toEqual({ heldFrom: changed.toISOString(), heldUntil: until.toISOString() });
  });

  it('shows it to the partner on its Payments answers, on its own wall clock', async () => {
    const requests = okBody(await callEndpoint(t.app, billingEndpoints.billingRequests, { query: {} }, p.token)).data;
    const heldUntil = Object.fromEntries(requests.map((r) => [r.invoice?.reference, r.invoice?.heldUntil]));
    // No time zone chosen: UTC, said by its offset.
    expect(heldUntil).toEqual({
      [validated.reference]: '2026-05-11T10:20:00+00:00',
      [waiting.reference]: '2026-05-11T10:20:00+00:00',
      [paid.reference]: null,
    });
    const next = okBody(await callEndpoint(t.app, billingEndpoints.nextPayment, {}, p.token)).data;
    expect(next.payoutHold).toEqual({ heldFrom: '2026-05-04T10:20:00+00:00', heldUntil: '2026-05-11T10:20:00+00:00' });
  });

  it('refuses to start the payment with 409 naming the date, and writes nothing', async () => {
    const before = await stateOf(validated.id, p.partnerId);
    const refused = await move(validated.id, 'payment_in_progress');
    expect(errorBody(refused, 409).message).toBe(
      'Payments to this partner are held until 11 May 2026 at 12:20 (Paris time): its bank details changed on ' +
        '4 May 2026 at 12:20 (Paris time).',
    );
    expect(errorBody(refused, 409).data).toEqual({
      status: 'invoice_validated',
      heldFrom: changed.toISOString(),
      heldUntil: until.toISOString(),
    });
    expect(await stateOf(validated.id, p.partnerId)).toEqual(before);
  });

  it('still lets finance validate an invoice while held', async () => {
    expectOk(await move(waiting.id, 'invoice_validated'));
  });

  it('lets the payment start once PAYOUT_HOLD_DAYS are over, and shows no hold any more', async () => {
    clock.advance(7 * DAY - 60_000);
    await signInStaff();
    expectError(await move(validated.id, 'payment_in_progress'), 409);
    clock.advance(60_000);
    await signInStaff();
    expectOk(await move(validated.id, 'payment_in_progress'));
    expect((await staffInvoices(p.partnerId)).every((row) => row.heldUntil === null)).toBe(true);
    expect(await staffInvoices(p.partnerId, true)).toEqual([]);
    const token = await login(t, p.email, p.password);
    const next = okBody(await callEndpoint(t.app, billingEndpoints.nextPayment, {}, token)).data;
    expect(next.payoutHold).toBeNull();
  });
});

describe('what starts no hold (decision 072)', () => {
  beforeAll(signInStaff);

  it('the same bank details saved again keep the first moment', async () => {
    const p = await signedInPartner();
    expectOk(await changeBankDetails(p, {}));
    const first = await changedAt(p.partnerId);
    clock.advance(DAY);
    // Resubmitted without a password: nothing changes, so none is asked for.
    expectOk(
      await callEndpoint(
        t.app,
        accountEndpoints.updatePartner,
        { params: { id: p.partnerId }, body: payment },
        p.token,
      ),
    );
    expectOk(await changeBankDetails(p, {}));
    expect(await changedAt(p.partnerId)).toEqual(first);
    // A real change afterwards moves it.
    clock.advance(DAY);
    expectOk(await changeBankDetails(p, { swift: 'COBADEFFXXX' }));
    expect((await changedAt(p.partnerId))?.toISOString()).toBe(clock.now().toISOString());
  });

  it('a change of the company set alone starts none', async () => {
    const p = await signedInPartner();
    const invoice = await invoiceAt(p.partnerId, 'invoice_validated');
    expectOk(
      await callEndpoint(
        t.app,
        accountEndpoints.updatePartner,
        {
          params: { id: p.partnerId },
          body: {
            langs: ['fr'],
            country: 'FR',
            address: '1 rue de la République',
            zipCode: '69001',
            city: 'Lyon',
            email: p.email,
            phoneNumber: '+33 4 72 00 00 00',
          },
        },
        p.token,
      ),
    );
    expect(await changedAt(p.partnerId)).toBeNull();
    expect((await staffInvoices(p.partnerId)).map((row) => row.heldUntil)).toEqual([null]);
    expectOk(await move(invoice.id, 'payment_in_progress'));
  });

  it('staff edit a partner without touching its bank details, which stay the partner’s to change (decision 040)', async () => {
    const p = await signedInPartner();
    expectOk(
      await callEndpoint(
        t.app,
        staffEndpoints.updatePartner,
        { params: { id: p.partnerId }, body: { paymentTerms: 'net15', city: 'Nantes' } },
        admin,
      ),
    );
    expect(await changedAt(p.partnerId)).toBeNull();
    const refused = await callEndpoint(
      t.app,
      staffEndpoints.updatePartner,
      { params: { id: p.partnerId }, body: invalid({ iban: 'DE89370400440532013000' }) },
      admin,
    );
    expectError(refused, 400);
    expect(await changedAt(p.partnerId)).toBeNull();
  });

  it('PAYOUT_HOLD_DAYS at 0 holds nothing', async () => {
    const zero = await buildTestApp({ now: clock.now, config: { payoutHoldDays: 0 } });
    try {
      const p = await createPartner(zero);
      const token = await login(zero, p.email, p.password);
      expectOk(
        await callEndpoint(
          zero.app,
          accountEndpoints.updatePartner,
          { params: { id: p.partnerId }, body: { ...payment, currentPassword: p.password } },
          token,
        ),
      );
      const next = okBody(await callEndpoint(zero.app, billingEndpoints.nextPayment, {}, token)).data;
      expect(next.payoutHold).toBeNull();
    } finally {
      await zero.close();
    }
  });
});
