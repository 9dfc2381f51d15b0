import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { appSecrets, users } from '../../db/schema.js';

/** The one row of `app_secrets` that holds the first-admin setup key: its SHA-256 and its expiry. */
const SETUP_KEY_NAME = 'first-admin-setup';

export const ADMIN_ROLE = 'ROLE_ADMIN';

export async function hasAdmin(db: DbOrTx): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${ADMIN_ROLE} = any(${users.roles})`)
    .limit(1);
  return rows.length > 0;
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const rows = await db
    .select({ id: users.id, roles: users.roles })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertAdmin(
  db: DbOrTx,
  admin: { email: string; firstname: string; lastname: string },
  now: Date,
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ ...admin, passwordHash: null, roles: [ADMIN_ROLE], createdAt: now, updatedAt: now })
    .returning({ id: users.id });
  if (!row) throw new Error('admin insert returned nothing');
  return row.id;
}

/** Replaces any earlier setup key: only the newest printed link works. */
export async function storeSetupKey(db: DbOrTx, keyHash: string, expiresAt: Date): Promise<void> {
  const value = `${keyHash}.${expiresAt.getTime()}`;
  await db
    .insert(appSecrets)
    .values({ name: SETUP_KEY_NAME, value })
    .onConflictDoUpdate({ target: appSecrets.name, set: { value } });
}

export async function readSetupKey(db: DbOrTx, lock = false): Promise<{ keyHash: string; expiresAt: Date } | null> {
  const query = db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SETUP_KEY_NAME));
  const rows = lock ? await query.for('update') : await query;
  const [keyHash, expires] = (rows[0]?.value ?? '').split('.');
  if (!keyHash || !expires) return null;
  return { keyHash, expiresAt: new Date(Number(expires)) };
}

export async function deleteSetupKey(db: DbOrTx, keyHash: string): Promise<boolean> {
  const rows = await db
    .delete(appSecrets)
    .where(and(eq(appSecrets.name, SETUP_KEY_NAME), sql`split_part(${appSecrets.value}, '.', 1) = ${keyHash}`))
    .returning({ name: appSecrets.name });
  return rows.length > 0;
}
