/**
 * The policy of every answer that is not the web app's HTML (JSON, files, redirects): nothing may load or run, and no
 * page may frame it (decision 031).
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The policy of a download (a partner's file, a creative): even opened in a tab, HTML or SVG in it runs nothing,
 * loads nothing and gets no origin of its own (decision 031; SECURITY.md).
 */
export const DOWNLOAD_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox";

/**
 * The policy of a file shown in the portal's own preview (a PDF or a picture, decision 099): sandboxed as a download
 * is, and framed by the portal's pages only. The sandbox comes from this header, not from the frame's `sandbox`
 * attribute, under which Chromium refuses to draw a PDF at all.
 */
export const INLINE_FILE_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox; frame-ancestors 'self'";

/**
 * The web app's HTML (decision 031): scripts only from the portal's own origin (the Vite build has no inline script),
 * inline styles allowed because Mantine injects its style elements and style attributes at run time.
 */
export const WEB_APP_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers every answer carries, from Fastify's onSend hook or from the click fast path (decision 022). */
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'content-security-policy': API_CONTENT_SECURITY_POLICY,
} as const;

/** X-Frame-Options: DENY, unless a route allowed its own pages to frame it (a file's preview, decision 099). */
export function frameOptionsFor(routeValue: unknown): string {
  return routeValue === 'SAMEORIGIN' ? 'SAMEORIGIN' : 'DENY';
}

/**
 * The policy an answer gets: its own if a route set one (a file download's sandbox), the web app's for HTML, the
 * strict one for anything else.
 */
export function contentSecurityPolicyFor(contentType: unknown, routePolicy: unknown): string {
  if (typeof routePolicy === 'string' && routePolicy) return routePolicy;
  const type = typeof contentType === 'string' ? contentType.toLowerCase() : '';
  return type.startsWith('text/html') ? WEB_APP_CONTENT_SECURITY_POLICY : API_CONTENT_SECURITY_POLICY;
}
