/**
 * Staff users and teams (decision 037): invitation, set-password and sign-in; taken e-mails; disabling with
 * and without reassignment; role escalation refused and logged; team managers' limits; teams; the two-factor
 * requirement for staff; an audit entry for every write and none for a refused one. A team manager hands a disabled
 * member's partners only within its team, and a sign-in e-mail changed by someone else needs the changer's password,
 * tells the former address and ends the member's sessions and API keys (decision 067).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountEndpoints, authEndpoints, staffEndpoints, staffUserEndpoints } from '@portal/contracts';
import { apiKeys, auditLog, partners, users } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  type CallInput,
  createPartner,
  createStaff,
  createTeam,
  expectError,
  expectOk,
  invalid,
  login,
  okBody,
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

type Body<E extends keyof typeof staffUserEndpoints> = CallInput<(typeof staffUserEndpoints)[E]>['body'];
const createUser = (token: string, body: Body<'create'>) =>
  callEndpoint(t.app, staffUserEndpoints.create, { body }, token);
const updateUser = (token: string, id: number, body: Body<'update'>) =>
  callEndpoint(t.app, staffUserEndpoints.update, { params: { id }, body }, token);
const listUsers = (token: string) => callEndpoint(t.app, staffUserEndpoints.list, {}, token);
const createTeamCall = (token: string, body: Body<'createTeam'>) =>
  callEndpoint(t.app, staffUserEndpoints.createTeam, { body }, token);
const updateTeam = (token: string, id: number, body: Body<'updateTeam'>) =>
  callEndpoint(t.app, staffUserEndpoints.updateTeam, { params: { id }, body }, token);
const teams = (token: string) => callEndpoint(t.app, staffUserEndpoints.teams, {}, token);
const setSecurity = (token: string, body: Body<'updateSecuritySettings'>) =>
  callEndpoint(t.app, staffUserEndpoints.updateSecuritySettings, { body }, token);
const security = (token: string) => callEndpoint(t.app, staffUserEndpoints.securitySettings, {}, token);
const home = (token: string) => callEndpoint(t.app, staffEndpoints.home, {}, token);
const config = (token: string) => callEndpoint(t.app, accountEndpoints.config, {}, token);
const entries = (entityType: string, entityId: number | string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.entityType} = ${entityType} and ${auditLog.entityId} = ${String(entityId)}`)
    .orderBy(auditLog.id);

describe('staff users', () => {
  it('an admin invites an account manager, who chooses a password, signs in, and reaches only its partners', async () => {
    const email = `new.manager.${Date.now()}@example.test`;
    const created = await createUser(admin.token, {
      email: email.toUpperCase(),
      firstname: 'Nina',
      lastname: 'Novak',
      roles: ['ROLE_ACCOUNT_MANAGER'],
      teamId,
      telegram: 'nina_n',
    });
    expectOk(created);
    const user = created.body.data;
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
    const reset = await callEndpoint(
      t.app,
      authEndpoints.resetPassword,
      { body: { key: resetKeyFrom(mail!.body), password: 'Welcome2026!' } },
      null,
    );
    expectOk(reset);
    const token = await login(t, email, 'Welcome2026!');
    const own = await createPartner(t, { accountManagerId: user.id });
    await createPartner(t, { accountManagerId: manager.userId });
    const list = await callEndpoint(t.app, staffEndpoints.listPartners, { query: { status: 'active' } }, token);
    expectOk(list);
    expect(list.body.data.map((p) => p.id)).toEqual([own.partnerId]);
    expect((await home(token)).status).toBe(200);
  });

  it('answers 409 for an e-mail any user already has, and per-field errors for bad input, writing nothing', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users);
    const taken = await createUser(admin.token, {
      email: manager.email,
      firstname: 'Dup',
      lastname: 'Licate',
      roles: ['ROLE_FINANCE'],
    });
    expectError(taken, 409);
    expect(taken.body.errors).toHaveProperty('email');
    const bad = await createUser(
      admin.token,
      invalid({
        email: 'not-an-email',
        firstname: '',
        roles: ['ROLE_PARTNER'],
        teamId: 'x',
      }),
    );
    expectError(bad, 400);
    expect(Object.keys(bad.body.errors!)).toEqual(expect.arrayContaining(['email', 'firstname', 'lastname', 'teamId']));
    expect(JSON.stringify(bad.body.errors)).toContain('roles');
    const unknownTeam = await createUser(admin.token, {
      email: 'ghost@example.test',
      firstname: 'G',
      lastname: 'Host',
      roles: ['ROLE_ACCOUNT_MANAGER'],
      teamId: 999_999,
    });
    expectError(unknownTeam, 400);
    expect(unknownTeam.body.errors).toHaveProperty('teamId');
    const after = await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('disabling one who manages partners needs a successor; with one, its partners move and its sessions end', async () => {
    const leaving = await createStaff(t, 'ROLE_ACCOUNT_MANAGER', { teamId });
    const leavingToken = await login(t, leaving.email, leaving.password);
    const p1 = await createPartner(t, { accountManagerId: leaving.userId });
    const p2 = await createPartner(t, { accountManagerId: leaving.userId });

    const refused = await updateUser(admin.token, leaving.userId, { enabled: false });
    expectError(refused, 409);
    expect(refused.body.errors!.enabled).toContain('still manages 2 partners');
    expect((await home(leavingToken)).status).toBe(200);
    expect(await entries('user', leaving.userId)).toEqual([]);

    const badHeir = await updateUser(admin.token, leaving.userId, {
      enabled: false,
      reassignPartnersTo: leaving.userId,
    });
    expectError(badHeir, 400);
    expect(badHeir.body.errors).toHaveProperty('reassignPartnersTo');

    const done = await updateUser(admin.token, leaving.userId, {
      enabled: false,
      reassignPartnersTo: manager.userId,
    });
    expectOk(done);
    expect(done.body.data).toMatchObject({ enabled: false, partnerCount: 0 });
    expectError(await home(leavingToken), 401);
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
    expect((await updateUser(admin.token, idle.userId, { enabled: false })).status).toBe(200);
  });

  it('refuses and logs a role escalation; team managers manage their own team’s account managers only', async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    try {
      const self = await updateUser(manager.token, manager.userId, { roles: ['ROLE_ADMIN'] });
      expectError(self, 403);
      const promote = await createUser(manager.token, {
        email: 'friend@example.test',
        firstname: 'F',
        lastname: 'Riend',
        roles: ['ROLE_ADMIN'],
      });
      expectError(promote, 403);
      const outsider = await createStaff(t, 'ROLE_ACCOUNT_MANAGER', { teamId: otherTeamId });
      expectError(await updateUser(teamManager.token, outsider.userId, { phone: '+33 1' }), 403);
      expectError(await updateUser(teamManager.token, manager.userId, { roles: ['ROLE_FINANCE'] }), 403);
      expectError(await updateUser(teamManager.token, admin.userId, { phone: '+33 2' }), 403);
      const events = warn.mock.calls.filter((args) => JSON.stringify(args).includes('security.role_escalation'));
      expect(events).toHaveLength(5);
      expect(events[0]![0]).toMatchObject({ actorId: manager.userId, targetId: manager.userId, roles: ['ROLE_ADMIN'] });
    } finally {
      warn.mockRestore();
    }
    const [me] = await t.database.db.select().from(users).where(eq(users.id, manager.userId));
    expect(me!.roles).toEqual(['ROLE_ACCOUNT_MANAGER']);

    // Within its team, for account managers, a team manager may.
    const hired = await createUser(teamManager.token, {
      email: `north.${Date.now()}@example.test`,
      firstname: 'Noor',
      lastname: 'Th',
      roles: ['ROLE_ACCOUNT_MANAGER'],
    });
    expectOk(hired);
    expect(hired.body.data.teamId).toBe(teamId);
    const edited = await updateUser(teamManager.token, manager.userId, {
      phone: '+33 6 12 34 56 78',
    });
    expectOk(edited);
    const list = await listUsers(teamManager.token);
    expect(okBody(list).data.every((u) => u.teamId === teamId)).toBe(true);
    expectError(await listUsers(manager.token), 403);
  });

  it('an admin cannot disable itself or drop its own admin role', async () => {
    expectError(await updateUser(admin.token, admin.userId, { enabled: false }), 409);
    expectError(await updateUser(admin.token, admin.userId, { roles: ['ROLE_FINANCE'] }), 409);
  });
});

describe('teams', () => {
  it('admins create and rename teams, audited; a taken name is a 409; others are refused', async () => {
    const created = await createTeamCall(admin.token, { name: 'West', managerId: teamManager.userId });
    expectOk(created);
    const team = created.body.data;
    expect(team).toMatchObject({ name: 'West', managerId: teamManager.userId, memberCount: 0 });
    expectError(await createTeamCall(admin.token, { name: 'West' }), 409);
    expectError(await createTeamCall(admin.token, { name: 'East', managerId: manager.userId }), 400);
    const renamed = await updateTeam(admin.token, team.id, { name: 'West Coast' });
    expect(okBody(renamed).data.name).toBe('West Coast');
    expect(await entries('team', team.id)).toMatchObject([
      { action: 'create' },
      { action: 'update', changes: [{ field: 'name', before: 'West', after: 'West Coast' }] },
    ]);
    expectError(await createTeamCall(teamManager.token, { name: 'Mine' }), 403);
    expectError(await updateTeam(teamManager.token, teamId, { name: 'Mine' }), 403);
    const list = await teams(manager.token);
    expect(okBody(list).data.map((x) => x.name)).toEqual(['North', 'South', 'West Coast']);
  });
});

describe('two-factor sign-in required of staff', () => {
  it('needs the admin’s own two-factor first, then refuses the console to staff without it', async () => {
    const refused = await setSecurity(admin.token, { staffTwoFactorRequired: true });
    expectError(refused, 409);
    await t.database.db
      .update(users)
      .set({ twoFactorPhone: '+33600000000', twoFactorEnabledAt: new Date() })
      .where(eq(users.id, admin.userId));
    const on = await setSecurity(admin.token, { staffTwoFactorRequired: true });
    expectOk(on);
    expect((await security(admin.token)).body.data).toEqual({
      staffTwoFactorRequired: true,
    });
    const blocked = await home(manager.token);
    expectError(blocked, 403);
    expect(blocked.body.message).toBe('Two-factor sign-in is required for staff: enable it in your account settings.');
    expect((await home(admin.token)).status).toBe(200);
    // The settings where it is enabled stay open.
    expect((await config(manager.token)).status).toBe(200);
    expect(await entries('network_setting', 'security')).toMatchObject([
      { changes: [{ field: 'staffTwoFactorRequired', before: false, after: true }] },
    ]);
    expect((await setSecurity(admin.token, { staffTwoFactorRequired: false })).status).toBe(200);
    expect((await home(manager.token)).status).toBe(200);
    expectError(await setSecurity(teamManager.token, { staffTwoFactorRequired: false }), 403);
  });
});

describe('a team manager over its members’ accounts (decision 067)', () => {
  it('disabling a member hands its partners only to a member of the team', async () => {
    const leaving = await createStaff(t, 'ROLE_ACCOUNT_MANAGER', { teamId });
    const outsider = await createStaff(t, 'ROLE_ACCOUNT_MANAGER', { teamId: otherTeamId });
    const partner = await createPartner(t, { accountManagerId: leaving.userId });
    const outside = await updateUser(teamManager.token, leaving.userId, {
      enabled: false,
      reassignPartnersTo: outsider.userId,
    });
    expectError(outside, 400);
    expect(outside.body.errors!.reassignPartnersTo).toBe('Choose an account manager of your team.');
    const [kept] = await t.database.db.select().from(partners).where(eq(partners.id, partner.partnerId));
    expect(kept!.accountManagerId).toBe(leaving.userId);
    const [stillEnabled] = await t.database.db.select().from(users).where(eq(users.id, leaving.userId));
    expect(stillEnabled!.enabled).toBe(true);
    expect(await entries('user', leaving.userId)).toEqual([]);

    const inside = await updateUser(teamManager.token, leaving.userId, {
      enabled: false,
      reassignPartnersTo: manager.userId,
    });
    expectOk(inside);
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
      expect((await home(memberToken)).status).toBe(200);
      expect(await entries('user', member.userId)).toEqual([]);
    };

    const without = await updateUser(tmToken, member.userId, { email: newEmail });
    expectError(without, 400);
    expect(without.body.errors).toHaveProperty('currentPassword');
    await unchanged();
    const wrong = await updateUser(tmToken, member.userId, {
      email: newEmail,
      currentPassword: 'NotMine2025!',
    });
    expectError(wrong, 400);
    expect(wrong.body.errors).toEqual({ currentPassword: 'Your password is incorrect.' });
    // Another team's member stays out of reach whatever the password.
    const other = await createStaff(t, 'ROLE_ACCOUNT_MANAGER', { teamId: otherTeamId });
    expectError(await updateUser(tmToken, other.userId, { email: newEmail, currentPassword: tm.password }), 403);

    const mailsBefore = (await sentMails(t)).length;
    const done = await updateUser(tmToken, member.userId, {
      email: newEmail,
      currentPassword: tm.password,
    });
    expectOk(done);
    expect(done.body.data.email).toBe(newEmail);
    const mails = (await sentMails(t)).slice(mailsBefore);
    const notice = mails.find((m) => m.subject === 'The e-mail you sign in with was changed');
    expect(notice?.to).toContain(member.email);
    expect(notice?.body).toContain(`changed by ${tm.email}`);
    expect(notice?.body).toMatch(/Time of the change: \d{4}-\d{2}-\d{2}T/);
    expect(mails.some((m) => m.to.includes(newEmail))).toBe(false);
    expectError(await home(memberToken), 401);
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
    expect((await listUsers(tmToken)).status).toBe(200);
    await expect(login(t, member.email, member.password)).rejects.toThrow();
    await login(t, newEmail, member.password);
  });

  it('other changes need no password', async () => {
    const member = await createStaff(t, 'ROLE_ACCOUNT_MANAGER', { teamId });
    const same = await updateUser(teamManager.token, member.userId, {
      email: member.email,
      phone: '+33 7',
    });
    expectOk(same);
  });
});
