import fs from 'node:fs';
import path from 'node:path';
import { BUILD_LABEL, FORM_ERROR_TEXT, PRODUCT_NAME, PRODUCT_TAGLINE } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { screens as screenTable } from '@/lib/screens';
import en from './en.json';
import screens from './en-screens.json';

const SRC = path.join(import.meta.dirname, '..');

/** A locale file as it is on disk (i18next merges the other files into the object it was given: test/setup.ts). */
const file = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, name), 'utf8')) as Record<string, unknown>;

/** The texts the spec fixes live in contracts; the locale files must not drift from them. */
describe('en.json', () => {
  it('copies every form error text from contracts', () => {
    expect(en.formError).toEqual(FORM_ERROR_TEXT);
  });

  it('carries the fixed product texts', () => {
    expect(en.app.productName).toBe(PRODUCT_NAME);
    expect(en.app.tagline).toBe(PRODUCT_TAGLINE);
    expect(en.shell.buildLabel).toBe(BUILD_LABEL);
  });

  it('keeps the spec error catalogue texts', () => {
    expect(en.errors.accessDenied).toBe('Access denied.');
    expect(en.login.invalidCredentials).toBe('Incorrect username or password.');
    expect(screens.register.emailExists).toBe('An account with this email already exists.');
    expect(screens.api.empty).toBe('No reporting.');
  });
});

