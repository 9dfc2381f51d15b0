import { z } from 'zod';
import { IdParamsSchema, envelope, pageQueryShape } from './api.js';
import { defineEndpoint } from './endpoint.js';

/** The events that notify a partner (decision 014): each kind maps to the preference that e-mails it. */
export const NOTIFICATION_KINDS = [
  'application_decided',
  /** A cap the partner is under reached 80 % or 100 % of its limit (issue 47). */
  'cap_reached',
  /** The daily count of the partner's refused clicks, by offer and reason (issue 47). */
  'clicks_refused',
  /** The daily digest of the partner's conversions changed after the fact (decisions 069, 072). */
  'conversions_changed',
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

export const notificationsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/notifications',
    tags: ['notifications'],
    summary: 'The partner’s notifications, newest first, with the unread count; total counts them all',
    query: ListNotificationsQuerySchema,
    response: envelope(NotificationPageSchema),
  }),
  unreadCount: defineEndpoint({
    method: 'GET',
    path: '/notifications/unread-count',
    tags: ['notifications'],
    summary: 'How many notifications the partner has not read (the top bar’s count)',
    response: envelope(UnreadCountSchema),
  }),
  markRead: defineEndpoint({
    method: 'POST',
    path: '/notifications/:id/read',
    tags: ['notifications'],
    summary: 'Mark one notification read',
    params: IdParamsSchema,
    response: envelope(NotificationSchema),
  }),
  markAllRead: defineEndpoint({
    method: 'POST',
    path: '/notifications/read-all',
    tags: ['notifications'],
    summary: 'Mark every notification of the partner read',
    response: envelope(UnreadCountSchema),
  }),
};
