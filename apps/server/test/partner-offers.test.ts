import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, partnerOffers } from '../src/db/schema.js';
import {
  bearer,
  buildTestApp,
  createPartner,
  createStaff,
  createTeam,
  expectErrorObject,
  login,
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

const apply = (token: string, offerId: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/partner-offer', headers: bearer(token), payload: { offerId } });
const applications = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/partner-offer', headers: bearer(token) });
const offer = (token: string, id: number) =>
  t.app.inject({ method: 'GET', url: `/api/v1/offer/${id}`, headers: bearer(token) });

async function applicationCount() {
  return (await t.database.db.select().from(partnerOffers)).length;
}

describe('POST /partner-offer', () => {
  it('creates a pending application once; the offer then shows pending', async () => {
    const p = await signedInPartner();
    const offerId = await createOffer(t, { name: 'Approval Needed', requireApproval: true });
    expect((await offer(p.token, offerId)).json().data).toMatchObject({
      partnerStatus: 'apply_to_run',
      application: null,
    });

    const res = await apply(p.token, offerId);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your application to this offer is pending.');
    const created = res.json().data;
    expect(created).toMatchObject({
      partnerId: p.partnerId,
      status: 'pending',
      subid: null,
      offer: { id: offerId, name: 'Approval Needed' },
    });
    expect((await offer(p.token, offerId)).json().data).toMatchObject({
      partnerStatus: 'pending',
      application: { id: created.id, status: 'pending' },
    });

    const before = await applicationCount();
    const again = await apply(p.token, offerId);
    expectErrorObject(again, 409);
    expect(again.json().message).toBe('You have already applied to this offer.');
    expect(await applicationCount()).toBe(before);
  });

  it('lets exactly one of two simultaneous applications through', async () => {
    const p = await signedInPartner();
    const offerId = await createOffer(t, { name: 'Race', requireApproval: true });
    const answers = await Promise.all([apply(p.token, offerId), apply(p.token, offerId), apply(p.token, offerId)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
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
    expectErrorObject(res, 422);
    expect(res.json().message).toBe('This offer does not require approval: you can run it right away.');
    expect(await applicationCount()).toBe(before);
  });

  it('answers 404 for an unknown, disabled or invisible offer', async () => {
    const p = await signedInPartner();
    const disabled = await createOffer(t, { name: 'Switched Off', requireApproval: true, enabled: false });
    const hidden = await createOffer(t, { name: 'Invite Only', requireApproval: true, private: true });
    const before = await applicationCount();
    for (const id of [2_147_483_647, disabled, hidden]) {
      const res = await apply(p.token, id);
      expectErrorObject(res, 404);
      expect(res.json().message).toBe('Offer not found.');
    }
    const restricted = await signedInPartner();
    await setAllOffersAccess(t, restricted.partnerId, false);
    const open = await createOffer(t, { name: 'Needs A Grant', requireApproval: true });
    expectErrorObject(await apply(restricted.token, open), 404);
    expect(await applicationCount()).toBe(before);
  });

  it('answers 400 for a bad body', async () => {
    const p = await signedInPartner();
    for (const payload of [{}, { offerId: 'x' }, { offerId: 1.5 }, { offerId: -1 }, { offerId: 1, status: 'active' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/partner-offer',
        headers: bearer(p.token),
        payload,
      });
      expectErrorObject(res, 400);
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
    const firstId = (await apply(p.token, first)).json().data.id;
    const secondId = await createApplication(t, p.partnerId, second, 'active');
    await createApplication(t, other.partnerId, theirs, 'refused');

    const res = await applications(p.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(2);
    expect(res.json().data).toEqual([
      expect.objectContaining({ id: secondId, status: 'active', offer: { id: second, name: 'Mine Two' } }),
      expect.objectContaining({ id: firstId, status: 'pending', offer: { id: first, name: 'Mine One' } }),
    ]);
    expect(res.body).not.toContain('Not Mine');
    const theirsList = (await applications(other.token)).json().data;
    expect(theirsList.map((a: { offer: { name: string } }) => a.offer.name)).toEqual(['Not Mine']);
  });

  it('is for partners only', async () => {
    expectErrorObject(await t.app.inject({ method: 'GET', url: '/api/v1/partner-offer' }), 401);
    const admin = await createStaff(t, 'ROLE_ADMIN');
    const token = await login(t, admin.email, admin.password);
    expectErrorObject(await applications(token), 403);
    expectErrorObject(await apply(token, 1), 403);
  });
});

describe('PUT /staff/partner-offers/{id}', () => {
  const decide = (token: string, id: number, status: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/staff/partner-offers/${id}`,
      headers: bearer(token),
      payload: { status },
    });
  const notificationsOf = (partnerId: number) =>
    t.database.db.select().from(notifications).where(eq(notifications.partnerId, partnerId));

  it('records the decision, notifies the partner, and the partner sees the new status', async () => {
    const admin = await createStaff(t, 'ROLE_ADMIN');
    const adminToken = await login(t, admin.email, admin.password);
    const p = await signedInPartner();
    const offerId = await createOffer(t, { name: 'Premium Dating FR', requireApproval: true, private: true });
    const applicationId = await createApplication(t, p.partnerId, offerId, 'pending');
    expectErrorObject(await offer(p.token, offerId), 404);

    const res = await decide(adminToken, applicationId, 'active');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: applicationId, status: 'active', partnerId: p.partnerId });
    expect(await notificationsOf(p.partnerId)).toEqual([
      expect.objectContaining({
        kind: 'application_decided',
        title: 'Your application to Premium Dating FR has been approved.',
        link: `/offer/${offerId}`,
        readAt: null,
      }),
    ]);
    // Approved: the private offer is now visible, with its status.
    expect((await offer(p.token, offerId)).json().data).toMatchObject({ partnerStatus: 'active', private: true });

    // The same decision again changes nothing and notifies nobody.
    expect((await decide(adminToken, applicationId, 'active')).statusCode).toBe(200);
    expect(await notificationsOf(p.partnerId)).toHaveLength(1);

    expect((await decide(adminToken, applicationId, 'refused')).json().data.status).toBe('refused');
    const titles = (await notificationsOf(p.partnerId)).map((n) => n.title);
    expect(titles).toContain('Your application to Premium Dating FR has been refused.');
    expectErrorObject(await offer(p.token, offerId), 404);
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
    expectErrorObject(stranger, 404);
    expect(await notificationsOf(p.partnerId)).toHaveLength(0);

    const own = await decide(await login(t, am.email, am.password), applicationId, 'refused');
    expect(own.json().data.status).toBe('refused');
    const byTm = await decide(await login(t, tm.email, tm.password), applicationId, 'pending');
    expect(byTm.json().data.status).toBe('pending');
    expect(await notificationsOf(p.partnerId)).toHaveLength(2);
    expect((await offer(p.token, offerId)).json().data.partnerStatus).toBe('pending');
  });

  it('refuses partners, unknown applications and bad statuses', async () => {
    const admin = await createStaff(t, 'ROLE_ADMIN');
    const adminToken = await login(t, admin.email, admin.password);
    const p = await signedInPartner();
    const offerId = await createOffer(t, { name: 'Self Service', requireApproval: true });
    const applicationId = await createApplication(t, p.partnerId, offerId, 'pending');

    expectErrorObject(await decide(p.token, applicationId, 'active'), 403);
    expectErrorObject(await decide(adminToken, 2_147_483_647, 'active'), 404);
    expectErrorObject(await decide(adminToken, applicationId, 'approved'), 400);
    const abc = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/staff/partner-offers/abc',
      headers: bearer(adminToken),
      payload: { status: 'active' },
    });
    expectErrorObject(abc, 400);
    expect((await applications(p.token)).json().data[0].status).toBe('pending');
    expect(await notificationsOf(p.partnerId)).toHaveLength(0);
  });
});

describe('registration payout and description', () => {
  it('reads the p1 tier of the registration goal, else of the validation goal, else none', async () => {
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
    const payout = async (id: number) => (await offer(p.token, id)).json().data.payout;
    expect(await payout(registration)).toEqual({ goal: 'registration', amount: 1250, percent: null, currency: 'GBP' });
    expect(await payout(regWithoutP1)).toEqual({ goal: 'validation', amount: 3500, percent: null, currency: 'EUR' });
    expect(await payout(validationOnly)).toEqual({ goal: 'validation', amount: 2200, percent: null, currency: 'EUR' });
    expect(await payout(none)).toBeNull();
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
    const html: string = (await offer(p.token, id)).json().data.descriptionHtml;
    expect(html).not.toMatch(/<script|alert|onerror|onclick|onmouseover|javascript:|<style|<iframe/i);
    expect(html).toContain('<h3>Terms</h3>');
    expect(html).toContain('<p>Hello <b>world</b></p>');
    expect(html).toContain('<a href="https://example.com/terms" target="_blank" rel="noopener noreferrer">terms</a>');
  });
});
