import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

export const DEMO = {
  partner: { email: 'partner@demo.test', password: 'Partner2025!' },
  /** A second demo partner, free for tests that change its password. */
  bluebird: { email: 'bluebird@demo.test', password: 'Partner2025!' },
  /** Kestrel Digital: its first user is the account-settings spec's (2FA, password change). */
  kestrel: { email: 'kestrel@demo.test', password: 'Partner2025!' },
  /** Kestrel Digital's second user, for notifications and API keys (its sign-in never changes). */
  kestrelReports: { email: 'kestrel.reports@demo.test', password: 'Partner2025!' },
  manager: { email: 'manager@demo.test', password: 'Manager2025!', name: 'Claire Martin' },
  admin: { email: 'admin@demo.test', password: 'Admin2025!' },
  finance: { email: 'finance@demo.test', password: 'Finance2025!' },
  /** The second finance user: approves the payment batches the first builds (four eyes). */
  accounts: { email: 'accounts@demo.test', password: 'Finance2025!' },
  /** Heron Deals, paid weekly: its weeks of the latest month are the payment batch spec's to pay. */
  heron: { email: 'heron@demo.test', password: 'Partner2025!' },
} as const;

export type Account = { email: string; password: string };

/** Texts the spec fixes (sections 2, 5 and 8), asserted verbatim. */
export const TEXT = {
  badCredentials: 'Incorrect username or password.',
  partnerNotActive: 'Your partner account is not active. Please contact your account manager.',
  accessDenied: 'Access denied.',
  required: 'This field is required.',
  emailExists: 'An account with this email already exists.',
  registerSuccessTitle: 'Your request has been received',
  registerSuccessText: 'An account manager will contact you shortly.',
  lostSentTitle: 'An email with a password reset link has been sent.',
  lostSentText: 'Please click the link in the email to reset your password.',
  resetInvalidTitle: 'The link is either invalid or has expired.',
  resetInvalidText: 'Please try resetting your password again.',
  resetSuccessTitle: 'Your password has been changed successfully.',
  resetSuccessText: 'You can now return to the login page.',
  passwordMismatch: 'The passwords do not match.',
  passwordCapital: 'Password must contain at least one capital letter.',
  passwordNumber: 'The password must contain at least one number.',
  passwordMinLength: (m: number) => `Password must be at least 8 characters long (currently ${m}).`,
  noReporting: 'No reporting.',
  tagline: 'Performance marketing, together.',
} as const;

export const baseURL = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set (run through playwright.config.ts)');
  return url;
};

export const dataDir = () => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (run through playwright.config.ts)');
  return dir;
};

export type Mail = { file: string; to: string; subject: string; body: string };

/** The e-mails the server wrote to DATA_DIR/outbox, newest last, decoded from quoted-printable. */
export function outbox(): Mail[] {
  const dir = path.join(dataDir(), 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) => {
      const raw = fs.readFileSync(path.join(dir, file), 'utf8');
      const body = raw.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/g, (run) =>
        Buffer.from(
          run
            .split('=')
            .slice(1)
            .map((hex) => parseInt(hex, 16)),
        ).toString('utf8'),
      );
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(body)?.[1]?.trim() ?? '';
      return { file, to: header('To'), subject: header('Subject'), body };
    });
}

/** How many mails an address has received so far (pass it as `after` to wait for the next one). */
export function mailCount(email: string): number {
  return outbox().filter((m) => m.to.includes(email)).length;
}

/** Waits for the newest mail to an address (after the first `after` ones) and answers the reset link it carries. */
export async function resetLinkFor(email: string, after = 0): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const mail = outbox()
          .filter((m) => m.to.includes(email))
          .slice(after)
          .pop();
        link = /(https?:\/\/\S+\/password-reset\?key=[A-Za-z0-9_%-]+)/.exec(mail?.body ?? '')?.[1] ?? '';
        return link;
      },
      { timeout: 15_000, message: `a password reset mail to ${email}` },
    )
    .not.toBe('');
  return link;
}

