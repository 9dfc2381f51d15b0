import { Anchor, Badge, Button, Center, EmptyState, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { useUserZone } from '@/lib/user-zone';
import { NOTIFICATIONS_PAGE_SIZE, useNotifications } from '../api/get-notifications';
import { useMarkAllRead } from '../api/mark-all-read';
import { useMarkRead } from '../api/mark-read';

/** 'Notifications (N)', N being the unread ones, then the list, newest first. */
export function NotificationList() {
  const { t } = useTranslation();
  const zone = useUserZone();
  const [page, setPage] = useState(1);
  const notifications = useNotifications(page);
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();

  if (!notifications.data) {
    return notifications.isPending ? (
      <Center py="xl">
        <Loader />
      </Center>
    ) : null;
  }
  const { items, unread, total } = notifications.data;
  const pages = Math.max(1, Math.ceil(total / NOTIFICATIONS_PAGE_SIZE));

  return (
    <>
      <Group justify="space-between" align="flex-start">
        <PageTitle>{t('notifications.title', { count: unread })}</PageTitle>
        {unread > 0 && (
          <Button
            variant="light"
            onClick={() => markAllRead.mutate()}
            loading={markAllRead.isPending}
            data-testid="notifications-read-all"
          >
            {t('notifications.markAllRead')}
          </Button>
        )}
      </Group>
      {total === 0 ? (
        <EmptyState
          icon={<IconBellOff size={32} />}
          description={t('notifications.empty')}
          data-testid="notifications-empty"
        />
      ) : (
        <Stack gap="sm" data-testid="notifications-list">
          {items.map((n) => {
            const isUnread = n.readAt === null;
            return (
              <Paper
                key={n.id}
                withBorder
                p="md"
                bg={isUnread ? 'var(--mantine-color-blue-light)' : undefined}
                data-testid="notification"
                data-read={isUnread ? 'false' : 'true'}
              >
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Stack gap={4}>
                    <Group gap="xs">
                      {isUnread && (
                        <Badge size="xs" variant="filled">
                          {t('notifications.unread')}
                        </Badge>
                      )}
                      <Text fw={isUnread ? 700 : 400} data-testid="notification-title">
                        {n.title}
                      </Text>
                    </Group>
                    {n.body && <Text size="sm">{n.body}</Text>}
                    {n.createdAt && (
                      <Text size="xs" c="dimmed">
                        {zone.named(n.createdAt)}
                      </Text>
                    )}
                  </Stack>
                  <Group gap="xs" wrap="nowrap">
                    {n.link && (
                      // A darker blue on an unread notification's light blue: the link's own blue lacks contrast there.
                      <Anchor
                        component={Link}
                        to={n.link}
                        size="sm"
                        c={isUnread ? 'blue.9' : undefined}
                        onClick={() => isUnread && markRead.mutate(n.id)}
                      >
                        {t('notifications.open')}
                      </Anchor>
                    )}
                    {isUnread && (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        onClick={() => markRead.mutate(n.id)}
                        data-testid="notification-mark-read"
                      >
                        {t('notifications.markRead')}
                      </Button>
                    )}
                  </Group>
                </Group>
              </Paper>
            );
          })}
          {pages > 1 && (
            <Group justify="center">
              <Button variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('notifications.previousPage')}
              </Button>
              <Text size="sm">
                {page} / {pages}
              </Text>
              <Button variant="default" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('notifications.nextPage')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </>
  );
}
