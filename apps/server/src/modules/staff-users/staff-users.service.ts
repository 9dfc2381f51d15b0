import type { FastifyBaseLogger } from 'fastify';
import {
  WELCOME_KEY_TTL_DAYS,
  formErrorText,
  type SecuritySettings,
  type StaffRole,
  type StaffUser,
  type StaffUserCreate,
  type StaffUserUpdate,
  type Team,
  type TeamBody,
  type TeamUpdate,
} from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import type { FileStorage } from '../../lib/storage.js';
import { prepareUpload, storeThenCommit, type StoredUpload } from '../../lib/uploads.js';
import { handsPartnersTo, type StaffScope } from '../access/index.js';
import type { AppConfig } from '../../config.js';
import { issuePasswordKey, passwordKeyLink } from '../auth/index.js';
import { notifySignInEmailChange, verifyCurrentPassword } from '../credentials/index.js';
import { diffFields, recordAudit, type AuditActor } from '../audit/index.js';
import { insertFile } from '../files/index.js';
import {
  endSessionsOf,
  insertStaffUser,
  insertTeam,
  lockStaffUser,
  lockTeam,
  managedPartners,
  reassignPartners,
  revokeApiKeysOf,
  saveSecuritySettings,
  staffUserById,
  staffUserDto,
  teamExists,
  updateStaffUserRow,
  updateTeamRow,
} from './staff-users.repository.js';

export type StaffUsersContext = {
  db: Db;
  mailer: Mailer;
  storage: FileStorage;
  publicUrl: string;
  now: Date;
  log: FastifyBaseLogger;
  /** Writes a security event to the server log (the application logger, with the request's id). */
  security: (event: Record<string, unknown>, message: string) => void;
  /** The sign-in limits a wrong `currentPassword` counts against, and the caller's address. */
  config: Pick<AppConfig, 'loginMaxFailuresPerAccount' | 'loginMaxFailuresPerIp'>;
  ip: string;
};

/** Who is acting: its scope, its team, and the audit actor (with its session, which an own change keeps). */
export type Acting = { scope: StaffScope; teamId: number | null; actor: AuditActor; sessionId?: number };

const EMAIL_TAKEN = 'A user with this e-mail already exists.';
/** Roles a team manager may give (to members of its own team). */
const TEAM_MANAGER_GRANTS: readonly StaffRole[] = ['ROLE_ACCOUNT_MANAGER'];

/**
 * Refuses, and logs as a security event, a write that would give roles the actor may not give or reach a member
 * outside its team (decision 037). Admins may do anything; team managers manage account managers of their own team;
 * account managers and finance manage no one.
 */
function guard(
  acting: Acting,
  security: StaffUsersContext['security'],
  target: { id: number | null; teamId: number | null; roles?: readonly string[] },
  roles?: readonly StaffRole[],
) {
  const { scope } = acting;
  if (scope.reach === 'all') return;
  const escalation = (why: string): never => {
    security(
      { event: 'security.role_escalation', actorId: scope.userId, targetId: target.id, roles: roles ?? null, why },
      'refused a staff write beyond the actor’s rights',
    );
    throw forbidden();
  };
  if (scope.reach !== 'team') escalation('only admins and team managers manage staff');
  if (target.id === scope.userId && roles) escalation('changing one’s own roles');
  if (roles && roles.some((role) => !TEAM_MANAGER_GRANTS.includes(role)))
    escalation('granting a role above account manager');
  if (acting.teamId === null || target.teamId !== acting.teamId) escalation('a member of another team');
  const above = (target.roles ?? []).some((role) => !(TEAM_MANAGER_GRANTS as readonly string[]).includes(role));
  if (target.id !== scope.userId && above) escalation('a member above account manager');
}

const auditedFields = (user: StaffUser) => ({
  email: user.email,
  firstname: user.firstname,
  lastname: user.lastname,
  roles: user.roles,
  teamId: user.teamId,
  managerId: user.managerId,
  phone: user.phone,
  telegram: user.telegram,
  teams: user.teams,
  enabled: user.enabled,
  image: user.image,
});

/** The photo, checked: a PNG or JPEG only. */
async function preparePhoto(photo: StaffUserCreate['photo']) {
  if (!photo) return null;
  const upload = await prepareUpload(photo, 'photo.data');
  if (upload.mimeType === 'application/pdf') {
    throw badRequest('The photo must be a PNG or JPEG image.', {
      'photo.data': 'The photo must be a PNG or JPEG image.',
    });
  }
  return upload;
}

async function photoFileId(tx: DbOrTx, stored: StoredUpload | null): Promise<number | null> {
  if (!stored) return null;
  return insertFile(tx, {
    type: 'avatar',
    filename: stored.filename,
    mimeType: stored.mimeType,
    size: stored.bytes.length,
    storageKey: stored.storageKey,
  });
}