/** The text messages the server wrote to DATA_DIR/outbox (`*.sms.txt`), oldest first. */
export function smsOutbox(): { file: string; to: string; text: string }[] {
  const dir = path.join(dataDir(), 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.sms.txt'))
    .sort((a, b) => parseInt(a.split('-')[1] ?? '0', 10) - parseInt(b.split('-')[1] ?? '0', 10))
    .map((file) => {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      return { file, to: /^To: (.*)$/m.exec(text)?.[1] ?? '', text };
    });
}

/** Waits for a new SMS to a number (after the first `after` ones) and answers its six-digit code. */
export async function smsCodeFor(phone: string, after = 0): Promise<string> {
  let code = '';
  await expect
    .poll(
      () => {
        const message = smsOutbox()
          .filter((m) => m.to === phone)
          .slice(after)
          .pop();
        code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1] ?? '';
        return code;
      },
      { timeout: 15_000, message: `an SMS code to ${phone}` },
    )
    .not.toBe('');
  return code;
}

/** Signs in through the login form. */
export async function signIn(page: Page, email: string, password: string, options: { rememberMe?: boolean } = {}) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (options.rememberMe) await page.getByLabel('Remember me', { exact: true }).check();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** POST /api/v1/login: the bearer and its expiry. */
export async function apiLogin(
  request: APIRequestContext,
  account: Account,
): Promise<{ bearer: string; expireAt: string }> {
  const response = await request.post('/api/v1/login', {
    data: { username: account.email, password: account.password },
  });
  expect(response.status(), `login of ${account.email}`).toBe(200);
  const body = (await response.json()) as { data: { bearer: string; expireAt: string | number } };
  return { bearer: body.data.bearer, expireAt: String(body.data.expireAt) };
}

/** expireAt as the web app stores it: an ISO date (mirrors parseExpiry in apps/web/src/lib/session.ts). */
function expiryIso(expireAt: string): string {
  const numeric = /^\d+$/.test(expireAt) ? Number(expireAt) : null;
  const date = numeric === null ? new Date(expireAt) : new Date(numeric < 1e12 ? numeric * 1000 : numeric);
  return date.toISOString();
}

/**
 * Signs the browser context in without the login form: a bearer from the API stored in the
 * `token` / `expiry` cookies exactly as apps/web/src/lib/session.ts writes them (no remember-me).
 */
export async function useApiSession(
  context: BrowserContext,
  request: APIRequestContext,
  account: Account = DEMO.partner,
) {
  const { bearer, expireAt } = await apiLogin(request, account);
  const url = baseURL();
  await context.addCookies([
    { name: 'token', value: bearer, url, sameSite: 'Strict' },
    { name: 'expiry', value: expiryIso(expireAt), url, sameSite: 'Strict' },
  ]);
  return { bearer, expireAt };
}

/** The value of the session's `token` cookie, if any. */
export async function tokenCookie(context: BrowserContext): Promise<string | undefined> {
  const cookies = await context.cookies(baseURL());
  return cookies.find((c) => c.name === 'token')?.value;
}

/** The signed-in shell is on screen. */
export async function expectShell(page: Page, options: { timeout?: number } = {}) {
  // A first load of a data-heavy screen (the offer list's 30-day EPCs) can take over 10 s on the 2-core CI machine
  // while the other worker writes: the shell must appear, not within the default 10 s.
  const wait = { timeout: options.timeout ?? 30_000 };
  await expect(page.getByTestId('top-bar')).toBeVisible(wait);
  // Below Mantine's `sm` breakpoint (48em) the menu is a closed drawer, out of sight and of the Tab order, that the
  // burger opens.
  const phone = (page.viewportSize()?.width ?? 1280) < 768;
  if (phone) await expect(page.getByRole('button', { name: 'Toggle menu', exact: true })).toBeVisible(wait);
  else await expect(page.getByTestId('left-menu')).toBeVisible(wait);
}

/** A snackbar with exactly this message (the details toggle, if any, is not part of the message). */
export function snackbar(page: Page, message: string) {
  return page.getByTestId('snackbar').filter({ hasText: message });
}

