import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  staffOfferBulkEndpoints,
  staffPartnerBulkEndpoints,
  staffSearchEndpoints,
  type StaffSearchResult,
} from '@portal/contracts';
import { advertisers, auditLog, conversions, offers, partners, products } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  createTeam,
  errorBody,
  login,
  okBody,
  testClock,
  type TestApp,
} from './helper.js';
import { createOffer } from './offer-fixtures.js';

/**
 * The staff's one search box and the bulk changes on partners and offers (decision 080): groups within the reader's
 * scope (an account manager never finds another's partner or its conversions), all-or-nothing bulk writes, audited
 * per entity.
 */
let t: TestApp;
const clock = testClock(new Date('2026-11-27T12:00:00Z'));
type Who = 'admin' | 'finance' | 'tm' | 'amA' | 'amB' | 'partner';
const tokens: Record<Who, string> = {} as never;
const staffIds: Record<string, number> = {};
let alpha: number;
let alphaEmail: string;
let bravo: number;
let charlie: number;
let offer1: number;
let offer2: number;
let advertiserId: number;
let conversionA: number;

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  const team = await createTeam(t);
  const staff = {
    admin: await createStaff(t, 'ROLE_ADMIN'),
    finance: await createStaff(t, 'ROLE_FINANCE'),
    tm: await createStaff(t, 'ROLE_TEAM_MANAGER', { teamId: team }),
    amA: await createStaff(t, 'ROLE_ACCOUNT_MANAGER', { teamId: team }),
    amB: await createStaff(t, 'ROLE_ACCOUNT_MANAGER'),
  };
  for (const [name, s] of Object.entries(staff)) {
    tokens[name as keyof typeof staff] = await login(t, s.email, s.password);
    staffIds[name] = s.userId;
  }
  const a = await createPartner(t, { companyName: 'Zephyr Alpha Media', accountManagerId: staff.amA.userId });
  const b = await createPartner(t, { companyName: 'Zephyr Bravo Apps', accountManagerId: staff.amB.userId });
  const c = await createPartner(t, { companyName: 'Charlie Traffic', accountManagerId: staff.amA.userId });
  alpha = a.partnerId;
  alphaEmail = a.email;
  bravo = b.partnerId;
  charlie = c.partnerId;
  tokens.partner = await login(t, a.email, a.password);
  offer1 = await createOffer(t, { name: 'Zephyr Dating FR', goals: [{ goal: 'sale', p1: { amount: 100 } }] });
  offer2 = await createOffer(t, { name: 'Solar Quotes', goals: [{ goal: 'sale', p1: { amount: 100 } }] });
  const [product] = await t.database.db
    .select({ advertiserId: products.advertiserId })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(eq(offers.id, offer1));
  advertiserId = product!.advertiserId;
  await t.database.db.update(advertisers).set({ name: 'Zephyr Ads Ltd' }).where(eq(advertisers.id, advertiserId));
  const insert = async (partnerId: number, transactionId: string, clickId: string) => {
    const [row] = await t.database.db
      .insert(conversions)
      .values({
        advertiserId,
        dedupeKey: `tx:${transactionId}`,
        partnerId,
        offerId: offer1,
        goal: 'sale',
        currency: 'EUR',
        status: 'approved',
        payout: 100,
        transactionId,
        clickId,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      })
      .returning({ id: conversions.id });
    return row!.id;
  };
  conversionA = await insert(alpha, 'ZX-TX-1', 'zx-click-a');
  await insert(bravo, 'ZX-TX-2', 'zx-click-b');
});
afterAll(async () => t?.close());

const search = (who: Who, q: string) => callEndpoint(t.app, staffSearchEndpoints.search, { query: { q } }, tokens[who]);
const found = async (who: Who, q: string): Promise<StaffSearchResult> => okBody(await search(who, q)).data;

