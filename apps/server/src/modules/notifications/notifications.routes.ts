import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdParamsSchema,
  ListNotificationsQuerySchema,
  NotificationPageSchema,
  NotificationSchema,
  UnreadCountSchema,
  envelope,
  errorResponses,
} from '@portal/contracts';
import { notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { partnerIdOf } from '../../plugins/auth.js';
import type { AppContext } from '../../shared/context.js';
import * as repo from './notifications.repository.js';

/** The partner's notifications (shared/notifications.ts creates them); a partner sees only its own. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    '/notifications',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags: ['notifications'],
        summary: 'The partner’s notifications, newest first, with the unread count; total counts them all',
        querystring: ListNotificationsQuerySchema,
        response: { 200: envelope(NotificationPageSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { page, count } = request.query;
      const { items, total, unread } = await repo.listNotifications(db, partnerIdOf(request), page, count);
      return ok({ items, unread }, { total });
    },
  );

  app.get(
    '/notifications/unread-count',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags: ['notifications'],
        summary: 'How many notifications the partner has not read (the top bar’s count)',
        response: { 200: envelope(UnreadCountSchema), ...errorResponses },
      },
    },
    async (request) => ok({ unread: await repo.unreadCount(db, partnerIdOf(request)) }),
  );

  app.post(
    '/notifications/:id/read',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags: ['notifications'],
        summary: 'Mark one notification read',
        params: IdParamsSchema,
        response: { 200: envelope(NotificationSchema), ...errorResponses },
      },
    },
    async (request) => {
      const notification = await repo.markRead(db, partnerIdOf(request), request.params.id, ctx.now());
      // Another partner's notification is as absent as one that never existed.
      if (!notification) throw notFound('Notification not found.');
      return ok(notification);
    },
  );

  app.post(
    '/notifications/read-all',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags: ['notifications'],
        summary: 'Mark every notification of the partner read',
        response: { 200: envelope(UnreadCountSchema), ...errorResponses },
      },
    },
    async (request) => {
      await repo.markAllRead(db, partnerIdOf(request), ctx.now());
      return ok({ unread: 0 }, { message: 'All notifications are marked as read.' });
    },
  );
};
