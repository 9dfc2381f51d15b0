import { Center, Loader } from '@mantine/core';
import { createBrowserRouter, matchRoutes, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { RouteError } from '@/components/route-error';
import { isApiRequestError } from '@/lib/api-client';
import { reloadConfig } from '@/lib/config';
import { i18n } from '@/lib/i18n';
import { registerNavigate } from '@/lib/navigation';
import { DEFAULT_REPORT, paths } from '@/lib/paths';
import { queryClient } from '@/lib/query-client';
import { hasAnyRole, hasRequiredRoles } from '@/lib/roles';
import { areaAllows, childPath, isStaffUser, screens, type Screen } from '@/lib/screens';
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
import { StaffAdvertiserRoute, StaffAdvertisersRoute } from './routes/staff-advertisers';
import { StaffOfferRoute, StaffOffersRoute } from './routes/staff-offers';
import { StaffApplicationsRoute } from './routes/staff-applications';
import { StaffAuditLogRoute } from './routes/staff-audit-log';
import { StaffReportsRoute } from './routes/staff-reports';
import { StaffDocumentsRoute } from './routes/staff-documents';
import { StaffBillingRoute } from './routes/staff-billing';
import { StaffConversionsRoute } from './routes/staff-conversions';
import { StaffHomeRoute } from './routes/staff-home';
import { StaffUsersRoute } from './routes/staff-users';
import { StaffNewsRoute } from './routes/staff-news';
import { StaffPartnerRoute } from './routes/staff-partner';
import { StaffPartnersRoute } from './routes/staff-partners';

/** A route's handle, from its screen in the one table (lib/screens.ts). */
function handle({ title, roles, anyRoles, wideCard, area }: Screen): RouteHandle {
  return {
    title,
    ...(area ? { area } : {}),
    ...(roles ? { roles } : {}),
    ...(anyRoles ? { anyRoles } : {}),
    ...(wideCard ? { wideCard } : {}),
  };
}

/** A child route's path and handle, both from its screen. */
const screen = (value: Screen, parent: Screen | null = null) => ({
  path: childPath(value, parent),
  handle: handle(value),
});

/** Whether the roles held satisfy every matched route of a path: all its `roles` (spec section 6), one of its `anyRoles`. */
export function allowed(pathname: string, granted: readonly string[]): boolean {
  const handles = (matchRoutes(routes, pathname) ?? []).map((match) => match.route.handle as RouteHandle | undefined);
  return handles.every((h) => hasRequiredRoles(h?.roles, granted) && hasAnyRole(h?.anyRoles, granted));
}

/** The area of the innermost matched route that declares one (the portal's, the console's, or both). */
function areaOf(pathname: string): Screen['area'] {
  const handles = (matchRoutes(routes, pathname) ?? []).map((match) => match.route.handle as RouteHandle | undefined);
  return handles.findLast((h) => h?.area)?.area;
}

/** The home of a signed-in user: the console's for staff, the dashboard for partners. */
export const homeOf = (granted: readonly string[]) =>
  isStaffUser(granted) ? paths.staffHome.href() : paths.dashboard.href();

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
  // Staff and partners each have their own half: the other half's screens send them home, quietly (issue 17).
  if (!areaAllows(areaOf(url.pathname), config.roles)) throw redirect(homeOf(config.roles));
  if (!allowed(url.pathname, config.roles)) {
    showSnackbar({ kind: 'error', message: i18n.t('errors.accessDenied') });
    throw redirect(homeOf(config.roles));
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
          { ...screen(screens.login), loader: loginLoader, element: <LoginRoute /> },
          { ...screen(screens.register), element: <RegisterRoute /> },
          { ...screen(screens.registerSuccess), element: <RegisterSuccessRoute /> },
          { ...screen(screens.passwordLost), element: <PasswordLostRoute /> },
          { ...screen(screens.passwordReset), loader: passwordResetLoader, element: <PasswordResetRoute /> },
          { ...screen(screens.setup), loader: setupLoader, element: <SetupRoute /> },
        ],
      },
      {
        id: 'portal',
        loader: portalLoader,
        shouldRevalidate: () => true,
        element: <PortalLayout />,
        errorElement: <RouteError />,
        children: [
          { index: true, element: <DashboardRoute />, handle: handle(screens.dashboard) },
          { ...screen(screens.offers), element: <OffersRoute /> },
          { ...screen(screens.offersAlias), element: <OffersRoute /> },
          { ...screen(screens.offer), loader: offerLoader, element: <OfferRoute /> },
          {
            ...screen(screens.reports),
            element: <ReportsLayout />,
            children: [
              { index: true, loader: () => redirect(paths.report.href(DEFAULT_REPORT)) },
              { ...screen(screens.reportConversion, screens.reports), element: <ReportConversionRoute /> },
              { ...screen(screens.reportClick, screens.reports), element: <ReportClickRoute /> },
              { ...screen(screens.report, screens.reports), loader: reportBasicLoader, element: <ReportBasicRoute /> },
            ],
          },
          { ...screen(screens.payments), element: <PaymentsRoute /> },
          { ...screen(screens.postbacks), element: <PostbacksRoute /> },
          { ...screen(screens.myAccount), element: <MyAccountRoute /> },
          { ...screen(screens.api), element: <ApiRoute /> },
          { ...screen(screens.account), element: <AccountRoute /> },
          { ...screen(screens.notifications), element: <NotificationsRoute /> },
          { ...screen(screens.staffHome), element: <StaffHomeRoute /> },
          { ...screen(screens.staffPartners), element: <StaffPartnersRoute /> },
          { ...screen(screens.staffPartner), element: <StaffPartnerRoute /> },
          { ...screen(screens.staffApplications), element: <StaffApplicationsRoute /> },
          { ...screen(screens.staffDocuments), element: <StaffDocumentsRoute /> },
          { ...screen(screens.staffConversions), element: <StaffConversionsRoute /> },
          { ...screen(screens.staffOffers), element: <StaffOffersRoute /> },
          { ...screen(screens.staffOfferNew), element: <StaffOfferRoute /> },
          { ...screen(screens.staffOffer), element: <StaffOfferRoute /> },
          { ...screen(screens.staffAdvertisers), element: <StaffAdvertisersRoute /> },
          { ...screen(screens.staffAdvertiser), element: <StaffAdvertiserRoute /> },
          { ...screen(screens.staffReports), element: <StaffReportsRoute /> },
          { ...screen(screens.staffNews), element: <StaffNewsRoute /> },
          { ...screen(screens.staffBilling), element: <StaffBillingRoute /> },
          { ...screen(screens.staffUsers), element: <StaffUsersRoute /> },
          { ...screen(screens.staffAuditLog), element: <StaffAuditLogRoute /> },
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