describe('GET /staff/search', () => {
  it('groups partners, offers, advertisers and conversions for an admin, best matches first', async () => {
    const result = await found('admin', 'zephyr');
    expect(result.partners.map((p) => p.id)).toEqual([bravo, alpha]);
    expect(result.partners[1]).toEqual({
      id: alpha,
      displayName: `Zephyr Alpha Media #${alpha}`,
      email: alphaEmail,
      status: 'active',
    });
    expect(result.offers).toEqual([{ id: offer1, name: 'Zephyr Dating FR', enabled: true }]);
    expect(result.advertisers).toEqual([{ id: advertiserId, name: 'Zephyr Ads Ltd' }]);
    expect(result.conversions).toEqual([]);
  });

  it('finds a partner by its id or e-mail, and an offer by its id', async () => {
    expect((await found('admin', `#${charlie}`)).partners.map((p) => p.id)).toEqual([charlie]);
    expect((await found('admin', alphaEmail.toUpperCase())).partners.map((p) => p.id)).toEqual([alpha]);
    expect((await found('admin', String(offer2))).offers.map((o) => o.id)).toContain(offer2);
  });

  it('finds a conversion by its id, transaction id or click id, exactly', async () => {
    const byTx = await found('admin', 'ZX-TX-1');
    expect(byTx.conversions).toEqual([
      {
        id: conversionA,
        transactionId: 'ZX-TX-1',
        clickId: 'zx-click-a',
        status: 'approved',
        partnerDisplayName: `Zephyr Alpha Media #${alpha}`,
        offerName: 'Zephyr Dating FR',
      },
    ]);
    expect((await found('admin', 'zx-click-a')).conversions.map((c) => c.id)).toEqual([conversionA]);
    expect((await found('admin', String(conversionA))).conversions.map((c) => c.id)).toEqual([conversionA]);
    expect((await found('admin', 'ZX-TX')).conversions).toEqual([]);
  });

  it('keeps an account manager within its own partners and their conversions, with no advertiser group', async () => {
    const amA = await found('amA', 'zephyr');
    expect(amA.partners.map((p) => p.id)).toEqual([alpha]);
    expect(amA.advertisers).toBeNull();
    expect(amA.offers.map((o) => o.id)).toEqual([offer1]);
    expect((await found('amA', 'ZX-TX-2')).conversions).toEqual([]);
    expect((await found('amA', String(bravo))).partners.map((p) => p.id)).not.toContain(bravo);
    expect((await found('amB', 'ZX-TX-1')).conversions).toEqual([]);
    expect((await found('amB', 'ZX-TX-2')).conversions).toHaveLength(1);
    // The team manager reaches its team's partners; finance no partner, but every conversion.
    expect((await found('tm', 'zephyr')).partners.map((p) => p.id)).toEqual([alpha]);
    expect((await found('finance', 'zephyr')).partners).toEqual([]);
    expect((await found('finance', 'ZX-TX-2')).conversions).toHaveLength(1);
  });

  it('refuses partners, and an empty or overlong text per field', async () => {
    errorBody(await search('partner', 'zephyr'), 403);
    expect(errorBody(await search('admin', '  '), 400).errors).toEqual({ q: expect.any(String) });
    expect(errorBody(await search('admin', 'x'.repeat(101)), 400).errors).toEqual({ q: expect.any(String) });
  });
});

const audits = (entityType: string, ids: number[], action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, entityType),
        inArray(auditLog.entityId, ids.map(String)),
        eq(auditLog.action, action),
      ),
    );