describe('the locale files (decisions 061, 115)', () => {
  const files = {
    'en.json': file('en.json'),
    'en-offers.json': file('en-offers.json'),
    'en-reports.json': file('en-reports.json'),
    'en-payments.json': file('en-payments.json'),
    'en-account.json': file('en-account.json'),
    'en-screens.json': file('en-screens.json'),
    'en-staff.json': file('en-staff.json'),
    'en-staff-home.json': file('en-staff-home.json'),
    'en-staff-offers.json': file('en-staff-offers.json'),
    'en-staff-reports.json': file('en-staff-reports.json'),
    'en-staff-partners.json': file('en-staff-partners.json'),
    'en-staff-traffic.json': file('en-staff-traffic.json'),
    'en-staff-console.json': file('en-staff-console.json'),
  };
  const staffFiles = Object.keys(files).filter((name) => name.startsWith('en-staff')) as (keyof typeof files)[];
  /** A staff file's groups: `staff.<group>` (decision 119). */
  const staffGroups = (name: keyof typeof files) => Object.keys(files[name].staff as Record<string, unknown>);

  it('share no group of texts: each group is in one file (a staff group, `staff.<group>`, in one staff file)', () => {
    const seen = new Map<string, string>();
    for (const [name, texts] of Object.entries(files)) {
      const isStaff = staffFiles.includes(name as keyof typeof files);
      const fileGroups = isStaff
        ? staffGroups(name as keyof typeof files).map((group) => `staff.${group}`)
        : Object.keys(texts);
      if (isStaff) expect(Object.keys(texts), name).toEqual(['staff']);
      for (const group of fileGroups) {
        expect(seen.get(group), `'${group}' is in ${seen.get(group)} and ${name}`).toBeUndefined();
        seen.set(group, name);
      }
    }
  });

  /** Every source file under a folder, tests left out. */
  function sources(folder: string): string[] {
    const at = path.join(SRC, folder);
    if (fs.statSync(at).isFile()) return [at];
    return fs
      .readdirSync(at, { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
      .map((name) => path.join(at, name));
  }

  const groups = [...new Set(Object.values(files).flatMap((texts) => Object.keys(texts)))];
  /** A text's key written whole in the code ('offers.title'), in quotes or backquotes without a placeholder. */
  const KEY = new RegExp(`['"\`]((?:${groups.join('|')})\\.[A-Za-z0-9_.]*[A-Za-z0-9_])['"\`]`, 'g');
  const keysIn = (source: string) => [...fs.readFileSync(source, 'utf8').matchAll(KEY)].map((match) => match[1]!);

  /** Whether a dotted key is in the texts, as a text, a group, or a text with plural forms (key_one, key_other). */
  function has(texts: Record<string, unknown>, key: string): boolean {
    const parts = key.split('.');
    let at: unknown = texts;
    for (const part of parts.slice(0, -1)) at = (at as Record<string, unknown> | undefined)?.[part];
    const last = parts.at(-1)!;
    const group = at as Record<string, unknown> | undefined;
    return group !== undefined && (last in group || `${last}_one` in group || `${last}_other` in group);
  }

  it('have every text the code names', () => {
    const all = Object.assign({}, ...Object.values(files), {
      staff: Object.assign({}, ...staffFiles.map((name) => files[name].staff)) as Record<string, unknown>,
    }) as Record<string, unknown>;
    const missing = sources('.').flatMap((source) =>
      keysIn(source)
        .filter((key) => !has(all, key))
        .map((key) => `${path.relative(SRC, source)}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('give the dashboard, and what every page loads, every text it needs from en.json alone', () => {
    // What a cold load of the dashboard runs (app/router.tsx loads en-screens.json for every other screen).
    const everyPage = [
      'main.tsx',
      'start.tsx',
      'app/providers.tsx',
      'app/router.tsx',
      'app/layouts',
      'app/routes/dashboard.tsx',
      'features/shell',
      'features/dashboard',
      'features/news',
      'components',
      'lib',
    ];
    // The staff search is loaded with the staff texts, never on a cold load (top-bar.tsx: import() beside loadStaffTexts;
    // the search itself on approach, staff-search-box.tsx).
    const lazyWithStaffTexts = [
      'features/shell/components/staff-search.tsx',
      'features/shell/components/staff-search-box.tsx',
    ];
    const elsewhere = everyPage.flatMap((folder) =>
      sources(folder)
        .filter((source) => !lazyWithStaffTexts.includes(path.relative(SRC, source).split(path.sep).join('/')))
        .flatMap((source) =>
          keysIn(source)
            .filter((key) => !has(files['en.json'], key))
            .map((key) => `${path.relative(SRC, source)}: ${key}`),
        ),
    );
    expect(elsewhere).toEqual([]);
  });

  /** The route modules each screen that names its texts draws with: its own, and its parent layout's. */
  const SCREEN_CODE: Record<string, string[]> = {
    dashboard: ['app/routes/dashboard.tsx'],
    offers: ['app/routes/offers.tsx'],
    offersAlias: ['app/routes/offers.tsx'],
    offer: ['app/routes/offer.tsx'],
    reports: ['app/routes/reports.tsx'],
    reportConversion: ['app/routes/reports.tsx', 'app/routes/report-conversion.tsx'],
    reportClick: ['app/routes/reports.tsx', 'app/routes/report-click.tsx'],
    report: ['app/routes/reports.tsx', 'app/routes/report-basic.tsx'],
    payments: ['app/routes/payments.tsx'],
    myAccount: ['app/routes/my-account.tsx'],
    account: ['app/routes/account.tsx'],
    staffHome: ['app/routes/staff-home.tsx'],
    staffPartners: ['app/routes/staff-partners.tsx'],
    staffOffers: ['app/routes/staff-offers.tsx'],
    staffOfferNew: ['app/routes/staff-offer.tsx'],
    staffOffer: ['app/routes/staff-offer.tsx'],
    staffReports: ['app/routes/staff-reports.tsx'],
    register: ['app/routes/register.tsx'],
    registerSuccess: ['app/routes/register-success.tsx'],
    passwordLost: ['app/routes/password-lost.tsx'],
    passwordReset: ['app/routes/password-reset.tsx'],
    setup: ['app/routes/setup.tsx'],
  };

  /** The module a specifier names, if it is the app's own ('@/…' or relative), else null (a package). */
  function resolve(from: string, specifier: string): string | null {
    const base = specifier.startsWith('@/')
      ? path.join(SRC, specifier.slice(2))
      : specifier.startsWith('.')
        ? path.join(path.dirname(from), specifier)
        : null;
    if (base === null) return null;
    const found = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
      (candidate) => /\.tsx?$/.test(candidate) && fs.existsSync(candidate),
    );
    return found ?? null;
  }

  /** Code loaded with texts of its own (decision 129): the files it adds to its screen's, checked with them. */
  const OWN_TEXTS: Record<string, (keyof typeof files)[]> = {
    [path.join(SRC, 'features/staff-offers/components/offer-panels.lazy.tsx')]: [
      'en-offers.json',
      'en-staff-traffic.json',
    ],
  };

  /**
   * Every module of the app a module reaches through its imports, static and dynamic (what its screen may run), short
   * of the code that loads texts of its own (OWN_TEXTS), which is listed but not followed.
   */
  function reached(start: string, followOwn = false): Set<string> {
    const seen = new Set<string>();
    const queue = [start];
    while (queue.length > 0) {
      const at = queue.pop()!;
      if (seen.has(at)) continue;
      seen.add(at);
      if (OWN_TEXTS[at] && !(followOwn && at === start)) continue;
      const source = fs.readFileSync(at, 'utf8');
      for (const match of source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)) {
        const next = resolve(at, match[1]!);
        if (next && !/\.test\.tsx?$/.test(next)) queue.push(next);
      }
    }
    return seen;
  }

  /** The groups a module names by a key built at run time (`reports.columns.${name}`; `staff.<group>` for staff's). */
  const GROUP_PREFIX = new RegExp(`\`(staff\\.[A-Za-z0-9_]+|${groups.join('|')})\\.[^\`]*\\$\\{`, 'g');

  it('name, for each screen that lists its files of texts, every file its code names texts from (decision 115)', () => {
    const listed = Object.entries(screenTable).filter(([, screen]) => 'texts' in screen);
    expect(listed.map(([name]) => name).sort()).toEqual(Object.keys(SCREEN_CODE).sort());
    const problems: string[] = [];
    for (const [name, screen] of listed) {
      const own = (screen as { texts: readonly string[] }).texts.map(
        (text) => files[`en-${text}.json` as keyof typeof files],
      );
      expect(own.every(Boolean), name).toBe(true);
      // A staff member's screens have the staff texts too (the portal's loader loads them first): what every staff
      // screen reads and the files the screen names (every staff file when it names none, decision 119).
      const namedStaff = (screen as { staffTexts?: readonly string[] }).staffTexts;
      const staffNames: (keyof typeof files)[] =
        'area' in screen && screen.area === 'staff'
          ? namedStaff
            ? ['en-staff.json', ...namedStaff.map((text) => `en-staff-${text}.json` as keyof typeof files)]
            : staffFiles
          : [];
      expect(
        staffNames.every((staffName) => staffName in files),
        name,
      ).toBe(true);
      const staffTexts = {
        staff: Object.assign({}, ...staffNames.map((staffName) => files[staffName].staff)) as Record<string, unknown>,
      };
      const texts = Object.assign({}, files['en.json'], ...own, staffTexts) as Record<string, unknown>;
      const modules = new Set(SCREEN_CODE[name]!.flatMap((route) => [...reached(path.join(SRC, route))]));
      const check = (module: string, known: Record<string, unknown>) => {
        const where = `${name}: ${path.relative(SRC, module)}`;
        for (const key of keysIn(module)) if (!has(known, key)) problems.push(`${where}: ${key}`);
        for (const match of fs.readFileSync(module, 'utf8').matchAll(GROUP_PREFIX))
          if (!has(known, match[1]!)) problems.push(`${where}: ${match[1]}.…`);
      };
      for (const module of modules) {
        const added = OWN_TEXTS[module];
        if (!added) {
          check(module, texts);
          continue;
        }
        const withOwn = Object.assign({}, texts, ...added.map((file) => files[file])) as Record<string, unknown>;
        withOwn.staff = Object.assign({}, texts.staff, ...added.map((file) => files[file].staff)) as unknown;
        for (const inner of reached(module, true)) check(inner, withOwn);
      }
    }
    expect(problems).toEqual([]);
  });
});
