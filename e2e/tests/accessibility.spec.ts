import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import {
  DEMO,
  apiLogin,
  baseURL,
  blockingAxeViolations,
  expectShell,
  watchCspViolations,
  type Account,
} from '../fixtures.js';
import { DEFAULT_REPORT, paths } from '../../apps/web/src/lib/paths.js';
import { screens, type Screen } from '../../apps/web/src/lib/screens.js';

/**
 * Decision 047: no serious or critical axe-core violation (WCAG 2.1 A and AA) on any screen of the screen table,
 * loaded, and with the main dialogs open. The routes come from apps/web/src/lib/screens.ts, so a new screen is
 * scanned by default: guest screens (no area) signed out, the partner's as the demo partner, the console's as the
 * demo admin, account settings ('both') as both. One signed-in page per role, reused across its screens. The same walk
 * watches the Content-Security-Policy (decision 031): no screen, loaded and settled, logs a violation.
 */

type Role = 'guest' | 'partner' | 'staff';

const table: readonly (Screen & { name: string })[] = Object.entries(screens).map(([name, screen]) => ({
  ...(screen as Screen),
  name,
}));
const screensOf = (role: Role) =>
  table.filter((s) =>
    role === 'guest' ? !s.area : s.area === 'both' || s.area === (role === 'staff' ? 'staff' : 'partner'),
  );

function expectNone(where: string, violations: string[]) {
  expect(violations, `axe on ${where}:\n  ${violations.join('\n  ')}`).toEqual([]);
}

/** The screen has settled: its title shown, no loader, no transition running (a half-faded text has no contrast). */
async function settled(page: Page, scope: Locator | Page = page) {
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  await expect(scope.locator('.mantine-Loader-root:visible')).toHaveCount(0);
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
}

/** The real ids the parametrised routes need, read from the seeded demo data through the API. */
async function routeParams(request: APIRequestContext): Promise<Record<string, string>> {
  const get = async <T>(account: Account, url: string): Promise<T> => {
    const { bearer } = await apiLogin(request, account);
    const response = await request.get(url, { headers: { authorization: `Bearer ${bearer}` } });
    expect(response.status(), url).toBe(200);
    return ((await response.json()) as { data: T }).data;
  };
  const offers = await get<{ list: { id: number }[] }>(DEMO.partner, '/api/v1/offer?count=1');
  const partners = await get<{ id: number }[]>(DEMO.admin, `/api/v1/staff/partners?q=${DEMO.partner.email}`);
  const staffOffers = await get<{ id: number }[]>(DEMO.admin, '/api/v1/staff/offers');
  const advertisers = await get<{ id: number }[]>(DEMO.admin, '/api/v1/staff/advertisers');
  // A scrub file of unknown ids (it changes nothing): its preview page, with a line error to show.
  const { bearer } = await apiLogin(request, DEMO.admin);
  const csv = Buffer.from('transaction_id,reason\na11y-unknown-order,refund\n,refund\n').toString('base64');
  const scrub = await request.post('/api/v1/staff/conversion-scrubs', {
    headers: { authorization: `Bearer ${bearer}` },
    data: { advertiserId: advertisers[0]!.id, file: { filename: 'a11y.csv', data: `data:text/csv;base64,${csv}` } },
  });
  expect(scrub.status(), 'a scrub file').toBe(200);
  const scrubId = ((await scrub.json()) as { data: { id: number } }).data.id;
  // A payment batch when one exists (the payment batch spec builds one); else an unknown id: the page's error view.
  const batches = await get<{ id: number }[]>(DEMO.admin, '/api/v1/staff/payment-batches?count=1');
  const id = (list: { id: number }[], what: string) => {
    if (!list[0]) throw new Error(`no ${what} in the demo data`);
    return String(list[0].id);
  };
  return {
    '/offer/:id': id(offers.list, 'offer'),
    '/reports/:report': DEFAULT_REPORT,
    '/staff/partners/:id': id(partners, 'partner'),
    '/staff/offers/:id': id(staffOffers, 'staff offer'),
    '/staff/advertisers/:id': id(advertisers, 'advertiser'),
    '/staff/conversions/scrubs/:id': String(scrubId),
    '/staff/payments-out/:id': String(batches[0]?.id ?? 999_999),
  };
}

/** Screens opened through a link that carries a key: an unknown one shows the invalid-link view (the form: below). */
const KEYED: Record<string, string> = {
  [screens.passwordReset.path]: paths.passwordReset.href('a11y-unknown-key'),
  [screens.setup.path]: paths.setup.href('a11y-unknown-key'),
};
/** Routes that only redirect, and where to. */
const REDIRECTS: Record<string, string> = { [screens.reports.path]: paths.report.href(DEFAULT_REPORT) };

