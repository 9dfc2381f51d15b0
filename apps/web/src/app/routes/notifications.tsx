import { NotificationList } from '@/features/notifications/components/notification-list';

/** 'Notifications (0)' and empty until something concerns the partner (spec section 2, decision 014). */
export function NotificationsRoute() {
  return <NotificationList />;
}
