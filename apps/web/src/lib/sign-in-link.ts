import { SIGN_IN_LINK_PARAMS } from '@portal/contracts';
import { paths } from './paths';
import { parseExpiry } from './session';

/**
 * A sign-in link's session (/login?token=…&expireAt=…, spec section 2), once taken off the address. Whether it is a
 * staff member's read-only view is the server's word about the token (`viewedBy` of GET /config), never the link's:
 * anyone can write `viewAs=1` (decision 039).
 */
export type SignInLink = { token: string; expiresAt: Date };

/** The server's view-as links carry `viewAs=1` too: it leaves the address with the rest, and means nothing. */
const LINK_PARAMS = ['token', 'expireAt', 'viewAs'] as const;

/** Held in memory only, between the address being cleaned and the login loader reading it. */
let pending: SignInLink | null = null;

/**
 * Splits a /login address into the sign-in link it carries (null if it carries none, or a broken one) and the same
 * address without `token` and `expireAt`. Other paths carry no link.
 */
export function splitSignInLink(url: URL): { link: SignInLink | null; cleaned: string } | null {
  if (url.pathname !== paths.login.path || !SIGN_IN_LINK_PARAMS.some((name) => url.searchParams.has(name))) return null;
  const token = url.searchParams.get('token');
  const expiresAt = parseExpiry(url.searchParams.get('expireAt'));
  const rest = new URLSearchParams(url.searchParams);
  for (const name of LINK_PARAMS) rest.delete(name);
  const search = rest.toString();
  return {
    link: token && expiresAt ? { token, expiresAt } : null,
    cleaned: `${url.pathname}${search ? `?${search}` : ''}${url.hash}`,
  };
}

/** Keeps a link for the login loader (a later link replaces an earlier one). */
export function holdSignInLink(link: SignInLink | null): void {
  pending = link;
}

/** The held link, once: a second read (a revalidation, a reload) finds nothing. */
export function takeSignInLink(): SignInLink | null {
  const link = pending;
  pending = null;
  return link;
}

/**
 * Runs before the router exists (main.tsx): the bearer leaves the address bar and the history entry at once, so it
 * is never shown, bookmarked, sent as a referrer or found by going back (decision 031).
 */
export function captureSignInLink(location: Location = window.location, history: History = window.history): void {
  const split = splitSignInLink(new URL(location.href));
  if (!split) return;
  history.replaceState(history.state, '', split.cleaned);
  holdSignInLink(split.link);
}
