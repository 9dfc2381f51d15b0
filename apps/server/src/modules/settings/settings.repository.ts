import { eq } from 'drizzle-orm';
import { maskPhone, type AccountSettings, type Preferences } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { toIso } from '../../lib/reply.js';

export async function accountSettings(db: DbOrTx, userId: number): Promise<AccountSettings | null> {
  const rows = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  const user = rows[0];
  if (!user) return null;
  const enabled = user.twoFactorEnabledAt !== null && user.twoFactorPhone !== null;
  return {
    timezone: user.timezone,
    preferences: {
      newsletter: user.newsletter,
      offerNotifications: user.offerNotifications,
      paymentNotifications: user.paymentNotifications,
      urgentNotifications: user.urgentNotifications,
      partnerSpecialOffers: user.partnerSpecialOffers,
    },
    twoFactor: {
      enabled,
      phone: enabled && user.twoFactorPhone ? maskPhone(user.twoFactorPhone) : null,
      enabledAt: enabled ? toIso(user.twoFactorEnabledAt) : null,
    },
  };
}

export async function setTimezone(db: DbOrTx, userId: number, timezone: string, now: Date) {
  await db.update(users).set({ timezone, updatedAt: now }).where(eq(users.id, userId));
}

export async function setPreferences(db: DbOrTx, userId: number, preferences: Preferences, now: Date) {
  await db
    .update(users)
    .set({ ...preferences, updatedAt: now })
    .where(eq(users.id, userId));
}
