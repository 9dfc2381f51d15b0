import type { DbOrTx } from '../db/client.js';
import { notifications } from '../db/schema.js';

/** What kinds of event produce a partner notification. */
export type NotificationKind =
  | 'application_decided'
  | 'document_reviewed'
  | 'invoice_status_changed'
  | 'postback_disabled'
  | 'security';

export type NewNotification = {
  partnerId: number;
  kind: NotificationKind;
  title: string;
  body?: string;
  /** A portal path the notification points at, such as '/offer/12'. */
  link?: string | null;
};

/**
 * Records a notification for a partner. Call it with the transaction that records the event,
 * so that a rolled-back change notifies nobody. Any module may call it; it imports no feature.
 */
export async function notifyPartner(db: DbOrTx, notification: NewNotification): Promise<void> {
  await db.insert(notifications).values({
    partnerId: notification.partnerId,
    kind: notification.kind,
    title: notification.title,
    body: notification.body ?? '',
    link: notification.link ?? null,
  });
}