async function checkReferences(db: DbOrTx, body: { teamId?: number | null; managerId?: number | null }) {
  if (body.teamId && !(await teamExists(db, body.teamId)))
    throw badRequest('The request is invalid.', { teamId: 'No such team.' });
  if (body.managerId && !(await staffUserById(db, body.managerId))) {
    throw badRequest('The request is invalid.', { managerId: 'No such staff member.' });
  }
}

const unique = <T>(run: Promise<T>) =>
  run.catch((error: unknown) => {
    throw isUniqueViolation(error) ? conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN }) : error;
  });

/** Creates a staff member and e-mails it a link to choose its password, in one transaction. */
export async function createStaffUser(
  ctx: StaffUsersContext,
  acting: Acting,
  body: StaffUserCreate,
): Promise<StaffUser> {
  const teamId = body.teamId ?? (acting.scope.reach === 'team' ? acting.teamId : null);
  guard(acting, ctx.security, { id: null, teamId }, body.roles);
  await checkReferences(ctx.db, { teamId, managerId: body.managerId ?? null });
  const upload = await preparePhoto(body.photo);
  const created = await storeThenCommit(
    ctx.storage,
    upload,
    async (stored) => ({
      result: await unique(
        ctx.db.transaction(async (tx) => {
          const row = await insertStaffUser(tx, {
            email: body.email,
            passwordHash: null,
            firstname: body.firstname,
            lastname: body.lastname,
            roles: [...body.roles],
            accountManager: body.roles.includes('ROLE_ACCOUNT_MANAGER'),
            teamManager: body.roles.includes('ROLE_TEAM_MANAGER'),
            teamId,
            managerId: body.managerId ?? null,
            phone: body.phone ?? null,
            telegram: body.telegram ?? null,
            teams: body.teams ?? null,
            enabled: body.enabled ?? true,
            imageId: await photoFileId(tx, stored),
            createdAt: ctx.now,
            updatedAt: ctx.now,
          });
          const user = staffUserDto(row, 0);
          await recordAudit(
            tx,
            acting.actor,
            [
              {
                action: 'create',
                entityType: 'user',
                entityId: row.id,
                changes: diffFields(null, auditedFields(user)),
              },
            ],
            ctx.now,
          );
          const key = await issuePasswordKey(tx, row.id, ctx.now, WELCOME_KEY_TTL_DAYS * 24 * 3600 * 1000);
          await ctx.mailer.enqueue(tx, {
            to: row.email,
            kind: 'staff-invitation',
            subject: 'You are invited to the staff console',
            text: [
              `Hello ${row.firstname},`,
              '',
              `An account was opened for you on the partner network’s staff console. Choose your password within ${WELCOME_KEY_TTL_DAYS} days:`,
              '',
              passwordKeyLink(ctx.publicUrl, key),
              '',
              `Then sign in at ${ctx.publicUrl}/login with ${row.email}.`,
            ],
          });
          return user;
        }),
      ),
      obsoleteKeys: [],
    }),
    ctx.log,
  );
  void ctx.mailer.drain().catch(() => undefined);
  return created;
}

/**
 * Changes a staff member. Disabling it ends its sessions at once, and is refused while it still manages partners
 * unless `reassignPartnersTo` names who takes them over: then they move in the same transaction, each audited.
 */
