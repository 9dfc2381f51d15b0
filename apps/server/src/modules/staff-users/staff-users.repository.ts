import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  API_PREFIX,
  STAFF_ROLES,
  type SecuritySettings,
  type StaffRole,
  type StaffUser,
  type Team,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { apiKeys, networkSettings, partners, sessions, teams, users } from '../../db/schema.js';
import { toIso } from '../../lib/reply.js';

type UserRow = typeof users.$inferSelect;

const imageUrl = (fileId: number | null) => (fileId ? `${API_PREFIX}/image/${fileId}` : null);

/** Staff users: no partner, and a staff role. */
export const isStaffRow = sql`${users.partnerId} is null and ${users.roles} && ${sql.raw(
  `array[${STAFF_ROLES.map((r) => `'${r}'`).join(',')}]::text[]`,
)}`;

export function staffUserDto(row: UserRow, partnerCount: number): StaffUser {
  return {
    id: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    displayName: `${row.firstname} ${row.lastname}`.trim(),
    roles: row.roles.filter((role): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role)),
    teamId: row.teamId,
    managerId: row.managerId,
    phone: row.phone,
    telegram: row.telegram,
    teams: row.teams,
    enabled: row.enabled,
    image: imageUrl(row.imageId),
    loggedAt: toIso(row.loggedAt),
    twoFactorEnabled: row.twoFactorEnabledAt !== null,
    invitationPending: row.passwordHash === null,
    partnerCount,
  };
}

/** How many partners each user manages. */
async function partnerCounts(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: partners.accountManagerId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(partners)
    .where(inArray(partners.accountManagerId, ids))
    .groupBy(partners.accountManagerId);
  return new Map(rows.map((row) => [row.id ?? 0, row.n]));
}

/** Staff members, by name; of one team only when `teamId` is given. */
export async function listStaffUsers(db: DbOrTx, teamId: number | null | 'all'): Promise<StaffUser[]> {
  const rows = await db
    .select()
    .from(users)
    .where(and(isStaffRow, teamId === 'all' ? undefined : teamId === null ? sql`false` : eq(users.teamId, teamId)))
    .orderBy(asc(users.lastname), asc(users.firstname), asc(users.id));
  const counts = await partnerCounts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => staffUserDto(row, counts.get(row.id) ?? 0));
}

/** A staff member, locked for the transaction; null if none (or a partner user). */
export async function lockStaffUser(tx: DbOrTx, id: number): Promise<UserRow | null> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isStaffRow))
    .for('update');
  return row ?? null;
}

export async function staffUserById(db: DbOrTx, id: number): Promise<StaffUser | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isStaffRow));
  if (!row) return null;
  return staffUserDto(row, (await partnerCounts(db, [id])).get(id) ?? 0);
}

export async function insertStaffUser(tx: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await tx.insert(users).values(values).returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export async function updateStaffUserRow(
  tx: DbOrTx,
  id: number,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow> {
  const [row] = await tx.update(users).set(values).where(eq(users.id, id)).returning();
  if (!row) throw new Error('user update returned nothing');
  return row;
}

/** Ends every session of a user; `keep` spares one (the actor's own, when it changes its own sign-in e-mail). */
export async function endSessionsOf(tx: DbOrTx, userId: number, keep?: number): Promise<void> {
  await tx.delete(sessions).where(and(eq(sessions.userId, userId), keep ? ne(sessions.id, keep) : undefined));
}

/** Revokes the API keys a user created that still work; answers how many. */
export async function revokeApiKeysOf(tx: DbOrTx, userId: number, now: Date): Promise<number> {
  const revoked = await tx
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.createdById, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length;
}

/** The partners a user manages, locked. */
export async function managedPartners(tx: DbOrTx, userId: number) {
  return tx
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.accountManagerId, userId))
    .orderBy(asc(partners.id))
    .for('update');
}

export async function reassignPartners(tx: DbOrTx, from: number, to: number, now: Date): Promise<void> {
  await tx.update(partners).set({ accountManagerId: to, updatedAt: now }).where(eq(partners.accountManagerId, from));
}

// ---------------------------------------------------------------- teams

type TeamRow = typeof teams.$inferSelect;

async function teamDto(db: DbOrTx, row: TeamRow): Promise<Team> {
  const [members] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(and(eq(users.teamId, row.id), isNull(users.partnerId)));
  return {
    id: row.id,
    name: row.name,
    managerId: row.managerId,
    memberCount: members?.n ?? 0,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listTeams(db: DbOrTx): Promise<Team[]> {
  const rows = await db.select().from(teams).orderBy(asc(teams.name));
  return Promise.all(rows.map((row) => teamDto(db, row)));
}

export async function lockTeam(tx: DbOrTx, id: number): Promise<TeamRow | null> {
  const [row] = await tx.select().from(teams).where(eq(teams.id, id)).for('update');
  return row ?? null;
}

export async function teamExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, id));
  return Boolean(row);
}

export async function insertTeam(tx: DbOrTx, values: typeof teams.$inferInsert): Promise<Team> {
  const [row] = await tx.insert(teams).values(values).returning();
  if (!row) throw new Error('team insert returned nothing');
  return teamDto(tx, row);
}

export async function updateTeamRow(tx: DbOrTx, id: number, values: Partial<typeof teams.$inferInsert>) {
  const [row] = await tx.update(teams).set(values).where(eq(teams.id, id)).returning();
  if (!row) throw new Error('team update returned nothing');
  return teamDto(tx, row);
}

// ---------------------------------------------------------------- network settings

const STAFF_TWO_FACTOR = 'staffTwoFactorRequired';

export async function securitySettings(db: DbOrTx): Promise<SecuritySettings> {
  const [row] = await db.select().from(networkSettings).where(eq(networkSettings.name, STAFF_TWO_FACTOR));
  return { staffTwoFactorRequired: row?.value === true };
}

export async function saveSecuritySettings(tx: DbOrTx, settings: SecuritySettings, by: number, now: Date) {
  await tx
    .insert(networkSettings)
    .values({ name: STAFF_TWO_FACTOR, value: settings.staffTwoFactorRequired, updatedBy: by, updatedAt: now })
    .onConflictDoUpdate({
      target: networkSettings.name,
      set: { value: settings.staffTwoFactorRequired, updatedBy: by, updatedAt: now },
    });
}
