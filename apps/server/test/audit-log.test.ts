/**
 * The audit log (decision 036): every staff write leaves one entry per entity with its field-level diff,
 * actor, address, request id and reason, in the write's transaction (a failed write leaves none); the log is read
 * within the reader's scope, filtered and paged; and no one can update or delete an entry.
 */
import { eq, sql } from 'drizzle-orm';
import {
  auditEndpoints,
  billingEndpoints,
  conversionReviewEndpoints,
  documentsEndpoints,
  offersEndpoints,
  staffEndpoints,
  type EndpointDefinition,
} from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  billingRequests,
  conversions,
  invoices,
  offers,
  partnerDocuments,
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
  invalid,
  login,
  okBody,
  testClock,
  type CallInput,
  type Identity,
  type TestApp,
} from './helper.js';
import { createApplication, createOffer } from './offer-fixtures.js';

let t: TestApp;
const clock = testClock(new Date('2026-05-04T10:20:00Z'));
let admin: { userId: number; token: string };
let teamManager: string;
let managerA: { userId: number; token: string };
let managerB: { userId: number; token: string };
let finance: string;
let partnerA: { partnerId: number; token: string };
let partnerB: { partnerId: number; token: string };

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  const signIn = async (role: Parameters<typeof createStaff>[1], teamId: number | null = null) => {
    const s = await createStaff(t, role, { teamId });
    return { userId: s.userId, token: await login(t, s.email, s.password) };
  };
  const teamId = await createTeam(t);
  admin = await signIn('ROLE_ADMIN');
  teamManager = (await signIn('ROLE_TEAM_MANAGER', teamId)).token;
  managerA = await signIn('ROLE_ACCOUNT_MANAGER', teamId);
  managerB = await signIn('ROLE_ACCOUNT_MANAGER');
  finance = (await signIn('ROLE_FINANCE')).token;
  const a = await createPartner(t, { accountManagerId: managerA.userId });
  partnerA = { partnerId: a.partnerId, token: await login(t, a.email, a.password) };
  const b = await createPartner(t, { accountManagerId: managerB.userId });
  partnerB = { partnerId: b.partnerId, token: await login(t, b.email, b.password) };
});
afterAll(async () => t?.close());