export async function updateStaffUser(
  ctx: StaffUsersContext,
  acting: Acting,
  id: number,
  body: StaffUserUpdate,
): Promise<StaffUser> {
  const { reassignPartnersTo, photo, currentPassword, ...fields } = body;
  const upload = await preparePhoto(photo);
  await checkReferences(ctx.db, fields);
  const changedBy = await confirmEmailChange(ctx, acting, id, fields, currentPassword);
  return storeThenCommit(
    ctx.storage,
    upload,
    async (stored) => {
      const outcome = await unique(
        ctx.db.transaction(async (tx) => {
          const row = await lockStaffUser(tx, id);
          if (!row) throw notFound('Staff member not found.');
          guard(acting, ctx.security, { id: row.id, teamId: row.teamId, roles: row.roles }, fields.roles);
          // A team manager keeps its members in its team.
          if (acting.scope.reach === 'team' && fields.teamId !== undefined && fields.teamId !== acting.teamId) {
            guard(acting, ctx.security, { id: row.id, teamId: fields.teamId ?? null });
          }
          if (row.id === acting.scope.userId) {
            if (fields.enabled === false)
              throw conflict('You cannot disable yourself.', { enabled: 'You cannot disable yourself.' });
            if (fields.roles && row.roles.includes('ROLE_ADMIN') && !fields.roles.includes('ROLE_ADMIN')) {
              throw conflict('You cannot remove your own admin role.', {
                roles: 'You cannot remove your own admin role.',
              });
            }
          }
          const before = staffUserDto(row, 0);
          const disabling = fields.enabled === false && row.enabled;
          const records: Parameters<typeof recordAudit>[2] = [];
          if (disabling) {
            const managed = await managedPartners(tx, row.id);
            if (managed.length > 0) {
              if (!reassignPartnersTo) {
                const message = `${before.displayName} still manages ${managed.length} partner${managed.length === 1 ? '' : 's'}: choose who takes them over.`;
                throw conflict(message, { enabled: message });
              }
              const heir = await lockStaffUser(tx, reassignPartnersTo);
              const canManage = heir?.roles.some((r) =>
                ['ROLE_ACCOUNT_MANAGER', 'ROLE_TEAM_MANAGER', 'ROLE_ADMIN'].includes(r),
              );
              if (!heir || heir.id === row.id || !heir.enabled || !canManage) {
                throw badRequest('The request is invalid.', {
                  reassignPartnersTo: 'Choose an enabled account manager, team manager or admin.',
                });
              }
              // The same rule as reassigning one partner: a team manager keeps its partners in its team.
              if (!handsPartnersTo(acting.scope, heir.id)) {
                throw badRequest('The request is invalid.', {
                  reassignPartnersTo: 'Choose an account manager of your team.',
                });
              }
              await reassignPartners(tx, row.id, heir.id, ctx.now);
              for (const partner of managed) {
                records.push({
                  action: 'update',
                  entityType: 'partner',
                  entityId: partner.id,
                  partnerId: partner.id,
                  changes: [{ field: 'accountManagerId', before: row.id, after: heir.id }],
                  reason: `${before.displayName} was disabled.`,
                });
              }
            }
            await endSessionsOf(tx, row.id);
          }
          const emailChanged = fields.email !== undefined && fields.email !== row.email;
          let emailReason: string | undefined;
          if (emailChanged) {
            // Changed since the password was checked against the stored address: ask again rather than guess.
            if (changedBy === null) throw passwordNeeded();
            emailReason = await endAccess(ctx, acting, tx, row, changedBy);
          }
          const imageId = photo === undefined ? undefined : await photoFileId(tx, stored);
          const roles = fields.roles ? [...fields.roles] : undefined;
          const updated = await updateStaffUserRow(tx, row.id, {
            ...(fields.email !== undefined ? { email: fields.email } : {}),
            ...(fields.firstname !== undefined ? { firstname: fields.firstname } : {}),
            ...(fields.lastname !== undefined ? { lastname: fields.lastname } : {}),
            ...(roles
              ? {
                  roles,
                  accountManager: roles.includes('ROLE_ACCOUNT_MANAGER'),
                  teamManager: roles.includes('ROLE_TEAM_MANAGER'),
                }
              : {}),
            ...(fields.teamId !== undefined ? { teamId: fields.teamId } : {}),
            ...(fields.managerId !== undefined ? { managerId: fields.managerId } : {}),
            ...(fields.phone !== undefined ? { phone: fields.phone } : {}),
            ...(fields.telegram !== undefined ? { telegram: fields.telegram } : {}),
            ...(fields.teams !== undefined ? { teams: fields.teams } : {}),
            ...(fields.enabled !== undefined ? { enabled: fields.enabled } : {}),
            ...(imageId !== undefined ? { imageId } : {}),
            updatedAt: ctx.now,
          });
          const after = staffUserDto(updated, 0);
          records.unshift({
            action: 'update',
            entityType: 'user',
            entityId: row.id,
            changes: diffFields(auditedFields(before), auditedFields(after)),
            reason: emailReason,
          });
          await recordAudit(tx, acting.actor, records, ctx.now);
          return { obsoleteImage: imageId !== undefined && row.imageId !== imageId };
        }),
      );
      return { result: outcome, obsoleteKeys: [] };
    },
    ctx.log,
  ).then(async () => {
    if (changedBy !== null) void ctx.mailer.drain().catch(() => undefined);
    const user = await staffUserById(ctx.db, id);
    if (!user) throw notFound('Staff member not found.');
    return user;
  });
}

const passwordNeeded = () =>
  badRequest('Enter your password to change the sign-in e-mail.', { currentPassword: formErrorText('required') });

/**
 * A new sign-in e-mail hands the account to whoever reads that address (password resets go there), so the one who
 * changes it proves it is itself with its own password first (decision 067). Checked before the transaction, as the
 * sign-in checks are: a wrong password counts as a failed sign-in, and that count must outlive the refusal. Answers
 * who changed it (its e-mail), or null when the e-mail does not change.
 */
