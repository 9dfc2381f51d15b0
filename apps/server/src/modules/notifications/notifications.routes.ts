import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationsEndpoints } from '@portal/contracts';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { partnerIdOf } from '../../plugins/auth.js';
import type { AppContext } from '../../context.js';
import * as repo from './notifications.repository.js';

/** The partner's notifications (notify.ts creates them); a partner sees only its own. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.route({
    ...routeOf(notificationsEndpoints.list),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      const { page, count } = request.query;
      const { items, total, unread } = await repo.listNotifications(db, partnerIdOf(request), page, count);
      return ok({ items, unread }, { total });
    },
  });

  app.route({
    ...routeOf(notificationsEndpoints.unreadCount),
    onRequest: app.requireAuth(),
    handler: async (request) => ok({ unread: await repo.unreadCount(db, partnerIdOf(request)) }),
  });

  app.route({
    ...routeOf(notificationsEndpoints.markRead),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      const notification = await repo.markRead(db, partnerIdOf(request), request.params.id, ctx.now());
      // Another partner's notification is as absent as one that never existed.
      if (!notification) throw notFound('Notification not found.');
      return ok(notification);
    },
  });

  app.route({
    ...routeOf(notificationsEndpoints.markAllRead),
    onRequest: app.requireAuth(),
    handler: async (request) => {
      await repo.markAllRead(db, partnerIdOf(request), ctx.now());
      return ok({ unread: 0 }, { message: 'All notifications are marked as read.' });
    },
  });
};
