import { useDisclosure } from '@mantine/hooks';
import { useId } from 'react';
import { Outlet } from 'react-router';
import { MainMenu } from '@/features/shell/components/main-menu';
import { TopBar } from '@/features/shell/components/top-bar';
import { ViewAsBanner } from '@/features/shell/components/view-as-banner';
import { useConfig } from '@/lib/config';
import './portal-layout.css';

/**
 * A fixed element that must not move when a dialog locks the page's scrolling: the scroll lock (react-remove-scroll,
 * under Mantine's Modal and Drawer) pads elements of this class by the scroll bar it hides.
 */
const KEEP_CLEAR_OF_SCROLL_BAR = 'right-scroll-bar-position';

export function PortalLayout() {
  const config = useConfig();
  const menuId = useId();
  const [menuOpened, { toggle, close }] = useDisclosure(false);
  return (
    <div className="portal-shell">
      <header className={`portal-shell-header ${KEEP_CLEAR_OF_SCROLL_BAR}`}>
        <TopBar menuOpened={menuOpened} onToggleMenu={toggle} menuId={menuId} />
      </header>
      <div id={menuId} className="portal-shell-navbar" data-opened={menuOpened || undefined}>
        <MainMenu
          accountManager={config.partner?.accountManager ?? null}
          termsAgreedAt={config.partner?.termsAgreedAt ?? null}
          roles={config.roles}
          onNavigate={close}
        />
      </div>
      <main className="portal-shell-main">
        <ViewAsBanner config={config} />
        <Outlet />
      </main>
    </div>
  );
}