/** A throwaway address nobody owns, unique per call. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/**
 * The demo advertisers in the order the seed creates them (apps/server/src/seed/catalogue.ts: first appearance in
 * BRANDS). The seed's security token of the i-th is sha256(`advertiser-${i}-${name}`); specs that report a conversion
 * compute it the same way instead of reading the server's database.
 */
const DEMO_ADVERTISERS = [
  'Amora Group',
  'Nordlight Games',
  'Nova Sports Ltd',
  'Crown Leisure',
  'Budgetly Finance',
  'Kapital Bank',
  'CoinVault Exchange',
  'Assura Mutuelle',
  'VitaLab',
  'Belle & Co',
  'PrizePanda',
  'StyleHub Retail',
  'TechCart',
  'LinguaPro Learning',
  'TripNest Travel',
  'Pulse Apps',
  'Shield Software',
  'MealBox SAS',
] as const;

/**
 * The `token` of GET /postback for a demo advertiser: random on every install (decision 028), so it is read the way
 * an admin reads it, from GET /api/v1/staff/advertisers.
 */
export async function demoAdvertiserToken(request: APIRequestContext, name: string): Promise<string> {
  if (!DEMO_ADVERTISERS.includes(name as (typeof DEMO_ADVERTISERS)[number]))
    throw new Error(`${name} is not a demo advertiser`);
  const { bearer } = await apiLogin(request, DEMO.admin);
  const response = await request.get('/api/v1/staff/advertisers', { headers: { authorization: `Bearer ${bearer}` } });
  expect(response.status()).toBe(200);
  const list = ((await response.json()) as { data: { name: string; securityToken: string }[] }).data;
  const token = list.find((a) => a.name === name)?.securityToken;
  if (!token) throw new Error(`no advertiser ${name}`);
  return token;
}

/** French formats put (narrow) no-break spaces in amounts; compare them as plain spaces. */
export const squash = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

/** A registration request sent through the API (POST /register) with the first value of each list the form offers. */
export async function registerThroughApi(
  request: APIRequestContext,
  applicant: { email: string; companyName: string },
) {
  type Item = { value: string };
  type Lists = Record<
    | 'trafficSourceList'
    | 'typologyList'
    | 'experienceList'
    | 'verticalList'
    | 'estimatedMonthlyRevenueList'
    | 'geographicAreaList',
    Item[]
  >;
  const options = (await (await request.get('/api/v1/register/options')).json()) as { data: { data: Lists } };
  const first = (list: Item[]) => list[0]?.value ?? '';
  const created = await request.post('/api/v1/register', {
    data: {
      companyName: applicant.companyName,
      firstname: 'Bob',
      lastname: 'First',
      address: '1 Main Street',
      zipCode: '10001',
      city: 'New York',
      country: 'US',
      email: applicant.email,
      phoneNumber: '+1 212 555 0100',
      langs: ['en'],
      trafficSourceList: [first(options.data.data.trafficSourceList)],
      typology: first(options.data.data.typologyList),
      experience: first(options.data.data.experienceList),
      verticals: [first(options.data.data.verticalList)],
      estimatedMonthlyRevenue: first(options.data.data.estimatedMonthlyRevenueList),
      geographicAreaList: [first(options.data.data.geographicAreaList)],
      websiteUrl: 'https://first.example.test',
    },
  });
  expect(created.status(), `registration of ${applicant.email}`).toBe(200);
}

/** A one-page PDF, enough for the server's type check by the bytes. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * A registration approved by an admin, its password chosen: a partner of its own that no other spec touches. It has
 * applied to an offer that needs approval (pending) and, with `document`, sent its proof of identity.
 */
