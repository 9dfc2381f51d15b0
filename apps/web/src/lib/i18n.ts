import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE } from '@portal/contracts';
import en from '../locales/en.json';
import type staffTextsFile from '../locales/en-staff.json';

export const FALLBACK_LOCALE = 'en';

/**
 * English only for now (spec section 1). The default locale is 'en-EN'; i18next walks
 * en-EN -> en, so one file per language code is enough.
 */
export const i18n = i18next.createInstance();

/** The staff console's texts (`staff.…`): a file of their own, which a partner never downloads (issue 22). */
export type StaffTexts = typeof staffTextsFile;

/** Adds the staff console's texts to the English ones (a deep merge: the keys stay `staff.…`). */
export function addStaffTexts(texts: StaffTexts): void {
  i18n.addResourceBundle(FALLBACK_LOCALE, 'translation', texts, true, true);
}

let staffTexts: Promise<void> | null = null;

/** Loads the staff console's texts once; the portal's loader waits for them before a staff member's screen. */
export function loadStaffTexts(): Promise<void> {
  staffTexts ??= import('../locales/en-staff.json').then(
    (texts) => addStaffTexts(texts.default),
    (error: unknown) => {
      // A failed download (the network, a deploy) is tried again by the next navigation.
      staffTexts = null;
      throw error;
    },
  );
  return staffTexts;
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
