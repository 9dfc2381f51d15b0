import { and, asc, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Notification, NotificationKind } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import { emailOutbox, notifications, users } from '../../db/schema.js';
import { toIso } from '../../lib/reply.js';

type Row = typeof notifications.$inferSelect;

const toDto = (row: Row): Notification => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  readAt: toIso(row.readAt),
  createdAt: row.createdAt.toISOString(),
});

export async function unreadCount(db: DbOrTx, partnerId: number): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.partnerId, partnerId), isNull(notifications.readAt)));
  return Number(rows[0]?.n ?? 0);
}

export async function listNotifications(db: DbOrTx, partnerId: number, page: number, pageSize: number) {
  const [rows, totals, unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.partnerId, partnerId))
      // Newest first; the id breaks ties between notifications of the same instant.
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(notifications).where(eq(notifications.partnerId, partnerId)),
    unreadCount(db, partnerId),
  ]);
  return { items: rows.map(toDto), total: Number(totals[0]?.n ?? 0), unread };
}

/** Marks one notification of the partner read; null when the partner has no such notification. */
export async function markRead(db: DbOrTx, partnerId: number, id: number, now: Date): Promise<Notification | null> {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.partnerId, partnerId)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  if (row.readAt) return toDto(row);
  const [updated] = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.id, id), eq(notifications.partnerId, partnerId)))
    .returning();
  return updated ? toDto(updated) : null;
}

export async function markAllRead(db: DbOrTx, partnerId: number, now: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.partnerId, partnerId), isNull(notifications.readAt)));
}

/**
 * The preference that lets a kind of notification reach a user's inbox (the account screen's
 * checkboxes). Newsletter and partner special offers are not notifications: docs/decisions/014.
 */
const PREFERENCE_OF = {
  application_decided: users.offerNotifications,
  cap_reached: users.offerNotifications,
  clicks_refused: users.offerNotifications,
  conversions_changed: users.paymentNotifications,
  invoice_status_changed: users.paymentNotifications,
  document_reviewed: users.urgentNotifications,
  postback_disabled: users.urgentNotifications,
  security: users.urgentNotifications,
} as const satisfies Record<NotificationKind, unknown>;

export async function insertNotification(db: DbOrTx, row: typeof notifications.$inferInsert): Promise<void> {
  await db.insert(notifications).values(row);
}

/** The partner's enabled users with a password whose preferences ask for this kind of notification by e-mail. */
export async function notificationRecipients(
  db: DbOrTx,
  partnerId: number,
  kind: NotificationKind,
): Promise<{ email: string; firstname: string; timezone: string | null }[]> {
  return db
    .select({ email: users.email, firstname: users.firstname, timezone: users.timezone })
    .from(users)
    .where(
      and(
        eq(users.partnerId, partnerId),
        eq(users.enabled, true),
        isNotNull(users.passwordHash),
        eq(PREFERENCE_OF[kind], true),
      ),
    );
}

/**
 * The zone of the partner's account as the portal's copy of a notification is written in: its first user's (the main
 * contact given the account on approval, decision 092); null (UTC) for a partner without a user yet.
 */
export async function partnerAccountZone(db: DbOrTx, partnerId: number): Promise<string | null> {
  const [row] = await db
    .select({ timezone: users.timezone })
    .from(users)
    .where(eq(users.partnerId, partnerId))
    .orderBy(asc(users.id))
    .limit(1);
  return row?.timezone ?? null;
}

export async function insertNotificationMails(db: DbOrTx, rows: (typeof emailOutbox.$inferInsert)[]): Promise<void> {
  await db.insert(emailOutbox).values(rows);
}