export async function approvedPartner(request: APIRequestContext, options: { document?: boolean } = {}) {
  const email = uniqueEmail('managed');
  const companyName = `Managed Media ${email.split('@')[0]!.slice(-6)}`;
  await registerThroughApi(request, { email, companyName });
  const admin = await apiLogin(request, DEMO.admin);
  const headers = { authorization: `Bearer ${admin.bearer}` };
  const pending = (await (
    await request.get(`/api/v1/staff/partners?status=pending&q=${encodeURIComponent(email)}`, { headers })
  ).json()) as { data: { id: number; accountManager: { name: string } | null }[] };
  const partner = pending.data[0]!;
  expect((await request.put(`/api/v1/staff/partners/${partner.id}/status`, { headers, data: { status: 'active' } })).status()).toBe(200);
  const key = new URL(await resetLinkFor(email, 1)).searchParams.get('key');
  const password = 'Managed2026!';
  expect((await request.post('/api/v1/password/reset', { data: { key, password } })).status()).toBe(200);
  const session = await apiLogin(request, { email, password });
  const auth = { authorization: `Bearer ${session.bearer}` };

  // It applies to an offer that needs approval, and sends its proof of identity.
  const offers = (await (await request.get('/api/v1/offer?requireApproval=true&count=50', { headers: auth })).json()) as {
    data: { list: { id: number; name: string; partnerStatus: string }[] };
  };
  const offer = offers.data.list.find((o) => o.partnerStatus === 'apply_to_run')!;
  expect((await request.post('/api/v1/partner-offer', { headers: auth, data: { offerId: offer.id } })).status()).toBe(200);
  if (!options.document) return { id: partner.id, email, password, companyName, offer, manager: partner.accountManager?.name ?? null };
  const upload = await request.post('/api/v1/partner/compliance-document', {
    headers: auth,
    data: { type: 'proof_of_identity', document: { filename: 'passport.pdf', data: `data:application/pdf;base64,${PDF.toString('base64')}` } },
  });
  expect(upload.status()).toBe(200);
  return { id: partner.id, email, password, companyName, offer, manager: partner.accountManager?.name ?? null };
} // prettier-ignore

/** Every Content-Security-Policy violation the page reports, from its console and its securitypolicyviolation events. */
export function watchCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Refused to|Content Security Policy/i.test(text)) violations.push(text);
  });
  page.on('pageerror', (error) => {
    if (/Content Security Policy/i.test(error.message)) violations.push(error.message);
  });
  void page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation;
      report?.(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${location.pathname}`);
    });
  });
  return violations;
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/**
 * axe-core's serious and critical violations of WCAG 2.1 A and AA (decision 047) on the page or inside `include`, one
 * readable line per rule. Legacy mode runs `axe.run` in the page itself: the default (`runPartial` in each frame, then
 * `finishRun` in a blank page opened for it, axe injected three times) cost most of a scan; the screens have no
 * cross-origin frame. Only violations are collected: the passes' node lists were serialised for nothing.
 */
export async function blockingAxeViolations(page: Page, include?: string): Promise<string[]> {
  // A snackbar or a dialog half-way through its fade is judged at its final colours: axe waits for finite transitions
  // and animations to end (a loader's endless spin excepted), for at most 3 s.
  // A snackbar's Transition starts transparent and fades in a frame later, so the snackbars are also waited for until
  // each is opaque with every box around it.
  await page
    .waitForFunction(
      () => {
        const opaque = (element: Element | null): boolean =>
          !element || (getComputedStyle(element).opacity === '1' && opaque(element.parentElement));
        return (
          [...document.querySelectorAll('.mantine-Notification-root')].every((n) => opaque(n)) &&
          document
            .getAnimations()
            .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity)
        );
      },
      undefined,
      { timeout: 3_000, polling: 100 },
    )
    .catch(() => undefined);
  let builder = new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode();
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => {
      const targets = v.nodes.map((n) => n.target.join(' > '));
      const shown = targets.slice(0, 8).join(' | ') + (targets.length > 8 ? ` | …and ${targets.length - 8} more` : '');
      return `${v.id} (${v.impact}, ${v.nodes.length} element${v.nodes.length === 1 ? '' : 's'}): ${v.help}\n    ${shown}`;
    });
}
