import { and, eq, ne } from 'drizzle-orm';
import { maskPhone, type TwoFactorStatus } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';
import { toIso } from '../../lib/reply.js';

export async function twoFactorUser(db: DbOrTx, userId: number) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      twoFactorPhone: users.twoFactorPhone,
      twoFactorEnabledAt: users.twoFactorEnabledAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

export function statusOf(user: { twoFactorPhone: string | null; twoFactorEnabledAt: Date | null }): TwoFactorStatus {
  const enabled = user.twoFactorPhone !== null && user.twoFactorEnabledAt !== null;
  return {
    enabled,
    phone: enabled && user.twoFactorPhone ? maskPhone(user.twoFactorPhone) : null,
    enabledAt: enabled ? toIso(user.twoFactorEnabledAt) : null,
  };
}

export async function enableTwoFactor(db: DbOrTx, userId: number, phone: string, now: Date) {
  await db
    .update(users)
    .set({ twoFactorPhone: phone, twoFactorEnabledAt: now, updatedAt: now })
    .where(eq(users.id, userId));
}

export async function disableTwoFactor(db: DbOrTx, userId: number, now: Date) {
  await db
    .update(users)
    .set({ twoFactorPhone: null, twoFactorEnabledAt: null, updatedAt: now })
    .where(eq(users.id, userId));
}

/** Signs out every session of the user but the current one (enrolment, phone change). */
export async function revokeOtherSessions(db: DbOrTx, userId: number, currentSessionId: number) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)));
}
