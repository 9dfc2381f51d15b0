import { lazy, Suspense } from 'react';
import {
  redirect,
  redirectDocument,
  useLoaderData,
  useNavigate,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router';
import { getIdentity, type Identity } from '@/features/auth/api/get-identity';
import { paths } from '@/lib/paths';
import { safeRedirect } from '@/lib/safe-redirect';
import { queryClient } from '@/lib/query-client';
import { clearSession, hasTabSession, isLoggedIn, saveSession, saveTabSession } from '@/lib/session';
import { holdSignInLink, splitSignInLink, takeSignInLink, type SignInLink } from '@/lib/sign-in-link';

// Shown only to a signed-in visitor who follows another account's sign-in link: the dialog (and Mantine's modal with
// its scroll area) stays out of the sign-in page's first download (decision 048).
const SwitchAccountDialog = lazy(() =>
  import('@/features/auth/components/switch-account-dialog').then((m) => ({ default: m.SwitchAccountDialog })),
);

type PendingSwitch = { link: SignInLink; current: Identity; incoming: Identity };

function startLinkSession(link: SignInLink): void {
  // A view this tab was holding would hide the new session (decision 039): it ends first.
  if (hasTabSession()) clearSession();
  // No remember-me was asked for, so the link gives a browser-session cookie.
  saveSession(link.token, link.expiresAt, false);
  queryClient.clear();
}

/**
 * Follows a link no live session stands in the way of, by what the server said of its token: refused, the sign-in
 * page; a staff member's read-only view (`viewedBy`), this tab only, beside the browser's session, which it never
 * replaces (decision 039); any other, the browser's session, and on to the redirect.
 */
function enterLink(link: SignInLink, incoming: Identity | null, signInPage: string, redirectTo: string): never {
  if (!incoming) throw redirectDocument(signInPage);
  if (incoming.view) {
    saveTabSession(link.token, link.expiresAt);
    queryClient.clear();
    throw redirect(paths.dashboard.href());
  }
  startLinkSession(link);
  throw redirect(redirectTo);
}

/**
 * A sign-in link (?token=…&expireAt=…) signs a visitor without a session in directly; an already signed-in visitor
 * goes to the dashboard (spec section 2, Login) and is switched to the link's account only after confirming it, told
 * both identities (decision 031). The server alone says whether a link is a staff member's read-only view, which opens
 * in this tab without asking: a `viewAs` in the address is not believed (decision 039). The link itself never stays
 * in the address. Anyone else is signing in: the sign-in form is a page of its own (login.html, decision 055), loaded
 * in full from the same address (logging out, a guarded route, a 401, a link to /login all come here).
 */
export async function loginLoader(args: LoaderFunctionArgs): Promise<PendingSwitch> {
  const url = new URL(args.request.url);
  const split = splitSignInLink(url);
  if (split) {
    // A link reached by an in-app navigation (the first load cleans the address in main.tsx): hold it, and replace
    // the address with the same one without the token; this loader then runs again on the clean address.
    holdSignInLink(split.link);
    throw redirect(split.cleaned);
  }
  const signInPage = `${url.pathname}${url.search}`;
  const redirectTo = safeRedirect(url.searchParams.get('redirect'), url.origin);
  const link = takeSignInLink();
  const live = link !== null && link.expiresAt.getTime() > Date.now();
  if (!live) {
    if (isLoggedIn()) throw redirect(paths.dashboard.href());
    throw redirectDocument(signInPage);
  }
  if (!isLoggedIn()) {
    let incoming: Identity | null;
    try {
      incoming = await getIdentity(link.token);
    } catch {
      // The server cannot tell what the link is: with no session to protect, it signs in as a plain link did, and
      // the server still refuses a view's writes.
      startLinkSession(link);
      throw redirect(redirectTo);
    }
    enterLink(link, incoming, signInPage, redirectTo);
  }
  let current: Identity | null;
  let incoming: Identity | null;
  try {
    [current, incoming] = await Promise.all([getIdentity(), getIdentity(link.token)]);
  } catch {
    // Unable to tell who is who (the server failed, the network is down): the current session stays.
    throw redirect(paths.dashboard.href());
  }
  if (!current) {
    // The stored session is no longer valid on the server: there is no live session to protect, unless it was a
    // view this tab held over the browser's own session, which is then asked about in turn.
    const viewEnded = hasTabSession();
    clearSession();
    if (viewEnded && isLoggedIn()) {
      holdSignInLink(link);
      return loginLoader(args);
    }
    enterLink(link, incoming, signInPage, redirectTo);
  }
  // A link that signs in no one changes nothing.
  if (!incoming) throw redirect(paths.dashboard.href());
  // A read-only view opens beside the live session, in this tab only: nothing is swapped, so nothing to confirm.
  if (incoming.view) enterLink(link, incoming, signInPage, redirectTo);
  // The same user again changes nothing either.
  if (incoming.userId === current.userId) throw redirect(paths.dashboard.href());
  return { link, current, incoming };
}

export function LoginRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const pending = useLoaderData<typeof loginLoader>();
  const redirectTo = safeRedirect(params.get('redirect'));
  return (
    <Suspense>
      <SwitchAccountDialog
        current={pending.current}
        incoming={pending.incoming}
        onStay={() => void navigate(paths.dashboard.href(), { replace: true })}
        onSwitch={() => {
          startLinkSession(pending.link);
          void navigate(redirectTo, { replace: true });
        }}
      />
    </Suspense>
  );
}
