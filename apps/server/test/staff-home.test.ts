/** The staff home's work queues (decision 036): counted within each reader's scope, and only the queues its role works. */
import { staffEndpoints } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingRequests, conversions, invoices, partnerDocuments, products, offers } from '../src/db/schema.js';
import { eq } from 'drizzle-orm';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  createTeam,
  expectError,
  invalid,
  login,
  okBody,
  type TestApp,
} from './helper.js';
import { createApplication, createOffer } from './offer-fixtures.js';

let t: TestApp;
const tokens: Record<string, string> = {};
let partnerToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  const teamId = await createTeam(t);
  const staff = {
    admin: await createStaff(t, 'ROLE_ADMIN'),
    teamManager: await createStaff(t, 'ROLE_TEAM_MANAGER', { teamId }),
    managerA: await createStaff(t, 'ROLE_ACCOUNT_MANAGER', { teamId }),
    managerB: await createStaff(t, 'ROLE_ACCOUNT_MANAGER'),
    finance: await createStaff(t, 'ROLE_FINANCE'),
  };
  for (const [name, s] of Object.entries(staff)) tokens[name] = await login(t, s.email, s.password);

  const offerId = await createOffer(t, { name: 'Queued', requireApproval: true });
  const [offer] = await t.database.db
    .select({ advertiserId: products.advertiserId })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(eq(offers.id, offerId));
  // A's partner: one of each queue; B's: two of each; one registration no one is assigned yet.
  let month = 0;
  const fill = async (accountManagerId: number, times: number) => {
    for (let i = 0; i < times; i += 1) {
      const p = await createPartner(t, { accountManagerId });
      await createApplication(t, p.partnerId, offerId, 'pending');
      await t.database.db.insert(partnerDocuments).values({ partnerId: p.partnerId, type: 'insertion_order' });
      await t.database.db.insert(conversions).values({
        advertiserId: offer!.advertiserId,
        offerId,
        partnerId: p.partnerId,
        dedupeKey: `queued-${p.partnerId}`,
        goal: 'registration',
        status: 'pending',
      });
      month += 1;
      const [request] = await t.database.db
        .insert(billingRequests)
        .values({
          partnerId: p.partnerId,
          startingAt: new Date(Date.UTC(2025, month, 1)),
          endingAt: new Date(Date.UTC(2025, month, 28)),
          totalAmount: 1000,
          totalVatAmount: 0,
          partnerAccountType: 'affiliate',
          partnerName: 'P',
          paymentTerms: 'net30',
          paymentCurrency: 'EUR',
        })
        .returning();
      await t.database.db.insert(invoices).values({ billingRequestId: request!.id, reference: `INV-2025-${month}` });
      await createPartner(t, { accountManagerId, status: 'pending' });
    }
  };
  await fill(staff.managerA.userId, 1);
  await fill(staff.managerB.userId, 2);
  await createPartner(t, { accountManagerId: null, status: 'pending' });
  const partner = await createPartner(t, { accountManagerId: staff.managerA.userId });
  partnerToken = await login(t, partner.email, partner.password);
});
afterAll(async () => t?.close());

const home = (token?: string) => callEndpoint(t.app, staffEndpoints.home, {}, token ?? null);
/** One of the two staff queues through its contract. */
const queue = (token: string, which: 'applications' | 'documents') =>
  which === 'applications'
    ? callEndpoint(t.app, staffEndpoints.applications, {}, token)
    : callEndpoint(t.app, staffEndpoints.documents, {}, token);

describe('GET /staff/home', () => {
  it('counts each queue within the reader’s scope', async () => {
    const expected = {
      admin: [3 + 1, 3, 3, 3, 3],
      // Its team's partners (A's) and the registration no one is assigned yet.
      teamManager: [1 + 1, 1, 1, 1, 1],
      managerA: [1, 1, 1, 1, 1],
      managerB: [2, 2, 2, 2, 2],
      // Finance works the invoices alone, of every partner.
      finance: [null, null, null, null, 3],
    };
    for (const [who, counts] of Object.entries(expected)) {
      const data = okBody(await home(tokens[who])).data;
      expect(
        [
          data.pendingPartners,
          data.pendingApplications,
          data.pendingDocuments,
          data.pendingConversions,
          data.invoicesWaitingForApproval,
        ],
        who,
      ).toEqual(counts);
    }
  });

  it('is for staff only', async () => {
    expectError(await home(partnerToken), 403);
    expectError(await home(), 401);
  });

  it('lists the application and document queues within the same scope, oldest first', async () => {
    const ids = async (who: string, which: 'applications' | 'documents') =>
      okBody(await queue(tokens[who]!, which)) as unknown as { data: { partner: { id: number } }[]; total: number };
    for (const which of ['applications', 'documents'] as const) {
      expect((await ids('admin', which)).total).toBe(3);
      expect((await ids('managerA', which)).total).toBe(1);
      expect((await ids('managerB', which)).total).toBe(2);
      expect((await ids('teamManager', which)).total).toBe(1);
      expectError(await queue(tokens.finance!, which), 403);
    }
    const none = await callEndpoint(
      t.app,
      staffEndpoints.applications,
      { query: { status: 'refused' } },
      tokens.admin!,
    );
    expect(none.body).toMatchObject({ data: [], total: 0 });
    const bad = await callEndpoint(
      t.app,
      staffEndpoints.documents,
      { query: invalid({ status: 'lost' }) },
      tokens.admin!,
    );
    expectError(bad, 400);
  });
});
