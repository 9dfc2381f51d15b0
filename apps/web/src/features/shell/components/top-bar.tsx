import { Anchor, Badge, Burger, Button, Group, Image, Text } from '@mantine/core';
import { IconApi, IconBell, IconLogout, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { logout } from '@/lib/auth';
import { useConfig } from '@/lib/config';
import { paths } from '@/lib/paths';
import { useUnreadCount } from '../api/get-unread-count';

type TopBarProps = {
  menuOpened: boolean;
  onToggleMenu: () => void;
};

const LINKS = [
  { to: paths.api.href(), label: 'shell.api', icon: IconApi, testId: 'top-bar-api' },
  { to: paths.account.href(), label: 'shell.account', icon: IconSettings, testId: 'top-bar-account' },
  { to: paths.notifications.href(), label: 'shell.notifications', icon: IconBell, testId: 'top-bar-notifications' },
] as const;

export function TopBar({ menuOpened, onToggleMenu }: TopBarProps) {
  const { t } = useTranslation();
  const config = useConfig();
  const { pathname } = useLocation();
  // Staff have no partner, hence no notifications.
  const unreadCount = useUnreadCount(config.partner !== null);
  const { refetch } = unreadCount;
  const unread = unreadCount.data ?? 0;
  // The bar stays mounted while the screens change: count again on every navigation.
  useEffect(() => {
    if (config.partner !== null) void refetch();
  }, [pathname, config.partner, refetch]);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" data-testid="top-bar">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={menuOpened}
          onClick={onToggleMenu}
          hiddenFrom="sm"
          size="sm"
          aria-label={t('shell.toggleMenu')}
        />
        <Anchor component={Link} to={paths.dashboard.href()} underline="never">
          <Image src="/logo-mark.svg" alt={t('app.logoMarkAlt')} w={32} h={32} />
        </Anchor>
        <Text fw={600} visibleFrom="xs" data-testid="tagline">
          {t('app.tagline')}
        </Text>
      </Group>
      <Group gap={4} wrap="nowrap">
        {LINKS.map(({ to, label, icon: Icon, testId }) => (
          <Button
            key={to}
            component={NavLink}
            to={to}
            variant="subtle"
            size="compact-sm"
            leftSection={<Icon size={16} aria-hidden />}
            rightSection={
              testId === 'top-bar-notifications' && unread > 0 ? (
                <Badge
                  size="sm"
                  circle={unread < 10}
                  color="red"
                  aria-label={t('notifications.unreadCount', { count: unread })}
                  data-testid="top-bar-notifications-count"
                >
                  {unread > 99 ? '99+' : unread}
                </Badge>
              ) : undefined
            }
            data-testid={testId}
          >
            {t(label)}
          </Button>
        ))}
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => void logout()}
          data-testid="top-bar-logout"
        >
          {t('shell.logout')}
        </Button>
      </Group>
    </Group>
  );
}
