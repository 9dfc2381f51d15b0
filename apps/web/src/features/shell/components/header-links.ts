import { IconApi, IconBell, IconSettings } from '@tabler/icons-react';
import { paths } from '@/lib/paths';
import { areaAllows, screens } from '@/lib/screens';

/** The top bar's links (spec section 1: API, account settings, notifications; logout beside them). */
export const HEADER_LINKS = [
  { to: paths.api.href(), label: 'shell.api', icon: IconApi, id: 'api', area: screens.api.area },
  { to: paths.account.href(), label: 'shell.account', icon: IconSettings, id: 'account', area: screens.account.area },
  {
    to: paths.notifications.href(),
    label: 'shell.notifications',
    icon: IconBell,
    id: 'notifications',
    area: screens.notifications.area,
  },
] as const;

/** The links of the user's own half: staff keep account settings (password, two-factor) and lose the partner's. */
export const headerLinksFor = (granted: readonly string[]) =>
  HEADER_LINKS.filter((link) => areaAllows(link.area, granted));
