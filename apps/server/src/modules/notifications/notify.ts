import type { NotificationKind } from '@portal/contracts';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { outboxRow } from '../../lib/mailer.js';
import {
  insertNotification,
  insertNotificationMails,
  notificationRecipients,
  partnerAccountZone,
} from './notifications.repository.js';

export type { NotificationKind };

type NotificationWords = { title: string; body?: string };

export type NewNotification = {
  partnerId: number;
  kind: NotificationKind;
  /** A portal path the notification points at, such as '/offer/12'. */
  link?: string | null;
} & (
  | (NotificationWords & { inZone?: never })
  | {
      /**
       * A notification that names moments: its title and body written in a reader's zone (a whole-hour offset, null
       * is UTC), the zone named (decision 112). The portal's copy is written in the zone of the partner's first
       * user, each e-mail in its recipient's.
       */
      inZone: (offset: string | null) => NotificationWords;
      title?: never;
      body?: never;
    }
);

export type NotifyOptions = {
  /** The portal's public address (ctx.config.publicUrl): with it, the e-mail links to the page. */
  publicUrl?: string;
};

/**
 * Records a notification for a partner and e-mails the partner's users whose preferences ask
 * for that kind. Call it with the transaction that records the event, so that a rolled-back
 * change notifies nobody; the mail worker sends the queued e-mails once it commits. Any module
 * may call it; it imports no feature.
 */
export async function notifyPartner(
  db: DbOrTx,
  notification: NewNotification,
  options: NotifyOptions = {},
): Promise<void> {
  const link = notification.link ?? null;
  const words = (offset: string | null) => {
    const { title, body } = notification.inZone ? notification.inZone(offset) : notification;
    return { title, body: body ?? '' };
  };
  const stored = words(notification.inZone ? await partnerAccountZone(db, notification.partnerId) : null);
  await insertNotification(db, {
    partnerId: notification.partnerId,
    kind: notification.kind,
    title: stored.title,
    body: stored.body,
    link,
  });
  const recipients = await notificationRecipients(db, notification.partnerId, notification.kind);
  if (recipients.length === 0) return;
  const where = link && options.publicUrl ? `${options.publicUrl.replace(/\/+$/, '')}${link}` : null;
  await insertNotificationMails(
    db,
    recipients.map((user) => {
      const { title, body } = notification.inZone ? words(user.timezone) : stored;
      return {
        ...outboxRow({
          to: user.email,
          subject: title,
          kind: `notification-${notification.kind}`.slice(0, 32),
          text: [
            `Hello ${user.firstname},`,
            '',
            title,
            ...(body ? ['', body] : []),
            '',
            where ? `See it in the partner portal: ${where}` : 'See it under Notifications in the partner portal.',
            '',
            'You receive this e-mail because of your notification preferences; change them under Account settings.',
          ],
        }),
        meta: { partnerId: notification.partnerId, notificationKind: notification.kind },
      };
    }),
  );
}

/**
 * The daily digests' round (decisions 072, 105): for each partner, one transaction that claims what it tells and writes
 * the notification, so a partner is told once whatever the number of servers or runs. `tell` answers whether it told
 * the partner anything; the round answers how many partners were told.
 */
export async function notifyEachOnce(
  db: Db,
  partnerIds: readonly number[],
  tell: (tx: Tx, partnerId: number) => Promise<boolean>,
): Promise<number> {
  let told = 0;
  for (const partnerId of partnerIds) {
    if (await db.transaction((tx) => tell(tx, partnerId))) told += 1;
  }
  return told;
}
