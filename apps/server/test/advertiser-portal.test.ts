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
  advertiserInvoicesEndpoints,
  advertiserPortalEndpoints,
  advertisersEndpoints,
  authEndpoints,
  clientTagEndpoints,
  conversionScrubsEndpoints,
  staffAdvertiserUsersEndpoints,
} from '@portal/contracts';
import { advertisers, auditLog, conversions, offerCaps, offers, products, users } from '../src/db/schema.js';
import { insertPostbackLog } from '../src/modules/conversions/index.js';
import {
  buildTestApp,
  callEndpoint,
  createAdvertiserUser,
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

describe('partners’ names, when the network allows it per advertiser (decision 100)', () => {
  const showNames = async (on: boolean) =>
    okBody(await callEndpoint(t.app, advertisersEndpoints.update, { params: { id: advertiserId }, body: { showPartnerNames: on } }, admin)); // prettier-ignore

  it('is off by default; an admin turns it on (audited) and the advertiser reads the names, never a payout', async () => {
    const before = okBody(await callEndpoint(t.app, advertisersEndpoints.get, { params: { id: advertiserId } }, admin));
    expect(before.data.showPartnerNames).toBe(false);
    expect(okBody(await callEndpoint(t.app, advertiserPortalEndpoints.me, {}, advertiserToken)).data.showPartnerNames).toBe(false); // prettier-ignore
    const off = okBody(await callEndpoint(t.app, advertiserPortalEndpoints.conversions, {}, advertiserToken)).data;
    expect(off.map((c) => c.partnerName)).toEqual([null, null]);

    expect((await showNames(true)).data.showPartnerNames).toBe(true);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityType} = 'advertiser' and ${auditLog.entityId} = ${String(advertiserId)}`);
    expect(JSON.stringify(entries.map((e) => e.changes))).toContain('showPartnerNames');
    expect(okBody(await callEndpoint(t.app, advertiserPortalEndpoints.me, {}, advertiserToken)).data.showPartnerNames).toBe(true); // prettier-ignore
    const res = await callEndpoint(t.app, advertiserPortalEndpoints.conversions, {}, advertiserToken);
    expect(okBody(res).data.map((c) => c.partnerName)).toEqual(['Secret Partner Co', 'Secret Partner Co']);
    for (const secret of ['secret-sub', 'secret-tc', '777', 'payout', 'other-1'])
      expect(res.raw.body).not.toContain(secret);
    // Another advertiser's users still read ids only.
    const other = await createAdvertiserUser(t, otherAdvertiserId);
    const otherToken = await login(t, other.email, other.password);
    const theirs = okBody(await callEndpoint(t.app, advertiserPortalEndpoints.conversions, {}, otherToken)).data;
    expect(theirs.map((c) => c.partnerName)).toEqual([null]);

    await showNames(false);
    const again = okBody(await callEndpoint(t.app, advertiserPortalEndpoints.conversions, {}, advertiserToken)).data;
    expect(again.every((c) => c.partnerName === null)).toBe(true);
  });

  it('is the admins’ to change: an account manager is refused', async () => {
    expectError(await callEndpoint(t.app, advertisersEndpoints.update, { params: { id: advertiserId }, body: { showPartnerNames: true } }, manager), 403); // prettier-ignore
    const bad = await callEndpoint(t.app, advertisersEndpoints.update, { params: { id: advertiserId }, body: { showPartnerNames: 'yes' as never } }, admin); // prettier-ignore
    expectError(bad, 400);
    expect(bad.body.errors).toHaveProperty('showPartnerNames');
  });
});

describe('disabling an advertiser user (decision 100)', () => {
  const setEnabled = (userId: number, enabled: boolean, id = advertiserId, token = admin) =>
    callEndpoint(t.app, staffAdvertiserUsersEndpoints.update, { params: { id, userId }, body: { enabled } }, token);

  it('ends its sessions at once and refuses its sign-in until an admin enables it again (audited)', async () => {
    const user = await createAdvertiserUser(t, advertiserId);
    const token = await login(t, user.email, user.password);
    okBody(await callEndpoint(t.app, advertiserPortalEndpoints.me, {}, token));

    const disabled = okBody(await setEnabled(user.userId, false));
    expect(disabled.data).toMatchObject({ id: user.userId, enabled: false });
    expectError(await callEndpoint(t.app, advertiserPortalEndpoints.me, {}, token), 401);
    expectError(await callEndpoint(t.app, advertiserPortalEndpoints.conversions, {}, token), 401);
    const refused = await callEndpoint(t.app, authEndpoints.login, { body: { username: user.email, password: user.password } }, null); // prettier-ignore
    expectError(refused, 401);
    const listed = okBody(await callEndpoint(t.app, staffAdvertiserUsersEndpoints.list, { params: { id: advertiserId } }, admin)); // prettier-ignore
    expect(listed.data.find((u) => u.id === user.userId)?.enabled).toBe(false);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityType} = 'user' and ${auditLog.entityId} = ${String(user.userId)} and ${auditLog.action} = 'update'`); // prettier-ignore
    expect(entry?.changes).toEqual([{ field: 'enabled', before: true, after: false }]);
    expect(entry?.parentId).toBe(String(advertiserId));

    expect(okBody(await setEnabled(user.userId, true)).data.enabled).toBe(true);
    const back = await login(t, user.email, user.password);
    okBody(await callEndpoint(t.app, advertiserPortalEndpoints.me, {}, back));
  });

  it('reaches only the advertiser’s own users, for admins only', async () => {
    const user = await createAdvertiserUser(t, advertiserId);
    expectError(await setEnabled(user.userId, false, otherAdvertiserId), 404);
    const [staffRow] = await t.database.db.select({ id: users.id }).from(users).where(sql`${users.advertiserId} is null`).limit(1); // prettier-ignore
    expectError(await setEnabled(staffRow!.id, false), 404);
    expectError(await setEnabled(user.userId, false, advertiserId, manager), 403);
    expectError(await setEnabled(user.userId, false, 999_999), 404);
    const [row] = await t.database.db.select({ enabled: users.enabled }).from(users).where(eq(users.id, user.userId));
    expect(row?.enabled).toBe(true);
  });
});