const entriesOf = (entityType: string, entityId: number | string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.entityType} = ${entityType} and ${auditLog.entityId} = ${String(entityId)}`)
    .orderBy(auditLog.id);

/** A staff write through its contract, from a known address (the entry records it). */
const write = <E extends EndpointDefinition>(token: string, endpoint: E, input: CallInput<E>) =>
  callEndpoint(t.app, endpoint, { ...input, remoteAddress: '203.0.113.7' }, token);

const readLog = (token: Identity, query: CallInput<typeof auditEndpoints.auditLog>['query'] = {}) =>
  callEndpoint(t.app, auditEndpoints.auditLog, { query }, token);

let invoiceMonth = 0;
async function invoiceOf(partnerId: number) {
  invoiceMonth += 1;
  const month = String(invoiceMonth).padStart(2, '0');
  const [request] = await t.database.db
    .insert(billingRequests)
    .values({
      partnerId,
      startingAt: new Date(`2025-${month}-01T00:00:00Z`),
      endingAt: new Date(`2025-${month}-28T23:59:59Z`),
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
    .values({ billingRequestId: request!.id, reference: `INV-2025-${String(invoiceMonth).padStart(4, '0')}` })
    .returning();
  return invoice!;
}

describe('audit entries of staff writes', () => {
  it('a partner status change: the status diff, the reason, the actor, the address and the request id', async () => {
    const pending = await createPartner(t, { accountManagerId: managerA.userId, status: 'active' });
    const res = await write(managerA.token, staffEndpoints.changePartnerStatus, {
      params: { id: pending.partnerId },
      body: { status: 'suspended', reason: 'Fraud review' },
    });
    expectOk(res);
    const [entry, ...more] = await entriesOf('partner', pending.partnerId);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorId: managerA.userId,
      action: 'status',
      partnerId: pending.partnerId,
      changes: [{ field: 'status', before: 'active', after: 'suspended' }],
      reason: 'Fraud review',
      ip: '203.0.113.7',
    });
    expect(entry!.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(entry!.createdAt.toISOString()).toBe(clock.now().toISOString());
  });

  it('an application decision, a document review, a conversion decision and an invoice status', async () => {
    const offerId = await createOffer(t, { name: 'Audited', requireApproval: true });
    const applicationId = await createApplication(t, partnerA.partnerId, offerId, 'pending');
    const decided = await write(managerA.token, offersEndpoints.decideApplication, {
      params: { id: applicationId },
      body: { status: 'active' },
    });
    expectOk(decided);
    expect(await entriesOf('application', applicationId)).toMatchObject([
      {
        action: 'decision',
        parentId: String(offerId),
        partnerId: partnerA.partnerId,
        changes: [{ field: 'status', before: 'pending', after: 'active' }],
      },
    ]);

    const [document] = await t.database.db
      .insert(partnerDocuments)
      .values({ partnerId: partnerA.partnerId, type: 'insertion_order' })
      .returning();
    const reviewed = await write(teamManager, documentsEndpoints.review, {
      params: { id: document!.id },
      body: { status: 'approved', expireAt: '2027-06-30' },
    });
    expectOk(reviewed);
    expect(await entriesOf('partner_document', document!.id)).toMatchObject([
      {
        action: 'decision',
        changes: [
          { field: 'status', before: 'pending', after: 'approved' },
          { field: 'expireAt', before: null, after: '2027-06-30' },
        ],
      },
    ]);

    const [offer] = await t.database.db
      .select({ advertiserId: products.advertiserId })
      .from(offers)
      .innerJoin(products, eq(products.id, offers.productId))
      .where(eq(offers.id, offerId));
    const [conversion] = await t.database.db
      .insert(conversions)
      .values({
        advertiserId: offer!.advertiserId,
        offerId,
        partnerId: partnerA.partnerId,
        dedupeKey: `audit-${offerId}`,
        goal: 'registration',
        payout: 250,
        status: 'pending',
      })
      .returning();
    const declined = await write(admin.token, conversionReviewEndpoints.review, {
      params: { id: conversion!.id },
      body: { status: 'rejected' },
    });
    expectOk(declined);
    expect(await entriesOf('conversion', conversion!.id)).toMatchObject([
      {
        actorId: admin.userId,
        action: 'decision',
        changes: [
          { field: 'status', before: 'pending', after: 'rejected' },
          { field: 'reason', before: null, after: 'declined' },
          { field: 'payout', before: 250, after: 0 },
        ],
      },
    ]);

    const invoice = await invoiceOf(partnerA.partnerId);
    const moved = await write(finance, billingEndpoints.setInvoiceStatus, {
      params: { id: invoice.id },
      body: { status: 'invoice_validated' },
    });
    expectOk(moved);
    expect(await entriesOf('invoice', invoice.id)).toMatchObject([
      {
        action: 'status',
        partnerId: partnerA.partnerId,
        changes: [{ field: 'status', before: 'waiting_for_approval', after: 'invoice_validated' }],
      },
    ]);
  });

  it('a write that fails, or changes nothing, leaves no entry', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(auditLog);
    const closed = await createPartner(t, { accountManagerId: managerA.userId, status: 'closed' });
    expectError(
      await write(managerA.token, staffEndpoints.changePartnerStatus, {
        params: { id: closed.partnerId },
        body: { status: 'active' },
      }),
      409,
    );
    // Out of reach: another manager's partner does not exist for B.
    expectError(
      await write(managerB.token, staffEndpoints.changePartnerStatus, {
        params: { id: partnerA.partnerId },
        body: { status: 'suspended' },
      }),
      404,
    );
    const invoice = await invoiceOf(partnerB.partnerId);
    // The same status is no transition (decision 064): refused.
    expectError(
      await write(admin.token, billingEndpoints.setInvoiceStatus, {
        params: { id: invoice.id },
        body: { status: 'waiting_for_approval' },
      }),
      409,
    );
    const after = await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(auditLog);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('the billing run: one entry for the run and one per invoice it creates, sharing the request id', async () => {
    const offerId = await createOffer(t, { name: 'Billed' });
    const [offer] = await t.database.db
      .select({ advertiserId: products.advertiserId })
      .from(offers)
      .innerJoin(products, eq(products.id, offers.productId))
      .where(eq(offers.id, offerId));
    await t.database.db.insert(conversions).values({
      advertiserId: offer!.advertiserId,
      offerId,
      partnerId: partnerA.partnerId,
      dedupeKey: `billed-${offerId}`,
      goal: 'registration',
      payout: 5_000_000,
      status: 'approved',
      createdAt: new Date('2026-04-10T12:00:00Z'),
    });
    const res = await callEndpoint(t.app, billingEndpoints.runBilling, { body: { month: '2026-04' } }, admin.token);
    const created = okBody(res).data.created;
    expect(created.filter((c) => c.invoice)).toHaveLength(1);
    const [run] = await entriesOf('billing_run', '2026-04');
    expect(run).toMatchObject({ actorId: admin.userId, action: 'create' });
    expect(run!.changes).toContainEqual({ field: 'invoices', before: null, after: [created[0]!.invoice] });
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.reference, created[0]!.invoice!));
    const [invoiceEntry] = await entriesOf('invoice', invoice!.id);
    expect(invoiceEntry).toMatchObject({ action: 'create', partnerId: partnerA.partnerId, requestId: run!.requestId });
    expect(invoiceEntry!.changes).toContainEqual({ field: 'status', before: null, after: 'waiting_for_approval' });
  });
});

describe('GET /staff/audit-log', () => {
  it('admins read every entry; team and account managers their partners’; finance, partners and strangers none', async () => {
    const invoiceB = await invoiceOf(partnerB.partnerId);
    for (const status of ['invoice_validated', 'payment_in_progress', 'paid'] as const)
      expect(
        (await write(finance, billingEndpoints.setInvoiceStatus, { params: { id: invoiceB.id }, body: { status } }))
          .status,
      ).toBe(200);
    const all = await readLog(admin.token, { count: 500 });
    const partnersIn = (res: typeof all) => new Set(okBody(res).data.map((entry) => entry.partnerId));
    expect(partnersIn(all)).toContain(partnerA.partnerId);
    expect(partnersIn(all)).toContain(partnerB.partnerId);
    expect(okBody(all).total).toBe(okBody(all).data.length);

    const own = await readLog(managerA.token, { count: 500 });
    expect(own.status).toBe(200);
    expect(partnersIn(own)).toContain(partnerA.partnerId);
    expect(partnersIn(own)).not.toContain(partnerB.partnerId);
    expect(partnersIn(own)).not.toContain(null);
    const team = await readLog(teamManager, { count: 500 });
    expect(partnersIn(team)).toContain(partnerA.partnerId);
    expect(partnersIn(team)).not.toContain(partnerB.partnerId);
    const other = await readLog(managerB.token, { count: 500 });
    expect(partnersIn(other)).not.toContain(partnerA.partnerId);

    expectError(await readLog(finance), 403);
    expectError(await readLog(partnerA.token), 403);
    expectError(await readLog(null), 401);
  });

  it('filters by entity, actor and time, newest first, paged, with the actor named', async () => {
    const byEntity = await readLog(admin.token, { entityType: 'partner', entityId: String(partnerA.partnerId) });
    for (const entry of okBody(byEntity).data) expect(entry).toMatchObject({ entityType: 'partner' });

    const byActor = await readLog(admin.token, { actorId: admin.userId });
    const actorEntries = okBody(byActor).data;
    expect(actorEntries.length).toBeGreaterThan(0);
    for (const entry of actorEntries) expect(entry.actor!.id).toBe(admin.userId);

    const future = new Date(clock.now().getTime() + 1000).toISOString();
    expect((await readLog(admin.token, { from: future })).body).toMatchObject({ data: [], total: 0 });
    const upTo = await readLog(admin.token, { to: '2026-05-04T10:20:00+00:00' });
    expect(okBody(upTo).total).toBe(0);

    const page1 = okBody(await readLog(admin.token, { count: 1, page: 1 }));
    const page2 = okBody(await readLog(admin.token, { count: 1, page: 2 }));
    expect(page1.data).toHaveLength(1);
    expect(page2.data[0]!.id).toBeLessThan(page1.data[0]!.id);
    expect(page1.total).toBe(page2.total);
  });

  it('answers per-field errors for a bad query', async () => {
    const res = await readLog(
      admin.token,
      invalid({ entityType: 'planet', actorId: 'x', from: 'yesterday', count: 0 }),
    );
    expect(Object.keys(errorBody(res, 400).errors ?? {})).toEqual(
      expect.arrayContaining(['entityType', 'actorId', 'from', 'count']),
    );
    const reversed = await readLog(admin.token, { from: '2026-05-02T00:00:00Z', to: '2026-05-01T00:00:00Z' });
    expectError(reversed, 400);
    expect(res.body.errors ?? {}).toBeTruthy();
  });
});

describe('the log is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, whoever asks', async () => {
    const [entry] = await t.database.db.select().from(auditLog).limit(1);
    expect(entry).toBeDefined();
    await expect(
      t.database.db.update(auditLog).set({ reason: 'rewritten' }).where(eq(auditLog.id, entry!.id)),
    ).rejects.toThrow();
    await expect(t.database.db.delete(auditLog).where(eq(auditLog.id, entry!.id))).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [still] = await t.database.db.select().from(auditLog).where(eq(auditLog.id, entry!.id));
    expect(still).toEqual(entry);
  });
});
