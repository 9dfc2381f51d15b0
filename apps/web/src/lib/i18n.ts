import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE } from '@portal/contracts';
import en from '../locales/en.json';
import type screenTextsFile from '../locales/en-screens.json';
import type staffTextsFile from '../locales/en-staff.json';

export const FALLBACK_LOCALE = 'en';

/**
 * English only for now (spec section 1). The default locale is 'en-EN'; i18next walks
 * en-EN -> en, so one file per language code is enough.
 */
export const i18n = i18next.createInstance();

/**
 * The texts come in three files (decision 061): en.json, every page's (the shell, the dashboard, errors, the shared
 * components); en-screens.json, the other screens' (forms, reports, offers …), which the dashboard, the first screen a
 * partner sees, does without; en-staff.json, the staff console's (`staff.…`), which a partner never downloads.
 */
export type ScreenTexts = typeof screenTextsFile;
export type StaffTexts = typeof staffTextsFile;

/** Adds a file's texts to the English ones (a deep merge: the keys stay as they are in the file). */
export function addTexts(texts: ScreenTexts | StaffTexts): void {
  i18n.addResourceBundle(FALLBACK_LOCALE, 'translation', texts, true, true);
}

/** A file of texts loaded once (again after a failed download: the network, a deploy), then added. */
function textsLoader(load: () => Promise<{ default: ScreenTexts | StaffTexts }>): () => Promise<void> {
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

/** The screens' texts; the router's loaders wait for them before any screen but the dashboard. */
export const loadScreenTexts = textsLoader(() => import('../locales/en-screens.json'));

/** The staff console's texts; the portal's loader waits for them before a staff member's screen. */
export const loadStaffTexts = textsLoader(() => import('../locales/en-staff.json'));

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: FALLBACK_LOCALE,
  resources: { [FALLBACK_LOCALE]: { translation: en } },
  // Resources are bundled, so initialise synchronously: the first render already has texts.
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