describe('the advertiser’s invoices as PDF (decision 100)', () => {
  it('answers the PDF of its own invoices; another advertiser’s is a 404, staff and partners are refused', async () => {
    const partner = await createPartner(t);
    const sale = (advertiser: number, tx: string) => ({
      advertiserId: advertiser,
      offerId: advertiser === advertiserId ? offerId : null,
      partnerId: partner.partnerId,
      dedupeKey: `tx:${tx}`,
      transactionId: tx,
      goal: 'sale',
      status: 'approved',
      payout: 100,
      revenue: 2500,
      createdAt: new Date('2026-03-12T10:00:00Z'),
    });
    await t.database.db.insert(conversions).values([sale(advertiserId, 'march-1'), sale(otherAdvertiserId, 'march-2')]); // prettier-ignore
    okBody(await callEndpoint(t.app, advertiserInvoicesEndpoints.run, { body: { month: '2026-03' } }, admin));
    const everyone = okBody(await callEndpoint(t.app, advertiserInvoicesEndpoints.list, { query: { month: '2026-03' } }, admin)).data; // prettier-ignore
    const mine = everyone.find((i) => i.advertiser.id === advertiserId)!;
    const theirs = everyone.find((i) => i.advertiser.id === otherAdvertiserId)!;
    expect(mine.file).not.toBeNull();
    const listed = okBody(await callEndpoint(t.app, advertiserPortalEndpoints.invoices, {}, advertiserToken)).data;
    expect(listed.map((i) => i.id)).toEqual([mine.id]);

    const res = await callEndpoint(t.app, advertiserPortalEndpoints.invoicePdf, { params: { id: mine.id } }, advertiserToken); // prettier-ignore
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${mine.reference}.pdf"`);
    expect(res.raw.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    expectError(await callEndpoint(t.app, advertiserPortalEndpoints.invoicePdf, { params: { id: theirs.id } }, advertiserToken), 404); // prettier-ignore
    expectError(await callEndpoint(t.app, advertiserPortalEndpoints.invoicePdf, { params: { id: 999_999 } }, advertiserToken), 404); // prettier-ignore
    expectError(await callEndpoint(t.app, advertiserPortalEndpoints.invoicePdf, { params: { id: mine.id } }, admin), 403); // prettier-ignore
    const partnerToken = await login(t, partner.email, partner.password);
    expectError(await callEndpoint(t.app, advertiserPortalEndpoints.invoicePdf, { params: { id: mine.id } }, partnerToken), 403); // prettier-ignore
    expectError(await callEndpoint(t.app, advertiserPortalEndpoints.invoicePdf, { params: { id: mine.id } }, null), 401); // prettier-ignore
  });
});

describe('the advertiser’s postback and tag set-up with its test tool (decision 100)', () => {
  it('reads its own offers’ snippets, its own token in the S2S URL; another advertiser’s offer is a 404', async () => {
    const setup = okBody(await callEndpoint(t.app, advertiserPortalEndpoints.setup, {}, advertiserToken)).data;
    expect(setup.map((o) => o.offerId)).toEqual([offerId]);
    const [offer] = setup;
    const [token] = await t.database.db.select({ token: advertisers.securityToken }).from(advertisers).where(eq(advertisers.id, advertiserId)); // prettier-ignore
    expect(offer!.goals.map((g) => g.goal)).toEqual(['sale']);
    expect(offer!.goals[0]!.s2s).toContain(`token=${token!.token}`);
    expect(offer!.landing).toContain(`data-offer-id="${offerId}"`);
    expect(offer!.lastHit).toBeNull();
    // The same as the staff's set-up of this advertiser.
    const staff = okBody(await callEndpoint(t.app, clientTagEndpoints.setup, { params: { id: advertiserId } }, admin)).data; // prettier-ignore
    expect(setup).toEqual(staff);
    const one = await callEndpoint(t.app, advertiserPortalEndpoints.offerSetup, { params: { id: offerId } }, advertiserToken); // prettier-ignore
    expect(okBody(one).data).toEqual(offer);
    const otherOffer = await createOffer(t, { name: 'Someone else’s', goals: [{ goal: 'sale', p1: { amount: 100 } }] });
    expectError(await callEndpoint(t.app, advertiserPortalEndpoints.offerSetup, { params: { id: otherOffer } }, advertiserToken), 404); // prettier-ignore
    expectError(await callEndpoint(t.app, advertiserPortalEndpoints.offerSetup, { params: { id: 999_999 } }, advertiserToken), 404); // prettier-ignore
    const raw = (await callEndpoint(t.app, advertiserPortalEndpoints.setup, {}, advertiserToken)).raw.body;
    expect(raw).not.toContain(String(otherOffer) + ',');
    expect(raw).not.toContain('Someone else');
    expect(raw).not.toMatch(/payout/i);
  });

  it('tests a postback: answers what /postback would, records no conversion, logs a test; never a payout', async () => {
    const partner = await createPartner(t);
    await t.database.db.update(offers).set({ defaultUrl: 'https://shop.example/?cid={click_id}' }).where(eq(offers.id, offerId)); // prettier-ignore
    const click = await t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partner.partnerId}` });
    expect(click.statusCode, click.body).toBe(302);
    const clickId = new URL(click.headers.location as string).searchParams.get('cid')!;
    expect(clickId, click.headers.location as string).toBeTruthy();
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(conversions);
    const res = await callEndpoint(t.app, advertiserPortalEndpoints.testPostback, { body: { click_id: clickId, goal: 'sale', amount: '12.50', transaction_id: 'test-tx-1' } }, advertiserToken); // prettier-ignore
    expect(okBody(res).data).toEqual({ status: 'approved', reason: null, duplicate: false, goalCode: 'sale' });
    expect(res.raw.body).not.toMatch(/payout|500/);
    // A transaction id already recorded would be a repeat.
    const repeat = await callEndpoint(t.app, advertiserPortalEndpoints.testPostback, { body: { click_id: clickId, goal: 'sale', transaction_id: 'order-1' } }, advertiserToken); // prettier-ignore
    expect(okBody(repeat).data.duplicate).toBe(true);
    const unknown = await callEndpoint(t.app, advertiserPortalEndpoints.testPostback, { body: { click_id: 'nope', goal: 'sale' } }, advertiserToken); // prettier-ignore
    expect(okBody(unknown).data).toMatchObject({ status: 'rejected', reason: 'unknown_click' });
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(conversions);
    expect(after[0]!.n).toBe(before[0]!.n);
    const log = okBody(await callEndpoint(t.app, advertiserPortalEndpoints.postbacks, { query: { outcome: 'test' } }, advertiserToken)); // prettier-ignore
    expect(log.total).toBe(3);
    expect(log.data.every((entry) => entry.outcome === 'test' && entry.conversionId === null)).toBe(true);
    // The other advertiser's log has none of them.
    const others = okBody(await callEndpoint(t.app, advertisersEndpoints.postbacks, { params: { id: otherAdvertiserId }, query: { outcome: 'test' } }, admin)); // prettier-ignore
    expect(others.total).toBe(0);
    expectError(await callEndpoint(t.app, advertiserPortalEndpoints.testPostback, { body: { click_id: '', goal: 'sale', amount: 'x' } }, advertiserToken), 400); // prettier-ignore
  });
});
