import { paths } from './paths';

/**
 * C0 controls (U+0000–U+001F), DEL and backslashes. Browsers drop tab, CR and LF from an address and read a backslash
 * as '/', so any of them can turn what looks like a path into another host: '/<tab>/evil.example' is navigated as
 * '//evil.example' (decision 031).
 */
function hasUnsafeCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code <= 0x1f || code === 0x7f || value[index] === '\\') return true;
  }
  return false;
}

/** '//' and '/\' start a protocol-relative address: another host. */
const OTHER_HOST = /^\/[/\\]/;

/** The sign-in page itself (the router matches paths case-insensitively): going there after sign-in is a loop. */
const SIGN_IN_PAGE = new RegExp(`^${paths.login.path}/?$`, 'i');

/** Enough rounds of percent-decoding for double- and triple-encoded forms ('%25252f'). */
const DECODING_ROUNDS = 4;

/** The value, then each round of percent-decoding of it, until a round changes nothing or fails. */
function decodings(value: string): string[] {
  const forms = [value];
  let current = value;
  for (let round = 0; round < DECODING_ROUNDS; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      break;
    }
    if (next === current) break;
    forms.push(next);
    current = next;
  }
  return forms;
}

/**
 * Where to go after signing in, from a `?redirect=` value: a path of the portal's own origin, or '/'. Every place
 * that follows a redirect (the sign-in page and its two-factor step, the app's login route, sign-in links) goes
 * through this one function (decision 031).
 *
 * The value is judged as the browser will read it: it must start with a single '/', carry no control character nor
 * backslash and no '//' at its start in any of its percent-decoded forms, and `new URL(value, origin)` must keep the
 * origin. The answer is the parsed address's own path, query and fragment, so what is followed is what was checked.
 */
export function safeRedirect(value: string | null | undefined, origin: string = window.location.origin): string {
  const fallback = paths.dashboard.href();
  if (!value || !value.startsWith('/')) return fallback;
  const forms = decodings(value);
  if (forms.some((form) => hasUnsafeCharacter(form) || OTHER_HOST.test(form))) return fallback;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return fallback;
  }
  const home = new URL(origin).origin;
  if (url.origin !== home) return fallback;
  if (decodings(url.pathname).some((form) => SIGN_IN_PAGE.test(form))) return fallback;
  // Dot segments are resolved by the parse ('/.//evil.example' and '/%2e%2e//evil.example' have the path
  // '//evil.example'), so the answer is judged again as the address it will be.
  const target = `${url.pathname}${url.search}${url.hash}`;
  if (decodings(target).some((form) => OTHER_HOST.test(form))) return fallback;
  return new URL(target, origin).origin === home ? target : fallback;
}
