import { Center, Loader } from '@mantine/core';
import { createBrowserRouter, matchRoutes, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { STAFF_ROLES } from '@portal/contracts';
import { RouteError } from '@/components/route-error';
import { isApiRequestError } from '@/lib/api-client';
import { reloadConfig } from '@/lib/config';
import { i18n } from '@/lib/i18n';
import { registerNavigate } from '@/lib/navigation';
import { DEFAULT_REPORT, paths } from '@/lib/paths';
import { queryClient } from '@/lib/query-client';
import { hasAnyRole, hasRequiredRoles } from '@/lib/roles';
import { isLoggedIn } from '@/lib/session';
import { showSnackbar } from '@/lib/snackbar';
import { GuestLayout } from './layouts/guest-layout';
import { PortalLayout } from './layouts/portal-layout';
import { RootLayout } from './layouts/root-layout';
import type { RouteHandle } from './route-handle';
import { AccountRoute } from './routes/account';
import { ApiRoute } from './routes/api';
import { DashboardRoute } from './routes/dashboard';
import { LoginRoute, loginLoader } from './routes/login';
import { MyAccountRoute } from './routes/my-account';
import { NotificationsRoute } from './routes/notifications';
import { OfferRoute, offerLoader } from './routes/offer';
import { OffersRoute } from './routes/offers';
import { PasswordLostRoute } from './routes/password-lost';
import { PasswordResetRoute, passwordResetLoader } from './routes/password-reset';
import { PaymentsRoute } from './routes/payments';
import { PostbacksRoute } from './routes/postbacks';
import { RegisterRoute } from './routes/register';
import { RegisterSuccessRoute } from './routes/register-success';
import { SetupRoute, setupLoader } from './routes/setup';
import { ReportBasicRoute, reportBasicLoader } from './routes/report-basic';
import { ReportClickRoute } from './routes/report-click';
import { ReportConversionRoute } from './routes/report-conversion';
import { ReportsLayout } from './routes/reports';
import { StaffBillingRoute } from './routes/staff-billing';
import { StaffPartnersRoute } from './routes/staff-partners';

const handle = (value: RouteHandle): RouteHandle => value;

/** Whether the roles held satisfy every matched route of a path: all its `roles` (spec section 6), one of its `anyRoles`. */
function allowed(pathname: string, granted: readonly string[]): boolean {
  const handles = (matchRoutes(routes, pathname) ?? []).map((match) => match.route.handle as RouteHandle | undefined);
  return handles.every((h) => hasRequiredRoles(h?.roles, granted) && hasAnyRole(h?.anyRoles, granted));
}

/**
 * The guarded layout's loader runs at the start of every navigation (shouldRevalidate is always
 * true), which is where the spec wants the configuration reloaded (section 4).
 */
export async function portalLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const loginHref = paths.login.href(`${url.pathname}${url.search}`);
  if (!isLoggedIn()) throw redirect(loginHref);
  let config;
  try {
    config = await reloadConfig(queryClient);
  } catch (error) {
    if (isApiRequestError(error, 401)) throw redirect(loginHref);
    if (!isApiRequestError(error, 403)) throw error;
    // The api-client has said 'Access denied.' and is sending the user home. That navigation may
    // have joined the refused request (queries are de-duplicated): ask once more, quietly, so
    // that home can render; a second refusal ends on the error page instead of looping.
    config = await reloadConfig(queryClient, { silent: true });
  }
  if (!allowed(url.pathname, config.roles)) {
    showSnackbar({ kind: 'error', message: i18n.t('errors.accessDenied') });
    throw redirect(paths.dashboard.href());
  }
  return null;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: (
      <Center mih="100vh">
        <Loader />
      </Center>
    ),
    children: [
      {
        id: 'guest',
        element: <GuestLayout />,
        children: [
          { path: 'login', loader: loginLoader, element: <LoginRoute />, handle: handle({ title: 'screen.login' }) },
          {
            path: 'register',
            element: <RegisterRoute />,
            handle: handle({ title: 'screen.register', wideCard: true }),
          },
          {
            path: 'register/success',
            element: <RegisterSuccessRoute />,
            handle: handle({ title: 'screen.registerSuccess' }),
          },
          { path: 'password-lost', element: <PasswordLostRoute />, handle: handle({ title: 'screen.passwordLost' }) },
          {
            path: 'password-reset',
            loader: passwordResetLoader,
            element: <PasswordResetRoute />,
            handle: handle({ title: 'screen.passwordReset' }),
          },
          { path: 'setup', loader: setupLoader, element: <SetupRoute />, handle: handle({ title: 'screen.setup' }) },
        ],
      },
      {
        id: 'portal',
        loader: portalLoader,
        shouldRevalidate: () => true,
        element: <PortalLayout />,
        errorElement: <RouteError />,
        children: [
          { index: true, element: <DashboardRoute />, handle: handle({ title: 'screen.dashboard' }) },
          { path: 'offers', element: <OffersRoute />, handle: handle({ title: 'screen.offers' }) },
          { path: 'offer', element: <OffersRoute />, handle: handle({ title: 'screen.offers' }) },
          {
            path: 'offer/:id',
            loader: offerLoader,
            element: <OfferRoute />,
            handle: handle({ title: 'screen.offer' }),
          },
          {
            path: 'reports',
            element: <ReportsLayout />,
            handle: handle({ title: 'screen.reports' }),
            children: [
              { index: true, loader: () => redirect(paths.report.href(DEFAULT_REPORT)) },
              {
                path: 'conversion',
                element: <ReportConversionRoute />,
                handle: handle({ title: 'screen.reportConversion' }),
              },
              { path: 'click', element: <ReportClickRoute />, handle: handle({ title: 'screen.reportClick' }) },
              {
                path: ':report',
                loader: reportBasicLoader,
                element: <ReportBasicRoute />,
                handle: handle({ title: 'screen.reports' }),
              },
            ],
          },
          { path: 'payments', element: <PaymentsRoute />, handle: handle({ title: 'screen.payments' }) },
          { path: 'tools/postbacks', element: <PostbacksRoute />, handle: handle({ title: 'screen.postbacks' }) },
          { path: 'my-account', element: <MyAccountRoute />, handle: handle({ title: 'screen.myAccount' }) },
          { path: 'api', element: <ApiRoute />, handle: handle({ title: 'screen.api' }) },
          { path: 'account', element: <AccountRoute />, handle: handle({ title: 'screen.account' }) },
          { path: 'notifications', element: <NotificationsRoute />, handle: handle({ title: 'screen.notifications' }) },
          {
            path: 'staff/partners',
            element: <StaffPartnersRoute />,
            handle: handle({ title: 'screen.staffPartners', anyRoles: STAFF_ROLES }),
          },
          {
            path: 'staff/billing',
            element: <StaffBillingRoute />,
            handle: handle({ title: 'screen.staffBilling', roles: ['ROLE_ADMIN'] }),
          },
        ],
      },
      { path: '*', loader: () => redirect(paths.dashboard.href()) },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  registerNavigate((to, options) => router.navigate(to, options));
  return router;
}
