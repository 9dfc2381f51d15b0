import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { MainMenu } from '@/features/shell/components/main-menu';
import { TopBar } from '@/features/shell/components/top-bar';
import { ViewAsBanner } from '@/features/shell/components/view-as-banner';
import { useConfig } from '@/lib/config';

export function PortalLayout() {
  const config = useConfig();
  const [menuOpened, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !menuOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <TopBar menuOpened={menuOpened} onToggleMenu={toggle} />
      </AppShell.Header>
      <AppShell.Navbar>
        <MainMenu accountManager={config.partner?.accountManager ?? null} roles={config.roles} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <ViewAsBanner config={config} />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
