import { and, eq } from 'drizzle-orm';
import {
  advertisersEndpoints,
  auditEndpoints,
  staffNotificationsEndpoints,
  staffOffersEndpoints,
  type EndpointDefinition,
  type PayoutOverrideCreate,
  type OverrideRequestDecision,
} from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, conversions, users } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  createTeam,
  errorBody,
  expectError,
  expectOk,
  login,
  okBody,
  sentMails,
  testClock,
  type CallInput,
  type TestApp,
} from './helper.js';
import { setAllOffersAccess } from './offer-fixtures.js';

type Token = string;
type Partner = { partnerId: number };

/**
 * Decision 063: an override obeys the goal's money rules as the offer editor does, and a manager's override above the
 * approval step (OVERRIDE_APPROVAL_ABOVE_PERCENT over the goal's payout, or a negative margin) waits for an admin on
 * the staff home; every entry about it carries the partner's id.
 */
async function network(t: TestApp) {
  const signIn = async (role: Parameters<typeof createStaff>[1], teamId: number | null = null) => {
    const s = await createStaff(t, role, { teamId });
    return { userId: s.userId, token: await login(t, s.email, s.password) };
  };
  const teamId = await createTeam(t);
  const admin = await signIn('ROLE_ADMIN');
  const otherAdmin = await signIn('ROLE_ADMIN');
  const teamManager = await signIn('ROLE_TEAM_MANAGER', teamId);
  const manager = await signIn('ROLE_ACCOUNT_MANAGER', teamId);
  const outsider = await signIn('ROLE_ACCOUNT_MANAGER');
  const call = <const E extends EndpointDefinition>(endpoint: E, input: CallInput<E>, token: Token = admin.token) =>
    callEndpoint(t.app, endpoint, input, token);
  const advertiser = okBody(await call(advertisersEndpoints.create, { body: { name: 'Bounded Ads' } })).data;
  const product = okBody(await call(advertisersEndpoints.createProduct, { params: { id: advertiser.id }, body: { identifier: `bnd-${advertiser.id}`, type: 'web', domain: 'bnd.example.com' } })).data; // prettier-ignore
  const offer = await call(staffOffersEndpoints.create, {
    body: {
      name: 'Bounded Offer',
      productId: product.id,
      conversionType: 'cpl',
      defaultUrl: 'https://bnd.example.com/?c={click_id}',
      goals: [
        { goal: 'registration', revenueAmount: 800, payoutAmount: 400 },
        { goal: 'sale', revenuePercent: 2000, payoutPercent: 1000 },
        { goal: 'install', revenueAmount: 300, payoutAmount: 280, allowNegativeMargin: true },
      ],
    },
  });
  expectOk(offer);
  const partner = async (accountManagerId: number): Promise<Partner> => {
    const p = await createPartner(t, { accountManagerId });
    await setAllOffersAccess(t, p.partnerId, true);
    return { partnerId: p.partnerId };
  };
  return { admin, otherAdmin, teamManager, manager, outsider, call, partner, offerId: offer.body.data.id, token: advertiser.securityToken as string }; // prettier-ignore
}

