import { eq } from 'drizzle-orm';
import { billingEndpoints } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingRequests, invoices, notifications, users } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  expectError,
  invalid,
  login,
  okBody,
  sentMails,
  type CallInput,
  type TestApp,
} from './helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

let invoiceSequence = 0;
async function createInvoice(partnerId: number) {
  invoiceSequence += 1;
  const db = t.database.db;
  const [request] = await db
    .insert(billingRequests)
    .values({
      partnerId,
      startingAt: new Date('2025-07-01T00:00:00Z'),
      endingAt: new Date('2025-07-31T23:59:59Z'),
      totalAmount: 123_456,
      totalVatAmount: 20_576,
      partnerAccountType: 'affiliate',
      partnerName: 'Partner',
      paymentTerms: 'net30',
      paymentCurrency: 'EUR',
    })
    .returning();
  if (!request) throw new Error('no billing request');
  const [invoice] = await db
    .insert(invoices)
    .values({ billingRequestId: request.id, reference: `INV-2025-${String(invoiceSequence).padStart(4, '0')}` })
    .returning();
  if (!invoice) throw new Error('no invoice');
  return invoice;
}

/** PUT /staff/invoices/{id} through its contract; an id or body the contract refuses is wrapped in `invalid`. */
const setStatus = (token: string, id: number, body: CallInput<typeof billingEndpoints.setInvoiceStatus>['body']) =>
  callEndpoint(t.app, billingEndpoints.setInvoiceStatus, { params: { id }, body }, token);
const notificationsOf = (partnerId: number) =>
  t.database.db.select().from(notifications).where(eq(notifications.partnerId, partnerId));

describe('PUT /staff/invoices/{id}', () => {
  it('moves the invoice on, notifies the partner once and e-mails users who want payment news', async () => {
    const admin = await createStaff(t, 'ROLE_ADMIN');
    const token = await login(t, admin.email, admin.password);
    const p = await createPartner(t);
    const invoice = await createInvoice(p.partnerId);

    for (const status of ['invoice_validated', 'payment_in_progress'] as const)
      expect((await setStatus(token, invoice.id, { status })).status).toBe(200);
    const res = await setStatus(token, invoice.id, { status: 'paid' });
    expect(okBody(res).data).toMatchObject({ id: invoice.id, partnerId: p.partnerId, status: 'paid' });
    const [stored] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(stored?.status).toBe('paid');
    const rows = (await notificationsOf(p.partnerId)).filter((row) => row.title.endsWith('is now paid.'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'invoice_status_changed',
      title: `Invoice ${invoice.reference} is now paid.`,
      link: '/payments',
      readAt: null,
    });

    // The same status again is no transition (decision 064): refused, and nobody is notified.
    expectError(await setStatus(token, invoice.id, { status: 'paid' }), 409);
    expect(await notificationsOf(p.partnerId)).toHaveLength(3);

    const mails = await sentMails(t);
    expect(
      mails.filter((m) => m.to === p.email && m.subject === `Invoice ${invoice.reference} is now paid.`),
    ).toHaveLength(1);
  });

  it('sends no e-mail to a user who turned payment notifications off', async () => {
    const admin = await createStaff(t, 'ROLE_ADMIN');
    const token = await login(t, admin.email, admin.password);
    const p = await createPartner(t);
    await t.database.db.update(users).set({ paymentNotifications: false }).where(eq(users.id, p.userId));
    const invoice = await createInvoice(p.partnerId);

    expect((await setStatus(token, invoice.id, { status: 'invoice_validated' })).status).toBe(200);
    expect(await notificationsOf(p.partnerId)).toHaveLength(1);
    const mails = await sentMails(t);
    expect(mails.some((m) => m.to === p.email && m.subject.startsWith(`Invoice ${invoice.reference}`))).toBe(false);
  });

  it('lets an account manager read its partners’ invoices but move none of them (decision 064)', async () => {
    const manager = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    const token = await login(t, manager.email, manager.password);
    const own = await createPartner(t, { accountManagerId: manager.userId });
    const other = await createPartner(t);
    const ownInvoice = await createInvoice(own.partnerId);
    const otherInvoice = await createInvoice(other.partnerId);

    expectError(await setStatus(token, ownInvoice.id, { status: 'invoice_validated' }), 403);
    expectError(await setStatus(token, otherInvoice.id, { status: 'invoice_validated' }), 403);
    expect(await notificationsOf(own.partnerId)).toHaveLength(0);
    expect(await notificationsOf(other.partnerId)).toHaveLength(0);
  });

  it('refuses partners, bad statuses, bad ids and unknown invoices with an error object', async () => {
    const p = await createPartner(t);
    const partnerToken = await login(t, p.email, p.password);
    const invoice = await createInvoice(p.partnerId);
    expectError(await setStatus(partnerToken, invoice.id, { status: 'paid' }), 403);

    const admin = await createStaff(t, 'ROLE_ADMIN');
    const token = await login(t, admin.email, admin.password);
    expectError(await setStatus(token, invoice.id, invalid({ status: 'cancelled' })), 400);
    expectError(await setStatus(token, invoice.id, invalid({ status: 'paid', extra: 1 })), 400);
    expectError(await setStatus(token, invalid('abc'), { status: 'paid' }), 400);
    expectError(await setStatus(token, 2_147_483_647, { status: 'paid' }), 404);
    const [stored] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(stored?.status).toBe('waiting_for_approval');
    expect(await notificationsOf(p.partnerId)).toHaveLength(0);
  });
});
