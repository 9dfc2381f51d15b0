import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offersEndpoints } from '@portal/contracts';
import { notifications, partnerOffers } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  createTeam,
  expectError,
  expectOk,
  invalid,
  login,
  okBody,
  type TestApp,
} from './helper.js';
import { createApplication, createOffer, setAllOffersAccess } from './offer-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

async function signedInPartner(options: { accountManagerId?: number } = {}) {
  const partner = await createPartner(t, options);
  return { ...partner, token: await login(t, partner.email, partner.password) };
}

const apply = (token: string, offerId: number) =>
  callEndpoint(t.app, offersEndpoints.apply, { body: { offerId } }, token);
const applications = (token: string) => callEndpoint(t.app, offersEndpoints.applications, {}, token);
const offer = (token: string, id: number) => callEndpoint(t.app, offersEndpoints.get, { params: { id } }, token);

async function applicationCount() {
  return (await t.database.db.select().from(partnerOffers)).length;
}

describe('POST /partner-offer', () => {
  it('creates a pending application once; the offer then shows pending', async () => {
    const p = await signedInPartner();
    const offerId = await createOffer(t, { name: 'Approval Needed', requireApproval: true });
    expect(okBody(await offer(p.token, offerId)).data).toMatchObject({
      partnerStatus: 'apply_to_run',
      application: null,
    });

    const res = await apply(p.token, offerId);
    expectOk(res);
    expect(okBody(res).message).toBe('Your application to this offer is pending.');
    const created = okBody(res).data;
    expect(created).toMatchObject({
      partnerId: p.partnerId,
      status: 'pending',
      subid: null,
      offer: { id: offerId, name: 'Approval Needed' },
    });
    expect(okBody(await offer(p.token, offerId)).data).toMatchObject({
      partnerStatus: 'pending',
      application: { id: created.id, status: 'pending' },
    });

    const before = await applicationCount();
    const again = await apply(p.token, offerId);
    expectError(again, 409);
    expect(again.body.message).toBe('You have already applied to this offer.');
    expect(await applicationCount()).toBe(before);
  });

  it('lets exactly one of two simultaneous applications through', async () => {
    const p = await signedInPartner();
    const offerId = await createOffer(t, { name: 'Race', requireApproval: true });
    const answers = await Promise.all([apply(p.token, offerId), apply(p.token, offerId), apply(p.token, offerId)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const rows = await t.database.db
      .select()
      .from(partnerOffers)
      .where(and(eq(partnerOffers.partnerId, p.partnerId), eq(partnerOffers.offerId, offerId)));
    expect(rows).toHaveLength(1);
  });

  it('refuses an offer that needs no approval with a clear 422', async () => {
    const p = await signedInPartner();
    const offerId = await createOffer(t, { name: 'Open To All', requireApproval: false });
    const before = await applicationCount();
    const res = await apply(p.token, offerId);
    expectError(res, 422);
    expect(res.body.message).toBe('This offer does not require approval: you can run it right away.');
    expect(await applicationCount()).toBe(before);
  });

  it('answers 404 for an unknown, disabled or invisible offer', async () => {
    const p = await signedInPartner();
    const disabled = await createOffer(t, { name: 'Switched Off', requireApproval: true, enabled: false });
    const hidden = await createOffer(t, { name: 'Invite Only', requireApproval: true, private: true });
    const before = await applicationCount();
    for (const id of [2_147_483_647, disabled, hidden]) {
      const res = await apply(p.token, id);
      expectError(res, 404);
      expect(res.body.message).toBe('Offer not found.');
    }
    const restricted = await signedInPartner();
    await setAllOffersAccess(t, restricted.partnerId, false);
    const open = await createOffer(t, { name: 'Needs A Grant', requireApproval: true });
    expectError(await apply(restricted.token, open), 404);
    expect(await applicationCount()).toBe(before);
  });

  it('answers 400 for a bad body', async () => {
    const p = await signedInPartner();
    for (const payload of [{}, { offerId: 'x' }, { offerId: 1.5 }, { offerId: -1 }, { offerId: 1, status: 'active' }]) {
      const res = await callEndpoint(t.app, offersEndpoints.apply, { body: invalid(payload) }, p.token);
      expectError(res, 400);
    }
  });
});

describe('GET /partner-offer', () => {
  it("lists the partner's own applications only, newest first", async () => {
    const [p, other] = [await signedInPartner(), await signedInPartner()];
    const [first, second, theirs] = [
      await createOffer(t, { name: 'Mine One', requireApproval: true }),
      await createOffer(t, { name: 'Mine Two', requireApproval: true, private: true }),
      await createOffer(t, { name: 'Not Mine', requireApproval: true }),
    ];
    const firstId = okBody(await apply(p.token, first)).data.id;
    const secondId = await createApplication(t, p.partnerId, second, 'active');
    await createApplication(t, other.partnerId, theirs, 'refused');

    const res = await applications(p.token);
    expectOk(res);
    expect(okBody(res).total).toBe(2);
    expect(okBody(res).data).toEqual([
      expect.objectContaining({ id: secondId, status: 'active', offer: { id: second, name: 'Mine Two' } }),
      expect.objectContaining({ id: firstId, status: 'pending', offer: { id: first, name: 'Mine One' } }),
    ]);
    expect(res.raw.body).not.toContain('Not Mine');
    const theirsList = okBody(await applications(other.token)).data;
    expect(theirsList.map((a: { offer: { name: string } }) => a.offer.name)).toEqual(['Not Mine']);
  });

  it('is for partners only', async () => {
    expectError(await callEndpoint(t.app, offersEndpoints.applications, {}, null), 401);
    const admin = await createStaff(t, 'ROLE_ADMIN');
    const token = await login(t, admin.email, admin.password);
    expectError(await applications(token), 403);
    expectError(await apply(token, 1), 403);
  });
});

describe('PUT /staff/partner-offers/{id}', () => {
  const decide = (token: string, id: number, status: 'pending' | 'active' | 'refused') =>
    callEndpoint(t.app, offersEndpoints.decideApplication, { params: { id }, body: { status } }, token);
  const notificationsOf = (partnerId: number) =>
    t.database.db.select().from(notifications).where(eq(notifications.partnerId, partnerId));

  it('records the decision, notifies the partner, and the partner sees the new status', async () => {
    const admin = await createStaff(t, 'ROLE_ADMIN');
    const adminToken = await login(t, admin.email, admin.password);
    const p = await signedInPartner();
    const offerId = await createOffer(t, { name: 'Premium Dating FR', requireApproval: true, private: true });
    const applicationId = await createApplication(t, p.partnerId, offerId, 'pending');
    expectError(await offer(p.token, offerId), 404);

    const res = await decide(adminToken, applicationId, 'active');
    expectOk(res);
    expect(okBody(res).data).toMatchObject({ id: applicationId, status: 'active', partnerId: p.partnerId });
    expect(await notificationsOf(p.partnerId)).toEqual([
      expect.objectContaining({
        kind: 'application_decided',
        title: 'Your application to Premium Dating FR has been approved.',
        link: `/offer/${offerId}`,
        readAt: null,
      }),
    ]);
    // Approved: the private offer is now visible, with its status.
    expect(okBody(await offer(p.token, offerId)).data).toMatchObject({ partnerStatus: 'active', private: true });

    // The same decision again changes nothing and notifies nobody.
    expect((await decide(adminToken, applicationId, 'active')).status).toBe(200);
    expect(await notificationsOf(p.partnerId)).toHaveLength(1);

    expect(okBody(await decide(adminToken, applicationId, 'refused')).data.status).toBe('refused');
    const titles = (await notificationsOf(p.partnerId)).map((n) => n.title);
    expect(titles).toContain('Your application to Premium Dating FR has been refused.');
    expectError(await offer(p.token, offerId), 404);
  });

  it('lets an account manager decide only for its own partners; team managers for their team’s', async () => {
    const teamId = await createTeam(t);
    const [am, otherAm, tm] = [
      await createStaff(t, 'ROLE_ACCOUNT_MANAGER', { teamId }),
      await createStaff(t, 'ROLE_ACCOUNT_MANAGER'),
      await createStaff(t, 'ROLE_TEAM_MANAGER', { teamId }),
    ];
    const p = await signedInPartner({ accountManagerId: am.userId });
    const offerId = await createOffer(t, { name: 'Managed', requireApproval: true });
    const applicationId = await createApplication(t, p.partnerId, offerId, 'pending');

    const stranger = await decide(await login(t, otherAm.email, otherAm.password), applicationId, 'active');
    expectError(stranger, 404);
    expect(await notificationsOf(p.partnerId)).toHaveLength(0);

    const own = await decide(await login(t, am.email, am.password), applicationId, 'refused');
    expect(okBody(own).data.status).toBe('refused');
    const byTm = await decide(await login(t, tm.email, tm.password), applicationId, 'pending');
    expect(okBody(byTm).data.status).toBe('pending');
    expect(await notificationsOf(p.partnerId)).toHaveLength(2);
    expect(okBody(await offer(p.token, offerId)).data.partnerStatus).toBe('pending');
  });

  it('refuses partners, unknown applications and bad statuses', async () => {
    const admin = await createStaff(t, 'ROLE_ADMIN');
    const adminToken = await login(t, admin.email, admin.password);
    const p = await signedInPartner();
    const offerId = await createOffer(t, { name: 'Self Service', requireApproval: true });
    const applicationId = await createApplication(t, p.partnerId, offerId, 'pending');

    expectError(await decide(p.token, applicationId, 'active'), 403);
    expectError(await decide(adminToken, 2_147_483_647, 'active'), 404);
    expectError(await decide(adminToken, applicationId, invalid('approved')), 400);
    const abc = await callEndpoint(
      t.app,
      offersEndpoints.decideApplication,
      { params: { id: invalid('abc') }, body: { status: 'active' } },
      adminToken,
    );
    expectError(abc, 400);
    expect(okBody(await applications(p.token)).data[0]!.status).toBe('pending');
    expect(await notificationsOf(p.partnerId)).toHaveLength(0);
  });
});

describe('registration payout and description', () => {
  it('reads the p1 tier of the main goal: the highest-paying when none is marked (decision 105)', async () => {
    const p = await signedInPartner();
    const [registration, regWithoutP1, validationOnly, none, percent] = await Promise.all([
      createOffer(t, {
        name: 'Reg',
        currency: 'GBP',
        goals: [
          { goal: 'registration', p1: { amount: 1250 }, p2: { amount: 1500 } },
          { goal: 'validation', p1: { amount: 4000 } },
        ],
      }),
      createOffer(t, {
        name: 'Reg Without P1',
        goals: [
          { goal: 'registration', p2: { amount: 1500 } },
          { goal: 'validation', p1: { amount: 3500 } },
        ],
      }),
      createOffer(t, { name: 'Validation Only', goals: [{ goal: 'validation', p1: { amount: 2200 } }] }),
      createOffer(t, { name: 'No Payout Goal', goals: [{ goal: 'sale', p1: { percent: 1200 } }] }),
      createOffer(t, { name: 'Percent', currency: 'USD', goals: [{ goal: 'registration', p1: { percent: 2550 } }] }),
    ]);
    const payout = async (id: number) => okBody(await offer(p.token, id)).data.payout;
    // The validation's 40,00 beats the registration's 12,50 (decision 105; the spec's registration payout before).
    expect(await payout(registration)).toEqual({ goal: 'validation', amount: 4000, percent: null, currency: 'GBP' });
    expect(await payout(regWithoutP1)).toEqual({ goal: 'validation', amount: 3500, percent: null, currency: 'EUR' });
    expect(await payout(validationOnly)).toEqual({ goal: 'validation', amount: 2200, percent: null, currency: 'EUR' });
    expect(await payout(none)).toEqual({ goal: 'sale', amount: null, percent: 1200, currency: 'EUR' });
    expect(await payout(percent)).toEqual({ goal: 'registration', amount: null, percent: 2550, currency: 'USD' });
  });

  it('sanitises the description: no script, no event handler, safe links', async () => {
    const p = await signedInPartner();
    const id = await createOffer(t, {
      name: 'Dirty HTML',
      descriptionHtml:
        '<h3>Terms</h3><script>alert("x")</script><p onclick="steal()">Hello <b>world</b></p>' +
        '<img src="x" onerror="alert(1)"><a href="javascript:alert(1)">bad</a>' +
        '<a href="https://example.com/terms" onmouseover="x()">terms</a><style>body{}</style><iframe src="https://evil.example"></iframe>',
    });
    const html: string = okBody(await offer(p.token, id)).data.descriptionHtml;
    expect(html).not.toMatch(/<script|alert|onerror|onclick|onmouseover|javascript:|<style|<iframe/i);
    expect(html).toContain('<h3>Terms</h3>');
    expect(html).toContain('<p>Hello <b>world</b></p>');
    expect(html).toContain('<a href="https://example.com/terms" target="_blank" rel="noopener noreferrer">terms</a>');
  });
});
