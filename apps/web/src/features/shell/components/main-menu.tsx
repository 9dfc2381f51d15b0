import { Anchor, Badge, Box, Divider, Group, NavLink as MantineNavLink, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { BUILD_LABEL, type AccountManager } from '@portal/contracts';
import { logout } from '@/lib/auth';
import { BUILD_DATE } from '@/lib/build-info';
import { paths } from '@/lib/paths';
import { useUserZone } from '@/lib/user-zone';
import { menuItemsFor, type MenuItem } from '@/lib/screens';
import { AccountManagerCard } from './account-manager-card';
import { headerLinksFor } from './header-links';
import { useLiveUnreadCount } from './top-bar';

function isActive(item: MenuItem, pathname: string): boolean {
  if (item.to === '/') return pathname === '/';
  return (
    pathname === item.to ||
    item.activePrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))
  );
}

type MainMenuProps = {
  accountManager: AccountManager | null;
  /** When the partner agreed to the terms (decision 082); null for staff, who agreed to none. */
  termsAgreedAt?: Date | null;
  /** The user's roles, which decide the entries shown (the screens' roles, lib/screens.ts). */
  roles?: readonly string[];
  onNavigate?: () => void;
};

export function MainMenu({ accountManager, termsAgreedAt = null, roles = [], onNavigate }: MainMenuProps) {
  const { t } = useTranslation();
  const zone = useUserZone();
  const { pathname } = useLocation();
  return (
    <Stack h="100%" gap={0} data-testid="left-menu">
      {/* Native scrolling (portal-layout.css): Mantine's ScrollArea was 5 KB of script on every page (decision 061). */}
      <div className="portal-shell-menu-scroll">
        <nav aria-label={t('shell.mainMenu')}>
          {menuItemsFor(roles).map((item) => (
            <MantineNavLink
              key={item.to}
              component={NavLink}
              to={item.to}
              // The console's Home (/staff) is a prefix of its other screens: only this menu's own rule says active.
              end
              label={t(item.label)}
              leftSection={<item.icon size={18} aria-hidden />}
              active={isActive(item, pathname)}
              onClick={onNavigate}
              data-testid={item.testId}
            />
          ))}
        </nav>
        {/* In the phone drawer, the top bar's links too: every one of them stays reachable (decision 032). */}
        <Box hiddenFrom="sm" data-testid="menu-header-links">
          <Divider my="sm" />
          <HeaderLinksInMenu pathname={pathname} roles={roles} onNavigate={onNavigate} />
        </Box>
        {accountManager ? (
          <>
            <Divider my="sm" />
            <AccountManagerCard manager={accountManager} />
          </>
        ) : null}
      </div>
      <Stack gap={4} p="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <Group gap="xs">
          <Anchor href={paths.terms.href()} size="xs" data-testid="terms-link">
            {t('shell.terms')}
          </Anchor>
          <Anchor href={paths.insertionOrder.href()} size="xs" data-testid="insertion-order-link">
            {t('shell.insertionOrder')}
          </Anchor>
        </Group>
        {termsAgreedAt ? (
          <Text size="xs" c="dimmed" data-testid="terms-agreed">
            {t('shell.termsAgreed', { date: zone.day(termsAgreedAt) })}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed" data-testid="build-label">
          <span data-testid="build-number">{t('shell.buildLabel', { defaultValue: BUILD_LABEL })}</span>{' '}
          <time dateTime={BUILD_DATE} data-testid="build-date">
            {BUILD_DATE}
          </time>
        </Text>
      </Stack>
    </Stack>
  );
}

function HeaderLinksInMenu({
  pathname,
  roles,
  onNavigate,
}: {
  pathname: string;
  roles: readonly string[];
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const unread = useLiveUnreadCount();
  return (
    <>
      {headerLinksFor(roles).map(({ to, label, icon: Icon, id }) => (
        <MantineNavLink
          key={to}
          component={NavLink}
          to={to}
          label={t(label)}
          leftSection={<Icon size={18} aria-hidden />}
          rightSection={
            id === 'notifications' && unread > 0 ? (
              <Badge size="sm" color="red" circle={unread < 10}>
                {unread > 99 ? '99+' : unread}
              </Badge>
            ) : undefined
          }
          active={pathname === to}
          onClick={onNavigate}
          data-testid={`menu-header-${id}`}
        />
      ))}
      <MantineNavLink
        component="button"
        label={t('shell.logout')}
        c="red"
        leftSection={<IconLogout size={18} aria-hidden />}
        onClick={() => void logout()}
        data-testid="menu-header-logout"
      />
    </>
  );
}
