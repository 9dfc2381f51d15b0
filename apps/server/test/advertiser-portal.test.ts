/**
 * The advertiser portal (decision 087): admins invite an advertiser's users (audited, a mail to choose the password),
 * who sign in on the one sign-in page and read only their own advertiser's offers, conversions, postback log and
 * invoices, never a payout, a partner's name or a sub-ID; their scrub files wait for staff, who apply or dismiss them
 * (audited). Who reaches each route is the authorization matrix's (authorization-matrix.test.ts).
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advertiserPortalEndpoints,
  authEndpoints,
  conversionScrubsEndpoints,
  staffAdvertiserUsersEndpoints,
} from '@portal/contracts';
import { advertisers, auditLog, conversions, offerCaps, offers, products } from '../src/db/schema.js';
import { insertPostbackLog } from '../src/modules/conversions/index.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  expectError,
  login,
  okBody,
  resetKeyFrom,
  sentMails,
  type TestApp,
} from './helper.js';
import { createOffer } from './offer-fixtures.js';

let t: TestApp;
let admin: string;
let manager: string;
let advertiserId: number;
let otherAdvertiserId: number;
let offerId: number;
let advertiserToken: string;
let invitedEmail: string;

const csv = (lines: string[]) => ({
  filename: 'scrub.csv',
  data: `data:text/csv;base64,${Buffer.from(lines.join('\n')).toString('base64')}`,
});

beforeAll(async () => {
  t = await buildTestApp();
  const a = await createStaff(t, 'ROLE_ADMIN');
  admin = await login(t, a.email, a.password);
  const m = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
  manager = await login(t, m.email, m.password);
  offerId = await createOffer(t, { name: 'Shoes for all', goals: [{ goal: 'sale', p1: { amount: 500 } }] });
  const [product] = await t.database.db
    .select({ advertiserId: products.advertiserId })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(eq(offers.id, offerId));
  advertiserId = product!.advertiserId;
  const [other] = await t.database.db
    .insert(advertisers)
    .values({ name: 'Other Shop', securityToken: randomBytes(16).toString('hex') })
    .returning();
  otherAdvertiserId = other!.id;
  const partner = await createPartner(t, { companyName: 'Secret Partner Co' });
  const conversion = (advertiser: number, tx: string, status: string) => ({
    advertiserId: advertiser,
    offerId: advertiser === advertiserId ? offerId : null,
    partnerId: partner.partnerId,
    dedupeKey: `tx:${tx}`,
    transactionId: tx,
    goal: 'sale',
    status,
    payout: 777,
    revenue: 1234,
    subid: 'secret-sub',
    tc1: 'secret-tc',
  });
  await t.database.db
    .insert(conversions)
    .values([
      conversion(advertiserId, 'order-1', 'approved'),
      conversion(advertiserId, 'order-2', 'pending'),
      conversion(otherAdvertiserId, 'other-1', 'approved'),
    ]);
  await t.database.db.insert(offerCaps).values([
    { offerId, metric: 'conversions', period: 'day', limit: 50 },
    { offerId, metric: 'payout', period: 'month', limit: 99_999 },
    { offerId, partnerId: partner.partnerId, metric: 'clicks', period: 'day', limit: 10 },
  ]);
  for (const advertiser of [advertiserId, otherAdvertiserId]) {
    await insertPostbackLog(t.database.db, {
      advertiserId: advertiser,
      outcome: 'recorded',
      status: 'approved',
      reason: null,
      duplicate: false,
      params: { transaction_id: advertiser === advertiserId ? 'order-1' : 'other-1' },
      ip: '10.0.0.9',
      createdAt: new Date(),
    });
  }
});
afterAll(async () => t?.close());

describe('advertiser users', () => {
  it('are invited by an admin (audited, a mail to choose the password), listed, and sign in', async () => {
    const email = `buyer.${Date.now()}@shop.example`;
    invitedEmail = email;
    const invited = okBody(
      await callEndpoint(
        t.app,
        staffAdvertiserUsersEndpoints.invite,
        { params: { id: advertiserId }, body: { email: email.toUpperCase(), firstname: 'Bea', lastname: 'Buyer' } },
        admin,
      ),
    ).data;
    expect(invited).toMatchObject({ email, firstname: 'Bea', passwordSet: false, enabled: true });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityType} = 'user' and ${auditLog.entityId} = ${String(invited.id)}`);
    expect(entry?.action).toBe('create');

    const mail = (await sentMails(t)).find((m) => m.to.includes(email));
    expect(mail?.subject).toContain('advertiser portal');
    okBody(
      await callEndpoint(
        t.app,
        authEndpoints.resetPassword,
        {
          body: { key: resetKeyFrom(mail!.body), password: 'Advertise2026!' },
        },
        null,
      ),
    );
    advertiserToken = await login(t, email, 'Advertise2026!');
    const me = okBody(await callEndpoint(t.app, advertiserPortalEndpoints.me, {}, advertiserToken)).data;
    expect(me).toMatchObject({ id: advertiserId });

    const list = okBody(
      await callEndpoint(t.app, staffAdvertiserUsersEndpoints.list, { params: { id: advertiserId } }, admin),
    ).data;
    expect(list.map((u) => [u.email, u.passwordSet])).toEqual([[email, true]]);
  });

  it('answers 409 for a taken e-mail, 404 for an unknown advertiser, field errors for bad input', async () => {
    const body = { email: invitedEmail, firstname: 'X', lastname: 'Y' };
    expectError(await callEndpoint(t.app, staffAdvertiserUsersEndpoints.invite, { params: { id: advertiserId }, body }, admin), 409); // prettier-ignore
    const fresh = { ...body, email: 'nobody.new@shop.example' };
    expectError(await callEndpoint(t.app, staffAdvertiserUsersEndpoints.invite, { params: { id: 999_999 }, body: fresh }, admin), 404); // prettier-ignore
    const bad = await callEndpoint(t.app, staffAdvertiserUsersEndpoints.invite, { params: { id: advertiserId }, body: { email: 'no', firstname: '', lastname: 'Y' } }, admin); // prettier-ignore
    expectError(bad, 400);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(expect.arrayContaining(['email', 'firstname']));
  });
});

describe('what an advertiser reads', () => {
  it('its offers with status and caps, never a payout cap or a partner’s', async () => {
    const list = okBody(await callEndpoint(t.app, advertiserPortalEndpoints.offers, {}, advertiserToken)).data;
    expect(list).toEqual([
      expect.objectContaining({
        id: offerId,
        status: 'active',
        caps: [{ metric: 'conversions', period: 'day', limit: 50 }],
      }),
    ]);
  });

  it('its conversions only: the partner by id, no payout, no partner name, no sub-ID; filtered and paged', async () => {
    const res = await callEndpoint(t.app, advertiserPortalEndpoints.conversions, { query: { count: 1 } }, advertiserToken); // prettier-ignore
    const body = okBody(res);
    expect(body.data).toHaveLength(1);
    expect(body.total).toBe(2);
    const all = okBody(await callEndpoint(t.app, advertiserPortalEndpoints.conversions, {}, advertiserToken));
    expect(all.data.map((c) => c.transactionId).sort()).toEqual(['order-1', 'order-2']);
    expect(all.data[0]).not.toHaveProperty('payout');
    for (const secret of ['Secret Partner', 'secret-sub', 'secret-tc', '777', 'payout', 'other-1']) {
      expect(res.raw.body + JSON.stringify(all)).not.toContain(secret);
    }
    const pending = okBody(
      await callEndpoint(
        t.app,
        advertiserPortalEndpoints.conversions,
        { query: { status: 'pending' } },
        advertiserToken,
      ),
    ).data;
    expect(pending.map((c) => c.transactionId)).toEqual(['order-2']);
  });

  it('its postback log and its invoices only', async () => {
    const log = okBody(await callEndpoint(t.app, advertiserPortalEndpoints.postbacks, {}, advertiserToken)).data;
    expect(log.map((entry) => entry.params.transaction_id)).toEqual(['order-1']);
    const invoices = okBody(await callEndpoint(t.app, advertiserPortalEndpoints.invoices, {}, advertiserToken)).data;
    expect(invoices.every((invoice) => invoice.advertiser.id === advertiserId)).toBe(true);
  });
});

describe('an advertiser’s scrub file', () => {
  it('waits for staff: dismissed or applied by an admin, audited; the advertiser sees counts only', async () => {
    const sent = okBody(
      await callEndpoint(t.app, advertiserPortalEndpoints.uploadScrub, { body: { file: csv(['order-1', 'unknown-9']) } }, advertiserToken), // prettier-ignore
    );
    expect(sent.data).toMatchObject({ status: 'previewed', counts: { lines: 2, found: 1, unknown: 1 } });
    expect(JSON.stringify(sent)).not.toContain('Secret Partner');
    // An account manager did not upload it and does not see it; an admin does, as the advertiser's.
    expectError(await callEndpoint(t.app, conversionScrubsEndpoints.get, { params: { id: sent.data.id } }, manager), 404); // prettier-ignore
    const seen = okBody(await callEndpoint(t.app, conversionScrubsEndpoints.get, { params: { id: sent.data.id } }, admin)); // prettier-ignore
    expect(seen.data).toMatchObject({ source: 'advertiser', advertiserId });

    const dismissed = okBody(await callEndpoint(t.app, conversionScrubsEndpoints.dismiss, { params: { id: sent.data.id } }, admin)); // prettier-ignore
    expect(dismissed.data.status).toBe('dismissed');
    expectError(await callEndpoint(t.app, conversionScrubsEndpoints.apply, { params: { id: sent.data.id } }, admin), 409); // prettier-ignore
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityType} = 'conversion_scrub' and ${auditLog.entityId} = ${String(sent.data.id)} and ${auditLog.action} = 'update'`); // prettier-ignore
    expect(audit).toBeDefined();

    const again = okBody(
      await callEndpoint(t.app, advertiserPortalEndpoints.uploadScrub, { body: { file: csv(['order-2']) } }, advertiserToken), // prettier-ignore
    );
    const applied = okBody(await callEndpoint(t.app, conversionScrubsEndpoints.apply, { params: { id: again.data.id } }, admin)); // prettier-ignore
    expect(applied.data.scrub.result?.reversed).toBe(1);
    const [order2] = await t.database.db.select().from(conversions).where(eq(conversions.dedupeKey, 'tx:order-2'));
    expect(order2?.status).toBe('rejected');

    const mine = okBody(await callEndpoint(t.app, advertiserPortalEndpoints.scrubs, {}, advertiserToken)).data;
    expect(mine.map((s) => s.status)).toEqual(['applied', 'dismissed']);
  });
});
