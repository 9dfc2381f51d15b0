import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import { removeTitleShell } from '@/lib/title-shells';
import type { RouteHandle } from '../route-handle';

/** The deepest route's title wins, so nested screens (a report tab) name the page. */
export function useScreenTitle(): string | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.title) return handle.title;
  }
  return null;
}

export function RootLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const titleKey = useScreenTitle();

  // index-title.html's painted title (decision 139) gives way to the app's, in the same frame.
  useLayoutEffect(() => {
    removeTitleShell();
  }, []);

  // Every navigation starts at the top of the page (spec section 2), even to the same path.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.key]);

  useEffect(() => {
    const product = t('app.productName');
    document.title = titleKey ? `${t(titleKey)} | ${product}` : product;
  }, [t, titleKey]);

  return <Outlet />;
}