function hrefOf(path: string, params: Record<string, string>): string {
  if (KEYED[path]) return KEYED[path];
  if (!path.includes(':')) return path;
  const value = params[path];
  if (!value) throw new Error(`accessibility.spec.ts: no demo value for the route ${path}; add one to routeParams`);
  return path.replace(/:[a-z]+/i, value);
}

/** A page of its own per role: signed out, or signed in through the API (the session cookies the web app writes). */
async function pageFor(browser: Browser, request: APIRequestContext, role: Role): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL() });
  if (role !== 'guest') {
    const { bearer, expireAt } = await apiLogin(request, role === 'staff' ? DEMO.admin : DEMO.partner);
    const numeric = /^\d+$/.test(expireAt) ? Number(expireAt) : null;
    const expiry = numeric === null ? new Date(expireAt) : new Date(numeric < 1e12 ? numeric * 1000 : numeric);
    await context.addCookies([
      { name: 'token', value: bearer, url: baseURL(), sameSite: 'Strict' },
      { name: 'expiry', value: expiry.toISOString(), url: baseURL(), sameSite: 'Strict' },
    ]);
  }
  return context.newPage();
}

async function open(page: Page, role: Role, href: string) {
  await page.goto(href, { waitUntil: 'networkidle' });
  if (role !== 'guest') await expectShell(page);
  // The screen was not sent elsewhere (a staff screen the admin may not open, a partner one the partner may not).
  const path = href.split('?')[0]!;
  expect(new URL(page.url()).pathname, `the ${role} stays on ${href}`).toBe(REDIRECTS[path] ?? path);
  // Every screen has its title; the guest outcome views (an invalid link) have a heading.
  await expect(page.getByTestId('page-title').or(page.getByRole('heading')).first()).toBeVisible();
  await settled(page);
}

for (const role of ['guest', 'partner', 'staff'] as const) {
  test.describe(`axe as ${role === 'staff' ? 'the demo admin' : role === 'partner' ? 'the demo partner' : 'a guest'}`, () => {
    let page: Page;
    let params: Record<string, string>;
    let cspViolations: string[];

    test.beforeAll(async ({ browser, request }) => {
      params = role === 'guest' ? {} : await routeParams(request);
      page = await pageFor(browser, request, role);
      cspViolations = watchCspViolations(page);
    });
    test.afterAll(async () => {
      await page?.context().close();
    });

    for (const screen of screensOf(role)) {
      test(`${screen.path} (${screen.name})`, async () => {
        const href = hrefOf(screen.path, params);
        await open(page, role, href);
        // What a screen draws once scrolled to (the offer editor's panels, decision 129) is scanned too.
        const below = page.getByTestId('staff-offer-panels');
        if ((await below.count()) > 0) {
          await below.scrollIntoViewIfNeeded();
          await expect(page.getByTestId('staff-offer-overrides')).toBeVisible();
          await settled(page);
        }
        expectNone(`${href} as ${role}`, await blockingAxeViolations(page));
        expect(cspViolations.splice(0), `Content-Security-Policy violations on ${href} as ${role}`).toEqual([]);
      });
    }
  });
}

