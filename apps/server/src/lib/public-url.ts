/**
 * The portal's public address (PUBLIC_URL) for links in mails written deep in a transaction, where no request and no
 * context reach (a cap alert from the click buffer or a postback, decision 081): one process serves one address, set
 * once when the app is built. Unset (a seed script), links fall back to the default local address.
 */
let base = 'http://localhost:3000';

/** Sets the public address every absolute link starts with (buildApp, from the config). */
export function setPublicUrl(url: string): void {
  base = url.replace(/\/+$/, '');
}

/** An absolute link to a portal path ('/staff/offers/12#caps' → 'https://portal.example/staff/offers/12#caps'). */
export function publicLink(path: string): string {
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}
