/**
 * Staff users and teams (decision 037): invitation, set-password and sign-in; taken e-mails; disabling with
 * and without reassignment; role escalation refused and logged; team managers' limits; teams; the two-factor
 * requirement for staff; an audit entry for every write and none for a refused one. A team manager hands a disabled
 * member's partners only within its team, and a sign-in e-mail changed by someone else needs the changer's password,
 * tells the former address and ends the member's sessions and API keys (decision 067).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiKeys, auditLog, partners, users } from '../src/db/schema.js';
import {
  bearer,
  buildTestApp,
  createPartner,
  createStaff,
  createTeam,
  expectErrorObject,
  login,
  resetKeyFrom,
  sentMails,
  type TestApp,
} from './helper.js';

let t: TestApp;
let admin: { userId: number; token: string };
let teamId: number;
let otherTeamId: number;
let teamManager: { userId: number; token: string };
let manager: { userId: number; token: string; email: string };

beforeAll(async () => {
  t = await buildTestApp();
  teamId = await createTeam(t, 'North');
  otherTeamId = await createTeam(t, 'South');
  const a = await createStaff(t, 'ROLE_ADMIN');
  admin = { userId: a.userId, token: await login(t, a.email, a.password) };
  const tm = await createStaff(t, 'ROLE_TEAM_MANAGER', { teamId });
  teamManager = { userId: tm.userId, token: await login(t, tm.email, tm.password) };
  const m = await createStaff(t, 'ROLE_ACCOUNT_MANAGER', { teamId });
  manager = { userId: m.userId, token: await login(t, m.email, m.password), email: m.email };
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload ? { payload } : {}),
  });
const entries = (entityType: string, entityId: number | string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.entityType} = ${entityType} and ${auditLog.entityId} = ${String(entityId)}`)
    .orderBy(auditLog.id);

describe('staff users', () => {
  it('an admin invites an account manager, who chooses a password, signs in, and reaches only its partners', async () => {
    const email = `new.manager.${Date.now()}@example.test`;
    const created = await call('POST', '/staff/users', admin.token, {
      email: email.toUpperCase(),
      firstname: 'Nina',
      lastname: 'Novak',
      roles: ['ROLE_ACCOUNT_MANAGER'],
      teamId,
      telegram: 'nina_n',
    });
    expect(created.statusCode, created.body).toBe(200);
    const user = created.json().data;
    expect(user).toMatchObject({
      email,
      roles: ['ROLE_ACCOUNT_MANAGER'],
      teamId,
      invitationPending: true,
      enabled: true,
    });
    expect(user).not.toHaveProperty('passwordHash');
    expect(await entries('user', user.id)).toMatchObject([
      {
        action: 'create',
        actorId: admin.userId,
        changes: expect.arrayContaining([{ field: 'email', before: null, after: email }]),
      },
    ]);

    const mail = (await sentMails(t)).find((m) => m.to.includes(email));
    expect(mail?.subject).toBe('You are invited to the staff console');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password/reset',
      payload: { key: resetKeyFrom(mail!.body), password: 'Welcome2026!' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const token = await login(t, email, 'Welcome2026!');
    const own = await createPartner(t, { accountManagerId: user.id });
    await createPartner(t, { accountManagerId: manager.userId });
    const list = await call('GET', '/staff/partners?status=active', token);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((p: { id: number }) => p.id)).toEqual([own.partnerId]);
    expect((await call('GET', '/staff/home', token)).statusCode).toBe(200);
  });

  it('answers 409 for an e-mail any user already has, and per-field errors for bad input, writing nothing', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users);
    const taken = await call('POST', '/staff/users', admin.token, {
      email: manager.email,
      firstname: 'Dup',
      lastname: 'Licate',
      roles: ['ROLE_FINANCE'],
    });
    expectErrorObject(taken, 409);
    expect(taken.json().errors).toHaveProperty('email');
    const bad = await call('POST', '/staff/users', admin.token, {
      email: 'not-an-email',
      firstname: '',
      roles: ['ROLE_PARTNER'],
      teamId: 'x',
    });
    expectErrorObject(bad, 400);
    expect(Object.keys(bad.json().errors)).toEqual(
      expect.arrayContaining(['email', 'firstname', 'lastname', 'teamId']),
    );
    expect(JSON.stringify(bad.json().errors)).toContain('roles');
    const unknownTeam = await call('POST', '/staff/users', admin.token, {
      email: 'ghost@example.test',
      firstname: 'G',
      lastname: 'Host',
      roles: ['ROLE_ACCOUNT_MANAGER'],
      teamId: 999_999,
    });
    expectErrorObject(unknownTeam, 400);
    expect(unknownTeam.json().errors).toHaveProperty('teamId');
    const after = await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('disabling one who manages partners needs a successor; with one, its partners move and its sessions end', async () => {
    const leaving = await createStaff(t, 'ROLE_ACCOUNT_MANAGER', { teamId });
    const leavingToken = await login(t, leaving.email, leaving.password);
    const p1 = await createPartner(t, { accountManagerId: leaving.userId });
    const p2 = await createPartner(t, { accountManagerId: leaving.userId });

    const refused = await call('PUT', `/staff/users/${leaving.userId}`, admin.token, { enabled: false });
    expectErrorObject(refused, 409);
    expect(refused.json().errors.enabled).toContain('still manages 2 partners');
    expect((await call('GET', '/staff/home', leavingToken)).statusCode).toBe(200);
    expect(await entries('user', leaving.userId)).toEqual([]);

    const badHeir = await call('PUT', `/staff/users/${leaving.userId}`, admin.token, {
      enabled: false,
      reassignPartnersTo: leaving.userId,
    });
    expectErrorObject(badHeir, 400);
    expect(badHeir.json().errors).toHaveProperty('reassignPartnersTo');

    const done = await call('PUT', `/staff/users/${leaving.userId}`, admin.token, {
      enabled: false,
      reassignPartnersTo: manager.userId,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ enabled: false, partnerCount: 0 });
    expectErrorObject(await call('GET', '/staff/home', leavingToken), 401);
    for (const p of [p1, p2]) {
      const [row] = await t.database.db.select().from(partners).where(eq(partners.id, p.partnerId));
      expect(row!.accountManagerId).toBe(manager.userId);
      expect(await entries('partner', p.partnerId)).toMatchObject([
        { action: 'update', changes: [{ field: 'accountManagerId', before: leaving.userId, after: manager.userId }] },
      ]);
    }
    const [userEntry] = await entries('user', leaving.userId);
    expect(userEntry).toMatchObject({ changes: [{ field: 'enabled', before: true, after: false }] });
    const [partnerEntry] = await entries('partner', p1.partnerId);
    expect(partnerEntry!.requestId).toBe(userEntry!.requestId);

    // Disabling one who manages no one needs nothing more.
    const idle = await createStaff(t, 'ROLE_FINANCE');
    expect((await call('PUT', `/staff/users/${idle.userId}`, admin.token, { enabled: false })).statusCode).toBe(200);
  });

  it('refuses and logs a role escalation; team managers manage their own team’s account managers only', async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    try {
      const self = await call('PUT', `/staff/users/${manager.userId}`, manager.token, { roles: ['ROLE_ADMIN'] });
      expectErrorObject(self, 403);
      const promote = await call('POST', '/staff/users', manager.token, {
        email: 'friend@example.test',
        firstname: 'F',
        lastname: 'Riend',
        roles: ['ROLE_ADMIN'],
      });
      expectErrorObject(promote, 403);
      const outsider = await createStaff(t, 'ROLE_ACCOUNT_MANAGER', { teamId: otherTeamId });
      expectErrorObject(
        await call('PUT', `/staff/users/${outsider.userId}`, teamManager.token, { phone: '+33 1' }),
        403,
      );
      expectErrorObject(
        await call('PUT', `/staff/users/${manager.userId}`, teamManager.token, { roles: ['ROLE_FINANCE'] }),
        403,
      );
      expectErrorObject(await call('PUT', `/staff/users/${admin.userId}`, teamManager.token, { phone: '+33 2' }), 403);
      const events = warn.mock.calls.filter((args) => JSON.stringify(args).includes('security.role_escalation'));
      expect(events).toHaveLength(5);
      expect(events[0]![0]).toMatchObject({ actorId: manager.userId, targetId: manager.userId, roles: ['ROLE_ADMIN'] });
    } finally {
      warn.mockRestore();
    }
    const [me] = await t.database.db.select().from(users).where(eq(users.id, manager.userId));
    expect(me!.roles).toEqual(['ROLE_ACCOUNT_MANAGER']);

    // Within its team, for account managers, a team manager may.
    const hired = await call('POST', '/staff/users', teamManager.token, {
      email: `north.${Date.now()}@example.test`,
      firstname: 'Noor',
      lastname: 'Th',
      roles: ['ROLE_ACCOUNT_MANAGER'],
    });
    expect(hired.statusCode, hired.body).toBe(200);
    expect(hired.json().data.teamId).toBe(teamId);
    const edited = await call('PUT', `/staff/users/${manager.userId}`, teamManager.token, {
      phone: '+33 6 12 34 56 78',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const list = await call('GET', '/staff/users', teamManager.token);
    expect(list.json().data.every((u: { teamId: number }) => u.teamId === teamId)).toBe(true);
    expectErrorObject(await call('GET', '/staff/users', manager.token), 403);
  });

  it('an admin cannot disable itself or drop its own admin role', async () => {
    expectErrorObject(await call('PUT', `/staff/users/${admin.userId}`, admin.token, { enabled: false }), 409);
    expectErrorObject(await call('PUT', `/staff/users/${admin.userId}`, admin.token, { roles: ['ROLE_FINANCE'] }), 409);
  });
});

describe('teams', () => {
  it('admins create and rename teams, audited; a taken name is a 409; others are refused', async () => {
    const created = await call('POST', '/staff/teams', admin.token, { name: 'West', managerId: teamManager.userId });
    expect(created.statusCode, created.body).toBe(200);
    const team = created.json().data;
    expect(team).toMatchObject({ name: 'West', managerId: teamManager.userId, memberCount: 0 });
    expectErrorObject(await call('POST', '/staff/teams', admin.token, { name: 'West' }), 409);
    expectErrorObject(
      await call('POST', '/staff/teams', admin.token, { name: 'East', managerId: manager.userId }),
      400,
    );
    const renamed = await call('PUT', `/staff/teams/${team.id}`, admin.token, { name: 'West Coast' });
    expect(renamed.json().data.name).toBe('West Coast');
    expect(await entries('team', team.id)).toMatchObject([
      { action: 'create' },
      { action: 'update', changes: [{ field: 'name', before: 'West', after: 'West Coast' }] },
    ]);
    expectErrorObject(await call('POST', '/staff/teams', teamManager.token, { name: 'Mine' }), 403);
    expectErrorObject(await call('PUT', `/staff/teams/${teamId}`, teamManager.token, { name: 'Mine' }), 403);
    const list = await call('GET', '/staff/teams', manager.token);
    expect(list.json().data.map((x: { name: string }) => x.name)).toEqual(['North', 'South', 'West Coast']);
  });
});

describe('two-factor sign-in required of staff', () => {
  it('needs the admin’s own two-factor first, then refuses the console to staff without it', async () => {
    const refused = await call('PUT', '/staff/settings/security', admin.token, { staffTwoFactorRequired: true });
    expectErrorObject(refused, 409);
    await t.database.db
      .update(users)
      .set({ twoFactorPhone: '+33600000000', twoFactorEnabledAt: new Date() })
      .where(eq(users.id, admin.userId));
    const on = await call('PUT', '/staff/settings/security', admin.token, { staffTwoFactorRequired: true });
    expect(on.statusCode, on.body).toBe(200);
    expect((await call('GET', '/staff/settings/security', admin.token)).json().data).toEqual({
      staffTwoFactorRequired: true,
    });
    const blocked = await call('GET', '/staff/home', manager.token);
    expectErrorObject(blocked, 403);
    expect(blocked.json().message).toBe(
      'Two-factor sign-in is required for staff: enable it in your account settings.',
    );
    expect((await call('GET', '/staff/home', admin.token)).statusCode).toBe(200);
    // The settings where it is enabled stay open.
    expect((await call('GET', '/config', manager.token)).statusCode).toBe(200);
    expect(await entries('network_setting', 'security')).toMatchObject([
      { changes: [{ field: 'staffTwoFactorRequired', before: false, after: true }] },
    ]);
    expect(
      (await call('PUT', '/staff/settings/security', admin.token, { staffTwoFactorRequired: false })).statusCode,
    ).toBe(200);
    expect((await call('GET', '/staff/home', manager.token)).statusCode).toBe(200);
    expectErrorObject(
      await call('PUT', '/staff/settings/security', teamManager.token, { staffTwoFactorRequired: false }),
      403,
    );
  });
});

describe('a team manager over its members’ accounts (decision 067)', () => {
  it('disabling a member hands its partners only to a member of the team', async () => {
    const leaving = await createStaff(t, 'ROLE_ACCOUNT_MANAGER', { teamId });
    const outsider = await createStaff(t, 'ROLE_ACCOUNT_MANAGER', { teamId: otherTeamId });
    const partner = await createPartner(t, { accountManagerId: leaving.userId });
    const outside = await call('PUT', `/staff/users/${leaving.userId}`, teamManager.token, {
      enabled: false,
      reassignPartnersTo: outsider.userId,
    });
    expectErrorObject(outside, 400);
    expect(outside.json().errors.reassignPartnersTo).toBe('Choose an account manager of your team.');
    const [kept] = await t.database.db.select().from(partners).where(eq(partners.id, partner.partnerId));
    expect(kept!.accountManagerId).toBe(leaving.userId);
    const [stillEnabled] = await t.database.db.select().from(users).where(eq(users.id, leaving.userId));
    expect(stillEnabled!.enabled).toBe(true);
    expect(await entries('user', leaving.userId)).toEqual([]);

    const inside = await call('PUT', `/staff/users/${leaving.userId}`, teamManager.token, {
      enabled: false,
      reassignPartnersTo: manager.userId,
    });
    expect(inside.statusCode, inside.body).toBe(200);
    const [moved] = await t.database.db.select().from(partners).where(eq(partners.id, partner.partnerId));
    expect(moved!.accountManagerId).toBe(manager.userId);
  });

  it('changing a member’s sign-in e-mail needs the changer’s password, tells the old address, ends sessions and keys', async () => {
    const tm = await createStaff(t, 'ROLE_TEAM_MANAGER', { teamId });
    const tmToken = await login(t, tm.email, tm.password);
    const member = await createStaff(t, 'ROLE_ACCOUNT_MANAGER', { teamId });
    const memberToken = await login(t, member.email, member.password);
    const partner = await createPartner(t, { accountManagerId: member.userId });
    const [key] = await t.database.db
      .insert(apiKeys)
      .values({
        partnerId: partner.partnerId,
        createdById: member.userId,
        name: 'script',
        prefix: 'ppk_member',
        keyHash: `member-${member.userId}`.padEnd(64, '0'),
      })
      .returning();
    const newEmail = `taken.over.${Date.now()}@example.test`;
    const unchanged = async () => {
      const [row] = await t.database.db.select().from(users).where(eq(users.id, member.userId));
      expect(row!.email).toBe(member.email);
      expect((await call('GET', '/staff/home', memberToken)).statusCode).toBe(200);
      expect(await entries('user', member.userId)).toEqual([]);
    };

    const without = await call('PUT', `/staff/users/${member.userId}`, tmToken, { email: newEmail });
    expectErrorObject(without, 400);
    expect(without.json().errors).toHaveProperty('currentPassword');
    await unchanged();
    const wrong = await call('PUT', `/staff/users/${member.userId}`, tmToken, {
      email: newEmail,
      currentPassword: 'NotMine2025!',
    });
    expectErrorObject(wrong, 400);
    expect(wrong.json().errors).toEqual({ currentPassword: 'Your password is incorrect.' });
    // Another team's member stays out of reach whatever the password.
    const other = await createStaff(t, 'ROLE_ACCOUNT_MANAGER', { teamId: otherTeamId });
    expectErrorObject(
      await call('PUT', `/staff/users/${other.userId}`, tmToken, { email: newEmail, currentPassword: tm.password }),
      403,
    );

    const mailsBefore = (await sentMails(t)).length;
    const done = await call('PUT', `/staff/users/${member.userId}`, tmToken, {
      email: newEmail,
      currentPassword: tm.password,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.email).toBe(newEmail);
    const mails = (await sentMails(t)).slice(mailsBefore);
    const notice = mails.find((m) => m.subject === 'The e-mail you sign in with was changed');
    expect(notice?.to).toContain(member.email);
    expect(notice?.body).toContain(`changed by ${tm.email}`);
    expect(notice?.body).toMatch(/Time of the change: \d{4}-\d{2}-\d{2}T/);
    expect(mails.some((m) => m.to.includes(newEmail))).toBe(false);
    expectErrorObject(await call('GET', '/staff/home', memberToken), 401);
    const [revoked] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key!.id));
    expect(revoked!.revokedAt).not.toBeNull();
    expect(await entries('user', member.userId)).toMatchObject([
      {
        actorId: tm.userId,
        changes: [{ field: 'email', before: member.email, after: newEmail }],
        reason: expect.stringContaining('sessions ended, 1 API key revoked'),
      },
    ]);
    // The changer's own session goes on; the member signs in with the new address only.
    expect((await call('GET', '/staff/users', tmToken)).statusCode).toBe(200);
    await expect(login(t, member.email, member.password)).rejects.toThrow();
    await login(t, newEmail, member.password);
  });

  it('other changes need no password', async () => {
    const member = await createStaff(t, 'ROLE_ACCOUNT_MANAGER', { teamId });
    const same = await call('PUT', `/staff/users/${member.userId}`, teamManager.token, {
      email: member.email,
      phone: '+33 7',
    });
    expect(same.statusCode, same.body).toBe(200);
  });
});