describe('POST /staff/partners/bulk/*', () => {
  it('hands many partners to one manager, audited per partner, and skips one already there', async () => {
    const p1 = await createPartner(t, { accountManagerId: staffIds.amA! });
    const p2 = await createPartner(t, { accountManagerId: staffIds.tm! });
    const res = await callEndpoint(
      t.app,
      staffPartnerBulkEndpoints.accountManager,
      { body: { ids: [p1.partnerId, p2.partnerId], accountManagerId: staffIds.tm! } },
      tokens.tm,
    );
    expect(okBody(res).data).toEqual({ changed: 1, unchanged: 1 });
    const rows = await audits('partner', [p1.partnerId, p2.partnerId], 'update');
    expect(rows.map((r) => [Number(r.entityId), r.changes])).toEqual([
      [p1.partnerId, [{ field: 'accountManagerId', before: staffIds.amA, after: staffIds.tm }]],
    ]);
  });

  it('changes nothing when one partner is out of reach, naming its position', async () => {
    const mine = await createPartner(t, { accountManagerId: staffIds.amA! });
    const res = await callEndpoint(
      t.app,
      staffPartnerBulkEndpoints.accountManager,
      { body: { ids: [mine.partnerId, bravo], accountManagerId: staffIds.tm! } },
      tokens.tm,
    );
    expect(errorBody(res, 404).errors).toEqual({ 'ids.1': 'Not found.' });
    const [row] = await t.database.db.select().from(partners).where(eq(partners.id, mine.partnerId));
    expect(row!.accountManagerId).toBe(staffIds.amA);
    // An account manager hands no partner over; a team manager only to its team.
    errorBody(
      await callEndpoint(
        t.app,
        staffPartnerBulkEndpoints.accountManager,
        { body: { ids: [mine.partnerId], accountManagerId: staffIds.amA! } },
        tokens.amA,
      ),
      403,
    );
    expect(
      errorBody(
        await callEndpoint(
          t.app,
          staffPartnerBulkEndpoints.accountManager,
          { body: { ids: [mine.partnerId], accountManagerId: staffIds.amB! } },
          tokens.tm,
        ),
        400,
      ).errors,
    ).toEqual({ accountManagerId: 'Choose an account manager of your team.' });
  });

  it('suspends many partners with the reason, audited per partner, or none when one may not move', async () => {
    const p1 = await createPartner(t, { accountManagerId: staffIds.amA! });
    const p2 = await createPartner(t, { accountManagerId: staffIds.amA! });
    const rejected = await createPartner(t, { accountManagerId: staffIds.amA!, status: 'rejected' });
    const refused = await callEndpoint(
      t.app,
      staffPartnerBulkEndpoints.status,
      { body: { ids: [p1.partnerId, rejected.partnerId], status: 'suspended', reason: 'Fraud review' } },
      tokens.amA,
    );
    expect(errorBody(refused, 409).errors).toEqual({ 'ids.1': 'Not allowed from rejected.' });
    expect(await audits('partner', [p1.partnerId], 'status')).toEqual([]);

    const noReason = await callEndpoint(
      t.app,
      staffPartnerBulkEndpoints.status,
      { body: { ids: [p1.partnerId], status: 'suspended' } },
      tokens.amA,
    );
    expect(errorBody(noReason, 400).errors).toEqual({ reason: expect.any(String) });

    const res = await callEndpoint(
      t.app,
      staffPartnerBulkEndpoints.status,
      { body: { ids: [p1.partnerId, p2.partnerId], status: 'suspended', reason: 'Fraud review' } },
      tokens.amA,
    );
    expect(okBody(res).data).toEqual({ changed: 2, unchanged: 0 });
    const rows = await t.database.db
      .select({ status: partners.status })
      .from(partners)
      .where(inArray(partners.id, [p1.partnerId, p2.partnerId]));
    expect(rows.map((r) => r.status)).toEqual(['suspended', 'suspended']);
    const logged = await audits('partner', [p1.partnerId, p2.partnerId], 'status');
    expect(logged).toHaveLength(2);
    expect(logged.every((r) => r.reason === 'Fraud review' && r.actorId === staffIds.amA)).toBe(true);
    expect(new Set(logged.map((r) => r.requestId)).size).toBe(1);
  });
});

describe('POST /staff/offers/bulk/enabled', () => {
  it('disables many offers, audited per offer, admins only, all or none', async () => {
    const o1 = await createOffer(t, { name: 'Bulk One', goals: [{ goal: 'sale', p1: { amount: 100 } }] });
    const o2 = await createOffer(t, { name: 'Bulk Two', goals: [{ goal: 'sale', p1: { amount: 100 } }] });
    errorBody(
      await callEndpoint(t.app, staffOfferBulkEndpoints.enabled, { body: { ids: [o1], enabled: false } }, tokens.amA),
      403,
    );
    const missing = await callEndpoint(
      t.app,
      staffOfferBulkEndpoints.enabled,
      { body: { ids: [o1, 999_999], enabled: false } },
      tokens.admin,
    );
    expect(errorBody(missing, 404).errors).toEqual({ 'ids.1': 'Not found.' });
    const res = await callEndpoint(
      t.app,
      staffOfferBulkEndpoints.enabled,
      { body: { ids: [o1, o2], enabled: false } },
      tokens.admin,
    );
    expect(okBody(res).data).toEqual({ changed: 2, unchanged: 0 });
    const rows = await t.database.db
      .select({ enabled: offers.enabled })
      .from(offers)
      .where(inArray(offers.id, [o1, o2]));
    expect(rows.map((r) => r.enabled)).toEqual([false, false]);
    const logged = await audits('offer', [o1, o2], 'update');
    expect(logged.map((r) => r.changes)).toEqual([
      [{ field: 'enabled', before: true, after: false }],
      [{ field: 'enabled', before: true, after: false }],
    ]);
    const again = await callEndpoint(
      t.app,
      staffOfferBulkEndpoints.enabled,
      { body: { ids: [o1, o2, o2], enabled: true } },
      tokens.admin,
    );
    expect(errorBody(again, 400).errors).toEqual({ ids: expect.any(String) });
  });
});
