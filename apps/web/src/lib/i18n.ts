import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE } from '@portal/contracts';
import en from '../locales/en.json';

export const FALLBACK_LOCALE = 'en';

/**
 * English only for now (spec section 1). The default locale is 'en-EN'; i18next walks
 * en-EN -> en, so one file per language code is enough.
 */
export const i18n = i18next.createInstance();

/**
 * The texts come in several files (decision 061): en.json, every page's (the shell, the dashboard, errors, the shared
 * components); the screens' files, which the dashboard, the first screen a partner sees, does without, one per group of
 * screens so that a screen downloads its own texts and not every other's (decision 115): en-offers.json (the offers
 * and an offer), en-reports.json (the reports), en-payments.json, en-account.json (my account) and en-screens.json (the
 * other screens: forms, settings, postbacks, the guest screens …); the staff console's (`staff.…`, below), which a
 * partner never downloads.
 */
type Texts = Record<string, unknown>;

/** Adds a file's texts to the English ones (a deep merge: the keys stay as they are in the file). */
export function addTexts(texts: Texts): void {
  i18n.addResourceBundle(FALLBACK_LOCALE, 'translation', texts, true, true);
}

/** A file of texts loaded once (again after a failed download: the network, a deploy), then added. */
function textsLoader(load: () => Promise<{ default: Texts }>): () => Promise<void> {
  let loading: Promise<void> | null = null;
  return () => {
    loading ??= load().then(
      (texts) => addTexts(texts.default),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
}

/** The screens' files of texts, by name (a screen names those it needs: `texts` in lib/screens.ts). */
const screenTextLoaders = {
  offers: textsLoader(() => import('../locales/en-offers.json')),
  reports: textsLoader(() => import('../locales/en-reports.json')),
  payments: textsLoader(() => import('../locales/en-payments.json')),
  account: textsLoader(() => import('../locales/en-account.json')),
  screens: textsLoader(() => import('../locales/en-screens.json')),
};

export type ScreenTextFile = keyof typeof screenTextLoaders;

/** Every screen text file, for a screen that does not say which it needs. */
export const SCREEN_TEXT_FILES = Object.keys(screenTextLoaders) as ScreenTextFile[];

/** The screens' texts in these files (all of them unless told); the router's loaders wait for them. */
export function loadScreenTexts(files: readonly ScreenTextFile[] = SCREEN_TEXT_FILES): Promise<void> {
  return Promise.all(files.map((file) => screenTextLoaders[file]())).then(() => undefined);
}

/**
 * The staff console's texts (`staff.…`), split the same way (decision 119): en-staff.json, what every staff screen
 * reads (the staff search in the top bar); a file per group of the daily screens (the console's home, the offers,
 * the network reports, the partners list, the traffic rules); en-staff-console.json, the other screens'.
 */
const staffTextLoaders = {
  home: textsLoader(() => import('../locales/en-staff-home.json')),
  offers: textsLoader(() => import('../locales/en-staff-offers.json')),
  reports: textsLoader(() => import('../locales/en-staff-reports.json')),
  partners: textsLoader(() => import('../locales/en-staff-partners.json')),
  traffic: textsLoader(() => import('../locales/en-staff-traffic.json')),
  console: textsLoader(() => import('../locales/en-staff-console.json')),
};

export type StaffTextFile = keyof typeof staffTextLoaders;

/** Every staff text file, for a screen that does not say which it needs. */
export const STAFF_TEXT_FILES = Object.keys(staffTextLoaders) as StaffTextFile[];

/** What every staff screen reads (the staff search); loaded with the search, and by loadStaffTexts. */
const loadStaffBaseTexts = textsLoader(() => import('../locales/en-staff.json'));

/** The staff texts every staff screen reads; `files` too (all of them unless told). */
export function loadStaffTexts(files: readonly StaffTextFile[] = STAFF_TEXT_FILES): Promise<void> {
  return Promise.all([loadStaffBaseTexts(), ...files.map((file) => staffTextLoaders[file]())]).then(() => undefined);
}

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: FALLBACK_LOCALE,
  resources: { [FALLBACK_LOCALE]: { translation: en } },
  // Resources are bundled, so initialise synchronously: the first render already has texts.
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