describe('bounded payout overrides and their approval (decision 063)', () => {
  let t: TestApp;
  let n: Awaited<ReturnType<typeof network>>;
  const clock = testClock(new Date('2026-11-27T09:00:00Z'));

  const setOverride = (token: Token, body: PayoutOverrideCreate) =>
    n.call(staffOffersEndpoints.createOverride, { params: { id: n.offerId }, body }, token);
  const decide = (token: Token, id: number, body: OverrideRequestDecision) =>
    n.call(staffOffersEndpoints.decideOverrideRequest, { params: { id }, body }, token);
  /** One click and one postback of the partner on the goal: the conversion's payout. */
  async function paid(p: Partner, goal = 'registration') {
    const click = await t.app.inject({ method: 'GET', url: `/click?offer_id=${n.offerId}&aff_id=${p.partnerId}` });
    expect(click.statusCode).toBe(302);
    const cid = new URL(click.headers.location as string).searchParams.get('c')!;
    const res = await t.app.inject({ method: 'GET', url: `/postback?${new URLSearchParams({ token: n.token, click_id: cid, goal })}` }); // prettier-ignore
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(conversions).where(eq(conversions.clickId, cid));
    return row!.payout;
  }
  const auditOf = (entityType: string, entityId: number) =>
    t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(entityId)))).orderBy(auditLog.id); // prettier-ignore

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now });
    n = await network(t);
  });
  afterAll(async () => t?.close());

  it("refuses the probe's payout above the goal's revenue field by field, to a manager and to an admin", async () => {
    const p = await n.partner(n.manager.userId);
    for (const who of [n.manager, n.admin]) {
      const res = await setOverride(who.token, { partnerId: p.partnerId, goal: 'registration', payoutAmount: 100_000_000 }); // prettier-ignore
      expect(errorBody(res, 400).errors).toEqual({ payoutAmount: "The payout is above the goal's revenue." });
      const percent = await setOverride(who.token, { partnerId: p.partnerId, goal: 'sale', payoutPercent: 2500 });
      expect(errorBody(percent, 400).errors).toHaveProperty('payoutPercent');
      const outOfRange = await setOverride(who.token, { partnerId: p.partnerId, goal: 'sale', payoutPercent: 10_001 }); // prettier-ignore
      expect(errorBody(outOfRange, 400).errors).toHaveProperty('payoutPercent');
    }
    expect(okBody(await n.call(staffOffersEndpoints.overrides, { params: { id: n.offerId } })).data).toEqual([]);
    expect(okBody(await n.call(staffOffersEndpoints.overrideRequests, { query: { status: 'all' } })).data).toEqual([]);
    expect(await paid(p)).toBe(400);
    // A goal that allows a negative margin takes one from an admin; from a manager it is a request, even within the
    // step (310 is 11 % above 280).
    const admin = await setOverride(n.admin.token, { partnerId: p.partnerId, goal: 'install', payoutAmount: 350 });
    expect(okBody(admin).data).toMatchObject({ status: 'applied', override: { payoutAmount: 350 } });
    const manager = await setOverride(n.manager.token, { partnerId: p.partnerId, goal: 'install', payoutAmount: 310 }); // prettier-ignore
    expect(okBody(manager).data).toMatchObject({ status: 'pending', override: null, request: { payoutAmount: 310, margin: { amount: -10 } } }); // prettier-ignore
  });

  it("stores a manager's override 25 % above the goal's payout as a request an admin approves", async () => {
    const p = await n.partner(n.manager.userId);
    const within = await setOverride(n.manager.token, { partnerId: p.partnerId, goal: 'sale', payoutPercent: 1200 }); // prettier-ignore
    expect(okBody(within).data).toMatchObject({ status: 'applied', override: { payoutPercent: 1200 } });

    const res = await setOverride(n.manager.token, { partnerId: p.partnerId, goal: 'registration', payoutAmount: 500 }); // prettier-ignore
    expectOk(res);
    expect(res.body.message).toMatch(/waits for an admin/);
    const request = res.body.data.request!;
    expect(res.body.data).toMatchObject({ status: 'pending', override: null });
    expect(request).toMatchObject({
      offer: { id: n.offerId, name: 'Bounded Offer' },
      partner: { id: p.partnerId },
      goal: 'registration',
      payoutAmount: 500,
      currentPayout: { amount: 400 },
      revenue: { amount: 800 },
      margin: { amount: 300 },
      status: 'pending',
      requestedBy: { id: n.manager.userId },
    });
    expect(await paid(p)).toBe(400);
    const listed = okBody(await n.call(staffOffersEndpoints.overrideRequests, {})).data;
    expect(listed.map((r) => r.id)).toContain(request.id);
    // Out of the reader's reach: another account manager's list does not hold it, and a manager cannot decide.
    const outsider = okBody(await n.call(staffOffersEndpoints.overrideRequests, {}, n.outsider.token));
    expect(outsider.data.map((r) => r.id)).not.toContain(request.id);
    expectError(await decide(n.teamManager.token, request.id, { status: 'approved' }), 403);

    const approved = await decide(n.admin.token, request.id, { status: 'approved' });
    expect(okBody(approved).data).toMatchObject({ status: 'approved', decidedBy: { id: n.admin.userId }, currentPayout: { amount: 500 } }); // prettier-ignore
    expect(await paid(p)).toBe(500);
    expectError(await decide(n.otherAdmin.token, request.id, { status: 'refused', reason: 'late' }), 409);

    const [decision] = await auditOf('payout_override_request', request.id).then((rows) => rows.filter((r) => r.action === 'decision')); // prettier-ignore
    expect(decision).toMatchObject({ partnerId: p.partnerId, actorId: n.admin.userId });
    const override = okBody(await n.call(staffOffersEndpoints.overrides, { params: { id: n.offerId } })).data.find((o) => o.partner.id === p.partnerId && o.goal === 'registration')!; // prettier-ignore
    expect((await auditOf('payout_override', override.id))[0]).toMatchObject({ action: 'create', partnerId: p.partnerId }); // prettier-ignore
    const notes = okBody(await n.call(staffNotificationsEndpoints.list, {}, n.manager.token)).data;
    expect(notes[0]!.title).toMatch(/^Payout override approved/);
  });

  it('keeps the payout when an admin refuses, with a reason the requester reads', async () => {
    const p = await n.partner(n.manager.userId);
    const request = okBody(await setOverride(n.manager.token, { partnerId: p.partnerId, goal: 'registration', payoutAmount: 700 })).data.request!; // prettier-ignore
    const noReason = await decide(n.admin.token, request.id, { status: 'refused' });
    expect(errorBody(noReason, 400).errors).toHaveProperty('reason');
    const refused = await decide(n.admin.token, request.id, { status: 'refused', reason: 'Above the agreed rate.' });
    expect(okBody(refused).data).toMatchObject({ status: 'refused', reason: 'Above the agreed rate.' });
    expect(await paid(p)).toBe(400);
    const forOffer = okBody(await n.call(staffOffersEndpoints.overrideRequests, { query: { status: 'all', offerId: n.offerId } }, n.manager.token)).data; // prettier-ignore
    expect(forOffer.find((r) => r.id === request.id)).toMatchObject({ status: 'refused', reason: 'Above the agreed rate.' }); // prettier-ignore
    const note = okBody(await n.call(staffNotificationsEndpoints.list, {}, n.manager.token)).data[0]!;
    expect(note).toMatchObject({ body: 'Reason: Above the agreed rate.' });
    expect(note.title).toMatch(/^Payout override refused/);
    const [manager] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, n.manager.userId)); // prettier-ignore
    const mails = await sentMails(t);
    expect(mails.some((m) => m.to === manager!.email && /refused/.test(m.subject) && m.body.includes('Above the agreed rate.'))).toBe(true); // prettier-ignore
    const [entry] = (await auditOf('payout_override_request', request.id)).filter((r) => r.action === 'decision');
    expect(entry).toMatchObject({ partnerId: p.partnerId, reason: 'Above the agreed rate.' });
  });

  it('never lets the requester decide its own request', async () => {
    const p = await n.partner(n.manager.userId);
    const request = okBody(await setOverride(n.manager.token, { partnerId: p.partnerId, goal: 'registration', payoutAmount: 600 })).data.request!; // prettier-ignore
    // The requester becomes an admin: still not its own approver.
    await t.database.db
      .update(users)
      .set({ roles: ['ROLE_ADMIN'] })
      .where(eq(users.id, n.manager.userId));
    try {
      const own = await decide(n.manager.token, request.id, { status: 'approved' });
      expect(errorBody(own, 403).message).toBe(
        'You requested this payout override: another admin must approve or refuse it.',
      );
      expect(await paid(p)).toBe(400);
    } finally {
      await t.database.db.update(users).set({ roles: ['ROLE_ACCOUNT_MANAGER'] }).where(eq(users.id, n.manager.userId)); // prettier-ignore
    }
    expectOk(await decide(n.admin.token, request.id, { status: 'approved' }));
    expectError(await decide(n.admin.token, 999_999, { status: 'approved' }), 404);
  });

  it("shows an account manager's override in its team manager's audit log, with the partner's id", async () => {
    const p = await n.partner(n.manager.userId);
    const set = await setOverride(n.manager.token, { partnerId: p.partnerId, goal: 'registration', payoutAmount: 440 }); // prettier-ignore
    expectOk(set);
    expect(set.body.data.status).toBe('applied');
    const log = await n.call(auditEndpoints.auditLog, { query: { entityType: 'payout_override', partnerId: p.partnerId } }, n.teamManager.token); // prettier-ignore
    expect(okBody(log).data).toEqual([expect.objectContaining({ entityType: 'payout_override', entityId: String(set.body.data.override!.id), partnerId: p.partnerId })]); // prettier-ignore
    const requested = await setOverride(n.manager.token, { partnerId: p.partnerId, goal: 'registration', payoutAmount: 700 }); // prettier-ignore
    const requests = await n.call(auditEndpoints.auditLog, { query: { entityType: 'payout_override_request', partnerId: p.partnerId } }, n.teamManager.token); // prettier-ignore
    expect(okBody(requests).data.map((e) => e.entityId)).toEqual([String(okBody(requested).data.request!.id)]); // prettier-ignore
  });
});

describe('the approval step follows OVERRIDE_APPROVAL_ABOVE_PERCENT (decision 063)', () => {
  let t: TestApp;
  let n: Awaited<ReturnType<typeof network>>;

  beforeAll(async () => {
    t = await buildTestApp({ config: { overrideApprovalAbovePercent: 30 } });
    n = await network(t);
  });
  afterAll(async () => t?.close());

  it('applies 25 % above at a 30 % step, and asks for approval past it', async () => {
    const p = await n.partner(n.manager.userId);
    const set = (payoutAmount: number) =>
      n.call(staffOffersEndpoints.createOverride, { params: { id: n.offerId }, body: { partnerId: p.partnerId, goal: 'registration', payoutAmount } }, n.manager.token); // prettier-ignore
    expect(okBody(await set(500)).data.status).toBe('applied');
    expect(okBody(await set(520)).data.status).toBe('applied');
    expect(okBody(await set(521)).data.status).toBe('pending');
  });
});
