import { Button, Group, NavLink as MantineNavLink, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { logout } from '@/lib/auth';
import { useConfig } from '@/lib/config';
import { menuItemsFor } from '@/lib/screens';
import './portal-layout.css';

/**
 * The advertiser portal's shell (decision 087): its own menu (the screens of the advertiser area) and a bar with the
 * signed-in address and sign-out, none of the partner's bell, terms or account manager.
 */
export function AdvertiserLayout() {
  const { t } = useTranslation();
  const config = useConfig();
  return (
    <div className="portal-shell">
      <header className="portal-shell-header">
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Text fw={700}>{t('shell.advertiserPortal')}</Text>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" c="dimmed" visibleFrom="sm" data-testid="advertiser-user">
              {config.user.email}
            </Text>
            <Button
              variant="subtle"
              leftSection={<IconLogout size={16} aria-hidden />}
              onClick={() => void logout()}
              data-testid="logout"
            >
              {t('shell.logout')}
            </Button>
          </Group>
        </Group>
      </header>
      <div className="portal-shell-navbar">
        <nav aria-label={t('shell.mainMenu')} data-testid="left-menu">
          {menuItemsFor(config.roles).map((item) => (
            <MantineNavLink
              key={item.to}
              component={NavLink}
              to={item.to}
              end
              label={t(item.label)}
              leftSection={<item.icon size={18} aria-hidden />}
              data-testid={item.testId}
            />
          ))}
        </nav>
      </div>
      <main className="portal-shell-main">
        <Outlet />
      </main>
    </div>
  );
}
