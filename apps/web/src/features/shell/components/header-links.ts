import { IconApi, IconBell, IconSettings } from '@tabler/icons-react';
import { paths } from '@/lib/paths';

/** The top bar's links (spec section 1: API, account settings, notifications; logout beside them). */
export const HEADER_LINKS = [
  { to: paths.api.href(), label: 'shell.api', icon: IconApi, id: 'api' },
  { to: paths.account.href(), label: 'shell.account', icon: IconSettings, id: 'account' },
  { to: paths.notifications.href(), label: 'shell.notifications', icon: IconBell, id: 'notifications' },
] as const;
