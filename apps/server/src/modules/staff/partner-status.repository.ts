import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { partnerContacts, partners, sessions, users } from '../../db/schema.js';

/**
 * The queries behind a partner's status changes and the staff's read-only view of its portal (partner-status.ts,
 * view-as.ts): the partner, its users and main contact, the first user an approval creates, the sessions a suspension
 * ends.
 */

export type PartnerRow = typeof partners.$inferSelect;

export async function partnerRow(db: DbOrTx, partnerId: number): Promise<PartnerRow | null> {
  const [row] = await db.select().from(partners).where(eq(partners.id, partnerId));
  return row ?? null;
}

/** The partner's enabled users, oldest first, and whether each has chosen a password. */
export async function enabledPartnerUsers(db: DbOrTx, partnerId: number) {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstname: users.firstname,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(users)
    .where(and(eq(users.partnerId, partnerId), eq(users.enabled, true)))
    .orderBy(asc(users.id));
}

/** The id of the partner's oldest enabled user, if any. */
export async function firstEnabledUserId(db: DbOrTx, partnerId: number): Promise<number | null> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.partnerId, partnerId), eq(users.enabled, true)))
    .orderBy(asc(users.id))
    .limit(1);
  return user?.id ?? null;
}

/** A user's name and e-mail (the account manager who signs a status e-mail). */
export async function userSignature(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ firstname: users.firstname, lastname: users.lastname, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The partner's main contact from its registration, the oldest if several. */
export async function mainContact(db: DbOrTx, partnerId: number) {
  const [contact] = await db
    .select()
    .from(partnerContacts)
    .where(and(eq(partnerContacts.partnerId, partnerId), eq(partnerContacts.companyRole, 'main')))
    .orderBy(asc(partnerContacts.id))
    .limit(1);
  return contact;
}

export async function insertPartnerUser(tx: DbOrTx, values: typeof users.$inferInsert) {
  const [user] = await tx
    .insert(users)
    .values(values)
    .returning({ id: users.id, email: users.email, firstname: users.firstname });
  if (!user) throw new Error('user insert returned nothing');
  return user;
}

/** Signs these users out everywhere. */
export async function deleteSessionsOf(tx: DbOrTx, userIds: number[]): Promise<void> {
  if (userIds.length > 0) await tx.delete(sessions).where(inArray(sessions.userId, userIds));
}
