import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { redirect, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { LoginForm } from '@/features/auth/components/login-form';
import { paths, safeRedirect } from '@/lib/paths';
import { queryClient } from '@/lib/query-client';
import { isLoggedIn, parseExpiry, saveSession } from '@/lib/session';

/**
 * A sign-in link (?token=…&expireAt=…) signs in directly; an already signed-in visitor goes
 * to the dashboard (spec section 2, Login).
 */
export function loginLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get('token');
  const expiresAt = parseExpiry(params.get('expireAt'));
  if (token && expiresAt && expiresAt.getTime() > Date.now()) {
    // No remember-me was asked for, so the link gives a browser-session cookie.
    saveSession(token, expiresAt, false);
    queryClient.clear();
    throw redirect(safeRedirect(params.get('redirect')));
  }
  if (isLoggedIn()) throw redirect(paths.dashboard.href());
  return null;
}

export function LoginRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <>
      <Title order={3} ta="center" data-testid="page-title">
        {t('login.title')}
      </Title>
      <LoginForm redirectTo={safeRedirect(params.get('redirect'))} />
    </>
  );
}
