import { ActionIcon, Menu } from '@mantine/core';
import { IconDotsVertical, IconLogout } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { logout } from '@/lib/auth';
import { useConfig } from '@/lib/config';
import { headerLinksFor } from './header-links';

export type CompactMenuProps = {
  /** Open from the start: the button was pressed while the menu loaded. */
  defaultOpened: boolean;
  /** Focus the button from the start: it had the focus while the menu loaded. */
  focusButton: boolean;
};

/** The bar's menu below `md`: every header link and logout (top-bar.tsx loads it on demand, decision 059). */
export function CompactMenu({ defaultOpened, focusButton }: CompactMenuProps) {
  const { t } = useTranslation();
  const config = useConfig();
  const button = useRef<HTMLButtonElement>(null);
  // The button took the place of the one that had the focus: it takes the focus too (unless the menu is open, its
  // items then hold it), and gets it back when the menu closes, as a menu that was never swapped would.
  useEffect(() => {
    if (focusButton && !defaultOpened) button.current?.focus();
  }, [focusButton, defaultOpened]);
  return (
    <Menu
      position="bottom-end"
      width={220}
      withinPortal
      defaultOpened={defaultOpened}
      onClose={() => button.current?.focus()}
    >
      <Menu.Target>
        <ActionIcon
          ref={button}
          variant="subtle"
          size={44}
          aria-label={t('shell.moreActions')}
          data-testid="top-bar-compact-menu"
        >
          <IconDotsVertical size={22} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown data-testid="top-bar-compact-dropdown">
        {headerLinksFor(config.roles).map(({ to, label, icon: Icon, id }) => (
          <Menu.Item
            key={to}
            component={Link}
            to={to}
            leftSection={<Icon size={18} aria-hidden />}
            data-testid={`top-bar-compact-${id}-item`}
          >
            {t(label)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={() => void logout()}
          data-testid="top-bar-compact-logout"
        >
          {t('shell.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
