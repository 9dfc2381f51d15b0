import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountEndpoints,
  authEndpoints,
  configEndpoint,
  registerEndpoints,
  staffEndpoints,
  toLocalIso,
} from '@portal/contracts';
import { auditLog, partnerContacts, partners, sessions, users } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  expectError,
  expectOk,
  invalid,
  login,
  okBody,
  registrationPayload,
  resetKeyFrom,
  sentMails,
  testClock,
  type CallInput,
  type TestApp,
} from './helper.js';

const NOT_ACTIVE = 'Your partner account is not active. Please contact your account manager.';
const DAY_MS = 24 * 3600 * 1000;

describe('staff move partners through their statuses (decision 026)', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-03-02T09:00:00Z'));
  let manager: { userId: number; email: string; password: string };
  let managerToken: string;
  let otherManagerToken: string;
  let adminToken: string;

  const setStatus = (
    token: string | null,
    id: number,
    body: CallInput<typeof staffEndpoints.changePartnerStatus>['body'],
  ) => callEndpoint(t.app, staffEndpoints.changePartnerStatus, { params: { id }, body }, token);
  const history = (token: string, id: number) =>
    callEndpoint(t.app, staffEndpoints.partnerStatusHistory, { params: { id } }, token);
  const mailsTo = async (email: string) => (await sentMails(t)).filter((mail) => mail.to === email);
  const loginAnswer = (email: string, password: string) =>
    callEndpoint(t.app, authEndpoints.login, { body: { username: email, password } }, null);

  /** Registers through the public form; the manager, having the fewest partners, is assigned. */
  async function register(overrides: Record<string, unknown> = {}) {
    const payload = await registrationPayload(t, overrides);
    const res = await callEndpoint(t.app, registerEndpoints.register, { body: payload }, null);
    expectOk(res);
    const [partner] = await t.database.db.select().from(partners).where(eq(partners.email, payload.email));
    expect(partner).toMatchObject({ status: 'pending', prospect: true, accountManagerId: manager.userId });
    return { id: partner!.id, email: payload.email, companyName: payload.companyName };
  }

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now });
    manager = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    managerToken = await login(t, manager.email, manager.password);
    // Another manager with partners of its own, so that registrations keep going to the first one.
    const other = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    otherManagerToken = await login(t, other.email, other.password);
    for (let i = 0; i < 20; i += 1) await createPartner(t, { accountManagerId: other.userId });
    const admin = await createStaff(t, 'ROLE_ADMIN');
    adminToken = await login(t, admin.email, admin.password);
  });
  afterAll(async () => t?.close());

  it('approving a registration creates its user and mails a set-password link that leads to a signed-in partner', async () => {
    const applicant = await register();
    const pending = await callEndpoint(
      t.app,
      staffEndpoints.listPartners,
      { query: { status: 'pending' } },
      managerToken,
    );
    expectOk(pending);
    expect(okBody(pending).data.map((p: { id: number }) => p.id)).toContain(applicant.id);
    expect(okBody(pending).data.every((p: { status: string }) => p.status === 'pending')).toBe(true);
    // Before the approval there is no user to sign in with.
    expect(await t.database.db.select().from(users).where(eq(users.partnerId, applicant.id))).toEqual([]);

    const res = await setStatus(managerToken, applicant.id, { status: 'active' });
    expectOk(res);
    expect(okBody(res).data).toMatchObject({ id: applicant.id, status: 'active', prospect: false });

    const [user] = await t.database.db.select().from(users).where(eq(users.partnerId, applicant.id));
    expect(user).toMatchObject({ email: applicant.email, firstname: 'Jane', lastname: 'Doe', roles: ['ROLE_PARTNER'] });
    expect(user!.passwordHash).toBeNull();
    const [welcome] = (await mailsTo(applicant.email)).filter((m) => m.subject === 'Your partner account is approved');
    expect(welcome).toBeDefined();
    expect(welcome!.body).toContain(`${applicant.companyName}'s partner account is approved`);
    expect(welcome!.body).toContain('within 7 days');
    expect(welcome!.body).toContain(manager.email);
    const key = resetKeyFrom(welcome!.body);

    // The link still works six days later, and sets the first password.
    clock.advance(6 * DAY_MS);
    const check = await callEndpoint(
      t.app,
      authEndpoints.checkResetKey,
      { params: { key: encodeURIComponent(key) } },
      null,
    );
    expect(okBody(check).data).toEqual({ valid: true });
    const reset = await callEndpoint(
      t.app,
      authEndpoints.resetPassword,
      { body: { key, password: 'Welcome2026' } },
      null,
    );
    expectOk(reset);
    const token = await login(t, applicant.email, 'Welcome2026');
    const me = await callEndpoint(t.app, accountEndpoints.partner, {}, token);
    expectOk(me);
    expect(okBody(me).data.id).toBe(applicant.id);

    // Back to the day of the approval: the staff sessions of the next tests last seven days.
    clock.advance(-6 * DAY_MS);
    const trail = await history(managerToken, applicant.id);
    expectOk(trail);
    expect(okBody(trail).data).toEqual([
      {
        id: expect.any(Number),
        from: 'pending',
        to: 'active',
        reason: null,
        changedBy: { id: manager.userId, name: expect.stringMatching(/^Sam Staff\d+$/) },
        createdAt: '2026-03-02T09:00:00.000Z',
      },
    ]);
  });

  it('keeps the zone the registering browser gave, for the first user and every moment it is shown (decision 092)', async () => {
    const applicant = await register({ timezone: '-05:00' });
    const [contact] = await t.database.db
      .select()
      .from(partnerContacts)
      .where(eq(partnerContacts.partnerId, applicant.id));
    expect(contact?.timezone).toBe('-05:00');
    expectOk(await setStatus(managerToken, applicant.id, { status: 'active' }));
    const [user] = await t.database.db.select().from(users).where(eq(users.partnerId, applicant.id));
    expect(user?.timezone).toBe('-05:00');
    const key = resetKeyFrom((await mailsTo(applicant.email)).at(-1)!.body);
    expectOk(await callEndpoint(t.app, authEndpoints.resetPassword, { body: { key, password: 'Welcome2026' } }, null));
    const token = await login(t, applicant.email, 'Welcome2026');
    // What the screens read is what was stored: no blank, no guess.
    const config = okBody(await callEndpoint(t.app, configEndpoint, {}, token)).data;
    expect(config.user?.timezone).toBe('-05:00');
    // Its status change, as the partner reads it: 09:00 UTC is 04:00 in New York.
    expect(toLocalIso(clock.now(), config.user!.timezone)).toBe('2026-03-02T04:00:00-05:00');
  });

  it('a set-password link unused for seven days has expired', async () => {
    const applicant = await register();
    expect((await setStatus(managerToken, applicant.id, { status: 'active' })).status).toBe(200);
    const mail = (await mailsTo(applicant.email)).find((m) => m.subject === 'Your partner account is approved');
    const key = resetKeyFrom(mail!.body);
    clock.advance(7 * DAY_MS + 60_000);
    const check = await callEndpoint(
      t.app,
      authEndpoints.checkResetKey,
      { params: { key: encodeURIComponent(key) } },
      null,
    );
    expect(okBody(check).data).toEqual({ valid: false });
    const reset = await callEndpoint(
      t.app,
      authEndpoints.resetPassword,
      { body: { key, password: 'Welcome2026' } },
      null,
    );
    expectError(reset, 400);
    clock.advance(-(7 * DAY_MS + 60_000));
  });

  it('asking for the current status again changes nothing and mails nobody', async () => {
    const applicant = await register();
    expect((await setStatus(managerToken, applicant.id, { status: 'active' })).status).toBe(200);
    // The approval mail is out before counting (the route drains the outbox after its answer).
    const approved = async () =>
      (await mailsTo(applicant.email)).some((m) => m.subject === 'Your partner account is approved');
    await expect.poll(approved).toBe(true);
    const mailsBefore = (await mailsTo(applicant.email)).length;
    const again = await setStatus(managerToken, applicant.id, { status: 'active' });
    expectOk(again);
    expect(okBody(again).data.status).toBe('active');
    expect(await mailsTo(applicant.email)).toHaveLength(mailsBefore);
    expect(await t.database.db.select().from(users).where(eq(users.partnerId, applicant.id))).toHaveLength(1);
    expect(okBody(await history(managerToken, applicant.id)).data).toHaveLength(1);
  });

  it('two approvals at once create one user and send one welcome', async () => {
    const applicant = await register();
    const answers = await Promise.all([
      setStatus(managerToken, applicant.id, { status: 'active' }),
      setStatus(adminToken, applicant.id, { status: 'active' }),
    ]);
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    expect(await t.database.db.select().from(users).where(eq(users.partnerId, applicant.id))).toHaveLength(1);
    const welcomes = (await mailsTo(applicant.email)).filter((m) => m.subject === 'Your partner account is approved');
    expect(welcomes).toHaveLength(1);
    expect(okBody(await history(adminToken, applicant.id)).data).toHaveLength(1);
  });

  it('declining a registration mails the reason and creates no user; it may be reconsidered later', async () => {
    const applicant = await register();
    const res = await setStatus(managerToken, applicant.id, {
      status: 'rejected',
      reason: '  Traffic sources we do not accept.  ',
    });
    expectOk(res);
    expect(okBody(res).data).toMatchObject({ status: 'rejected', prospect: true });
    const [declined] = (await mailsTo(applicant.email)).filter((m) => m.subject === 'About your partner request');
    expect(declined!.body).toContain(`We are not able to accept ${applicant.companyName}'s partner request`);
    expect(declined!.body).toContain('Reason: Traffic sources we do not accept.');
    expect(await t.database.db.select().from(users).where(eq(users.partnerId, applicant.id))).toEqual([]);

    expect((await setStatus(adminToken, applicant.id, { status: 'active' })).status).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.partnerId, applicant.id))).toHaveLength(1);
    const trail = okBody(await history(adminToken, applicant.id)).data;
    expect(trail.map((c: { from: string; to: string; reason: string | null }) => [c.from, c.to, c.reason])).toEqual([
      ['rejected', 'active', null],
      ['pending', 'rejected', 'Traffic sources we do not accept.'],
    ]);
  });

  it('suspending ends the sessions and refuses sign-in with the spec’s message; reinstating lets the partner back', async () => {
    const partner = await createPartner(t, { accountManagerId: manager.userId });
    const token = await login(t, partner.email, partner.password);
    const res = await setStatus(managerToken, partner.partnerId, {
      status: 'suspended',
      reason: 'Incentivised traffic.',
    });
    expectOk(res);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, partner.userId))).toEqual([]);
    expectError(await callEndpoint(t.app, accountEndpoints.partner, {}, token), 401);
    const refused = await loginAnswer(partner.email, partner.password);
    expectError(refused, 403);
    expect(refused.body.message).toBe(NOT_ACTIVE);
    const [suspended] = (await mailsTo(partner.email)).filter((m) => m.subject === 'Your partner account is suspended');
    expect(suspended!.body).toContain('your tracking links no longer redirect');
    expect(suspended!.body).toContain('Reason: Incentivised traffic.');

    expect((await setStatus(managerToken, partner.partnerId, { status: 'active' })).status).toBe(200);
    expect((await loginAnswer(partner.email, partner.password)).status).toBe(200);
    const [back] = (await mailsTo(partner.email)).filter((m) => m.subject === 'Your partner account is active again');
    expect(back!.body).toContain('/login');
    // Reinstating creates no second user and sends no set-password link.
    expect(await t.database.db.select().from(users).where(eq(users.partnerId, partner.partnerId))).toHaveLength(1);
  });

  it('refuses a move the status does not allow with a 409, and writes nothing', async () => {
    const applicant = await register();
    const closed = await createPartner(t, { accountManagerId: manager.userId, status: 'closed' });
    for (const [id, status] of [
      [applicant.id, 'suspended'],
      [applicant.id, 'closed'],
      [closed.partnerId, 'active'],
      [closed.partnerId, 'suspended'],
    ] as const) {
      const mailsBefore = (await sentMails(t)).length;
      const res = await setStatus(managerToken, id, { status });
      expectError(res, 409);
      expect(res.body.errors).toHaveProperty('status');
      expect((await sentMails(t)).length).toBe(mailsBefore);
    }
    const [stillPending] = await t.database.db.select().from(partners).where(eq(partners.id, applicant.id));
    expect(stillPending!.status).toBe('pending');
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.partnerId, applicant.id))).toEqual([]);
  });

  it('an e-mail already held by another user rolls the approval back with a 409', async () => {
    const applicant = await register();
    // A staff member was given the same address in the meantime.
    await t.database.db.update(users).set({ email: applicant.email.toUpperCase() }).where(eq(users.id, manager.userId));
    try {
      const res = await setStatus(adminToken, applicant.id, { status: 'active' });
      expectError(res, 409);
      expect(res.body.errors).toEqual({ email: 'A user with this partner’s e-mail already exists.' });
      const [partner] = await t.database.db.select().from(partners).where(eq(partners.id, applicant.id));
      expect(partner!.status).toBe('pending');
      expect(okBody(await history(adminToken, applicant.id)).data).toEqual([]);
      expect((await mailsTo(applicant.email)).filter((m) => m.subject.includes('approved'))).toEqual([]);
    } finally {
      await t.database.db.update(users).set({ email: manager.email }).where(eq(users.id, manager.userId));
    }
  });

  it('an account manager handles only its own partners; partners and guests are refused', async () => {
    const applicant = await register();
    expectError(await setStatus(otherManagerToken, applicant.id, { status: 'active' }), 404);
    expectError(await history(otherManagerToken, applicant.id), 404);
    const listed = await callEndpoint(
      t.app,
      staffEndpoints.listPartners,
      { query: { status: 'pending' } },
      otherManagerToken,
    );
    expect(okBody(listed).data.map((p: { id: number }) => p.id)).not.toContain(applicant.id);

    const partner = await createPartner(t, { accountManagerId: manager.userId });
    const partnerToken = await login(t, partner.email, partner.password);
    expectError(await setStatus(partnerToken, applicant.id, { status: 'active' }), 403);
    expectError(await history(partnerToken, applicant.id), 403);
    expectError(await setStatus(null, applicant.id, { status: 'active' }), 401);

    const [still] = await t.database.db.select().from(partners).where(eq(partners.id, applicant.id));
    expect(still!.status).toBe('pending');
  });

  it('bad input gets a 400 error object', async () => {
    const applicant = await register();
    for (const payload of [
      {},
      { status: 'pending' },
      { status: 'ACTIVE' },
      { status: 'active', reason: 'x'.repeat(1001) },
      { status: 'active', extra: true },
      { status: 'active', reason: 5 },
    ]) {
      const res = await setStatus(managerToken, applicant.id, invalid(payload));
      expectError(res, 400);
    }
    expectError(await setStatus(managerToken, 0, { status: 'active' }), 400);
    expectError(await setStatus(managerToken, 2147483647, { status: 'active' }), 404);
    expectError(
      await callEndpoint(t.app, staffEndpoints.listPartners, { query: invalid({ status: 'nope' }) }, adminToken),
      400,
    );
    const [still] = await t.database.db.select().from(partners).where(eq(partners.id, applicant.id));
    expect(still!.status).toBe('pending');
  });
});