async function confirmEmailChange(
  ctx: StaffUsersContext,
  acting: Acting,
  id: number,
  fields: { email?: string; roles?: readonly StaffRole[] },
  currentPassword: string | undefined,
): Promise<string | null> {
  if (fields.email === undefined) return null;
  const target = await staffUserById(ctx.db, id);
  if (!target) throw notFound('Staff member not found.');
  if (target.email === fields.email) return null;
  // Whether the actor may touch this member at all comes first: a refusal must not depend on knowing a password.
  guard(acting, ctx.security, { id: target.id, teamId: target.teamId, roles: target.roles }, fields.roles);
  if (!currentPassword) throw passwordNeeded();
  const { email } = await verifyCurrentPassword(ctx.db, ctx.config, {
    userId: acting.scope.userId,
    password: currentPassword,
    ip: ctx.ip,
    now: ctx.now,
    field: 'currentPassword',
    message: 'Your password is incorrect.',
  });
  return email;
}

/**
 * What follows a change of the sign-in e-mail, in its transaction (decision 067): the former address is told, and
 * every way in that the former owner of the address held ends (sessions, API keys it created). An actor changing its
 * own e-mail keeps the session it is using. Answers the reason the user's audit entry carries.
 */
async function endAccess(
  ctx: StaffUsersContext,
  acting: Acting,
  tx: DbOrTx,
  row: { id: number; email: string },
  changedBy: string,
): Promise<string> {
  await notifySignInEmailChange(tx, ctx.mailer, { to: row.email, changedBy, at: ctx.now });
  await endSessionsOf(tx, row.id, row.id === acting.scope.userId ? acting.sessionId : undefined);
  const keys = await revokeApiKeysOf(tx, row.id, ctx.now);
  return `Sign-in e-mail changed by ${changedBy}: sessions ended, ${keys} API key${keys === 1 ? '' : 's'} revoked, the former address told.`;
}

// ---------------------------------------------------------------- teams

async function checkTeamManager(db: DbOrTx, managerId: number | null | undefined) {
  if (!managerId) return;
  const manager = await staffUserById(db, managerId);
  if (!manager || !manager.roles.some((r) => r === 'ROLE_TEAM_MANAGER' || r === 'ROLE_ADMIN')) {
    throw badRequest('The request is invalid.', { managerId: 'Choose a team manager.' });
  }
}

const TEAM_TAKEN = 'A team with this name already exists.';
const uniqueTeam = <T>(run: Promise<T>) =>
  run.catch((error: unknown) => {
    throw isUniqueViolation(error) ? conflict(TEAM_TAKEN, { name: TEAM_TAKEN }) : error;
  });

export async function createTeam(db: Db, actor: AuditActor, body: TeamBody, now: Date): Promise<Team> {
  await checkTeamManager(db, body.managerId);
  return uniqueTeam(
    db.transaction(async (tx) => {
      const team = await insertTeam(tx, { name: body.name, managerId: body.managerId ?? null, createdAt: now });
      await recordAudit(
        tx,
        actor,
        [
          {
            action: 'create',
            entityType: 'team',
            entityId: team.id,
            changes: diffFields(null, { name: team.name, managerId: team.managerId }),
          },
        ],
        now,
      );
      return team;
    }),
  );
}

export async function updateTeam(db: Db, actor: AuditActor, id: number, body: TeamUpdate, now: Date): Promise<Team> {
  await checkTeamManager(db, body.managerId);
  return uniqueTeam(
    db.transaction(async (tx) => {
      const row = await lockTeam(tx, id);
      if (!row) throw notFound('Team not found.');
      const team = await updateTeamRow(tx, id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.managerId !== undefined ? { managerId: body.managerId } : {}),
      });
      await recordAudit(
        tx,
        actor,
        [
          {
            action: 'update',
            entityType: 'team',
            entityId: id,
            changes: diffFields(
              { name: row.name, managerId: row.managerId },
              { name: team.name, managerId: team.managerId },
            ),
          },
        ],
        now,
      );
      return team;
    }),
  );
}

export async function changeSecuritySettings(
  db: Db,
  actor: AuditActor & { actorId: number },
  before: SecuritySettings,
  settings: SecuritySettings,
  now: Date,
): Promise<SecuritySettings> {
  await db.transaction(async (tx) => {
    await saveSecuritySettings(tx, settings, actor.actorId, now);
    await recordAudit(
      tx,
      actor,
      [
        {
          action: 'update',
          entityType: 'network_setting',
          entityId: 'security',
          changes: diffFields(before, settings),
        },
      ],
      now,
    );
  });
  return settings;
}
