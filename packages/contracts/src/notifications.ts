import { z } from 'zod';
import { pageQueryShape } from './api.js';

/** The events that notify a partner (issue 6): each kind maps to the preference that e-mails it. */
export const NOTIFICATION_KINDS = [
  'application_decided',
  'document_reviewed',
  'invoice_status_changed',
  'postback_disabled',
  'security',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NotificationSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** A portal path ('/offer/12'), or null. */
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const ListNotificationsQuerySchema = z.strictObject({
  ...pageQueryShape,
});
export type ListNotificationsQuery = z.input<typeof ListNotificationsQuerySchema>;

/** GET /notifications: a page, newest first; `total` in the wrapper counts them all. */
export const NotificationPageSchema = z.object({
  items: z.array(NotificationSchema),
  unread: z.number().int(),
});
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

export const UnreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;
