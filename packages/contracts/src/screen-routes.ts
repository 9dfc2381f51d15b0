/**
 * Which screen route of the web app an address opens (decision 154): the server names that screen's files in the page
 * before the app's router has run, so it must pick the route React Router will. The rule, as far as the app's table
 * needs it (no splats, no optional segments): every segment matches (a `:param` any one segment, a static one
 * case-insensitively, as React Router's `caseSensitive: false` does), a trailing slash is ignored, and of several the
 * one with the most static segments wins. apps/web/vite/route-chunks.test.ts holds this rule equal to React Router's
 * own `matchRoutes` over the app's real table, so the two cannot drift apart.
 */

/** The segments of a path, without empty ones. */
const segmentsOf = (pathname: string): string[] => pathname.split('/').filter(Boolean);

/** The route of `table` (patterns such as `/offer/:id`) an address's path opens, or none (the app redirects it). */
export function screenRouteOf<Route extends { readonly path: string }>(
  table: readonly Route[],
  pathname: string,
): Route | null {
  let address: string[];
  try {
    address = segmentsOf(decodeURIComponent(pathname)).map((segment) => segment.toLowerCase());
  } catch {
    return null;
  }
  let best: Route | null = null;
  let bestStatic = -1;
  for (const route of table) {
    const pattern = segmentsOf(route.path);
    if (pattern.length !== address.length) continue;
    let statics = 0;
    const matches = pattern.every((segment, index) => {
      if (segment.startsWith(':')) return true;
      statics += 1;
      return segment.toLowerCase() === address[index];
    });
    if (matches && statics > bestStatic) {
      best = route;
      bestStatic = statics;
    }
  }
  return best;
}