/** The forms behind a valid key (password reset, first-admin setup), the key check answered as the server would. */
test.describe('axe on the forms behind a link key', () => {
  let page: Page;

  test.beforeAll(async ({ browser, request }) => {
    page = await pageFor(browser, request, 'guest');
    const valid = { code: 200, success: true, message: null, data: { valid: true }, errors: null };
    await page.route(/\/api\/v1\/(password|setup)\/check-key\//, (route) => route.fulfill({ json: valid }));
  });
  test.afterAll(async () => {
    await page?.context().close();
  });

  for (const href of [paths.passwordReset.href('a11y-valid-key'), paths.setup.href('a11y-valid-key')]) {
    test(`${href} (the form)`, async () => {
      await open(page, 'guest', href);
      await expect(page.locator('form')).toBeVisible();
      expectNone(`${href} as guest`, await blockingAxeViolations(page));
    });
  }
});

/** The main dialogs and drawers, open: each scanned inside the dialog (the page behind is scanned above). */
type DialogCase = {
  role: Exclude<Role, 'guest'>;
  path: string;
  name: string;
  /** What opens the way to the opener first (a row's menu). */
  before?: (page: Page) => Promise<void>;
  opener: (page: Page) => Locator;
};

const dialogs: DialogCase[] = [
  { role: 'partner', path: screens.postbacks.path, name: 'the postback editor', opener: (p) => p.getByTestId('postback-new') },
  { role: 'partner', path: screens.dashboard.path, name: 'the news modal', opener: (p) => p.getByTestId('news-card').first().getByRole('button', { name: 'Learn more' }) },
  { role: 'staff', path: screens.staffPartners.path, name: 'the partner status dialog', before: (p) => p.getByTestId('staff-partner-row-menu').first().click(), opener: (p) => p.getByRole('menuitem').first() },
  { role: 'staff', path: screens.staffInvoices.path, name: 'the invoice move confirmation', opener: (p) => p.getByTestId('staff-invoice-move').first() },
  { role: 'staff', path: screens.staffUsers.path, name: 'the staff user form', opener: (p) => p.getByTestId('staff-user-invite') },
  { role: 'staff', path: screens.staffNews.path, name: 'the news editor', opener: (p) => p.getByTestId('staff-news-new') },
  { role: 'staff', path: screens.staffGoals.path, name: 'the goal form', opener: (p) => p.getByTestId('staff-goal-new') },
  { role: 'staff', path: screens.staffAdvertisers.path, name: 'the new advertiser form', opener: (p) => p.getByTestId('staff-advertiser-new') },
  { role: 'partner', path: paths.report.href(DEFAULT_REPORT), name: 'the report range calendar', opener: (p) => p.getByTestId('filter-dates-calendar') },
  { role: 'staff', path: screens.staffReports.path, name: 'the network report range calendar', opener: (p) => p.getByTestId('staff-reports-dates-calendar') },
  { role: 'staff', path: `${screens.staffConversions.path}?status=pending`, name: 'the conversion decline confirmation', opener: (p) => p.getByTestId('staff-conversion-decline').first() },
]; // prettier-ignore

test.describe('axe with the main dialogs open', () => {
  const pages = new Map<Role, Page>();

  test.beforeAll(async ({ browser, request }) => {
    for (const role of ['partner', 'staff'] as const) pages.set(role, await pageFor(browser, request, role));
  });
  test.afterAll(async () => {
    for (const page of pages.values()) await page.context().close();
  });

  for (const dialog of dialogs) {
    test(`${dialog.name} on ${dialog.path}`, async () => {
      const page = pages.get(dialog.role)!;
      await open(page, dialog.role, dialog.path);
      await dialog.before?.(page);
      await dialog.opener(page).click();
      const opened = page.getByRole('dialog');
      await expect(opened).toBeVisible();
      await settled(page, opened);
      expectNone(`${dialog.name} on ${dialog.path}`, await blockingAxeViolations(page, '[role="dialog"]'));
    });
  }

  test('the phone menu, open, on a 390 px phone', async () => {
    const page = pages.get('partner')!;
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await open(page, 'partner', screens.dashboard.path);
      await page.getByRole('button', { name: 'Toggle menu', exact: true }).click();
      await expect(page.getByTestId('menu-offers')).toBeVisible();
      await settled(page);
      expectNone('the phone menu on / as partner', await blockingAxeViolations(page));
    } finally {
      if (desktop) await page.setViewportSize(desktop);
    }
  });
});

/**
 * Keyboard: every stop the Tab key reaches shows where the focus is (Mantine's ring on :focus-visible, the browser's
 * own elsewhere), on a guest, a partner and a staff screen.
 */
test.describe('a visible focus at every Tab stop', () => {
  const cases: { role: Role; path: string }[] = [
    { role: 'guest', path: screens.login.path },
    { role: 'partner', path: screens.dashboard.path },
    { role: 'staff', path: screens.staffPartners.path },
  ];
  for (const { role, path } of cases) {
    test(`${path} as ${role}`, async ({ browser, request }) => {
      const page = await pageFor(browser, request, role);
      await open(page, role, path);
      const unmarked: string[] = [];
      const seen = new Set<string>();
      for (let stop = 0; stop < 40; stop += 1) {
        await page.keyboard.press('Tab');
        const focus = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          // A ring on the element, or on the field's box around it (a password field's inner input).
          const marked = (node: Element) => {
            const style = getComputedStyle(node);
            return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
          };
          const box = el.parentElement?.closest('.mantine-Input-input');
          const label = `${el.tagName.toLowerCase()}${el.getAttribute('type') ? `[type=${el.getAttribute('type')}]` : ''}${el.dataset.testid ? `[data-testid=${el.dataset.testid}]` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
          return { label, ring: marked(el) || (box ? marked(box) : false) };
        });
        if (!focus || seen.has(focus.label)) continue;
        seen.add(focus.label);
        if (!focus.ring) unmarked.push(focus.label);
      }
      expect(seen.size, 'Tab reaches the screen').toBeGreaterThan(2);
      expect(unmarked, `focus not shown on ${path}:\n  ${unmarked.join('\n  ')}`).toEqual([]);
      await page.context().close();
    });
  }
});
