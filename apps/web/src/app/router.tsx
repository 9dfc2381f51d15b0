import { Center, Loader } from '@mantine/core';
import { createBrowserRouter, matchRoutes, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { RouteError } from '@/components/route-error';
import { prefetchCapWarnings } from '@/features/dashboard/api/get-cap-warnings';
import { prefetchDashboardNews } from '@/features/news/api/get-news';
import { isApiRequestError } from '@/lib/api-client';
import { configQueryOptions, reloadConfig } from '@/lib/config';
import {
  i18n,
  loadScreenTexts,
  loadStaffTexts,
  SCREEN_TEXT_FILES,
  STAFF_TEXT_FILES,
  type ScreenTextFile,
  type StaffTextFile,
} from '@/lib/i18n';
import { registerNavigate } from '@/lib/navigation';
import { DEFAULT_REPORT, paths } from '@/lib/paths';
import { queryClient } from '@/lib/query-client';
import { hasAnyRole, hasRequiredRoles } from '@/lib/roles';
import { areaAllows, childPath, isAdvertiserUser, isStaffUser, screens, type Screen } from '@/lib/screens';
import { isLoggedIn } from '@/lib/session';
import { showSnackbar } from '@/lib/snackbar';
import { GuestLayout } from './layouts/guest-layout';
import { RootLayout } from './layouts/root-layout';
import type { RouteHandle } from './route-handle';

/** A route's handle, from its screen in the one table (lib/screens.ts). */
function handle({ title, roles, anyRoles, wideCard, area, texts, staffTexts }: Screen): RouteHandle {
  return {
    title,
    ...(area ? { area } : {}),
    ...(texts ? { texts } : {}),
    ...(staffTexts ? { staffTexts } : {}),
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

/** The last path's matched handles: `matchRoutes` flattens and ranks the whole table at each call (decision 144). */
let matched: { pathname: string; handles: readonly (RouteHandle | undefined)[] } | null = null;

/** The handles of a path's matched routes, outermost first; the guarded layout's loader asks four times a navigation. */
function handlesOf(pathname: string): readonly (RouteHandle | undefined)[] {
  if (matched?.pathname !== pathname) {
    const handles = (matchRoutes(routes, pathname) ?? []).map((match) => match.route.handle as RouteHandle | undefined);
    matched = { pathname, handles };
  }
  return matched.handles;
}

/** Whether the roles held satisfy every matched route of a path: all its `roles` (spec section 6), one of its `anyRoles`. */
export function allowed(pathname: string, granted: readonly string[]): boolean {
  const handles = handlesOf(pathname);
  return handles.every((h) => hasRequiredRoles(h?.roles, granted) && hasAnyRole(h?.anyRoles, granted));
}

/** The area of the innermost matched route that declares one (the portal's, the console's, or both). */
function areaOf(pathname: string): Screen['area'] {
  return handlesOf(pathname).findLast((h) => h?.area)?.area;
}

/** The files of screen texts a path's screen names: the innermost matched route's that says, else all (decision 115). */
export function textsOf(pathname: string): readonly ScreenTextFile[] {
  return handlesOf(pathname).findLast((h) => h?.texts)?.texts ?? SCREEN_TEXT_FILES;
}

/** The files of staff texts a path's screen names, the same way (decision 119). */
export function staffTextsOf(pathname: string): readonly StaffTextFile[] {
  return handlesOf(pathname).findLast((h) => h?.staffTexts)?.staffTexts ?? STAFF_TEXT_FILES;
}

/** The home of a signed-in user: the console's for staff, the dashboard for partners. */
export const homeOf = (granted: readonly string[]) =>
  isAdvertiserUser(granted)
    ? paths.advertiserHome.href()
    : isStaffUser(granted)
      ? paths.staffHome.href()
      : paths.dashboard.href();

/**
 * The guarded layout's loader runs at the start of every navigation (shouldRevalidate is always
 * true), which is where the spec wants the configuration reloaded (section 4).
 */
export async function portalLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const loginHref = paths.login.href(`${url.pathname}${url.search}`);
  if (!isLoggedIn()) throw redirect(loginHref);
  // The screen's own texts (none for the dashboard), fetched beside the configuration (decisions 061, 115).
  const screenTexts = loadScreenTexts(textsOf(url.pathname));
  // Waited for below; a failure here is that wait's, not an unhandled rejection's.
  screenTexts.catch(() => undefined);
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
  // The staff console's texts, before any of its screens (a partner never downloads them).
  if (isStaffUser(config.roles)) await loadStaffTexts(staffTextsOf(url.pathname));
  await screenTexts;
  // Staff and partners each have their own half: the other half's screens send them home, quietly (decision 036).
  if (!areaAllows(areaOf(url.pathname), config.roles)) throw redirect(homeOf(config.roles));
  if (!allowed(url.pathname, config.roles)) {
    showSnackbar({ kind: 'error', message: i18n.t('errors.accessDenied') });
    throw redirect(homeOf(config.roles));
  }
  return null;
}

/** The guest screens wait for their texts. */
export async function guestLoader({ request }: LoaderFunctionArgs) {
  await loadScreenTexts(textsOf(new URL(request.url).pathname));
  return null;
}

/** How long the dashboard's first render waits for the cap warnings at most (decision 135). */
export const CAP_WARNINGS_WAIT_MS = 1500;

/**
 * Starts the dashboard's news as soon as the configuration says whose dashboard it is, beside the screen's scripts
 * rather than after them; the screen draws whatever has arrived (decision 061). Not for staff, whom the guarded layout
 * sends to the console's home (the partners' news is not theirs to read).
 *
 * A partner's cap warnings are waited for, at most CAP_WARNINGS_WAIT_MS (decision 135): their alert is drawn above the
 * quick stats, and arriving after the first render it pushed everything below it down (a layout shift of 0.12,
 * Lighthouse). The call runs beside the screen's scripts, which the render waits for anyway.
 */
export async function dashboardLoader() {
  if (!isLoggedIn()) return null;
  let config;
  try {
    // The guarded layout's request for the configuration is under way: this joins it rather than asking again.
    config = await queryClient.ensureQueryData(configQueryOptions());
  } catch {
    // The guarded layout's loader says what went wrong.
    return null;
  }
  if (isStaffUser(config.roles)) return null;
  prefetchDashboardNews(queryClient);
  if (config.partner) await waitAtMost(prefetchCapWarnings(queryClient), CAP_WARNINGS_WAIT_MS);
  return null;
}

/**
 * Starts the offer list's request as the navigation to it starts, beside the configuration and the screen's scripts
 * (decision 144), once the configuration (the guarded layout's request, joined) says the guarded layout lets the user in: the
 * list's rows are a phone's largest element, and their request waited for the scripts and a render. Its code is a
 * chunk of its own, fetched beside the configuration; nothing is waited for.
 */
export function offersLoader({ request }: LoaderFunctionArgs) {
  if (!isLoggedIn()) return null;
  const { pathname, searchParams } = new URL(request.url);
  void Promise.all([
    import('@/features/offers/api/prefetch-offers'),
    queryClient.ensureQueryData(configQueryOptions()),
  ]).then(
    ([{ prefetchOffers }, config]) => {
      // Only whom the guarded layout lets in (staff and advertisers are sent to their own home).
      if (areaAllows(areaOf(pathname), config.roles) && allowed(pathname, config.roles))
        prefetchOffers(queryClient, searchParams);
    },
    // The guarded layout's loader says what went wrong with the configuration; the list asks for its own page.
    () => undefined,
  );
  return null;
}

/** `work`, or nothing once `ms` have passed (`work` goes on, and its answer is kept for whoever asks next). */
function waitAtMost(work: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
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
        // The guest screens' texts (registration, password, setup) are not every page's (decision 061).
        loader: guestLoader,
        children: [
          {
            ...screen(screens.login),
            lazy: () => import('./routes/login').then((m) => ({ loader: m.loginLoader, Component: m.LoginRoute })),
          },
          {
            ...screen(screens.register),
            lazy: () => import('./routes/register').then((m) => ({ Component: m.RegisterRoute })),
          },
          {
            ...screen(screens.registerSuccess),
            lazy: () => import('./routes/register-success').then((m) => ({ Component: m.RegisterSuccessRoute })),
          },
          {
            ...screen(screens.passwordLost),
            lazy: () => import('./routes/password-lost').then((m) => ({ Component: m.PasswordLostRoute })),
          },
          {
            ...screen(screens.passwordReset),
            lazy: () =>
              import('./routes/password-reset').then((m) => ({
                loader: m.passwordResetLoader,
                Component: m.PasswordResetRoute,
              })),
          },
          {
            ...screen(screens.setup),
            lazy: () => import('./routes/setup').then((m) => ({ loader: m.setupLoader, Component: m.SetupRoute })),
          },
        ],
      },
      {
        id: 'portal',
        loader: portalLoader,
        shouldRevalidate: () => true,
        lazy: () => import('./layouts/portal-layout').then((m) => ({ Component: m.PortalLayout })),
        errorElement: <RouteError />,
        children: [
          {
            index: true,
            // Beside the guarded layout's loader and the screen's scripts, not after them (decision 061).
            loader: dashboardLoader,
            lazy: () => import('./routes/dashboard').then((m) => ({ Component: m.DashboardRoute })),
            handle: handle(screens.dashboard),
          },
          {
            ...screen(screens.offers),
            // Beside the guarded layout's loader and the screen's scripts, not after them (decision 144).
            loader: offersLoader,
            lazy: () => import('./routes/offers').then((m) => ({ Component: m.OffersRoute })),
          },
          {
            ...screen(screens.offersAlias),
            loader: offersLoader,
            lazy: () => import('./routes/offers').then((m) => ({ Component: m.OffersRoute })),
          },
          {
            ...screen(screens.offer),
            lazy: () => import('./routes/offer').then((m) => ({ loader: m.offerLoader, Component: m.OfferRoute })),
          },
          {
            ...screen(screens.reports),
            lazy: () => import('./routes/reports').then((m) => ({ Component: m.ReportsLayout })),
            children: [
              { index: true, loader: () => redirect(paths.report.href(DEFAULT_REPORT)) },
              {
                ...screen(screens.reportConversion, screens.reports),
                lazy: () => import('./routes/report-conversion').then((m) => ({ Component: m.ReportConversionRoute })),
              },
              {
                ...screen(screens.reportClick, screens.reports),
                lazy: () => import('./routes/report-click').then((m) => ({ Component: m.ReportClickRoute })),
              },
              {
                ...screen(screens.report, screens.reports),
                lazy: () =>
                  import('./routes/report-basic').then((m) => ({
                    loader: m.reportBasicLoader,
                    Component: m.ReportBasicRoute,
                  })),
              },
            ],
          },
          {
            ...screen(screens.payments),
            lazy: () => import('./routes/payments').then((m) => ({ Component: m.PaymentsRoute })),
          },
          {
            ...screen(screens.postbacks),
            lazy: () => import('./routes/postbacks').then((m) => ({ Component: m.PostbacksRoute })),
          },
          {
            ...screen(screens.myAccount),
            lazy: () => import('./routes/my-account').then((m) => ({ Component: m.MyAccountRoute })),
          },
          { ...screen(screens.api), lazy: () => import('./routes/api').then((m) => ({ Component: m.ApiRoute })) },
          {
            ...screen(screens.account),
            lazy: () => import('./routes/account').then((m) => ({ Component: m.AccountRoute })),
          },
          {
            ...screen(screens.notifications),
            lazy: () => import('./routes/notifications').then((m) => ({ Component: m.NotificationsRoute })),
          },
          {
            ...screen(screens.staffHome),
            lazy: () => import('./routes/staff-home').then((m) => ({ Component: m.StaffHomeRoute })),
          },
          {
            ...screen(screens.staffPartners),
            lazy: () => import('./routes/staff-partners').then((m) => ({ Component: m.StaffPartnersRoute })),
          },
          {
            ...screen(screens.staffPartner),
            lazy: () => import('./routes/staff-partner').then((m) => ({ Component: m.StaffPartnerRoute })),
          },
          {
            ...screen(screens.staffApplications),
            lazy: () => import('./routes/staff-applications').then((m) => ({ Component: m.StaffApplicationsRoute })),
          },
          {
            ...screen(screens.staffDocuments),
            lazy: () => import('./routes/staff-documents').then((m) => ({ Component: m.StaffDocumentsRoute })),
          },
          {
            ...screen(screens.staffConversions),
            lazy: () => import('./routes/staff-conversions').then((m) => ({ Component: m.StaffConversionsRoute })),
          },
          {
            ...screen(screens.staffFraudReview),
            lazy: () => import('./routes/staff-fraud-review').then((m) => ({ Component: m.StaffFraudReviewRoute })),
          },
          {
            ...screen(screens.staffScrubs),
            lazy: () => import('./routes/staff-scrubs').then((m) => ({ Component: m.StaffScrubsRoute })),
          },
          {
            ...screen(screens.staffScrub),
            lazy: () => import('./routes/staff-scrubs').then((m) => ({ Component: m.StaffScrubRoute })),
          },
          {
            ...screen(screens.staffOffers),
            lazy: () => import('./routes/staff-offers').then((m) => ({ Component: m.StaffOffersRoute })),
          },
          {
            ...screen(screens.staffOfferNew),
            lazy: () => import('./routes/staff-offer').then((m) => ({ Component: m.StaffOfferRoute })),
          },
          {
            ...screen(screens.staffOffer),
            lazy: () => import('./routes/staff-offer').then((m) => ({ Component: m.StaffOfferRoute })),
          },
          {
            ...screen(screens.staffAdvertisers),
            lazy: () => import('./routes/staff-advertisers').then((m) => ({ Component: m.StaffAdvertisersRoute })),
          },
          {
            ...screen(screens.staffAdvertiser),
            lazy: () => import('./routes/staff-advertisers').then((m) => ({ Component: m.StaffAdvertiserRoute })),
          },
          {
            ...screen(screens.staffReports),
            lazy: () => import('./routes/staff-reports').then((m) => ({ Component: m.StaffReportsRoute })),
          },
          {
            ...screen(screens.staffNews),
            lazy: () => import('./routes/staff-news').then((m) => ({ Component: m.StaffNewsRoute })),
          },
          {
            ...screen(screens.staffGoals),
            lazy: () => import('./routes/staff-goals').then((m) => ({ Component: m.StaffGoalsRoute })),
          },
          {
            ...screen(screens.staffTraffic),
            lazy: () => import('./routes/staff-traffic').then((m) => ({ Component: m.StaffTrafficRoute })),
          },
          {
            ...screen(screens.staffBilling),
            lazy: () => import('./routes/staff-billing').then((m) => ({ Component: m.StaffBillingRoute })),
          },
          {
            ...screen(screens.staffInvoices),
            lazy: () => import('./routes/staff-invoices').then((m) => ({ Component: m.StaffInvoicesRoute })),
          },
          {
            ...screen(screens.staffPaymentsOut),
            lazy: () => import('./routes/staff-payments-out').then((m) => ({ Component: m.StaffPaymentsOutRoute })),
          },
          {
            ...screen(screens.staffPaymentBatch),
            lazy: () => import('./routes/staff-payments-out').then((m) => ({ Component: m.StaffPaymentBatchRoute })),
          },
          {
            ...screen(screens.staffAdvertiserInvoices),
            lazy: () =>
              import('./routes/staff-advertiser-invoices').then((m) => ({ Component: m.StaffAdvertiserInvoicesRoute })),
          },
          {
            ...screen(screens.staffLedger),
            lazy: () => import('./routes/staff-ledger').then((m) => ({ Component: m.StaffLedgerRoute })),
          },
          {
            ...screen(screens.staffUsers),
            lazy: () => import('./routes/staff-users').then((m) => ({ Component: m.StaffUsersRoute })),
          },
          {
            ...screen(screens.staffAuditLog),
            lazy: () => import('./routes/staff-audit-log').then((m) => ({ Component: m.StaffAuditLogRoute })),
          },
        ],
      },
      {
        // The advertiser portal (decision 087): its own layout and menu, the same guard.
        id: 'advertiser',
        loader: portalLoader,
        shouldRevalidate: () => true,
        lazy: () => import('./layouts/advertiser-layout').then((m) => ({ Component: m.AdvertiserLayout })),
        errorElement: <RouteError />,
        children: [
          {
            ...screen(screens.advertiserHome),
            lazy: () => import('./routes/advertiser').then((m) => ({ Component: m.AdvertiserConversionsRoute })),
          },
          {
            ...screen(screens.advertiserOffers),
            lazy: () => import('./routes/advertiser').then((m) => ({ Component: m.AdvertiserOffersRoute })),
          },
          {
            ...screen(screens.advertiserPostbacks),
            lazy: () => import('./routes/advertiser').then((m) => ({ Component: m.AdvertiserPostbacksRoute })),
          },
          {
            ...screen(screens.advertiserInvoices),
            lazy: () => import('./routes/advertiser').then((m) => ({ Component: m.AdvertiserInvoicesRoute })),
          },
          {
            ...screen(screens.advertiserScrubs),
            lazy: () => import('./routes/advertiser').then((m) => ({ Component: m.AdvertiserScrubsRoute })),
          },
          {
            ...screen(screens.advertiserSetup),
            lazy: () => import('./routes/advertiser').then((m) => ({ Component: m.AdvertiserSetupRoute })),
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
