import { ActionIcon, Anchor, Badge, Burger, Button, Group, Image, Indicator, Loader, Text } from '@mantine/core';
import { IconBell, IconDotsVertical, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Suspense, lazy, useEffect, type ComponentType } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { logout } from '@/lib/auth';
import { loadStaffTexts } from '@/lib/i18n';
import { isStaffUser } from '@/lib/screens';
import { useConfig } from '@/lib/config';
import { paths } from '@/lib/paths';
import { useOnDemand } from '@/lib/use-on-demand';
import { useUnreadCount } from '../api/get-unread-count';
import type { CompactMenuProps } from './compact-menu';
import { headerLinksFor } from './header-links';

const loadCompactMenu = (): Promise<ComponentType<CompactMenuProps>> =>
  import('./compact-menu').then((m) => m.CompactMenu);

/**
 * The staff's search box (decision 080): its own chunk with its texts, which a partner never downloads; the search
 * itself comes when the box is approached (decision 119).
 */
const StaffSearch = lazy(() =>
  Promise.all([import('./staff-search-box'), loadStaffTexts([])]).then(([m]) => ({ default: m.StaffSearchBox })),
);

type TopBarProps = {
  menuOpened: boolean;
  onToggleMenu: () => void;
  /** The id of the menu drawer the burger opens and closes (aria-controls). */
  menuId?: string;
};

/** Live notification count of the signed-in partner, counted again on every navigation (0 for staff). */
export function useLiveUnreadCount(): number {
  const config = useConfig();
  const { pathname } = useLocation();
  // Staff have no partner, hence no notifications.
  const unreadCount = useUnreadCount(config.partner !== null);
  const { refetch } = unreadCount;
  // The bar stays mounted while the screens change: count again on every navigation.
  useEffect(() => {
    if (config.partner !== null) void refetch();
  }, [pathname, config.partner, refetch]);
  return unreadCount.data ?? 0;
}

/**
 * The top bar. From the `md` breakpoint its links are buttons; below it (phones, small tablets) the bell stays in
 * the bar and every link, logout included, is in one menu, so that nothing is cut off at 390 px (decision 032).
 */
export function TopBar({ menuOpened, onToggleMenu, menuId }: TopBarProps) {
  const { t } = useTranslation();
  const config = useConfig();
  const unread = useLiveUnreadCount();
  const partner = config.partner;
  const countBadge = (
    <Badge
      size="sm"
      circle={unread < 10}
      color="red"
      aria-label={t('notifications.unreadCount', { count: unread })}
      data-testid="top-bar-notifications-count"
    >
      {unread > 99 ? '99+' : unread}
    </Badge>
  );
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs" data-testid="top-bar">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger
          opened={menuOpened}
          onClick={onToggleMenu}
          hiddenFrom="sm"
          size="sm"
          aria-label={t('shell.toggleMenu')}
          aria-expanded={menuOpened}
          aria-controls={menuId}
        />
        <Anchor component={Link} to={paths.dashboard.href()} underline="never" style={{ flexShrink: 0 }}>
          <Image src="/logo-mark.svg" alt={t('app.logoMarkAlt')} w={32} h={32} />
        </Anchor>
        <Text fw={600} visibleFrom="lg" data-testid="tagline">
          {t('app.tagline')}
        </Text>
        {partner ? (
          // The company name on every width, cut short on a phone; its id always whole (decision 095).
          <Group gap={4} wrap="nowrap" miw={0} data-testid="top-bar-partner" title={partner.displayName}>
            <Text size="sm" c="dimmed" truncate="end" miw={0} data-testid="top-bar-partner-name">
              {partner.companyName}
            </Text>
            <Text size="sm" fw={600} style={{ flexShrink: 0 }} data-testid="top-bar-partner-id">
              {t('shell.partnerId', { id: partner.id })}
            </Text>
          </Group>
        ) : null}
        {isStaffUser(config.roles) ? (
          <Group visibleFrom="sm" wrap="nowrap">
            <Suspense fallback={null}>
              <StaffSearch />
            </Suspense>
          </Group>
        ) : null}
      </Group>
      <Group gap={4} wrap="nowrap" visibleFrom="md">
        {headerLinksFor(config.roles).map(({ to, label, icon: Icon, id }) => (
          <Button
            key={to}
            component={NavLink}
            to={to}
            variant="subtle"
            size="compact-sm"
            leftSection={<Icon size={16} aria-hidden />}
            rightSection={id === 'notifications' && unread > 0 ? countBadge : undefined}
            data-testid={`top-bar-${id}`}
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
      <Group gap={4} wrap="nowrap" hiddenFrom="md" style={{ flexShrink: 0 }}>
        {partner ? (
          <Indicator label={unread > 99 ? '99+' : unread} disabled={unread === 0} color="red" size={16} offset={6}>
            <ActionIcon
              component={NavLink}
              to={paths.notifications.href()}
              variant="subtle"
              size={44}
              aria-label={unread > 0 ? t('notifications.unreadCount', { count: unread }) : t('shell.notifications')}
              data-testid="top-bar-compact-notifications"
            >
              <IconBell size={22} aria-hidden />
            </ActionIcon>
          </Indicator>
        ) : null}
        <CompactMenuButton />
      </Group>
    </Group>
  );
}

/**
 * The button of the bar's menu below `md`, the menu itself (Mantine's Menu, its popover and floating-ui) loaded when a
 * pointer comes near or the button gets the focus, and drawn open when the button was pressed meanwhile (decision
 * 059), however long it takes (busy meanwhile, decision 103). Should the code not come (the server gone), the button
 * stays as it is.
 */
function CompactMenuButton() {
  const { t } = useTranslation();
  const { loaded: Menu, opened, pending, focused, triggerProps } = useOnDemand(loadCompactMenu);
  if (Menu) return <Menu defaultOpened={opened} focusButton={focused} />;
  return (
    <ActionIcon
      variant="subtle"
      size={44}
      aria-label={t('shell.moreActions')}
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={pending}
      data-pending={pending || undefined}
      data-testid="top-bar-compact-menu"
      {...triggerProps}
    >
      {/* Pressed while the menu's code is on its way: busy, and opened when it comes (decision 103). */}
      {pending ? <Loader size={18} aria-hidden /> : <IconDotsVertical size={22} aria-hidden />}
    </ActionIcon>
  );
}
