/**
 * The audit log (decision 036): every staff write leaves one entry per entity with its field-level diff,
 * actor, address, request id and reason, in the write's transaction (a failed write leaves none); the log is read
 * within the reader's scope, filtered and paged; and no one can update or delete an entry.
 */
import { eq, sql } from 'drizzle-orm';
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
  bearer,
  buildTestApp,
  createPartner,
  createStaff,
  createTeam,
  expectErrorObject,
  login,
  testClock,
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

const put = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: bearer(token), payload, remoteAddress: '203.0.113.7' });

const readLog = (token: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/staff/audit-log${query}`, headers: bearer(token) });

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
    const res = await put(managerA.token, `/api/v1/staff/partners/${pending.partnerId}/status`, {
      status: 'suspended',
      reason: 'Fraud review',
    });
    expect(res.statusCode, res.body).toBe(200);
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
    const decided = await put(managerA.token, `/api/v1/staff/partner-offers/${applicationId}`, { status: 'active' });
    expect(decided.statusCode, decided.body).toBe(200);
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
    const reviewed = await put(teamManager, `/api/v1/staff/compliance-documents/${document!.id}`, {
      status: 'approved',
      expireAt: '2027-06-30',
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
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
    const declined = await put(admin.token, `/api/v1/staff/conversions/${conversion!.id}`, { status: 'rejected' });
    expect(declined.statusCode, declined.body).toBe(200);
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
    const moved = await put(finance, `/api/v1/staff/invoices/${invoice.id}`, { status: 'invoice_validated' });
    expect(moved.statusCode, moved.body).toBe(200);
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
    expectErrorObject(
      await put(managerA.token, `/api/v1/staff/partners/${closed.partnerId}/status`, { status: 'active' }),
      409,
    );
    // Out of reach: another manager's partner does not exist for B.
    expectErrorObject(
      await put(managerB.token, `/api/v1/staff/partners/${partnerA.partnerId}/status`, { status: 'suspended' }),
      404,
    );
    const invoice = await invoiceOf(partnerB.partnerId);
    // The same status is no transition (decision 064): refused.
    expectErrorObject(
      await put(admin.token, `/api/v1/staff/invoices/${invoice.id}`, { status: 'waiting_for_approval' }),
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
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/billing-runs',
      headers: bearer(admin.token),
      payload: { month: '2026-04' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data.created as { invoice: string | null }[];
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
    for (const status of ['invoice_validated', 'payment_in_progress', 'paid'])
      expect((await put(finance, `/api/v1/staff/invoices/${invoiceB.id}`, { status })).statusCode).toBe(200);
    const all = await readLog(admin.token, '?count=500');
    expect(all.statusCode, all.body).toBe(200);
    const partnersIn = (res: typeof all) =>
      new Set((res.json().data as { partnerId: number | null }[]).map((entry) => entry.partnerId));
    expect(partnersIn(all)).toContain(partnerA.partnerId);
    expect(partnersIn(all)).toContain(partnerB.partnerId);
    expect(all.json().total).toBe(all.json().data.length);

    const own = await readLog(managerA.token, '?count=500');
    expect(own.statusCode).toBe(200);
    expect(partnersIn(own)).toContain(partnerA.partnerId);
    expect(partnersIn(own)).not.toContain(partnerB.partnerId);
    expect(partnersIn(own)).not.toContain(null);
    const team = await readLog(teamManager, '?count=500');
    expect(partnersIn(team)).toContain(partnerA.partnerId);
    expect(partnersIn(team)).not.toContain(partnerB.partnerId);
    const other = await readLog(managerB.token, '?count=500');
    expect(partnersIn(other)).not.toContain(partnerA.partnerId);

    expectErrorObject(await readLog(finance), 403);
    expectErrorObject(await readLog(partnerA.token), 403);
    expectErrorObject(await t.app.inject({ method: 'GET', url: '/api/v1/staff/audit-log' }), 401);
  });

  it('filters by entity, actor and time, newest first, paged, with the actor named', async () => {
    const byEntity = await readLog(admin.token, `?entityType=partner&entityId=${partnerA.partnerId}`);
    expect(byEntity.statusCode).toBe(200);
    for (const entry of byEntity.json().data) expect(entry).toMatchObject({ entityType: 'partner' });

    const byActor = await readLog(admin.token, `?actorId=${admin.userId}`);
    const actorEntries = byActor.json().data as { actor: { id: number; name: string; email: string } }[];
    expect(actorEntries.length).toBeGreaterThan(0);
    for (const entry of actorEntries) expect(entry.actor.id).toBe(admin.userId);

    const future = encodeURIComponent(new Date(clock.now().getTime() + 1000).toISOString());
    expect((await readLog(admin.token, `?from=${future}`)).json()).toMatchObject({ data: [], total: 0 });
    const past = encodeURIComponent('2026-05-04T10:20:00+00:00');
    const upTo = await readLog(admin.token, `?to=${past}`);
    expect(upTo.json().total).toBe(0);

    const page1 = (await readLog(admin.token, '?count=1&page=1')).json();
    const page2 = (await readLog(admin.token, '?count=1&page=2')).json();
    expect(page1.data).toHaveLength(1);
    expect(page2.data[0].id).toBeLessThan(page1.data[0].id);
    expect(page1.total).toBe(page2.total);
  });

  it('answers per-field errors for a bad query', async () => {
    const res = await readLog(admin.token, '?entityType=planet&actorId=x&from=yesterday&count=0');
    expectErrorObject(res, 400);
    expect(Object.keys(res.json().errors ?? {})).toEqual(
      expect.arrayContaining(['entityType', 'actorId', 'from', 'count']),
    );
    const reversed = await readLog(admin.token, '?from=2026-05-02T00:00:00Z&to=2026-05-01T00:00:00Z');
    expectErrorObject(reversed, 400);
    expect(res.json().errors ?? {}).toBeTruthy();
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
